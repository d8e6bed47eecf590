import { BadDistance, DecodedOutput, TooLarge } from './decoded-output';

/**
 * The zip compression methods beyond stored (0) and deflate (8, zlib's): shrink (1), implode
 * (6), deflate64 (9) and bzip2 (12), which commons-compress, and so Maven, reads too. Each
 * decodes a whole entry's compressed bytes, writing at most the declared size.
 */

export const SHRUNK = 1;
export const IMPLODED = 6;
export const DEFLATE64 = 9;
export const BZIP2 = 12;

const NAMES: Readonly<Record<number, string>> = {
  [SHRUNK]: 'shrink',
  [IMPLODED]: 'implode',
  [DEFLATE64]: 'deflate64',
  [BZIP2]: 'bzip2',
};

/** Whether goalhost reads entries of this method. */
export function isSupportedMethod(method: number): boolean {
  return method === 0 || method === 8 || method in NAMES;
}

/** Why decoding failed, in words for the entry's error message. */
export class DecodeError extends Error {}

interface Classic {
  on(event: 'data', listener: (chunk: Buffer) => void): void;
  on(event: 'error', listener: (e: Error) => void): void;
  write(chunk: Buffer): void;
  end(): void;
}

/**
 * bzip2 through unbzip2-stream (already used for tar.bz2): a classic stream that decodes
 * synchronously inside write and end, so driving it with the whole input decodes it all here.
 */
function bunzip2(input: Buffer, out: DecodedOutput): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const unbzip2 = require('unbzip2-stream') as () => Classic;
  const stream = unbzip2();
  let failure: Error | undefined;
  stream.on('data', (chunk: Buffer) => {
    if (failure) return;
    try {
      for (let i = 0; i < chunk.length; i++) out.byte(chunk[i]);
    } catch (e) {
      failure = e as Error;
    }
  });
  stream.on('error', (e: Error) => {
    failure ??= e;
  });
  stream.write(input);
  if (!failure) stream.end();
  if (failure) throw failure;
}

/** The decoders, loaded on first use: most runs never meet these methods. */
function decoders(): {
  inflate64: typeof import('./inflate64');
  explode: typeof import('./explode');
  unshrink: typeof import('./unshrink');
  bits: typeof import('./bit-reader');
} {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    inflate64: require('./inflate64'),
    explode: require('./explode'),
    unshrink: require('./unshrink'),
    bits: require('./bit-reader'),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

function run(method: number, input: Buffer, flags: number, out: DecodedOutput): void {
  const {
    inflate64: { inflate64, InvalidData },
    explode: { explode },
    unshrink: { unshrink },
    bits: { TruncatedInput },
  } = decoders();
  try {
    if (method === DEFLATE64) inflate64(input, out);
    else if (method === IMPLODED) explode(input, flags, out);
    else if (method === SHRUNK) unshrink(input, out);
    else if (method === BZIP2) bunzip2(input, out);
    else throw new DecodeError(`unsupported compression method ${method}`);
  } catch (e) {
    if (e instanceof TooLarge || e instanceof DecodeError) throw e;
    if (e instanceof InvalidData || e instanceof BadDistance || e instanceof TruncatedInput)
      throw new DecodeError(`invalid ${NAMES[method]} data (${e.message})`);
    throw new DecodeError(`invalid ${NAMES[method]} data (${(e as Error).message})`);
  }
}

/** Back-references reach 8 KiB in implode, 64 KiB in deflate64 (shrink and bzip2 need none). */
function windowOf(method: number): number {
  return method === IMPLODED ? 8192 : 65536;
}

/**
 * The whole content of an entry of at most `size` bytes (it may come out shorter: the caller
 * checks size and CRC). Throws TooLarge past `size`, DecodeError on bad data.
 */
export function decodeEntry(method: number, input: Buffer, flags: number, size: number): Buffer {
  const out = new DecodedOutput(size, windowOf(method));
  run(method, input, flags, out);
  return out.end();
}

/** Decodes a large entry, handing out the content in chunks; returns the byte count. */
export function decodeEntryInChunks(
  method: number,
  input: Buffer,
  flags: number,
  size: number,
  chunk: (data: Buffer) => void,
): number {
  const out = new DecodedOutput(size, windowOf(method), chunk);
  run(method, input, flags, out);
  const rest = out.end();
  if (rest.length > 0) chunk(Buffer.from(rest));
  return out.total;
}

export { TooLarge };
