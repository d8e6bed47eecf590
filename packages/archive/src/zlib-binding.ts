/**
 * The native handle behind a Node zlib stream (`_handle.writeSync`, what the one-shot calls such
 * as `inflateRawSync` drive), for inflating many inputs with one stream reset between them.
 * It is Node's internal interface: callers check it on known inputs and keep the public one-shot
 * call as their fallback.
 */
export interface ZlibBinding {
  writeSync(
    flush: number,
    input: Uint8Array,
    inOff: number,
    inLen: number,
    out: Uint8Array,
    outOff: number,
    outLen: number,
  ): void;
  reset(): void;
}

/** A stream's binding and its write state (`state[0]`: output bytes left unused by the last write). */
export interface ReusableZlib {
  readonly binding: ZlibBinding;
  readonly state: Uint32Array;
}

/**
 * The binding of `stream`, its errors (reported synchronously during `writeSync`) going to
 * `onError`; throws when this Node has no such binding.
 */
export function reusableZlib(stream: object, onError: (message: string) => void): ReusableZlib {
  const internals = stream as {
    _handle?: ZlibBinding & { onerror?: (message: string, errno: number) => void };
    _writeState?: Uint32Array;
  };
  const binding = internals._handle;
  const state = internals._writeState;
  if (
    typeof binding?.writeSync !== 'function' ||
    typeof binding.reset !== 'function' ||
    !(state instanceof Uint32Array)
  )
    throw new Error('no zlib binding');
  binding.onerror = (message) => onError(message);
  return { binding, state };
}
