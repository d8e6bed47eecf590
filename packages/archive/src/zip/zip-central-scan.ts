import * as fs from 'node:fs';
import type { ZipBounds } from './zip-bounds';
import { readAt } from '../read-at';

/**
 * One pass over the central directory before yauzl lists it, for what yauzl and commons-compress
 * 1.22 (Maven) read differently.
 *
 * Maven's checks when it opens the archive, so such an archive fails before anything is written
 * (in commons-compress's order: every record's offset first, then every entry's data):
 * - a local header recorded after the central directory: `local file header for NAME starts
 *   after central directory`;
 * - entry data running into the central directory: `data for NAME overlaps with central
 *   directory.` (yauzl's fixtures with lying offsets and sizes, recorded with real Maven).
 *
 * Damage yauzl refuses but commons-compress reads past, turned into the bytes yauzl should see:
 * - disk numbers in the end records: commons-compress reads a zip that is not a split archive
 *   without looking at them (yauzl: "multi-disk zip files are not supported"), as Info-ZIP
 *   `unzip` does with a warning; they read as 0;
 * - an extra field whose length runs past the record's extra block: commons-compress parses
 *   extra blocks "best effort", keeping what follows the last whole field as unparseable data
 *   (yauzl: "extra field length exceeds extra field buffer size"); that field becomes one of an
 *   id nobody reads, holding the rest of the block.
 *
 * And whether the records are in the order of the entries' local headers: plexus-archiver
 * unpacks in that physical order (`getEntriesInPhysicalOrder`), which zip-listing.ts follows when
 * the central directory has another (zip4j's cen_dir_entries_diff_order_as_local_entries.zip).
 */

/** Bytes yauzl reads at file offset `at` instead of the archive's. */
export interface BytePatch {
  readonly at: number;
  readonly bytes: Buffer;
}

export interface CentralScan {
  readonly patches: BytePatch[];
  /** The records' local header offsets never decrease (the usual case). */
  readonly inPhysicalOrder: boolean;
}

/** An entry's name as the listing decodes it (raw bytes and general purpose flags). */
export type RecordNameDecoder = (raw: Buffer, flags: number) => string;

const EOCD_SIZE = 22;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
const CENTRAL_HEADER_SIZE = 46;
/** The id a malformed extra field is given: no reader (goalhost's or yauzl's) looks at it. */
const UNPARSEABLE_ID = 0xffff;
/** A central directory this large is not pre-read (yauzl then reports what it finds). */
const SCAN_LIMIT = 256 * 1024 * 1024;

/** Zeros over `length` bytes at `at` when any of them is not zero. */
function zeroed(fd: number, at: number, length: number, patches: BytePatch[]): void {
  const bytes = readAt(fd, at, length);
  if (bytes.some((b) => b !== 0)) patches.push({ at, bytes: Buffer.alloc(bytes.length) });
}

