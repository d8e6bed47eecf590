import * as fs from 'node:fs';
import { PassThrough, Readable, Transform } from 'node:stream';
import * as zlib from 'node:zlib';
import type { ArchiveEntry } from './archive-entry';

/**
 * Streams a tar, tar.gz, tar.bz2 or tar.xz archive entry by entry (node-tar's parser; gzip on
 * libuv's thread pool, bzip2 and xz in pure JavaScript/WebAssembly). Nothing is buffered beyond
 * the current chunk: each entry's data goes to the sink the caller returns for it.
 */
export interface EntrySink {
  write(chunk: Buffer): void;
  end(): void;
}

export type TarFormat = 'tar' | 'tar.gz' | 'tar.bz2' | 'tar.xz';

function decompressor(format: TarFormat, source: Readable): Readable {
  switch (format) {
    case 'tar':
      return source;
    case 'tar.gz':
      return source.pipe(zlib.createGunzip());
    case 'tar.bz2': {
      // Loaded lazily: most builds never see a bzip2 archive.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const unbzip2 = require('unbzip2-stream') as () => Transform;
      // A classic stream (no unpipe): carried on by a modern one, which the reader can stop.
      const bzip2 = unbzip2();
      const carrier = new PassThrough();
      bzip2.on('error', (e: Error) => carrier.destroy(e));
      return source.pipe(bzip2).pipe(carrier);
    }
    case 'tar.xz': {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { XzReadableStream } = require('xz-decompress') as typeof import('xz-decompress');
      const web = Readable.toWeb(source) as unknown as ReadableStream<Uint8Array>;
      return Readable.fromWeb(new XzReadableStream(web) as never);
    }
  }
}

function kindOf(type: string, name: string): ArchiveEntry['kind'] {
  if (type === 'SymbolicLink') return 'symlink';
  // commons-compress: a directory by type flag, or by a trailing '/' on any other entry.
  if (type === 'Directory' || type === 'GNUDumpDir' || name.endsWith('/')) return 'dir';
  // Hard links, devices and FIFOs are written as regular (usually empty) files, as Maven does.
  return 'file';
}

/** Replacement character from a malformed UTF-8 name becomes '?', as commons-compress decodes. */
function decodedName(value: string): string {
  return value.includes('\uFFFD') ? value.replace(/\uFFFD/g, '?') : value;
}

/**
 * Calls `onEntry` for every entry in stream order; the returned sink receives the entry's data
 * (null skips it). Rejects with the first error of the stream, the parser or a sink.
 */
export function forEachTarEntry(
  file: string,
  format: TarFormat,
  onEntry: (entry: ArchiveEntry) => EntrySink | null,
): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Parser } = require('tar') as typeof import('tar');
  return new Promise((resolve, reject) => {
    let failed = false;
    let index = 0;
    const source = fs.createReadStream(file, { highWaterMark: 256 * 1024 });
    let input: Readable;
    const fail = (e: unknown): void => {
      if (failed) return;
      failed = true;
      source.destroy();
      reject(e);
    };
    // A damaged archive is reported with the entry it broke in (or after), so the user knows where.
    let current: { name: string; done: boolean } | undefined;
    // The first zero block ends the archive, as in commons-compress (Maven) and GNU tar: what
    // follows is never read. node-tar would read on, concatenating everything after the end
    // blocks into one growing buffer: quadratic in the trailing bytes (zeros compress well).
    let stopped = false;
    const broken = (e: unknown): void => {
      if (stopped) return;
      const where = current ? `${current.done ? 'after' : 'in'} entry ${current.name}` : 'before the first entry';
      fail(new Error(`${e instanceof Error ? e.message : String(e)} (${where})`));
    };
    const parser = new Parser({
      strict: true,
      onReadEntry: (entry) => {
        if (failed || stopped) {
          entry.resume();
          return;
        }
        const reading: { name: string; done: boolean } = { name: decodedName(entry.path), done: false };
        current = reading;
        entry.once('end', () => (reading.done = true));
        let sink: EntrySink | null;
        try {
          const name = decodedName(entry.path);
          sink = onEntry({
            index: index++,
            name,
            kind: kindOf(entry.type, name),
            linkTarget: entry.linkpath === undefined ? undefined : decodedName(entry.linkpath),
            hardLinkTarget: entry.type === 'Link' ? decodedName(entry.linkpath ?? '') : undefined,
            mode: entry.mode ?? 0,
            mtimeMs: entry.mtime ? entry.mtime.getTime() : 0,
            size: entry.size,
          });
        } catch (e) {
          fail(e);
          entry.resume();
          return;
        }
        if (!sink) {
          entry.resume();
          return;
        }
        const target = sink;
        entry.on('data', (chunk: Buffer) => {
          if (failed) return;
          try {
            target.write(chunk);
          } catch (e) {
            fail(e);
          }
        });
        entry.on('end', () => {
          if (failed) return;
          try {
            target.end();
          } catch (e) {
            fail(e);
          }
        });
      },
    });
    parser.on('nullBlock', () => {
      if (stopped || failed) return;
      stopped = true;
      input.unpipe(parser as unknown as NodeJS.WritableStream);
      // Deferred: the last entry's sink ends in the same 'end' event that released this one.
      setImmediate(() => {
        source.destroy();
        input.destroy();
        if (!failed) resolve();
      });
    });
    parser.on('error', broken);
    parser.on('end', () => {
      if (!failed) resolve();
    });
    source.on('error', broken);
    try {
      input = decompressor(format, source);
    } catch (e) {
      fail(e);
      return;
    }
    input.on('error', broken);
    input.pipe(parser as unknown as NodeJS.WritableStream);
  });
}
