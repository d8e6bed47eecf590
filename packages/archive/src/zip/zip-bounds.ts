import { readAt } from '../read-at';

/**
 * Where the zip lies inside its file, as Info-ZIP `unzip` finds it: the last end-of-central-
 * directory record whose fields hold together ends the archive (bytes after it, a trailer or
 * padding, are ignored, as Maven and unzip ignore them), and bytes before the archive (a
 * self-extractor's stub, padding) shift every offset the archive records by their length, which
 * unzip detects by comparing where the central directory ends with where the record really is.
 * Maven reads such a prefixed zip as empty; goalhost reads it as unzip does.
 */
export interface ZipBounds {
  /** File offset of the archive's offset 0 (what is added to every recorded offset). */
  readonly start: number;
  /** File offset just past the end-of-central-directory record and its comment. */
  readonly end: number;
  /** File offset of the end-of-central-directory record (undefined when none was found). */
  readonly eocd?: number;
}

const EOCD = 0x06054b50;
const EOCD_SIZE = 22;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL_HEADER = 0x02014b50;
/** The record, a full comment, and room for a trailer as long again. */
const SCAN = 2 * (EOCD_SIZE + 0xffff);

function signatureAt(fd: number, position: number, signature: number): boolean {
  if (position < 0) return false;
  const b = readAt(fd, position, 4);
  return b.length === 4 && b.readUInt32LE(0) === signature;
}

/**
 * The bytes before the archive, given the record at `eocd`: 0 when the central directory is where
 * the archive says (or cannot be found anywhere else), else the shift that puts it there.
 */
function prefixLength(fd: number, tail: Buffer, at: number, eocd: number): number {
  const entries = tail.readUInt16LE(at + 10);
  const cdSize = tail.readUInt32LE(at + 12);
  const cdOffset = tail.readUInt32LE(at + 16);
  if (cdOffset === 0xffffffff || cdSize === 0xffffffff || entries === 0xffff) {
    // Zip64: the locator before the record names the zip64 record's offset.
    if (!signatureAt(fd, eocd - 20, ZIP64_LOCATOR)) return 0;
    const declared = Number(readAt(fd, eocd - 20 + 8, 8).readBigUInt64LE(0));
    if (signatureAt(fd, declared, ZIP64_EOCD)) return 0;
    // Without extensible data the zip64 record (56 bytes) sits right before the locator.
    const actual = eocd - 20 - 56;
    return actual > declared && signatureAt(fd, actual, ZIP64_EOCD) ? actual - declared : 0;
  }
  const shift = eocd - (cdOffset + cdSize);
  if (shift <= 0 || signatureAt(fd, cdOffset, CENTRAL_HEADER) || entries === 0) return 0;
  return signatureAt(fd, cdOffset + shift, CENTRAL_HEADER) ? shift : 0;
}

/** Most archives end with their record and a short comment: this much is read first. */
const FIRST_SCAN = 4096;

/** The archive's bounds; the whole file when no consistent record is found (yauzl then says why). */
export function zipBounds(fd: number, size: number): ZipBounds {
  return (
    (size > FIRST_SCAN ? boundsWithin(fd, size, FIRST_SCAN) : undefined) ??
    boundsWithin(fd, size, SCAN) ??
    boundsWithin(fd, size, SCAN, true) ?? { start: 0, end: size }
  );
}

/**
 * The last consistent record within `scan` bytes of the end. With `overrun`, one whose comment
 * would run past the end of the file counts too (commons-compress does not check the comment's
 * length: libzip's incons-archive-comment-longer.zip unpacks in Maven); it ends with the file.
 */
function boundsWithin(fd: number, size: number, scan: number, overrun = false): ZipBounds | undefined {
  const base = Math.max(0, size - scan);
  const tail = readAt(fd, base, size - base);
  for (let at = tail.length - EOCD_SIZE; at >= 0; at--) {
    if (tail[at] !== 0x50 || tail.readUInt32LE(at) !== EOCD) continue;
    let end = at + EOCD_SIZE + tail.readUInt16LE(at + 20);
    if (end > tail.length) {
      if (!overrun) continue;
      end = tail.length;
    }
    const eocd = base + at;
    const cdSize = tail.readUInt32LE(at + 12);
    const cdOffset = tail.readUInt32LE(at + 16);
    // A record whose central directory would end after it is a stray signature (in a comment or trailer).
    if (cdOffset !== 0xffffffff && cdSize !== 0xffffffff && cdOffset + cdSize > eocd) continue;
    return { start: prefixLength(fd, tail, at, eocd), end: base + end, eocd };
  }
  return undefined;
}
