import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import * as yauzl from 'yauzl';
import type { ArchiveEntry } from '../archive-entry';
import { decodeUtf8, type NameDecoder } from '../name-decoder';
import { zipBounds, type ZipBounds } from './zip-bounds';
import { applyPatches, scanCentralDirectory, type BytePatch, type CentralScan } from './zip-central-scan';
import { readEntrySync, IN_MEMORY_LIMIT } from './zip-entry-data';
import { isSupportedMethod } from './zip-methods';

/**
 * Reads a zip's central directory with yauzl into compact entries (names decoded as
 * commons-compress does, unix modes, symlink targets), without keeping yauzl objects around:
 * a huge archive costs a few hundred bytes per entry, never the archive's size.
 */

const WINDOW = 1024 * 1024;

/**
 * yauzl's default reader issues two asynchronous reads per central directory record; this one
 * serves them from a 1 MiB window, which makes listing 84,000 entries take milliseconds.
 */
class WindowedReader extends yauzl.RandomAccessReader {
  private window = Buffer.alloc(0);
  private windowStart = 0;

  /** Serves `[start, start + size)` of the file as positions `[0, size)`, with `patches` applied. */
  constructor(
    readonly fd: number,
    readonly start: number,
    readonly size: number,
    readonly patches: readonly BytePatch[] = [],
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): never {
    return fs.createReadStream('', {
      fd: this.fd,
      start: this.start + start,
      end: this.start + end - 1,
      autoClose: false,
    }) as never;
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    at: number,
    callback: (err: Error | null, bytesRead?: number) => void,
  ): void {
    const position = this.start + at;
    try {
      if (position < this.windowStart || position + length > this.windowStart + this.window.length) {
        const size = Math.max(0, Math.min(Math.max(length, WINDOW), this.start + this.size - position));
        const window = Buffer.allocUnsafe(size);
        let done = 0;
        while (done < size) {
          const n = fs.readSync(this.fd, window, done, size - done, position + done);
          if (n === 0) break;
          done += n;
        }
        this.window = window.subarray(0, done);
        this.windowStart = position;
        if (this.patches.length > 0) applyPatches(this.patches, this.window, position);
      }
      const from = position - this.windowStart;
      const n = Math.max(0, Math.min(length, this.window.length - from));
      // Records are read in pieces of a few dozen bytes: a plain loop beats Buffer#copy there.
      if (n <= 256) for (let i = 0; i < n; i++) buffer[offset + i] = this.window[from + i];
      else this.window.copy(buffer, offset, from, from + n);
      // Synchronous: the entry loop below unwinds the stack every few hundred entries.
      callback(null, n);
    } catch (e) {
      callback(e as Error);
    }
  }

  override close(callback: (err: Error | null) => void): void {
    setImmediate(callback, null);
  }
}

/** Maven's message for a file that is not a zip, so the error reads the same. */
function describeOpenError(file: string, e: Error): string {
  if (/end of central directory record signature not found/i.test(e.message)) {
    return `Error on ZipFile ${file}: Archive is not a ZIP archive`;
  }
  return `Error on ZipFile ${file}: ${e.message}`;
}

export class ZipOpenError extends Error {}

/** Entries of one archive mostly share a time: the last conversion is reused. */
let lastDos = -1;
let lastDosMs = 0;

function dosTimeMs(date: number, time: number): number {
  const key = date * 65536 + time;
  if (key === lastDos) return lastDosMs;
  lastDos = key;
  // Read in the local time zone, as the JVM does (the oracle runs with TZ=UTC).
  return (lastDosMs = new Date(
    ((date >> 9) & 0x7f) + 1980,
    ((date >> 5) & 0x0f) - 1,
    date & 0x1f,
    (time >> 11) & 0x1f,
    (time >> 5) & 0x3f,
    (time & 0x1f) * 2,
  ).getTime());
}

/** Windows FILETIME (100 ns since 1601) to ms since 1970, truncated like Java's FileTime. */
function fileTimeMs(low: number, high: number): number {
  return Math.floor((high * 2 ** 32 + low) / 10000) - 11644473600000;
}

