import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import type { ZipEntryData } from '../archive-entry';
import { discardRawInflater, rawInflater } from './raw-inflater';
import { DecodeError, decodeEntry, decodeEntryInChunks, IMPLODED, isSupportedMethod, TooLarge } from './zip-methods';

/**
 * Synchronous access to one zip entry's bytes, for the extraction threads: one positioned read
 * covers the local headers and data of a run of small entries (or of one entry), then inflate
 * and check size and CRC.
 */

const HEADER_SLACK = 1024;

/** Entries up to this size are inflated in memory; larger ones are streamed. */
export const IN_MEMORY_LIMIT = 16 * 1024 * 1024;

export class ZipDataError extends Error {}

function readFully(fd: number, buffer: Buffer, position: number): number {
  let done = 0;
  while (done < buffer.length) {
    const n = fs.readSync(fd, buffer, done, buffer.length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return done;
}

/** Offset of the entry's data: after the local header, whose name/extra lengths can differ from the central directory's. */
export function dataOffset(fd: number, entry: ZipEntryData): number {
  const header = Buffer.allocUnsafe(30);
  if (readFully(fd, header, entry.localHeaderOffset) < 30) throw new ZipDataError('truncated local file header');
  return checkedDataOffset(header, entry);
}

/**
 * The local header's signature is not checked, as commons-compress 1.22 does not check it (it
 * reads the name and extra lengths at the recorded offset): Maven unpacks a zip whose local
 * header signature is damaged (yauzl's `invalid local file header signature` fixture, recorded
 * with real Maven). The CRC-32 and size checks still catch an offset that points anywhere else.
 */
function checkedDataOffset(header: Buffer, entry: ZipEntryData): number {
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** One reusable read buffer per thread: entry data is consumed before the next read. */
let scratch = Buffer.allocUnsafe(64 * 1024);

function scratchOf(size: number): Buffer {
  if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
  return scratch;
}

/**
 * Archive bytes read ahead for a run of entries in archive order (a write batch), so each entry
 * costs no read of its own. Valid until the next `readWindow` on this thread.
 */
export interface ArchiveWindow {
  readonly start: number;
  readonly bytes: Buffer;
}

/** A window is read only when it is small and mostly the entries' own bytes. */
const WINDOW_LIMIT = 8 * 1024 * 1024;
let windowScratch = Buffer.allocUnsafe(0);

/**
 * One read of `[start, end)` (clipped at the end of the file), or undefined when that range is
 * too large or too sparse (`wanted`: the bytes the entries need) to pay off.
 */
export function readWindow(fd: number, start: number, end: number, wanted: number): ArchiveWindow | undefined {
  const length = end - start;
  if (length <= 0 || length > WINDOW_LIMIT || length > 2 * wanted + 64 * 1024) return undefined;
  if (windowScratch.length < length)
    windowScratch = Buffer.allocUnsafe(Math.max(length, Math.min(WINDOW_LIMIT, windowScratch.length * 2)));
  const bytes = windowScratch.subarray(0, length);
  return { start, bytes: bytes.subarray(0, readFully(fd, bytes, start)) };
}

/** Room read after an entry's data for a local header longer than the central directory says. */
export const WINDOW_SLACK = 30 + HEADER_SLACK;

/** The stored bytes of an entry lying wholly inside the window, else undefined. */
function windowBytes(window: ArchiveWindow, entry: ZipEntryData): Buffer | undefined {
  const at = entry.localHeaderOffset - window.start;
  if (at < 0 || at + 30 > window.bytes.length) return undefined;
  const start = checkedDataOffset(window.bytes.subarray(at, at + 30), entry) - window.start;
  return start + entry.compressedSize <= window.bytes.length
    ? window.bytes.subarray(start, start + entry.compressedSize)
    : undefined;
}

/** The stored (compressed) bytes of a small entry, valid until the next call on this thread. */
function compressedBytes(fd: number, entry: ZipEntryData, window?: ArchiveWindow): Buffer {
  const inWindow = window && windowBytes(window, entry);
  if (inWindow) return inWindow;
  const wanted = 30 + HEADER_SLACK + entry.compressedSize;
  // A compressed size that lies (past the end of the file) must not become a huge allocation.
  if (wanted > scratch.length && entry.localHeaderOffset + entry.compressedSize > fs.fstatSync(fd).size) {
    throw new ZipDataError(
      `the entry claims ${entry.compressedSize} compressed bytes, more than the archive holds (truncated or corrupt archive)`,
    );
  }
  const optimistic = scratchOf(wanted).subarray(0, wanted);
  const got = readFully(fd, optimistic, entry.localHeaderOffset);
  if (got < 30) throw new ZipDataError('truncated local file header');
  const start = checkedDataOffset(optimistic, entry) - entry.localHeaderOffset;
  if (start + entry.compressedSize <= got) return optimistic.subarray(start, start + entry.compressedSize);
  if (start <= 30 + HEADER_SLACK) throw new ZipDataError('unexpected end of archive');
  const data = Buffer.allocUnsafe(entry.compressedSize);
  if (readFully(fd, data, entry.localHeaderOffset + start) < data.length)
    throw new ZipDataError('unexpected end of archive');
  return data;
}

/**
 * Decompressed, size- and CRC-checked content of an entry of at most IN_MEMORY_LIMIT bytes,
 * taken from `window` when it holds the entry. The content is a view of a reusable buffer:
 * use it before the next call on this thread.
 */
export function readEntrySync(fd: number, entry: ZipEntryData, window?: ArchiveWindow): Buffer {
  const raw = compressedBytes(fd, entry, window);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) {
    // Never inflate past the declared size: a lying entry (a bomb) stops there.
    const result = rawInflater().inflate(raw, entry.uncompressedSize);
    if (result.kind === 'too-large') throw sizeLie(entry);
    if (result.kind === 'error') {
      discardRawInflater();
      throw new ZipDataError(`invalid deflate data (${result.message})`);
    }
    data = result.data;
  } else data = decodeOther(fd, entry, raw);
  checkData(data.length, zlib.crc32(data), entry);
  return data;
}

/** The general purpose flags of the entry's local header (implode's window and tree count). */
function localFlags(fd: number, entry: ZipEntryData): number {
  const b = Buffer.alloc(2);
  if (readFully(fd, b, entry.localHeaderOffset + 6) < 2) throw new ZipDataError('truncated local file header');
  return b.readUInt16LE(0);
}

/**
 * An entry of another method than stored and deflate (zip-methods.ts), whole, or handed to
 * `chunk` piece by piece (then the returned buffer is empty and the count is `chunk`'s).
 */
export function decodeOther(fd: number, entry: ZipEntryData, raw: Buffer, chunk?: (data: Buffer) => void): Buffer {
  if (!isSupportedMethod(entry.method)) throw new ZipDataError(`unsupported compression method ${entry.method}`);
  const flags = entry.method === IMPLODED ? localFlags(fd, entry) : 0;
  try {
    if (!chunk) return decodeEntry(entry.method, raw, flags, entry.uncompressedSize);
    decodeEntryInChunks(entry.method, raw, flags, entry.uncompressedSize, chunk);
    return Buffer.alloc(0);
  } catch (e) {
    if (e instanceof TooLarge) throw sizeLie(entry);
    if (e instanceof DecodeError) throw new ZipDataError(e.message);
    throw e;
  }
}

/** All the stored bytes of an entry too large for the scratch buffer (other methods than deflate only). */
export function wholeCompressedBytes(fd: number, entry: ZipEntryData): Buffer {
  const start = dataOffset(fd, entry);
  if (start + entry.compressedSize > fs.fstatSync(fd).size) {
    throw new ZipDataError(
      `the entry claims ${entry.compressedSize} compressed bytes, more than the archive holds (truncated or corrupt archive)`,
    );
  }
  const data = Buffer.allocUnsafe(entry.compressedSize);
  if (readFully(fd, data, start) < data.length) throw new ZipDataError('unexpected end of archive');
  return data;
}

/** The data inflates past the size the archive declares for it. */
export function sizeLie(entry: ZipEntryData): ZipDataError {
  return new ZipDataError(
    `size mismatch: more than the ${entry.uncompressedSize} bytes declared (a zip bomb or a corrupt archive)`,
  );
}

export function checkData(size: number, crc: number, entry: ZipEntryData): void {
  if (size !== entry.uncompressedSize) {
    throw new ZipDataError(`size mismatch: ${size} bytes instead of ${entry.uncompressedSize}`);
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) throw new ZipDataError('CRC mismatch (corrupt data)');
}
