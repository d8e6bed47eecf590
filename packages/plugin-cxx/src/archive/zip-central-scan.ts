import * as fs from 'node:fs';
import type { ZipBounds } from './zip-bounds';

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
 */

/** Bytes yauzl reads at file offset `at` instead of the archive's. */
export interface BytePatch {
  readonly at: number;
  readonly bytes: Buffer;
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

function readAt(fd: number, position: number, length: number): Buffer {
  const buffer = Buffer.allocUnsafe(length);
  let done = 0;
  while (done < length) {
    const n = fs.readSync(fd, buffer, done, length - done, position + done);
    if (n === 0) break;
    done += n;
  }
  return buffer.subarray(0, done);
}

/** Zeros over `length` bytes at `at` when any of them is not zero. */
function zeroed(fd: number, at: number, length: number, patches: BytePatch[]): void {
  const bytes = readAt(fd, at, length);
  if (bytes.some((b) => b !== 0)) patches.push({ at, bytes: Buffer.alloc(bytes.length) });
}

/** The patches yauzl needs; throws Maven's message for an archive Maven refuses to open. */
export function scanCentralDirectory(fd: number, bounds: ZipBounds, decodeName: RecordNameDecoder): BytePatch[] {
  const patches: BytePatch[] = [];
  if (bounds.eocd === undefined) return patches;
  const record = readAt(fd, bounds.eocd, EOCD_SIZE);
  if (record.length < EOCD_SIZE) return patches;
  // number of this disk, disk where the central directory starts
  zeroed(fd, bounds.eocd + 4, 4, patches);
  let entries = record.readUInt16LE(10);
  let size = record.readUInt32LE(12);
  let offset = record.readUInt32LE(16);
  if (entries === 0xffff || size === 0xffffffff || offset === 0xffffffff) {
    const locator = readAt(fd, bounds.eocd - 20, 20);
    if (locator.length === 20 && locator.readUInt32LE(0) === ZIP64_LOCATOR) {
      const at = bounds.start + Number(locator.readBigUInt64LE(8));
      const zip64 = readAt(fd, at, 56);
      if (zip64.length === 56 && zip64.readUInt32LE(0) === ZIP64_EOCD) {
        zeroed(fd, at + 16, 8, patches);
        entries = Number(zip64.readBigUInt64LE(32));
        size = Number(zip64.readBigUInt64LE(40));
        offset = Number(zip64.readBigUInt64LE(48));
      }
    }
  }
  if (size > SCAN_LIMIT) return patches;
  const cd = readAt(fd, bounds.start + offset, size);
  const records = centralRecords(cd, entries);
  for (const r of records) {
    const patch = extraFieldPatch(cd, bounds.start + offset, r);
    if (patch) patches.push(patch);
  }
  checkOffsets(fd, bounds, offset, cd, records, decodeName);
  return patches;
}

/** Where a central directory record's parts are, and what it says about its entry. */
interface CentralRecord {
  readonly at: number;
  readonly nameLength: number;
  readonly extraLength: number;
  readonly localHeaderOffset: number;
  readonly compressedSize: number;
}

/** The records of `cd` up to the first that is not one (yauzl reports that one). */
function centralRecords(cd: Buffer, entries: number): CentralRecord[] {
  const records: CentralRecord[] = [];
  let p = 0;
  for (let i = 0; i < entries && p + CENTRAL_HEADER_SIZE <= cd.length && cd.readUInt32LE(p) === CENTRAL_HEADER; i++) {
    const nameLength = cd.readUInt16LE(p + 28);
    const extraLength = cd.readUInt16LE(p + 30);
    const commentLength = cd.readUInt16LE(p + 32);
    if (p + CENTRAL_HEADER_SIZE + nameLength + extraLength > cd.length) break;
    let compressedSize = cd.readUInt32LE(p + 20);
    let localHeaderOffset = cd.readUInt32LE(p + 42);
    const zip64 = zip64Field(cd.subarray(p + CENTRAL_HEADER_SIZE + nameLength, p + CENTRAL_HEADER_SIZE + nameLength + extraLength));
    if (zip64) {
      // in this order, each only when its 32-bit field is all ones
      let z = 0;
      const next = (): number | undefined => (z + 8 <= zip64.length ? Number(zip64.readBigUInt64LE((z += 8) - 8)) : undefined);
      if (cd.readUInt32LE(p + 24) === 0xffffffff) next();
      if (compressedSize === 0xffffffff) compressedSize = next() ?? compressedSize;
      if (localHeaderOffset === 0xffffffff) localHeaderOffset = next() ?? localHeaderOffset;
    }
    records.push({ at: p, nameLength, extraLength, localHeaderOffset, compressedSize });
    p += CENTRAL_HEADER_SIZE + nameLength + extraLength + commentLength;
  }
  return records;
}

/** The zip64 extended information field (id 1) of an extra block, if there. */
function zip64Field(extra: Buffer): Buffer | undefined {
  for (let f = 0; f + 4 <= extra.length; ) {
    const length = extra.readUInt16LE(f + 2);
    if (extra.readUInt16LE(f) === 1) return extra.subarray(f + 4, Math.min(extra.length, f + 4 + length));
    f += 4 + length;
  }
  return undefined;
}

/** Maven's open-time checks of where entries lie against the central directory (at `cdOffset`). */
function checkOffsets(fd: number, bounds: ZipBounds, cdOffset: number, cd: Buffer, records: readonly CentralRecord[], decodeName: RecordNameDecoder): void {
  const name = (r: CentralRecord): string => decodeName(cd.subarray(r.at + CENTRAL_HEADER_SIZE, r.at + CENTRAL_HEADER_SIZE + r.nameLength), cd.readUInt16LE(r.at + 8));
  for (const r of records) {
    if (r.localHeaderOffset > cdOffset) throw new Error(`local file header for ${name(r)} starts after central directory`);
  }
  const lengths = Buffer.alloc(4);
  for (const r of records) {
    // Only an entry ending near the central directory needs its local header read.
    if (r.localHeaderOffset + 30 + r.compressedSize + 2 * 0xffff <= cdOffset) continue;
    if (fs.readSync(fd, lengths, 0, 4, bounds.start + r.localHeaderOffset + 26) < 4) continue;
    const dataOffset = r.localHeaderOffset + 30 + lengths.readUInt16LE(0) + lengths.readUInt16LE(2);
    if (dataOffset + r.compressedSize > cdOffset) throw new Error(`data for ${name(r)} overlaps with central directory.`);
  }
}

/**
 * The patch for a record whose extra block holds a field running past the block (the file
 * offset of `cd` is `at`): that field becomes an unparseable one holding the rest of the block.
 */
function extraFieldPatch(cd: Buffer, at: number, r: CentralRecord): BytePatch | undefined {
  const extra = r.at + CENTRAL_HEADER_SIZE + r.nameLength;
  // yauzl's loop: fields while at least a field header (4 bytes) remains
  for (let f = 0; f + 4 <= r.extraLength; ) {
    const dataLength = cd.readUInt16LE(extra + f + 2);
    if (f + 4 + dataLength > r.extraLength) {
      const bytes = Buffer.alloc(4);
      bytes.writeUInt16LE(UNPARSEABLE_ID, 0);
      bytes.writeUInt16LE(r.extraLength - f - 4, 2);
      return { at: at + extra + f, bytes };
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