const EXTENDED_TIMESTAMP = 0x5455;

/** An extended timestamp field (0x5455) holding the modification time: flag bit 0 and 4 bytes. */
function hasModifyTime(ut: Buffer): boolean {
  return ut.length >= 5 && (ut[0] & 1) === 1;
}

/**
 * The entry time as commons-compress 1.22 reads it: the NTFS extra field (0x000a) wins over the
 * extended timestamp (0x5455, Info-ZIP `zip` writes it), which wins over the DOS time.
 */
function entryTimeMs(e: yauzl.Entry, fd: number, localHeaderOffset: number): number {
  let ms = dosTimeMs(e.lastModFileDate, e.lastModFileTime);
  let ut = e.extraFields.find((f) => f.id === EXTENDED_TIMESTAMP)?.data;
  // commons-compress merges the local header's fields over the central ones: a central field
  // without the time (zip2's extended_timestamp_bad.zip) takes it from the local one.
  if (ut && !hasModifyTime(ut)) ut = localExtraField(fd, localHeaderOffset, EXTENDED_TIMESTAMP);
  if (ut && hasModifyTime(ut)) ms = ut.readInt32LE(1) * 1000;
  const ntfs = e.extraFields.find((f) => f.id === 0x000a);
  if (ntfs) {
    for (let at = 4; at + 4 <= ntfs.data.length;) {
      const tag = ntfs.data.readUInt16LE(at);
      const size = ntfs.data.readUInt16LE(at + 2);
      if (tag === 1 && size >= 24 && at + 4 + 8 <= ntfs.data.length) {
        ms = fileTimeMs(ntfs.data.readUInt32LE(at + 4), ntfs.data.readUInt32LE(at + 8));
        break;
      }
      at += 4 + size;
    }
  }
  return ms;
}

const UNICODE_PATH = 0x7075;

/** The data of extra field `id` in a raw extra block, if there. */
function extraField(extra: Buffer, id: number): Buffer | undefined {
  for (let at = 0; at + 4 <= extra.length;) {
    const size = extra.readUInt16LE(at + 2);
    if (extra.readUInt16LE(at) === id) return extra.subarray(at + 4, Math.min(extra.length, at + 4 + size));
    at += 4 + size;
  }
  return undefined;
}

/** Extra field `id` of the local header, or undefined when the local header has none. */
function localExtraField(fd: number, localHeaderOffset: number, id: number): Buffer | undefined {
  const header = Buffer.alloc(30);
  if (fs.readSync(fd, header, 0, 30, localHeaderOffset) < 30 || header.readUInt32LE(0) !== 0x04034b50) return undefined;
  const extra = Buffer.alloc(header.readUInt16LE(28));
  fs.readSync(fd, extra, 0, extra.length, localHeaderOffset + 30 + header.readUInt16LE(26));
  return extraField(extra, id);
}

/**
 * Info-ZIP Unicode Path extra field (0x7075), honoured when its CRC matches the raw name. As in
 * commons-compress, the local header's field, when there is one, replaces the central one (an
 * invalid local field means no Unicode name); the local header is read only for entries that
 * have the central field.
 */
function unicodePath(entry: yauzl.Entry, raw: Buffer, fd: number, localHeaderOffset: number): string | undefined {
  const central = entry.extraFields.find((f) => f.id === UNICODE_PATH)?.data;
  if (!central) return undefined;
  const data = localExtraField(fd, localHeaderOffset, UNICODE_PATH) ?? central;
  if (data.length < 5 || data[0] !== 1) return undefined;
  if (data.readUInt32LE(1) !== zlib.crc32(raw) >>> 0) return undefined;
  return decodeUtf8(data.subarray(5));
}

const FAT = 0;
const UNIX = 3;

const FOUR_GIB = 2 ** 32;

