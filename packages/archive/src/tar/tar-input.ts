import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, Readable, type Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import { readAt } from '../read-at';
import { fifoToolInput } from './fifo-input';

/**
 * The decompressed bytes of a tar-family archive, read ahead (see READ_AHEAD) from the
 * moment it is opened, so the next archive decompresses while this one is written. All native:
 * gzip through zlib (on libuv's thread pool; a large file through igzip when it is on PATH,
 * read through a named pipe), bzip2 and xz through the system's decompressor
 * when one is on PATH (lbzip2 or pbzip2 first: they use every core the other archive leaves), else in JavaScript and
 * WebAssembly (see docs/benchmarks.md for the measurements behind this choice).
 */
export type TarFormat = 'tar' | 'tar.gz' | 'tar.bz2' | 'tar.xz';

/**
 * Bytes decompressed ahead of the reader. gzip inflates far faster than the files are written,
 * so a little is enough; bzip2 and xz are slower than everything else, so the next archive's
 * decompressor must not stop before the current one is done (both cores decompress).
 */
const READ_AHEAD = 4 * 1024 * 1024;
const SLOW_READ_AHEAD = 32 * 1024 * 1024;
const CHUNK = 256 * 1024;

/**
 * The chunks end (never fail) when the decompressor fails: the tar may have ended before the
 * failure (trailing garbage after the compressed stream is ignored, as gunzip and Maven ignore
 * it); the reader asks for `failure()` only when it needed more.
 */
/**
 * Where decompressed chunks wait to be read: chunk by chunk (a byte stream would concatenate
 * what it holds into one buffer on every read), up to about `readAhead` bytes.
 */
function carrierStream(chunkSize = 64 * 1024, readAhead = SLOW_READ_AHEAD): PassThrough {
  return new PassThrough({ objectMode: true, highWaterMark: Math.ceil(readAhead / chunkSize) });
}

export interface TarInput {
  readonly chunks: AsyncIterable<Buffer>;
  /** Why the chunks ended early, if they did. */
  failure(): Error | undefined;
  /** Stops reading (the archive's end block came, or the run failed). */
  close(): void;
}

/** Ends `carrier` (keeping what it holds) instead of failing it, and records the failure. */
class Failure {
  error?: Error;

  endOn(carrier: PassThrough): (e: Error) => void {
    return (e) => {
      this.error ??= e;
      if (!carrier.writableEnded) carrier.end();
    };
  }
}

