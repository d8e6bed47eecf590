'use strict';
/*
 * Byte-exact zip and tar writers for the unpack fixtures and tests: entry names (raw bytes too),
 * unix modes or MS-DOS host, DOS and tar times, symlinks, directories, hard links, duplicates and
 * hostile names are all written exactly as asked, which no archiving tool allows.
 *
 *   zipBuffer(entries, options) / tarBuffer(entries)
 *   entry: { name: string | Buffer, content?: string | Buffer, dir?: true, symlink?: 'target',
 *            hardlink?: 'target', mode?: 0o755 (zip: unix host; none: MS-DOS host),
 *            mtime?: Date, store?: true, utf8?: true, extra?: Buffer (extra fields, both headers),
 *            method?: n with compressed?: Buffer and flags?: n (data already compressed by method n) }
 */
const zlib = require('node:zlib');

const DEFAULT_TIME = new Date(Date.UTC(2019, 5, 1, 12, 0, 0));

function dosDateTime(date) {
  // DOS times are local time; fixtures are read back under TZ=UTC, so write UTC fields.
  const time = (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2);
  const day = ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate();
  return { time, day };
}

function bytes(value) {
  if (value === undefined) return Buffer.alloc(0);
  return Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
}

/** A zip archive: local headers and data in entry order, then the central directory. */
function zipBuffer(entries, options = {}) {
  const locals = [];
  const centrals = [];
  let offset = 0;
  for (const e of entries) {
    const name = bytes(e.name);
    const extra = e.extra || Buffer.alloc(0);
    const data = e.symlink !== undefined ? bytes(e.symlink) : bytes(e.content);
    const deflate = e.method === undefined && !e.store && !e.dir && data.length > 0;
    const method = e.method !== undefined ? e.method : deflate ? 8 : 0;
    const stored = e.method !== undefined ? e.compressed : deflate ? zlib.deflateRawSync(data) : data;
    const crc = zlib.crc32(data) >>> 0;
    const { time, day } = dosDateTime(e.mtime || DEFAULT_TIME);
    const unix = e.mode !== undefined || e.symlink !== undefined;
    let mode = e.mode !== undefined ? e.mode : 0;
    if (e.symlink !== undefined) mode = 0o120000 | (mode & 0o7777 || 0o777);
    else if (unix && !(mode & 0o170000)) mode |= e.dir ? 0o040000 : 0o100000;
    const madeBy = unix ? (3 << 8) | 20 : 20;
    const flags = (e.utf8 ? 0x800 : 0) | (e.flags || 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(day, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(extra.length, 28);
    locals.push(local, name, extra, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(madeBy, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(day, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(unix ? (mode << 16) >>> 0 : e.dir ? 0x10 : 0, 38);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name, extra);
    offset += local.length + name.length + extra.length + stored.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  const zip = Buffer.concat([...locals, cd, end]);
  return options.corrupt ? options.corrupt(zip) : zip;
}

function octal(value, width) {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function tarHeader(name, { size = 0, mode = 0o644, mtime = DEFAULT_TIME, type = '0', linkname = '' }) {
  const h = Buffer.alloc(512);
  bytes(name).copy(h, 0, 0, 100);
  h.write(octal(mode & 0o7777, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  bytes(linkname).copy(h, 157, 0, 100);
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 'ascii');
  return h;
}

function padded(data) {
  const rest = data.length % 512;
  return rest === 0 ? [data] : [data, Buffer.alloc(512 - rest)];
}

/** A ustar archive; names over 100 bytes get a GNU long-name ('L') header. */
function tarBuffer(entries) {
  const parts = [];
  for (const e of entries) {
    const name = bytes(e.name);
    if (name.length > 100) {
      const long = Buffer.concat([name, Buffer.alloc(1)]);
      parts.push(tarHeader('././@LongLink', { size: long.length, type: 'L', mode: 0 }), ...padded(long));
    }
    const mtime = e.mtime || DEFAULT_TIME;
    if (e.dir) parts.push(tarHeader(name, { mode: e.mode ?? 0o755, mtime, type: '5' }));
    else if (e.symlink !== undefined)
      parts.push(tarHeader(name, { mode: e.mode ?? 0o777, mtime, type: '2', linkname: e.symlink }));
    else if (e.hardlink !== undefined)
      parts.push(tarHeader(name, { mode: e.mode ?? 0o644, mtime, type: '1', linkname: e.hardlink }));
    else {
      const data = bytes(e.content);
      parts.push(tarHeader(name, { size: data.length, mode: e.mode ?? 0o644, mtime }), ...padded(data));
    }
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** Info-ZIP extended timestamp extra field (0x5455) holding a modification time. */
function extendedTimestamp(date) {
  const field = Buffer.alloc(9);
  field.writeUInt16LE(0x5455, 0);
  field.writeUInt16LE(5, 2);
  field[4] = 1;
  field.writeInt32LE(Math.floor(date.getTime() / 1000), 5);
  return field;
}

/** NTFS extra field (0x000a) with modification, access and creation times (100 ns units). */
function ntfsTimes(date) {
  const field = Buffer.alloc(36);
  field.writeUInt16LE(0x000a, 0);
  field.writeUInt16LE(32, 2);
  field.writeUInt16LE(1, 8);
  field.writeUInt16LE(24, 10);
  const ticks = BigInt(date.getTime()) * 10000n + 116444736000000000n;
  for (const at of [12, 20, 28]) field.writeBigUInt64LE(ticks, at);
  return field;
}

module.exports = { zipBuffer, tarBuffer, extendedTimestamp, ntfsTimes, DEFAULT_TIME };