/**
 * The size of a stored entry's data. Both size fields must agree, except by a multiple of 4 GiB:
 * a zip64 writer bug leaves one of them truncated to 32 bits (unzip and Maven extract such
 * entries; when the compressed size is the one the archive cannot hold, Maven refuses the archive
 * as it opens it, zip-central-scan.ts, and so does goalhost). The data is then as long as
 * whichever size the archive can physically hold after the entry's local header (the compressed
 * size when both fit, as commons-compress reads it); the CRC-32 is still checked over exactly
 * those bytes. Any other disagreement is refused.
 */
function storedSize(e: yauzl.Entry, localHeaderOffset: number, end: number): number | undefined {
  if (e.compressedSize === e.uncompressedSize) return e.compressedSize;
  if (Math.abs(e.compressedSize - e.uncompressedSize) % FOUR_GIB !== 0) return undefined;
  const fits = (size: number): boolean => localHeaderOffset + 30 + size <= end;
  if (fits(e.compressedSize)) return e.compressedSize;
  return fits(e.uncompressedSize) ? e.uncompressedSize : undefined;
}

function toEntry(e: yauzl.Entry, index: number, decodeName: NameDecoder, fd: number, bounds: ZipBounds): ArchiveEntry {
  const raw = e.fileName as unknown as Buffer;
  const localHeaderOffset = bounds.start + e.relativeOffsetOfLocalHeader;
  let name =
    e.generalPurposeBitFlag & 0x800 ? decodeUtf8(raw) : (unicodePath(e, raw, fd, localHeaderOffset) ?? decodeName(raw));
  const platform = e.versionMadeBy >> 8;
  // commons-compress: an MS-DOS entry without any '/' uses '\' as its separator.
  if (platform === FAT && !name.includes('/')) name = name.replace(/\\/g, '/');
  const unixMode = platform === UNIX ? (e.externalFileAttributes >>> 16) & 0xffff : 0;
  const stored = e.compressionMethod === 0 ? storedSize(e, localHeaderOffset, bounds.end) : undefined;
  const zip = {
    localHeaderOffset,
    compressedSize: stored ?? e.compressedSize,
    uncompressedSize: stored ?? e.uncompressedSize,
    method: e.compressionMethod,
    crc32: e.crc32,
  };
  let problem: string | undefined;
  if (e.generalPurposeBitFlag & 0x1) problem = `Unsupported feature encryption used in entry ${name}`;
  else if (e.compressionMethod === 0 && stored === undefined) {
    problem = `size mismatch in stored entry ${name}: ${e.compressedSize} bytes of data but ${e.uncompressedSize} bytes of content declared (a corrupt archive)`;
  } else if (!isSupportedMethod(zip.method))
    problem = `Unsupported compression method ${zip.method} used in entry ${name}`;
  const isLink = (unixMode & 0o170000) === 0o120000;
  let linkTarget: string | undefined;
  if (isLink && !problem) {
    if (zip.uncompressedSize > IN_MEMORY_LIMIT) problem = `Symbolic link entry ${name} is too large`;
    // plexus-archiver makes the link from a java.io.File, which drops doubled and trailing slashes.
    else
      linkTarget = decodeName(readEntrySync(fd, zip))
        .replace(/\/{2,}/g, '/')
        .replace(/(.)\/$/, '$1');
  }
  return {
    index,
    name,
    kind: isLink ? 'symlink' : name.endsWith('/') ? 'dir' : 'file',
    linkTarget,
    mode: unixMode,
    mtimeMs: entryTimeMs(e, fd, localHeaderOffset),
    size: zip.uncompressedSize,
    zip,
    problem,
  };
}

/**
 * Entries in the order of their local headers, as plexus-archiver unpacks them
 * (`getEntriesInPhysicalOrder`: a stable sort, so entries sharing a header keep their order).
 */
function inPhysicalOrder(entries: ArchiveEntry[]): ArchiveEntry[] {
  return entries
    .sort((a, b) => (a.zip?.localHeaderOffset ?? 0) - (b.zip?.localHeaderOffset ?? 0))
    .map((e, index) => ({ ...e, index }));
}

async function visitAll(entries: readonly ArchiveEntry[], visit: EntryVisitor): Promise<void> {
  for (const entry of entries) if ((await visit(entry)) === false) return;
}

