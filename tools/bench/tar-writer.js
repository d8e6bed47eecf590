'use strict';
/*
 * A ustar writer for the tar workloads of the benchmark: directories first, then files, modes
 * and a fixed time as a Maven assembly writes them, compressed by the system's own gzip and
 * bzip2 at their default levels (what `tar czf` and `tar cjf` produce) and xz at preset 1. The
 * tar goes to a temporary file first, then through the compressor.
 */
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');

const BLOCK = 512;
// xz at preset 1: generating 400 MB at the default preset takes tens of minutes on 2 cores; decoding
// costs about the same at any preset (it is bound by the output).
const COMPRESSORS = { 'tar.gz': ['gzip', ['-c']], 'tar.bz2': ['bzip2', ['-c']], 'tar.xz': ['xz', ['-c', '-1']] };

function octal(value, length) {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/** A ustar header; names over 100 bytes are split into prefix and name at a '/'. */
function header(name, size, mode, type, mtime) {
  const b = Buffer.alloc(BLOCK);
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, cut);
    name = name.slice(cut + 1);
  }
  b.write(name, 0, 100);
  b.write(octal(mode, 8), 100);
  b.write(octal(0, 8), 108);
  b.write(octal(0, 8), 116);
  b.write(octal(size, 12), 124);
  b.write(octal(mtime, 12), 136);
  b.write('        ', 148);
  b.write(type, 156);
  b.write('ustar\x0000', 257);
  b.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of b) sum += byte;
  b.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return b;
}

/**
 * Writes `dirs` and `files` ({ name, mode, content }) as a `format` archive to `file`; the tar
 * goes to a temporary file first, then through the compressor.
 */
function writeTar(file, format, dirs, files, content, mtime) {
  const raw = `${file}.tar-tmp`;
  const fd = fs.openSync(raw, 'w');
  const seconds = Math.floor(mtime.getTime() / 1000);
  for (const d of dirs) fs.writeSync(fd, header(d, 0, 0o755, '5', seconds));
  for (const f of files) {
    const data = content.file(f.name, f.size, f.kind, f.seed);
    fs.writeSync(fd, header(f.name, data.length, f.mode, '0', seconds));
    fs.writeSync(fd, data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad) fs.writeSync(fd, Buffer.alloc(pad));
  }
  fs.writeSync(fd, Buffer.alloc(BLOCK * 2));
  fs.closeSync(fd);
  const [tool, args] = COMPRESSORS[format];
  const out = fs.openSync(file, 'w');
  const r = spawnSync(tool, [...args, raw], { stdio: ['ignore', out, 'inherit'] });
  fs.closeSync(out);
  fs.rmSync(raw);
  if (r.status !== 0) throw new Error(`${tool} failed on ${file}`);
  fs.utimesSync(file, mtime, mtime);
  return dirs.length + files.length;
}

module.exports = { writeTar, TAR_FORMATS: Object.keys(COMPRESSORS) };
