import * as fs from 'node:fs';
import * as zlib from 'node:zlib';
import type { ZipEntryData } from './archive-entry';

/**
 * Synchronous access to one zip entry's bytes, for the extraction threads: one positioned read
 * covers the local header and the data of a small entry, then inflate and check size and CRC.
 */

const LOCAL_HEADER_SIGNATURE = 0x04034b50;
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

function checkedDataOffset(header: Buffer, entry: ZipEntryData): number {
  if (header.readUInt32LE(0) !== LOCAL_HEADER_SIGNATURE) throw new ZipDataError('invalid local file header signature');
  return entry.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
}

/** One reusable read buffer per thread: entry data is consumed before the next read. */
let scratch = Buffer.allocUnsafe(64 * 1024);

function scratchOf(size: number): Buffer {
  if (scratch.length < size) scratch = Buffer.allocUnsafe(Math.max(size, scratch.length * 2));
  return scratch;
}

/** The stored (compressed) bytes of a small entry, valid until the next call on this thread. */
function compressedBytes(fd: number, entry: ZipEntryData): Buffer {
  const wanted = 30 + HEADER_SLACK + entry.compressedSize;
  // A compressed size that lies (past the end of the file) must not become a huge allocation.
  if (wanted > scratch.length && entry.localHeaderOffset + entry.compressedSize > fs.fstatSync(fd).size) {
    throw new ZipDataError(`the entry claims ${entry.compressedSize} compressed bytes, more than the archive holds (truncated or corrupt archive)`);
  }
  const optimistic = scratchOf(wanted).subarray(0, wanted);
  const got = readFully(fd, optimistic, entry.localHeaderOffset);
  if (got < 30) throw new ZipDataError('truncated local file header');
  const start = checkedDataOffset(optimistic, entry) - entry.localHeaderOffset;
  if (start + entry.compressedSize <= got) return optimistic.subarray(start, start + entry.compressedSize);
  if (start <= 30 + HEADER_SLACK) throw new ZipDataError('unexpected end of archive');
  const data = Buffer.allocUnsafe(entry.compressedSize);
  if (readFully(fd, data, entry.localHeaderOffset + start) < data.length) throw new ZipDataError('unexpected end of archive');
  return data;
}

/**
 * Decompressed, size- and CRC-checked content of an entry of at most IN_MEMORY_LIMIT bytes.
 * A stored entry's content is a view of a reusable buffer: use it before the next call.
 */
export function readEntrySync(fd: number, entry: ZipEntryData): Buffer {
  const raw = compressedBytes(fd, entry);
  let data: Buffer;
  if (entry.method === 0) data = raw;
  else if (entry.method === 8) {
    try {
      // Never inflate past the declared size: a lying entry (a bomb) stops there. An output
      // chunk of the declared size also saves a 16 KiB buffer and a copy per entry.
      const size = entry.uncompressedSize;
      data = zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, size), chunkSize: Math.max(64, size + 1) });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw sizeLie(entry);
      throw new ZipDataError(`invalid deflate data (${(e as Error).message})`);
    }
  } else throw new ZipDataError(`unsupported compression method ${entry.method}`);
  checkData(data.length, zlib.crc32(data), entry);
  return data;
}

/** The data inflates past the size the archive declares for it. */
export function sizeLie(entry: ZipEntryData): ZipDataError {
  return new ZipDataError(`size mismatch: more than the ${entry.uncompressedSize} bytes declared (a zip bomb or a corrupt archive)`);
}

export function checkData(size: number, crc: number, entry: ZipEntryData): void {
  if (size !== entry.uncompressedSize) {
    throw new ZipDataError(`size mismatch: ${size} bytes instead of ${entry.uncompressedSize}`);
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) throw new ZipDataError('CRC mismatch (corrupt data)');
}