/** What to do after an entry: go on (true or nothing) or stop reading (false). */
export type EntryVisitor = (entry: ArchiveEntry) => boolean | void | Promise<boolean | void>;

/**
 * Calls `visit` for each entry of a zip, in the order of their local headers (the central
 * directory's order, nearly always), one at a time (an asynchronous visitor is awaited before the
 * next entry is read). Fails with Maven's wording
 * for a file that is not a zip.
 */
export function forEachZipEntry(file: string, decodeName: NameDecoder, visit: EntryVisitor): Promise<void> {
  return new Promise((resolve, reject) => {
    let fd: number;
    let size: number;
    try {
      fd = fs.openSync(file, 'r');
      size = fs.fstatSync(fd).size;
    } catch (e) {
      reject(new ZipOpenError((e as Error).message));
      return;
    }
    let finished = false;
    const finish = (err: unknown): void => {
      if (finished) return;
      finished = true;
      fs.closeSync(fd);
      if (err) reject(err);
      else resolve();
    };
    let bounds: ZipBounds;
    let scan: CentralScan;
    try {
      bounds = zipBounds(fd, size);
      scan = scanCentralDirectory(fd, bounds, (raw, flags) => (flags & 0x800 ? decodeUtf8(raw) : decodeName(raw)));
    } catch (e) {
      finish(new ZipOpenError(`Error on ZipFile ${file}: ${(e as Error).message}`));
      return;
    }
    const reader = new WindowedReader(fd, bounds.start, bounds.end - bounds.start, scan.patches);
    // Entries listed out of their physical order are held, then visited in that order.
    const held: ArchiveEntry[] | undefined = scan.inPhysicalOrder ? undefined : [];
    // Stored entries' sizes are checked in toEntry (which tolerates the 4 GiB writer bug).
    const options = { lazyEntries: true, decodeStrings: false, validateEntrySizes: false, autoClose: true };
    yauzl.fromRandomAccessReader(reader, bounds.end - bounds.start, options, (err, zipfile) => {
      if (err) return finish(new ZipOpenError(describeOpenError(file, err)));
      let index = 0;
      // yauzl reads the next entry from inside the previous one's callbacks; with a reader that
      // answers synchronously that recursion would grow the stack by every entry. A loop asks
      // for entries instead, so the stack stays flat (deep stacks make every GC and deopt slow).
      let wanted = false;
      let looping = false;
      const readEntries = (): void => {
        looping = true;
        try {
          while (wanted && !finished) {
            wanted = false;
            zipfile.readEntry();
          }
        } finally {
          looping = false;
        }
      };
      const want = (): void => {
        wanted = true;
        if (!looping) readEntries();
      };
      zipfile.on('entry', (e: yauzl.Entry) => {
        let entry: ArchiveEntry;
        try {
          entry = toEntry(e, index++, decodeName, fd, bounds);
        } catch (x) {
          zipfile.close();
          return finish(new ZipOpenError(`Error on ZipFile ${file}: ${(x as Error).message}`));
        }
        if (held) {
          held.push(entry);
          if (index % 256 === 0) setImmediate(want);
          else want();
          return;
        }
        let verdict: boolean | void | Promise<boolean | void>;
        try {
          verdict = visit(entry);
        } catch (x) {
          zipfile.close();
          return finish(x);
        }
        const next = (go: boolean | void): void => {
          if (finished) return;
          if (go === false) {
            zipfile.close();
            finish(undefined);
          } else if (index % 256 === 0) {
            // Let the event loop run now and then (worker replies, progress).
            setImmediate(want);
          } else want();
        };
        if (verdict instanceof Promise) {
          verdict.then(next, (x) => {
            zipfile.close();
            finish(x);
          });
        } else next(verdict);
      });
      zipfile.on('error', (e: Error) => finish(new ZipOpenError(describeOpenError(file, e))));
      zipfile.on('end', () =>
        held ? visitAll(inPhysicalOrder(held), visit).then(() => finish(undefined), finish) : finish(undefined),
      );
      want();
    });
  });
}
