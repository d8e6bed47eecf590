import { decodeUtf8 } from '../name-decoder';

/**
 * The fields of a 512-byte tar header and of PAX extended headers, read the way commons-compress
 * 1.22 (Maven's tar reader) reads them: numbers strictly octal (leading spaces, trailing spaces
 * and NULs allowed) or base-256, names up to the first NUL, decoded as UTF-8 with a malformed
 * sequence shown as '?' (commons-compress's name decoder); PAX values with U+FFFD instead (Java's
 * String). The checksum is not enforced, as in commons-compress.
 */

export class TarFormatError extends Error {}

const utf8 = new TextDecoder('utf-8');

/**
 * UTF-8 text; each malformed sequence becomes '?', as a Java program writes it, and a U+FFFD the
 * name really holds stays one (sharpcompress's Tar.oldgnu.tar.gz names a file with three).
 */
export function decodeName(bytes: Uint8Array): string {
  let ascii = true;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] >= 0x80) ascii = false;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return ascii ? buffer.toString('latin1') : decodeUtf8(buffer);
}

/** A NUL-terminated name field. */
export function nameField(block: Uint8Array, offset: number, length: number): string {
  let end = offset;
  while (end < offset + length && block[end] !== 0) end++;
  return end === offset ? '' : decodeName(block.subarray(offset, end));
}

function shown(block: Uint8Array, offset: number, length: number): string {
  let s = '';
  for (let i = offset; i < offset + length; i++) s += block[i] === 0 ? '{NUL}' : String.fromCharCode(block[i]);
  return s;
}

/** An octal field; throws on anything but octal digits between the optional padding. */
export function octalField(block: Uint8Array, offset: number, length: number): number {
  if (block[offset] === 0) return 0;
  let start = offset;
  let end = offset + length;
  while (start < end && block[start] === 0x20) start++;
  while (start < end && (block[end - 1] === 0 || block[end - 1] === 0x20)) end--;
  let value = 0;
  for (let i = start; i < end; i++) {
    const c = block[i];
    if (c < 0x30 || c > 0x37) {
      throw new TarFormatError(
        `Corrupted TAR archive. Invalid byte ${c} at offset ${i - offset} in '${shown(block, offset, length)}' len=${length}`,
      );
    }
    value = value * 8 + (c - 0x30);
  }
  return value;
}

/**
 * An octal or (high bit of the first byte set) base-256 field, as GNU tar and star write large
 * values. Like commons-compress, a short binary field wraps around instead of failing; a long
 * one (size, mtime) beyond a signed 64-bit number is refused.
 */
export function numberField(block: Uint8Array, offset: number, length: number): number {
  const first = block[offset];
  if ((first & 0x80) === 0) return octalField(block, offset, length);
  const negative = first === 0xff;
  let value = 0n;
  for (let i = offset + 1; i < offset + length; i++) value = (value << 8n) | BigInt(block[i]);
  if (negative) value -= 1n << BigInt((length - 1) * 8);
  if (length < 9) return Number(BigInt.asIntN(64, value));
  if (value >= 1n << 63n || value < -(1n << 63n)) {
    throw new TarFormatError(`At offset ${offset}, ${length} byte binary number exceeds maximum signed long value`);
  }
  return Number(value);
}

export function isZeroBlock(block: Uint8Array): boolean {
  for (let i = 0; i < block.length; i++) if (block[i] !== 0) return false;
  return true;
}

function ascii(block: Uint8Array, offset: number, text: string): boolean {
  for (let i = 0; i < text.length; i++) if (block[offset + i] !== text.charCodeAt(i)) return false;
  return true;
}

export type HeaderFormat = 'oldgnu' | 'posix' | 'xstar' | 'v7';

export function headerFormat(block: Uint8Array, globalArchType: string | undefined): HeaderFormat {
  if (ascii(block, 257, 'ustar ')) return 'oldgnu';
  if (!ascii(block, 257, 'ustar\0')) return 'v7';
  if (ascii(block, 508, 'tar\0')) return 'xstar';
  if (globalArchType !== undefined)
    return globalArchType === 'xustar' || globalArchType === 'exustar' ? 'xstar' : 'posix';
  // xustar: no signature; a prefix that ends early (byte 130 is NUL) and two octal times after it.
  if (block[345 + 130] !== 0) return 'posix';
  return xstarTime(block, 476) && xstarTime(block, 488) ? 'xstar' : 'posix';
}