/** The patches yauzl needs and the records' order; throws Maven's message for an archive Maven refuses to open. */
export function scanCentralDirectory(fd: number, bounds: ZipBounds, decodeName: RecordNameDecoder): CentralScan {
  const patches: BytePatch[] = [];
  if (bounds.eocd === undefined) return { patches, inPhysicalOrder: true };
  const record = readAt(fd, bounds.eocd, EOCD_SIZE);
  if (record.length < EOCD_SIZE) return { patches, inPhysicalOrder: true };
  // number of this disk, disk where the central directory starts
  zeroed(fd, bounds.eocd + 4, 4, patches);
  // a comment length running past the end of the file (commons-compress does not read it)
  const commentLength = bounds.end - bounds.eocd - EOCD_SIZE;
  if (record.readUInt16LE(20) !== commentLength) patches.push({ at: bounds.eocd + 20, bytes: u16Bytes(commentLength) });
  let entries = record.readUInt16LE(10);
  let size = record.readUInt32LE(12);
  let offset = record.readUInt32LE(16);
  let zip64At: number | undefined;
  // A zip64 locator before the end record is followed whatever the end record's fields hold (as
  // commons-compress and yauzl follow it).
  {
    const locator = bounds.eocd >= 20 ? readAt(fd, bounds.eocd - 20, 20) : Buffer.alloc(0);
    const at =
      locator.length === 20 && locator.readUInt32LE(0) === ZIP64_LOCATOR
        ? bounds.start + Number(locator.readBigUInt64LE(8))
        : -1;
    if (at >= 0 && at <= Number.MAX_SAFE_INTEGER) {
      const zip64 = readAt(fd, at, 56);
      if (zip64.length === 56 && zip64.readUInt32LE(0) === ZIP64_EOCD) {
        zeroed(fd, at + 16, 8, patches);
        zip64At = at;
        entries = Number(zip64.readBigUInt64LE(32));
        size = Number(zip64.readBigUInt64LE(40));
        offset = Number(zip64.readBigUInt64LE(48));
      }
    }
  }
  if (size > SCAN_LIMIT) return { patches, inPhysicalOrder: true };
  // A lying size reads no further than the end record (no huge buffer for a corrupt archive).
  const cd = readAt(fd, bounds.start + offset, Math.max(0, Math.min(size, bounds.eocd - bounds.start - offset)));
  const walk = walkRecords(fd, bounds, cd, offset, decodeName, patches);
  // commons-compress reads records while their signature is there, whatever the end record
  // counts (libzip's incons-file-count-high/low.zip): when the records fill the central
  // directory exactly, yauzl is given their number.
  if (walk.records !== entries && walk.end === cd.length && cd.length === size) {
    if (zip64At !== undefined) {
      const count = Buffer.alloc(8);
      count.writeBigUInt64LE(BigInt(walk.records));
      patches.push({ at: zip64At + 24, bytes: count }, { at: zip64At + 32, bytes: count });
    } else if (walk.records < 0xffff) {
      patches.push(
        { at: bounds.eocd + 8, bytes: u16Bytes(walk.records) },
        { at: bounds.eocd + 10, bytes: u16Bytes(walk.records) },
      );
    }
  }
  return { patches, inPhysicalOrder: walk.inPhysicalOrder };
}

function u16Bytes(value: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(value, 0);
  return b;
}

const u16 = (b: Buffer, at: number): number => b[at] | (b[at + 1] << 8);
const u32 = (b: Buffer, at: number): number => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16)) + b[at + 3] * 0x1000000;

/**
 * One pass over the records of `cd` (the central directory, recorded at `cdOffset`), up to the
 * first that is not one (yauzl reports that one): the extra block patches, and Maven's checks,
 * in commons-compress's order (every record's offset while listing, then every entry's data).
 * Tens of thousands of records: no object per record, only the few entries that end near the
 * central directory are kept, for their local headers to be read. Tells whether the records'
 * local header offsets never decrease.
 */
