import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { inflateRawSync } from 'node:zlib';
import { MessageOnlyError } from './message-only-error';

/** A zip/jar file that cannot be read; messages follow java.util.zip's wording where it matters. */
export class ZipFormatError extends MessageOnlyError {
  constructor(message: string) {
    super(message);
    this.name = 'ZipFormatError';
  }
}

/** How much of a file's end is read first to find the end record (a jar comment is rarely longer). */
const SHORT_TAIL = 1024;

interface Entry {
  readonly name: string;
  readonly method: number;
  readonly compressedSize: number;
  readonly localHeaderOffset: number;
}

/**
 * Just enough of a zip reader to list a jar's entries and read small ones (the manifest,
 * module-info.class): reads the central directory, never the whole file.
 */
export class JarReader {
  private readonly fd: number;
  readonly entries: ReadonlyMap<string, Entry>;

  /** Reads the directory of the open file `fd` of `size` bytes; closes `fd` when that fails. */
  constructor(fd: number, size: number) {
    this.fd = fd;
    try {
      this.entries = this.readDirectory(size);
    } catch (e) {
      closeSync(this.fd);
      throw e;
    }
  }

  static open(file: string): JarReader {
    const fd = openSync(file, 'r');
    let size: number;
    try {
      size = fstatSync(fd).size;
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    return new JarReader(fd, size);
  }

  close(): void {
    closeSync(this.fd);
  }

  names(): string[] {
    return [...this.entries.keys()];
  }

  read(name: string): Buffer | undefined {
    const e = this.entries.get(name);
    if (!e) return undefined;
    const header = this.bytes(e.localHeaderOffset, 30);
    if (header.readUInt32LE(0) !== 0x04034b50) throw new ZipFormatError('invalid LOC header (bad signature)');
    const start = e.localHeaderOffset + 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
    const data = this.bytes(start, e.compressedSize);
    if (e.method === 0) return data;
    if (e.method === 8) return inflateRawSync(data);
    throw new ZipFormatError(`invalid compression method ${e.method}`);
  }

  private bytes(position: number, length: number): Buffer {
    const buf = Buffer.allocUnsafe(length);
    let done = 0;
    while (done < length) {
      const n = readSync(this.fd, buf, done, length - done, position + done);
      if (n <= 0) throw new ZipFormatError('zip file is truncated');
      done += n;
    }
    return buf;
  }

  /** The end record: in the last KiB usually, else anywhere in the last 64 KiB (a long comment). */
  private findEnd(size: number): { tail: Buffer; eocd: number } {
    let tailLength = Math.min(size, SHORT_TAIL);
    for (;;) {
      const tail = this.bytes(size - tailLength, tailLength);
      for (let i = tailLength - 22; i >= 0; i--) {
        if (tail.readUInt32LE(i) === 0x06054b50 && i + 22 + tail.readUInt16LE(i + 20) <= tailLength)
          return { tail, eocd: i };
      }
      if (tailLength === Math.min(size, 0xffff + 22)) throw new ZipFormatError('zip END header not found');
      tailLength = Math.min(size, 0xffff + 22);
    }
  }

  private readDirectory(size: number): Map<string, Entry> {
    const { tail, eocd } = this.findEnd(size);
    let count = tail.readUInt16LE(eocd + 10);
    let cenSize = tail.readUInt32LE(eocd + 12);
    let cenOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || cenSize === 0xffffffff || cenOffset === 0xffffffff) {
      const locator = eocd - 20;
      if (locator >= 0 && tail.readUInt32LE(locator) === 0x07064b50) {
        const z = this.bytes(Number(tail.readBigUInt64LE(locator + 8)), 56);
        if (z.readUInt32LE(0) === 0x06064b50) {
          count = Number(z.readBigUInt64LE(32));
          cenSize = Number(z.readBigUInt64LE(40));
          cenOffset = Number(z.readBigUInt64LE(48));
        }
      }
    }
    const cen = this.bytes(cenOffset, cenSize);
    const entries = new Map<string, Entry>();
    let p = 0;
    for (let i = 0; i < count; i++) {
      if (p + 46 > cen.length || cen.readUInt32LE(p) !== 0x02014b50)
        throw new ZipFormatError('invalid CEN header (bad signature)');
      const flags = cen.readUInt16LE(p + 8);
      const method = cen.readUInt16LE(p + 10);
      let compressedSize = cen.readUInt32LE(p + 20);
      const nameLength = cen.readUInt16LE(p + 28);
      const extraLength = cen.readUInt16LE(p + 30);
      const commentLength = cen.readUInt16LE(p + 32);
      let localHeaderOffset = cen.readUInt32LE(p + 42);
      const rawName = cen.subarray(p + 46, p + 46 + nameLength);
      const name = flags & 0x800 ? rawName.toString('utf8') : rawName.toString('utf8');
      if (compressedSize === 0xffffffff || localHeaderOffset === 0xffffffff) {
        const extra = cen.subarray(p + 46 + nameLength, p + 46 + nameLength + extraLength);
        for (let q = 0; q + 4 <= extra.length;) {
          const id = extra.readUInt16LE(q);
          const len = extra.readUInt16LE(q + 2);
          if (id === 0x0001) {
            let r = q + 4;
            if (cen.readUInt32LE(p + 24) === 0xffffffff) r += 8;
            if (compressedSize === 0xffffffff) {
              compressedSize = Number(extra.readBigUInt64LE(r));
              r += 8;
            }
            if (localHeaderOffset === 0xffffffff) localHeaderOffset = Number(extra.readBigUInt64LE(r));
          }
          q += 4 + len;
        }
      }
      if (!entries.has(name)) entries.set(name, { name, method, compressedSize, localHeaderOffset });
      p += 46 + nameLength + extraLength + commentLength;
    }
    return entries;
  }
}

/** Main attributes of a MANIFEST.MF by lower-cased name (Java compares names ignoring case), continuation lines joined. */
export function readManifest(jar: JarReader): Map<string, string> | undefined {
  const data = jar.read('META-INF/MANIFEST.MF');
  if (!data) return undefined;
  const attributes = new Map<string, string>();
  let last: string | undefined;
  for (const line of data.toString('utf8').split(/\r\n|\r|\n/)) {
    if (line === '') break;
    if (line.startsWith(' ') && last !== undefined) {
      attributes.set(last, attributes.get(last) + line.slice(1));
      continue;
    }
    const colon = line.indexOf(': ');
    if (colon <= 0) continue;
    last = line.slice(0, colon).toLowerCase();
    attributes.set(last, line.slice(colon + 2));
  }
  return attributes;
}