function xstarTime(block: Uint8Array, offset: number): boolean {
  if ((block[offset] & 0x80) !== 0) return true;
  for (let i = offset; i < offset + 11; i++) if (block[i] < 0x30 || block[i] > 0x37) return false;
  return block[offset + 11] === 0x20 || block[offset + 11] === 0;
}

/** One stored run of a sparse file: `numbytes` bytes of data belong at `offset`. */
export interface SparseRun {
  readonly offset: number;
  readonly numbytes: number;
}

/** `count` sparse structs (12-byte offset, 12-byte size) starting at `offset`. */
export function sparseStructs(block: Uint8Array, offset: number, count: number): SparseRun[] {
  const runs: SparseRun[] = [];
  for (let i = 0; i < count; i++) {
    const at = offset + i * 24;
    let run: SparseRun;
    try {
      run = { offset: numberField(block, at, 12), numbytes: numberField(block, at + 12, 12) };
    } catch (e) {
      // Maven shows the cause after the message.
      throw new TarFormatError(`Corrupted TAR archive, sparse entry is invalid: ${(e as Error).message}`);
    }
    if (run.offset < 0) throw new TarFormatError('Corrupted TAR archive, sparse entry with negative offset');
    if (run.numbytes < 0) throw new TarFormatError('Corrupted TAR archive, sparse entry with negative numbytes');
    runs.push(run);
  }
  return runs;
}

/** The runs in file order, empty ones dropped; overlapping or oversized maps are refused. */
export function orderedRuns(runs: readonly SparseRun[], realSize: number, name: string): SparseRun[] {
  const ordered = runs.filter((r) => r.offset > 0 || r.numbytes > 0).sort((a, b) => a.offset - b.offset);
  for (let i = 0; i + 1 < ordered.length; i++) {
    if (ordered[i].offset + ordered[i].numbytes > ordered[i + 1].offset) {
      throw new TarFormatError(`Corrupted TAR archive. Sparse blocks for ${name} overlap each other.`);
    }
  }
  const last = ordered[ordered.length - 1];
  if (last && last.offset + last.numbytes > realSize) {
    throw new TarFormatError('Corrupted TAR archive. Sparse block extends beyond real size of the entry');
  }
  return ordered;
}

/** Keywords and values of a PAX header, and the sparse runs of a PAX 0.0 sparse file. */
export interface PaxRecords {
  readonly values: Map<string, string>;
  readonly runs: SparseRun[];
}

/** commons-compress's messages run "Paxheader." into what follows. */
function paxError(what: string): TarFormatError {
  return new TarFormatError(`Failed to read Paxheader.${what}`);
}

/** Java's message for a value Long.parseLong refuses. */
export function javaLongError(text: string): string {
  return `For input string: "${text}"`;
}

/**
 * Java's message for a value \`new BigDecimal(text)\` refuses (how commons-compress reads PAX
 * times), or '' where Java's exception has none; undefined when Java reads it.
 */
export function bigDecimalError(text: string): string | undefined {
  let i = text[0] === '+' || text[0] === '-' ? 1 : 0;
  if (text.length === 0) return '';
  let digits = 0;
  let dot = false;
  for (; i < text.length; i++) {
    const c = text[i];
    if (c >= '0' && c <= '9') digits++;
    else if (c === '.') {
      if (dot) return 'Character array contains more than one decimal point.';
      dot = true;
    } else if (c === 'e' || c === 'E') {
      let j = i + 1;
      if (text[j] === '+' || text[j] === '-') j++;
      if (j >= text.length) return '';
      for (let k = j; k < text.length; k++) if (text[k] < '0' || text[k] > '9') return 'Not a digit.';
      if (text.slice(j).replace(/^0+/, '').length > 10) return 'Too many nonzero exponent digits.';
      break;
    } else return `Character ${c} is neither a decimal digit number, decimal point, nor "e" notation exponential mark.`;
  }
  return digits === 0 ? 'No digits found.' : undefined;
}

/** Decimal integer as Java's Long.parseLong reads it, else undefined. */
export function javaLong(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : undefined;
}