function executable(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

const found = new Map<string, string | undefined>();

/** The first of `names` on PATH (cached); none when GOALHOST_SYSTEM_DECOMPRESSORS=false. */
function systemTool(names: readonly string[]): string | undefined {
  if (process.env.GOALHOST_SYSTEM_DECOMPRESSORS === 'false') return undefined;
  const key = `${process.env.PATH}\0${names.join(',')}`;
  if (!found.has(key))
    found.set(
      key,
      names.map(executable).find((p) => p !== undefined),
    );
  return found.get(key);
}

/** The gzip header's length (RFC 1952), or undefined when `b` does not start a gzip member. */
function gzipHeaderLength(b: Buffer): number | undefined {
  if (b.length < 10 || b[0] !== 0x1f || b[1] !== 0x8b || b[2] !== 8) return undefined;
  const flags = b[3];
  let at = 10;
  if (flags & 4) {
    if (b.length < at + 2) return undefined;
    at += 2 + b.readUInt16LE(at);
  }
  for (const bit of [8, 16]) {
    if (flags & bit) {
      while (at < b.length && b[at] !== 0) at++;
      at++;
    }
  }
  if (flags & 2) at += 2;
  return at <= b.length ? at : undefined;
}

/**
 * gzip members one after the other, as java.util.zip.GZIPInputStream (Maven) and gunzip read
 * them: bytes after a member that do not start another member are ignored. Used when zlib's own
 * gunzip fails, which it does on such bytes (losing the data it had just inflated).
 */
async function* gzipMembers(file: string): AsyncGenerator<Buffer> {
  const fd = fs.openSync(file, 'r');
  try {
    let position = 0;
    for (let member = 0; ; member++) {
      const head = readAt(fd, position, 64 * 1024);
      const headerLength = gzipHeaderLength(head);
      if (headerLength === undefined) {
        if (member === 0) throw new Error('Not in GZIP format');
        return;
      }
      // A stream of its own (destroying a stream closes its descriptor, even one passed in).
      const source = fs.createReadStream(file, { start: position + headerLength, highWaterMark: CHUNK });
      const inflate = zlib.createInflateRaw({ chunkSize: CHUNK });
      source.on('error', (e) => inflate.destroy(e));
      source.pipe(inflate);
      let crc = 0;
      let size = 0;
      try {
        for await (const chunk of inflate as AsyncIterable<Buffer>) {
          crc = zlib.crc32(chunk, crc);
          size += chunk.length;
          yield chunk;
        }
      } catch (e) {
        throw new Error(`Corrupt GZIP data: ${(e as Error).message}`);
      } finally {
        source.unpipe(inflate);
        source.destroy();
      }
      const end = position + headerLength + inflate.bytesWritten;
      const trailer = readAt(fd, end, 8);
      if (trailer.length < 8) throw new Error('Unexpected end of ZLIB input stream');
      if (trailer.readUInt32LE(0) !== crc >>> 0 || trailer.readUInt32LE(4) !== size % 0x100000000)
        throw new Error('Corrupt GZIP trailer');
      position = end + 8;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** What follows the first `skip` inflated bytes of the file, read member by member (see gzipMembers). */
async function* gzipMembersAfter(file: string, skip: number): AsyncGenerator<Buffer> {
  for await (const chunk of gzipMembers(file)) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    yield skip > 0 ? chunk.subarray(skip) : chunk;
    skip = 0;
  }
}

/**
 * A tar.gz at least this big (compressed) is inflated by `igzip` (ISA-L) when it is on PATH:
 * it needs about a quarter of zlib's CPU, but a process costs more than it saves on small files.
 */
const IGZIP_FROM_BYTES = 8 * 1024 * 1024;

/**
 * igzip's output through a named pipe; when igzip stops with an error (damage, truncation),
 * the member-by-member reading takes over after the bytes already given out, so the rules and
 * messages are zlib's. Undefined when igzip is not used for this file.
 */
function igzipInput(file: string): TarInput | undefined {
  const tool = systemTool(['igzip']);
  if (!tool) return undefined;
  try {
    if (fs.statSync(file).size < IGZIP_FROM_BYTES) return undefined;
  } catch {
    return undefined;
  }
  return fifoToolInput(tool, ['-dc', file], (delivered) => gzipMembersAfter(file, delivered));
}

/**
 * zlib's gunzip (inflate and CRC checks on libuv's threads), its output carried by `carrier`;
 * should it fail, the archive is read again member by member and what zlib had not given out
 * yet follows.
 */
function gunzip(file: string, carrier: PassThrough, failure: Failure): void {
  let delivered = 0;
  const source = fs.createReadStream(file, { highWaterMark: 1024 * 1024 });
  const inflate = zlib.createGunzip({ chunkSize: CHUNK });
  const counter = (chunk: Buffer): void => {
    delivered += chunk.length;
  };
  inflate.on('data', counter);
  inflate.pipe(carrier);
  source.pipe(inflate);
  carrier.on('close', () => {
    source.destroy();
    inflate.destroy();
  });
  const fallBack = async (): Promise<void> => {
    source.destroy();
    inflate.off('data', counter);
    inflate.unpipe(carrier);
    try {
      for await (const chunk of gzipMembersAfter(file, delivered)) {
        if (carrier.destroyed) return;
        if (!carrier.write(chunk))
          await new Promise((resolve) => carrier.once('drain', resolve).once('close', resolve));
      }
      carrier.end();
    } catch (e) {
      failure.endOn(carrier)(e as Error);
    }
  };
  // Trailing bytes, or damage: the member-by-member reading tells which.
  inflate.on('error', () => void fallBack());
  source.on('error', failure.endOn(carrier));
}

/** A system decompressor writing to a pipe; its failure counts only while its output is needed. */
function toolOutput(
  tool: string,
  args: readonly string[],
  file: string,
  failure: Failure,
): { stream: Readable; stop: () => void } {
  const input = fs.openSync(file, 'r');
  const child = spawn(tool, args, { stdio: [input, 'pipe', 'pipe'] });
  fs.closeSync(input);
  const stdout = child.stdout!;
  const out = carrierStream();
  let stderr = '';
  let stopped = false;
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  stdout.pipe(out, { end: false });
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const failed = failure.endOn(out);
  child.on('error', failed);
  void exited.then((code) => {
    if (stopped) return;
    if (code === 0) out.end();
    else failed(new Error(`${path.basename(tool)} failed (exit code ${code}): ${stderr.trim() || 'no message'}`));
  });
  return {
    stream: out,
    stop: () => {
      stopped = true;
      stdout.unpipe(out);
      child.kill();
      out.destroy();
    },
  };
}

function javascriptBzip2(file: string, failure: Failure): Readable {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const unbzip2 = require('unbzip2-stream') as () => Transform;
  // A classic stream (no unpipe): carried on by a modern one, which the reader can stop.
  const bzip2 = unbzip2();
  const carrier = carrierStream();
  const source = fs.createReadStream(file, { highWaterMark: CHUNK });
  bzip2.on('error', failure.endOn(carrier));
  source.on('error', failure.endOn(carrier));
  carrier.on('close', () => source.destroy());
  source.pipe(bzip2).pipe(carrier);
  return carrier;
}

/**
 * Where the last xz stream of the file ends (after its 12-byte footer: CRC-32, backward size,
 * flags, "YZ", 4-byte aligned), so bytes after it never reach the decoder (the WebAssembly
 * decoder fails on them without giving out what it decoded). The whole file when none is found.
 */
function xzEnd(file: string): number {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const WINDOW = 1024 * 1024;
    for (let end = size; end >= 12; end -= WINDOW - 12) {
      const start = Math.max(0, end - WINDOW);
      const bytes = readAt(fd, start, end - start);
      for (let at = bytes.length - 2; at >= 10; at--) {
        const footerEnd = start + at + 2;
        if (bytes[at] !== 0x59 || bytes[at + 1] !== 0x5a || footerEnd % 4 !== 0) continue;
        const footer = bytes.subarray(at - 10, at + 2);
        if (footer.readUInt32LE(0) === zlib.crc32(footer.subarray(4, 10)) >>> 0) return footerEnd;
      }
    }
    return size;
  } finally {
    fs.closeSync(fd);
  }
}

function javascriptXz(file: string, failure: Failure): Readable {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { XzReadableStream } = require('xz-decompress') as typeof import('xz-decompress');
  const source = fs.createReadStream(file, { highWaterMark: CHUNK, end: xzEnd(file) - 1 });
  const web = Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>;
  const xz = Readable.fromWeb(new XzReadableStream(web) as never);
  const carrier = carrierStream();
  xz.on('error', failure.endOn(carrier));
  carrier.on('close', () => xz.destroy());
  xz.pipe(carrier);
  return carrier;
}

/** Which decompressor a format uses here: a system tool's path, or 'zlib' / 'javascript'. */
export function decompressorOf(format: TarFormat): string {
  if (format === 'tar') return 'none';
  if (format === 'tar.gz') return 'zlib';
  const tool = format === 'tar.bz2' ? systemTool(['lbzip2', 'pbzip2', 'bzip2']) : systemTool(['xz']);
  return tool ?? 'javascript';
}

/**
 * The command line of a system decompressor. A parallel one gets `threads` threads: as many as
 * the cores when it runs alone, fewer when another archive decompresses beside it (two lbzip2
 * processes of two threads each on two cores take twice the CPU of two single-threaded ones).
 */
function decompressorArgs(tool: string, format: TarFormat, threads: number): string[] {
  // xz: only the first stream, as Maven's XZCompressorInputStream reads (bytes after it are ignored).
  if (format === 'tar.xz') return ['-dc', '--single-stream', `-T${threads}`];
  const name = path.basename(tool);
  if (name === 'lbzip2') return ['-n', String(threads), '-dc'];
  if (name === 'pbzip2') return [`-p${threads}`, '-dc'];
  return ['-dc'];
}

/**
 * A gzip file inflated in one piece on another thread, or undefined when it cannot be; `done`
 * says the reader has finished with it (its memory may be reused).
 */
export type WholeInflater = (file: string) => { readonly inflated: Promise<Uint8Array | undefined>; done(): void };

/** Pieces the reader gets a whole inflated file in: it hands out planned work between them. */
const PIECE = 1024 * 1024;

/**
 * The chunks of a file inflated in one piece (`whole`), or, when it could not be, of `streamed`
 * (started only then): the streaming reader has the rules for damaged and unusual files.
 */
function wholeInput(whole: ReturnType<WholeInflater>, streamed: () => TarInput): TarInput {
  let fallback: TarInput | undefined;
  let closed = false;
  async function* chunks(): AsyncGenerator<Buffer> {
    const bytes = await whole.inflated;
    if (closed) return;
    if (bytes) {
      for (let at = 0; at < bytes.length; at += PIECE)
        yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(PIECE, bytes.length - at));
      return;
    }
    fallback = streamed();
    yield* fallback.chunks;
  }
  return {
    chunks: chunks(),
    failure: () => fallback?.failure(),
    close: () => {
      closed = true;
      whole.done();
      fallback?.close();
    },
  };
}

/**
 * Opens the archive and starts decompressing it at once; a parallel system decompressor uses
 * `threads` threads (default: every core). A tar.gz goes to `inflater` first when one is given.
 */
export function openTarInput(
  file: string,
  format: TarFormat,
  threads = os.availableParallelism(),
  inflater?: WholeInflater,
): TarInput {
  if (format === 'tar.gz' && inflater) return wholeInput(inflater(file), () => openTarInput(file, format, threads));
  if (format === 'tar.gz') {
    const piped = igzipInput(file);
    if (piped) return piped;
  }
  const failure = new Failure();
  let stream: Readable;
  let stop = (): void => {
    stream.destroy();
  };
  if (format === 'tar') stream = fs.createReadStream(file, { highWaterMark: CHUNK });
  else if (format === 'tar.gz') {
    const carrier = carrierStream(CHUNK, READ_AHEAD);
    gunzip(file, carrier, failure);
    stream = carrier;
  } else {
    const tool = decompressorOf(format);
    if (tool === 'javascript')
      stream = format === 'tar.bz2' ? javascriptBzip2(file, failure) : javascriptXz(file, failure);
    else {
      const output = toolOutput(tool, decompressorArgs(tool, format, Math.max(1, threads)), file, failure);
      stream = output.stream;
      stop = output.stop;
    }
  }
  // Failures surface when the chunks are read, not before.
  stream.on('error', () => undefined);
  // Start decompressing now (up to the read-ahead), not when the chunks are first asked for.
  stream.read(0);
  return { chunks: stream, failure: () => failure.error, close: () => stop() };
}
