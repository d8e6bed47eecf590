import * as zlib from 'node:zlib';
import { reusableZlib, type ZlibBinding } from '../zlib-binding';

/**
 * Inflates whole small raw-deflate entries with one zlib stream per thread, reset between
 * entries, into a reusable output buffer. `zlib.inflateRawSync` builds a Transform stream, a
 * native handle with its 32 KiB window and an output buffer for every call: on tens of thousands
 * of small entries that costs about a fifth of the inflating. The stream's binding is Node's
 * internal (`_handle.writeSync`, the one `inflateRawSync` itself drives), so it is checked on a
 * known input first; where it is missing or behaves differently, `inflateRawSync` is used.
 */

/** What one inflate call produced. */
export type InflateResult =
  | { readonly kind: 'ok'; readonly data: Buffer }
  /** More output than `maxOutput` (the entry lies about its size). */
  | { readonly kind: 'too-large' }
  | { readonly kind: 'error'; readonly message: string };

/**
 * Inflates `raw` the way `inflateRawSync(raw, { maxOutputLength: max(1, size), chunkSize:
 * max(64, size + 1) })` does: one pass with an output of the chunk size; more than the maximum
 * is 'too-large'. The returned data is only valid until the next call on this thread.
 */
export interface RawInflater {
  /** False when this Node's zlib binding could not be reused (the one-shot fallback). */
  readonly reusesStream: boolean;
  inflate(raw: Buffer, size: number): InflateResult;
}

class ReusedStream implements RawInflater {
  readonly reusesStream = true;
  private readonly stream = zlib.createInflateRaw();
  private readonly binding: ZlibBinding;
  private readonly state: Uint32Array;
  private out = Buffer.allocUnsafe(64 * 1024);
  private error: string | undefined;

  constructor() {
    ({ binding: this.binding, state: this.state } = reusableZlib(this.stream, (message) => {
      this.error = message;
    }));
  }

  inflate(raw: Buffer, size: number): InflateResult {
    const capacity = Math.max(64, size + 1);
    if (this.out.length < capacity) this.out = Buffer.allocUnsafe(Math.max(capacity, this.out.length * 2));
    this.error = undefined;
    this.binding.writeSync(zlib.constants.Z_FINISH, raw, 0, raw.length, this.out, 0, capacity);
    const error = this.error;
    const produced = capacity - this.state[0];
    this.binding.reset();
    if (error !== undefined) return { kind: 'error', message: error };
    if (produced > Math.max(1, size)) return { kind: 'too-large' };
    return { kind: 'ok', data: this.out.subarray(0, produced) };
  }

  close(): void {
    this.stream.close();
  }
}

class OneShot implements RawInflater {
  readonly reusesStream = false;
  inflate(raw: Buffer, size: number): InflateResult {
    try {
      return {
        kind: 'ok',
        data: zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, size), chunkSize: Math.max(64, size + 1) }),
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large' };
      return { kind: 'error', message: (e as Error).message };
    }
  }
}

/** The reused stream must give what `inflateRawSync` gives, errors included, or it is not used. */
function behavesLikeOneShot(candidate: RawInflater): boolean {
  const text = Buffer.from('goalhost inflater self-check '.repeat(40));
  const deflated = zlib.deflateRawSync(text);
  const same = (a: InflateResult, b: InflateResult): boolean =>
    a.kind === b.kind &&
    (a.kind !== 'ok' || (b.kind === 'ok' && a.data.equals(b.data))) &&
    (a.kind !== 'error' || (b.kind === 'error' && a.message === b.message));
  const reference = new OneShot();
  const cases: [Buffer, number][] = [
    [deflated, text.length],
    [deflated, text.length - 1],
    [deflated.subarray(0, deflated.length - 3), text.length],
    [Buffer.from([0xff, 0xff, 0xff]), 10],
    [deflated, text.length],
  ];
  return cases.every(([raw, size]) => same(candidate.inflate(raw, size), reference.inflate(raw, size)));
}

let current: RawInflater | undefined;

/** This thread's inflater (created and checked on first use). */
export function rawInflater(): RawInflater {
  if (current) return current;
  try {
    const reused = new ReusedStream();
    if (behavesLikeOneShot(reused)) return (current = reused);
    reused.close();
  } catch {
    // Node without the internal binding: the public one-shot call does the same, slower.
  }
  return (current = new OneShot());
}

/** After a failed entry the stream's state is not trusted: the next entry gets a new one. */
export function discardRawInflater(): void {
  if (current instanceof ReusedStream) current.close();
  current = undefined;
}
