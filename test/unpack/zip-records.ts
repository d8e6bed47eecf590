import * as zlib from 'node:zlib';

/**
 * Zips made record by record (stored entries), for the damaged archives other projects keep in
 * their test suites (yauzl, zip2, libarchive) and no tool writes on purpose: each field can be
 * set, and `layout` says where every record landed so a test can damage one afterwards.
 */
export interface ZipRecordEntry {
  /** The name's bytes (a string is written as UTF-8; no UTF-8 flag is set either way). */
  readonly name: string | Buffer;
  readonly content: string;
  /** Extra block of the local header (raw bytes). */
  readonly localExtra?: Buffer;
  /** Extra block of the central directory record (raw bytes). */
  readonly centralExtra?: Buffer;
}

export interface ZipLayout {
  readonly bytes: Buffer;
  /** Offset of each entry's local header. */
  readonly localHeaders: number[];
  /** Offset of each central directory record, in central directory order. */
  readonly centralRecords: number[];
  readonly centralDirectory: number;
  readonly endRecord: number;
}

/** DOS time 2021-03-04 05:06:08 (read in UTC, as the tests run). */
const DOS_TIME = (5 << 11) | (6 << 5) | 4;
const DOS_DATE = ((2021 - 1980) << 9) | (3 << 5) | 4;

/** `centralOrder`: the entries' order in the central directory (default: the local headers' order). */
export function zipRecords(
  entries: readonly ZipRecordEntry[],
  centralOrder: readonly number[] = entries.map((_, i) => i),
): ZipLayout {
  const parts: Buffer[] = [];
  const localHeaders: number[] = [];
  let at = 0;
  const datas = entries.map((e) => Buffer.from(e.content));
  entries.forEach((e, i) => {
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name);
    const extra = e.localExtra ?? Buffer.alloc(0);
    const h = Buffer.alloc(30);
    h.writeUInt32LE(0x04034b50, 0);
    h.writeUInt16LE(10, 4);
    h.writeUInt16LE(DOS_TIME, 10);
    h.writeUInt16LE(DOS_DATE, 12);
    h.writeUInt32LE(zlib.crc32(datas[i]) >>> 0, 14);
    h.writeUInt32LE(datas[i].length, 18);
    h.writeUInt32LE(datas[i].length, 22);
    h.writeUInt16LE(name.length, 26);
    h.writeUInt16LE(extra.length, 28);
    localHeaders.push(at);
    const record = Buffer.concat([h, name, extra, datas[i]]);
    parts.push(record);
    at += record.length;
  });
  const centralDirectory = at;
  const centralRecords: number[] = [];
  centralOrder.forEach((i) => {
    const e = entries[i];
    const name = Buffer.isBuffer(e.name) ? e.name : Buffer.from(e.name);
    const extra = e.centralExtra ?? Buffer.alloc(0);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE((3 << 8) | 30, 4);
    c.writeUInt16LE(10, 6);
    c.writeUInt16LE(DOS_TIME, 12);
    c.writeUInt16LE(DOS_DATE, 14);
    c.writeUInt32LE(zlib.crc32(datas[i]) >>> 0, 16);
    c.writeUInt32LE(datas[i].length, 20);
    c.writeUInt32LE(datas[i].length, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt16LE(extra.length, 30);
    c.writeUInt32LE((0o100644 << 16) >>> 0, 38);
    c.writeUInt32LE(localHeaders[i], 42);
    centralRecords.push(at);
    const record = Buffer.concat([c, name, extra]);
    parts.push(record);
    at += record.length;
  });
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(at - centralDirectory, 12);
  end.writeUInt32LE(centralDirectory, 16);
  parts.push(end);
  return { bytes: Buffer.concat(parts), localHeaders, centralRecords, centralDirectory, endRecord: at };
}

/** An extra field: id, length, data (the length can be given to lie). */
export function extraField(id: number, data: Buffer, length = data.length): Buffer {
  const h = Buffer.alloc(4);
  h.writeUInt16LE(id, 0);
  h.writeUInt16LE(length, 2);
  return Buffer.concat([h, data]);
}

/** An extended timestamp field (0x5455): flag 1 and the modification time, or flags alone. */
export function extendedTimestamp(seconds?: number): Buffer {
  if (seconds === undefined) return extraField(0x5455, Buffer.from([0]));
  const data = Buffer.alloc(5);
  data[0] = 1;
  data.writeInt32LE(seconds, 1);
  return extraField(0x5455, data);
}
