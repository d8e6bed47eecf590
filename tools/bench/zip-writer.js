'use strict';
/*
 * A streaming zip writer for the benchmark workloads: deflated files and directory entries
 * with unix modes (as Maven's archiver writes them on Linux), fixed times, and the zip64 end
 * records once an archive holds 65,535 entries or more (MDEP-421's 84,000-entry archive needs
 * them; Info-ZIP unzip, java.util.zip and yauzl all read them). Writes go to the file as they
 * come, so a 100 MB archive never sits in memory.
 */
const fs = require('node:fs');
const zlib = require('node:zlib');

const UTF8_FLAG = 0x0800;
const MADE_BY_UNIX = (3 << 8) | 20;
const FLUSH_AT = 4 * 1024 * 1024;

function dosTime(date) {
  // DOS fields hold local time; the workloads are read back in whatever zone the machine has,
  // and only equality across tools matters, so UTC fields are fine.
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

class ZipWriter {
  /** @param {string} file  @param {{ mtime?: Date, level?: number }} [options] */
  constructor(file, options = {}) {
    this.fd = fs.openSync(file, 'w');
    this.offset = 0;
    this.pending = [];
    this.pendingBytes = 0;
    this.central = [];
    this.count = 0;
    this.dos = dosTime(options.mtime || new Date(Date.UTC(2020, 0, 1, 0, 0, 0)));
    this.level = options.level ?? 6;
  }

  /** A directory entry; `name` ends with '/'. */
  addDirectory(name, mode = 0o755) {
    this.entry(name.endsWith('/') ? name : `${name}/`, Buffer.alloc(0), 0, 0o040000 | mode, 0x10);
  }

  /** A regular file, deflated (stored when empty). */
  addFile(name, content, mode = 0o644) {
    const method = content.length > 0 ? 8 : 0;
    const data = method === 8 ? zlib.deflateRawSync(content, { level: this.level }) : content;
    this.entry(name, data, method, 0o100000 | mode, 0, content);
  }

  entry(name, data, method, unixMode, dosAttributes, original = data) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(original) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_FLAG, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(this.dos.time, 10);
    local.writeUInt16LE(this.dos.date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(original.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    local.writeUInt16LE(0, 28);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(MADE_BY_UNIX, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_FLAG, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(this.dos.time, 12);
    central.writeUInt16LE(this.dos.date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(original.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(((unixMode << 16) | dosAttributes) >>> 0, 38);
    central.writeUInt32LE(this.offset, 42);
    this.central.push(central, nameBytes);

    this.push(local);
    this.push(nameBytes);
    this.push(data);
    this.count++;
  }

  push(buffer) {
    this.pending.push(buffer);
    this.pendingBytes += buffer.length;
    this.offset += buffer.length;
    if (this.offset > 0xfffffff0) throw new Error('zip-writer: archives past 4 GB are not supported');
    if (this.pendingBytes >= FLUSH_AT) this.flush();
  }

  flush() {
    if (this.pending.length === 0) return;
    const chunk = Buffer.concat(this.pending);
    let done = 0;
    while (done < chunk.length) done += fs.writeSync(this.fd, chunk, done, chunk.length - done);
    this.pending = [];
    this.pendingBytes = 0;
  }

  /** Central directory and end records; closes the file. */
  close() {
    const cdOffset = this.offset;
    for (const b of this.central) this.push(b);
    const cdSize = this.offset - cdOffset;
    const zip64 = this.count >= 0xffff;
    if (zip64) {
      const record = Buffer.alloc(56);
      const recordOffset = this.offset;
      record.writeUInt32LE(0x06064b50, 0);
      record.writeBigUInt64LE(44n, 4);
      record.writeUInt16LE((MADE_BY_UNIX & 0xff00) | 45, 12);
      record.writeUInt16LE(45, 14);
      record.writeBigUInt64LE(BigInt(this.count), 24);
      record.writeBigUInt64LE(BigInt(this.count), 32);
      record.writeBigUInt64LE(BigInt(cdSize), 40);
      record.writeBigUInt64LE(BigInt(cdOffset), 48);
      this.push(record);
      const locator = Buffer.alloc(20);
      locator.writeUInt32LE(0x07064b50, 0);
      locator.writeBigUInt64LE(BigInt(recordOffset), 8);
      locator.writeUInt32LE(1, 16);
      this.push(locator);
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 8);
    end.writeUInt16LE(Math.min(this.count, 0xffff), 10);
    end.writeUInt32LE(cdSize, 12);
    end.writeUInt32LE(cdOffset, 16);
    this.push(end);
    this.flush();
    fs.closeSync(this.fd);
    this.central = [];
  }
}

module.exports = { ZipWriter };
