#!/usr/bin/env node
'use strict';
/*
 * The floor under any zip unpacker on this machine: the CPU time of only inflating every entry
 * of a workload's archives with Node's zlib (no file written, no listing, no planning), and that
 * time spread perfectly over every core. An unpacker built on the same zlib cannot finish faster
 * than the second figure; compare it with a wall-time target before chasing one. Two ways, each
 * the median of --repeat runs (default 3; single samples move by half on a loaded machine):
 *   one-shot  `zlib.inflateRawSync` per entry (a stream, a window and an output buffer each);
 *   reused    goalhost's own inflater (one zlib stream per thread, reset between entries, into a
 *             reused buffer of the declared size) plus the CRC-32 check: what its write threads
 *             run per entry (needs `npm run build`).
 *
 *   node tools/bench/inflate-floor.js [--quick] [--repeat N] many|huge|wide ...   (workloads `npm run bench` generated)
 *
 * Each archive is read into memory once, before the measured runs.
 * The bench's archives carry sizes in their local headers, so entries are read in file order.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { ROOT } = require('./commands');

function archivesOf(workload, quick) {
  const dir = path.join(ROOT, 'bench-work', quick ? 'quick' : 'full', 'repo', 'bench', workload);
  const out = [];
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (p.endsWith('.zip')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** goalhost's per-entry inflate and CRC check, from the build. */
function reusedInflate() {
  const { rawInflater } = require(path.join(ROOT, 'packages', 'archive', 'dist', 'zip', 'raw-inflater.js'));
  return (data, size) => {
    const result = rawInflater().inflate(data, size);
    if (result.kind !== 'ok') throw new Error(`inflate failed: ${result.kind}`);
    zlib.crc32(result.data);
    return result.data.length;
  };
}

const WAYS = {
  'one-shot': () => (data) => zlib.inflateRawSync(data).length,
  reused: reusedInflate,
};

/** Inflates every entry of one archive (its bytes) with `inflate`; returns the bytes produced. */
function inflateAll(buf, inflate) {
  let bytes = 0;
  for (let p = 0; p + 30 <= buf.length && buf.readUInt32LE(p) === 0x04034b50;) {
    const method = buf.readUInt16LE(p + 8);
    const size = buf.readUInt32LE(p + 18);
    const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const data = buf.subarray(start, start + size);
    bytes += method === 8 ? inflate(data, buf.readUInt32LE(p + 22)) : data.length;
    p = start + size;
  }
  return bytes;
}

function main(argv) {
  const quick = argv.includes('--quick');
  const repeatAt = argv.indexOf('--repeat');
  const repeat = repeatAt >= 0 ? Math.max(1, Number(argv[repeatAt + 1]) || 1) : 3;
  const names = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--repeat');
  if (names.length === 0) {
    process.stderr.write('usage: node tools/bench/inflate-floor.js [--quick] many|huge|wide ...\n');
    return 2;
  }
  const cores = os.cpus().length;
  for (const name of names) {
    const files = archivesOf(name, quick);
    if (files.length === 0) throw new Error(`no archives for ${name}: run npm run bench first`);
    // Read once, outside the measured runs: a fresh buffer per read costs this VM's kernel about
    // as much CPU as inflating its bytes (page faults), which the write threads, reading into
    // reused buffers, do not pay.
    const archives = files.map((file) => fs.readFileSync(file));
    for (const [way, make] of Object.entries(WAYS)) {
      const inflate = make();
      inflateAll(archives[0], inflate); // warm the code paths
      const samples = [];
      let bytes = 0;
      for (let r = 0; r < repeat; r++) {
        const start = process.cpuUsage();
        bytes = 0;
        for (const a of archives) bytes += inflateAll(a, inflate);
        const used = process.cpuUsage(start);
        samples.push((used.user + used.system) / 1e6);
      }
      samples.sort((a, b) => a - b);
      const cpu = samples[Math.floor(samples.length / 2)];
      console.log(
        `${name} ${way}: ${archives.length} archives, ${(bytes / 1e6).toFixed(0)} MB inflated in ${cpu.toFixed(2)} s CPU ` +
          `(median of ${repeat}, ${(bytes / 1e6 / cpu).toFixed(0)} MB/s); spread over ${cores} cores at best ` +
          `${(cpu / cores).toFixed(2)} s wall`,
      );
    }
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