/**
 * `length keyword=value\n` records (PAX extended header data), seeded with `inherited` (the
 * global headers). A record with an empty value removes the keyword.
 */
export function paxRecords(data: Uint8Array, inherited: ReadonlyMap<string, string>): PaxRecords {
  const values = new Map(inherited);
  const runs: SparseRun[] = [];
  let pendingOffset: number | undefined;
  const n = data.length;
  let i = 0;
  while (i < n) {
    let length = 0;
    const recordStart = i;
    while (i < n) {
      const c = data[i++];
      if (c === 0x0a) break;
      if (c === 0x20) {
        const keywordStart = i;
        while (i < n) {
          const k = data[i++];
          if (i >= n) break;
          if (k !== 0x3d) continue;
          const keyword = utf8.decode(data.subarray(keywordStart, i - 1));
          const rest = length - (i - recordStart);
          if (rest <= 1) values.delete(keyword);
          else if (rest > n - i) throw new TarFormatError(`Paxheader value size ${rest} exceeds size of header record`);
          else {
            if (data[i + rest - 1] !== 0x0a) throw paxError('Value should end with a newline');
            // commons-compress decodes a value as Java's String does: a malformed sequence is
            // U+FFFD, kept in the file name (header names and GNU long names get '?' instead).
            const value = utf8.decode(data.subarray(i, i + rest - 1));
            i += rest;
            values.set(keyword, value);
            if (keyword === 'GNU.sparse.offset') {
              if (pendingOffset !== undefined) runs.push({ offset: pendingOffset, numbytes: 0 });
              pendingOffset = javaLong(value);
              if (pendingOffset === undefined) throw paxError('GNU.sparse.offset contains a non-numeric value');
              if (pendingOffset < 0) throw paxError('GNU.sparse.offset contains negative value');
            } else if (keyword === 'GNU.sparse.numbytes') {
              if (pendingOffset === undefined)
                throw paxError('GNU.sparse.offset is expected before GNU.sparse.numbytes shows up.');
              const numbytes = javaLong(value);
              if (numbytes === undefined) throw paxError('GNU.sparse.numbytes contains a non-numeric value.');
              if (numbytes < 0) throw paxError('GNU.sparse.numbytes contains negative value');
              runs.push({ offset: pendingOffset, numbytes });
              pendingOffset = undefined;
            }
          }
          break;
        }
        break;
      }
      if (c < 0x30 || c > 0x39) throw paxError(' Encountered a non-number while reading length');
      length = length * 10 + (c - 0x30);
    }
  }
  if (pendingOffset !== undefined) runs.push({ offset: pendingOffset, numbytes: 0 });
  return { values, runs };
}

/** PAX 0.1 `GNU.sparse.map`: "offset,size[,offset,size...]". */
export function pax01Runs(map: string): SparseRun[] {
  const parts = map.split(',');
  if (parts.length % 2 === 1)
    throw new TarFormatError('Corrupted TAR archive. Bad format in GNU.sparse.map PAX Header');
  const runs: SparseRun[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const offset = javaLong(parts[i]);
    const numbytes = javaLong(parts[i + 1]);
    if (offset === undefined || numbytes === undefined || offset < 0 || numbytes < 0) {
      throw new TarFormatError('Corrupted TAR archive. Sparse struct offset or numbytes is not a valid number');
    }
    runs.push({ offset, numbytes });
  }
  return runs;
}

/**
 * PAX decimal seconds (`mtime=1321711775.972059463`, also with an exponent, as Java's BigDecimal
 * reads them) as whole milliseconds, rounded down like Java's Instant; undefined when malformed.
 */
export function paxTimeMs(text: string): number | undefined {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) return undefined;
  if (m[4] !== undefined) {
    const value = Number(text);
    return Number.isFinite(value) ? Math.floor(value * 1000) : undefined;
  }
  const negative = m[1] === '-';
  const whole = Number(m[2] || '0');
  const fraction = (m[3] ?? '').padEnd(3, '0');
  const ms = whole * 1000 + Number(fraction.slice(0, 3));
  const below = /[1-9]/.test(fraction.slice(3));
  if (!Number.isSafeInteger(ms)) return undefined;
  return negative ? -ms - (below ? 1 : 0) : ms;
}
