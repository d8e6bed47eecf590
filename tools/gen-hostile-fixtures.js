#!/usr/bin/env node
'use strict';
/*
 * Hostile archives for the safety tests (test/hostile): path escapes, links out of the
 * output directory, hard links, devices, odd modes and names, lying sizes and bombs, in zip and
 * tar form. The writers below put every header byte exactly where asked, lies included, which no
 * archiving tool does. Deterministic: running it again gives the same bytes.
 *
 *   node tools/gen-hostile-fixtures.js [outDir]     (default test/fixtures/hostile)
 *
 * The writers are exported for tests that build large workloads at run time:
 *   zip(entries, { centralOnly? })  entry: { name: string|Buffer, data?: string|Buffer, dir?, symlink?: target,
 *       mode? (unix host when set), dos? (MS-DOS host), utf8?, store?, declare?: { size, csize, crc } (lies, in
 *       both headers), localOf?: index of an earlier entry whose local record this central entry reuses }
 *   tar(entries)  entry: { name: string|Buffer, data?, type? ('0' file, '1' hard link, '2' symlink, '3' char dev,
 *       '4' block dev, '5' dir, '6' fifo), link?, mode?, devmajor?, devminor?, declare?: { size } (a lie), raw? }
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

/** 2020-02-02 02:02:02 UTC: DOS times are read back under TZ=UTC by the tests. */
const TIME = new Date(Date.UTC(2020, 1, 2, 2, 2, 2));

const bytes = (v) => (v === undefined ? Buffer.alloc(0) : Buffer.isBuffer(v) ? v : Buffer.from(v, 'utf8'));