function walkRecords(
  fd: number,
  bounds: ZipBounds,
  cd: Buffer,
  cdOffset: number,
  decodeName: RecordNameDecoder,
  patches: BytePatch[],
): { inPhysicalOrder: boolean; records: number; end: number } {
  const nearEnd: number[] = [];
  let inPhysicalOrder = true;
  let lastOffset = -1;
  const name = (p: number): string =>
    decodeName(cd.subarray(p + CENTRAL_HEADER_SIZE, p + CENTRAL_HEADER_SIZE + u16(cd, p + 28)), u16(cd, p + 8));
  let p = 0;
  let records = 0;
  for (; p + CENTRAL_HEADER_SIZE <= cd.length && u32(cd, p) === CENTRAL_HEADER; records++) {
    const nameLength = u16(cd, p + 28);
    const extraLength = u16(cd, p + 30);
    const extra = p + CENTRAL_HEADER_SIZE + nameLength;
    if (extra + extraLength > cd.length) break;
    const fieldPatch = extraFieldPatch(cd, extra, extraLength);
    if (fieldPatch) patches.push({ at: bounds.start + cdOffset + fieldPatch.at, bytes: fieldPatch.bytes });
    const [compressedSize, localHeaderOffset] = sizeAndOffset(cd, p, extra, extraLength);
    if (localHeaderOffset > cdOffset)
      throw new Error(`local file header for ${name(p)} starts after central directory`);
    if (localHeaderOffset < lastOffset) inPhysicalOrder = false;
    lastOffset = localHeaderOffset;
    // Only an entry ending near the central directory needs its local header read.
    if (localHeaderOffset + 30 + compressedSize + 2 * 0xffff > cdOffset)
      nearEnd.push(p, compressedSize, localHeaderOffset);
    p = extra + extraLength + u16(cd, p + 32);
  }
  const lengths = Buffer.alloc(4);
  for (let k = 0; k < nearEnd.length; k += 3) {
    const [record, compressedSize, localHeaderOffset] = [nearEnd[k], nearEnd[k + 1], nearEnd[k + 2]];
    if (fs.readSync(fd, lengths, 0, 4, bounds.start + localHeaderOffset + 26) < 4) continue;
    const dataOffset = localHeaderOffset + 30 + u16(lengths, 0) + u16(lengths, 2);
    if (dataOffset + compressedSize > cdOffset)
      throw new Error(`data for ${name(record)} overlaps with central directory.`);
  }
  return { inPhysicalOrder, records, end: p };
}

/** The record's compressed size and local header offset, from the zip64 field where the 32-bit ones are all ones. */
function sizeAndOffset(cd: Buffer, p: number, extra: number, extraLength: number): [number, number] {
  let compressedSize = u32(cd, p + 20);
  let localHeaderOffset = u32(cd, p + 42);
  const uncompressed = u32(cd, p + 24);
  if (compressedSize !== 0xffffffff && localHeaderOffset !== 0xffffffff && uncompressed !== 0xffffffff)
    return [compressedSize, localHeaderOffset];
  for (let f = 0; f + 4 <= extraLength;) {
    const length = u16(cd, extra + f + 2);
    if (u16(cd, extra + f) === 1) {
      // in this order, each only when its 32-bit field is all ones
      let z = extra + f + 4;
      const end = Math.min(extra + extraLength, z + length);
      const next = (fallback: number): number => (z + 8 <= end ? Number(cd.readBigUInt64LE((z += 8) - 8)) : fallback);
      if (uncompressed === 0xffffffff) next(0);
      if (compressedSize === 0xffffffff) compressedSize = next(compressedSize);
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = next(localHeaderOffset);
      break;
    }
    f += 4 + length;
  }
  return [compressedSize, localHeaderOffset];
}

/**
 * The patch (offset in `cd`) for an extra block holding a field that runs past the block: that
 * field becomes an unparseable one holding the rest of the block.
 */
function extraFieldPatch(cd: Buffer, extra: number, extraLength: number): BytePatch | undefined {
  // yauzl's loop: fields while at least a field header (4 bytes) remains
  for (let f = 0; f + 4 <= extraLength;) {
    const dataLength = u16(cd, extra + f + 2);
    if (f + 4 + dataLength > extraLength) {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt16LE(UNPARSEABLE_ID, 0);
      bytes.writeUInt16LE(extraLength - f - 4, 2);
      return { at: extra + f, bytes };
    }
    f += 4 + dataLength;
  }
  return undefined;
}

/** Applies the patches that overlap `buffer`, which holds the file's bytes from `position`. */
export function applyPatches(patches: readonly BytePatch[], buffer: Buffer, position: number): void {
  for (const patch of patches) {
    const from = Math.max(patch.at, position);
    const to = Math.min(patch.at + patch.bytes.length, position + buffer.length);
    if (from < to) patch.bytes.copy(buffer, from - position, from - patch.at, to - patch.at);
  }
}