function dos(date) {
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
    date: ((date.getUTCFullYear() - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

/** A zip: local records in entry order, then the central directory and its end record. */
function zip(entries) {
  const parts = [];
  const centrals = [];
  const records = [];
  let offset = 0;
  const { time, date } = dos(TIME);
  for (const e of entries) {
    const name = bytes(e.name);
    const data = e.symlink !== undefined ? bytes(e.symlink) : bytes(e.data);
    const deflate = !e.store && !e.dir && data.length > 0;
    const stored = deflate ? zlib.deflateRawSync(data, { level: 9 }) : data;
    const lie = e.declare ?? {};
    const crc = (lie.crc ?? zlib.crc32(data)) >>> 0;
    const csize = lie.csize ?? stored.length;
    const size = lie.size ?? data.length;
    const flags = e.utf8 ? 0x800 : 0;
    const method = deflate ? 8 : 0;
    let record;
    if (e.localOf !== undefined) {
      record = records[e.localOf];
    } else {
      const local = Buffer.alloc(30);
      local.writeUInt32LE(0x04034b50, 0);
      local.writeUInt16LE(20, 4);
      local.writeUInt16LE(flags, 6);
      local.writeUInt16LE(method, 8);
      local.writeUInt16LE(time, 10);
      local.writeUInt16LE(date, 12);
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(csize, 18);
      local.writeUInt32LE(Math.min(size, 0xffffffff), 22);
      local.writeUInt16LE(name.length, 26);
      record = { offset, method };
      parts.push(local, name, stored);
      offset += local.length + name.length + stored.length;
    }
    records.push(record);
    const unix = e.mode !== undefined || e.symlink !== undefined;
    let mode = e.mode ?? 0;
    if (e.symlink !== undefined) mode = 0o120777;
    else if (unix && (mode & 0o170000) === 0) mode |= e.dir ? 0o040000 : 0o100000;
    // A declared size past 32 bits goes into a zip64 extra field (central directory only).
    const zip64 = size > 0xfffffffe;
    const extra = Buffer.alloc(zip64 ? 12 : 0);
    if (zip64) {
      extra.writeUInt16LE(0x0001, 0);
      extra.writeUInt16LE(8, 2);
      extra.writeBigUInt64LE(BigInt(size), 4);
    }
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(((unix && !e.dos ? 3 : 0) << 8) | 20, 4);
    central.writeUInt16LE(zip64 ? 45 : 20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(record.method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(csize, 20);
    central.writeUInt32LE(zip64 ? 0xffffffff : size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt16LE(extra.length, 30);
    central.writeUInt32LE(((mode << 16) | (e.dir ? 0x10 : 0)) >>> 0, 38);
    central.writeUInt32LE(record.offset, 42);
    centrals.push(central, name, extra);
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

function octal(header, at, width, value) {
  header.write(value.toString(8).padStart(width - 1, '0'), at, width - 1, 'ascii');
}

/** A ustar archive; names up to 100 bytes (the tests need nothing longer). */
function tar(entries) {
  const blocks = [];
  for (const e of entries) {
    const name = bytes(e.name);
    if (name.length > 100) throw new Error(`tar name too long for this writer: ${e.name}`);
    const type = e.type ?? (e.dir ? '5' : e.symlink !== undefined ? '2' : '0');
    const data = type === '0' ? bytes(e.data) : Buffer.alloc(0);
    const header = Buffer.alloc(512);
    name.copy(header, 0);
    octal(header, 100, 8, e.mode ?? (type === '5' ? 0o755 : 0o644));
    octal(header, 108, 8, 0);
    octal(header, 116, 8, 0);
    octal(header, 124, 12, e.declare?.size ?? data.length);
    octal(header, 136, 12, Math.floor(TIME.getTime() / 1000));
    header.write(type, 156, 1, 'ascii');
    bytes(e.link ?? e.symlink).copy(header, 157);
    header.write('ustar\u000000', 257, 8, 'ascii');
    header.write('root', 265, 'ascii');
    header.write('root', 297, 'ascii');
    octal(header, 329, 8, e.devmajor ?? 0);
    octal(header, 337, 8, e.devminor ?? 0);
    header.fill(' ', 148, 156);
    let sum = 0;
    for (const b of header) sum += b;
    header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
    blocks.push(header);
    const body = e.raw !== undefined ? bytes(e.raw) : data;
    if (body.length > 0) blocks.push(body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  return Buffer.concat(blocks);
}

const gz = (buffer) => zlib.gzipSync(buffer, { level: 9, mtime: 0 });
const MiB = 1024 * 1024;
const zeros = (n) => Buffer.alloc(n);

/** Absolute names the tests check were never created (outside any sandbox on purpose). */
const ABSOLUTE = '/tmp/goalhost-hostile-absolute.txt';

/**
 * One fixture per hostile shape and format. Zip entries are written by a Unix host (names kept
 * verbatim) unless `dos` is set; every archive starts with a harmless `ok.txt` so the tests see
 * that entries before a refusal stay and nothing after it is written.
 */
function both(entries) {
  return { zip: zip(entries), tar: tar(entries) };
}

function fixtures() {
  const ok = { name: 'ok.txt', data: 'ok\n', mode: 0o644 };
  const after = { name: 'after.txt', data: 'after\n', mode: 0o644 };
  const f = (name, data = 'evil\n') => ({ name, data, mode: 0o644 });
  const sets = {
    dotdot: both([ok, f('../../goalhost-escaped.txt'), after]),
    'dotdot-inner': both([ok, f('inc/../../goalhost-escaped-inner.txt'), after]),
    sibling: both([ok, f('../dependency-evil/pwned.txt'), after]),
    absolute: both([ok, f(ABSOLUTE), after]),
    drive: both([ok, f('C:\\goalhost-drive.txt'), after]),
    unc: both([ok, f('\\\\server\\share\\goalhost-unc.txt'), after]),
    'symlink-escape': both([ok, { name: 'escape', symlink: '../../..' }, f('escape/goalhost-through.txt'), after]),
    'symlink-absolute': both([ok, { name: 'abs', symlink: '/tmp' }, f('abs/goalhost-through-abs.txt'), after]),
    // deep/deeper/up points at the output directory itself (inside); `sneaky` reads as inside
    // (deep/deeper) when `..` is taken literally, but through `up` it is the output's parent.
    'symlink-chain': both([
      ok,
      { name: 'deep/deeper/', dir: true, mode: 0o755 },
      { name: 'deep/deeper/up', symlink: '../..' },
      { name: 'sneaky', symlink: 'deep/deeper/up/..' },
      f('sneaky/goalhost-chain.txt'),
      after,
    ]),
    setuid: both([
      { name: 'suid', data: 'suid\n', mode: 0o4755 },
      { name: 'sgid', data: 'sgid\n', mode: 0o2755 },
      { name: 'both', data: 'both\n', mode: 0o6755 },
      { name: 'sticky', data: 'sticky\n', mode: 0o1777 },
      { name: 'shared/', dir: true, mode: 0o2775 },
      { name: 'shared/file', data: 'shared\n', mode: 0o2644 },
    ]),
    duplicates: both([
      f('same.txt', 'one\n'),
      f('same.txt', 'two\n'),
      f('other.txt', 'other\n'),
      f('same.txt', 'three\n'),
    ]),
    case: both([
      f('README.txt', 'upper\n'),
      f('readme.txt', 'lower\n'),
      f('ReadMe.TXT', 'mixed\n'),
      f('Dir/a.txt', 'D\n'),
      f('dir/a.txt', 'd\n'),
    ]),
    'bad-utf8': both([
      f(Buffer.from('bad-\xff\xfe.txt', 'latin1'), 'ff fe\n'),
      f(Buffer.from('caf\xe9.txt', 'latin1'), 'latin1\n'),
      f(Buffer.from('half-\xc3.txt', 'latin1'), 'truncated sequence\n'),
      f(Buffer.from('dir-\xc0\xaf/x.txt', 'latin1'), 'overlong slash\n'),
    ]),
  };
  const out = {};
  for (const [name, { zip: z, tar: t }] of Object.entries(sets)) {
    out[`${name}.zip`] = z;
    out[`${name}.tar`] = t;
  }
  Object.assign(out, {
    'bad-utf8-flagged.zip': zip([
      { name: Buffer.from('flag-\xc3\x28.txt', 'latin1'), data: 'flagged\n', mode: 0o644, utf8: true },
    ]),
    'drive-dos.zip': zip([
      { name: 'ok.txt', data: 'ok\n' },
      { name: 'C:\\goalhost-drive-dos.txt', data: 'evil\n' },
    ]),
    'nul-name.zip': zip([ok, f(Buffer.from('nul\u0000name.txt', 'latin1')), after]),
    'long-name.zip': zip([ok, f(`${'n'.repeat(300)}.txt`), after]),
    'hardlink-outside.tar': tar([ok, { name: 'passwd', type: '1', link: '/etc/passwd' }, after]),
    'hardlink-dotdot.tar': tar([ok, { name: 'up', type: '1', link: '../../goalhost-outside.txt' }, after]),
    'hardlink-inside.tar': tar([f('a.txt', 'a\n'), { name: 'b.txt', type: '1', link: 'a.txt' }]),
    'devices.tar': tar([
      ok,
      { name: 'dev/', dir: true },
      { name: 'dev/null', type: '3', mode: 0o666, devmajor: 1, devminor: 3 },
      { name: 'dev/sda', type: '4', mode: 0o660, devmajor: 8, devminor: 0 },
      { name: 'dev/fifo', type: '6', mode: 0o644 },
    ]),
    // Sizes that lie: the declared size is small but the data inflates to 64 MiB; the declared
    // size is large but the data is short; the compressed size points past the end of the file.
    'size-lie-small.zip': zip([
      ok,
      { name: 'liar.bin', data: zeros(64 * MiB), mode: 0o644, declare: { size: 16 } },
      after,
    ]),
    'size-lie-large.zip': zip([ok, { name: 'liar.txt', data: 'short\n', mode: 0o644, declare: { size: MiB } }, after]),
    'csize-lie.zip': zip([
      ok,
      { name: 'liar.txt', data: 'short\n', mode: 0o644, store: true, declare: { csize: 0x7ffffff0 } },
      after,
    ]),
    'csize-lie-deflated.zip': zip([
      ok,
      { name: 'liar.txt', data: 'short short short\n', mode: 0o644, declare: { csize: 0x7ffffff0 } },
      after,
    ]),
    // tar: the header claims 4 KiB, the archive ends after one block; and a header that claims
    // 6 bytes followed by 600 bytes of text the parser must not take for headers.
    'size-lie-long.tar': tar([ok, { name: 'liar.txt', declare: { size: 4096 }, raw: 'x'.repeat(512) }]).subarray(
      0,
      1536,
    ),
    'size-lie-short.tar': tar([ok, { name: 'liar.txt', declare: { size: 6 }, raw: 'garbage '.repeat(75) }, after]),
    // Bombs: 64 MiB of zeros in 64 KiB, tested against a small configured limit; and an entry
    // declaring 11 GiB (zip64), past the 10 GiB default: refused before a byte of it is written.
    'bomb.zip': zip([ok, { name: 'zeros.bin', data: zeros(64 * MiB), mode: 0o644 }]),
    'bomb.tar.gz': gz(tar([ok, { name: 'zeros.bin', data: zeros(64 * MiB) }])),
    'bomb-declared.zip': zip([
      ok,
      { name: 'huge.bin', data: zeros(MiB), mode: 0o644, declare: { size: 11 * 1024 * MiB } },
      after,
    ]),
    // Fifield-style overlap: many central entries share one local record of 1 MiB.
    'bomb-overlap.zip': zip([
      { name: 'shared.bin', data: zeros(MiB), mode: 0o644 },
      ...Array.from({ length: 40 }, (_, i) => ({ name: `copy${i}.bin`, data: zeros(MiB), mode: 0o644, localOf: 0 })),
    ]),
  });
  return out;
}

module.exports = { zip, tar, gz, ABSOLUTE, fixtures };

if (require.main === module) {
  const out = path.resolve(process.argv[2] ?? path.join(__dirname, '..', 'test', 'fixtures', 'hostile'));
  fs.mkdirSync(out, { recursive: true });
  const all = fixtures();
  for (const [name, data] of Object.entries(all)) fs.writeFileSync(path.join(out, name), data);
  process.stdout.write(`${Object.keys(all).length} hostile fixtures written to ${out}\n`);
}
