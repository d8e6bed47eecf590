#!/usr/bin/env node
'use strict';
/*
 * The floor under any zip unpacker on this machine: the CPU time of only inflating every entry
 * of a workload's archives with Node's zlib (no file written, no listing, no planning), and that
 * time spread perfectly over every core. An unpacker built on the same zlib cannot finish faster
 * than the second figure; compare it with a wall-time target before chasing one.
 *
 *   node tools/bench/inflate-floor.js [--quick] many|huge|wide ...   (workloads `npm run bench` generated)
 *
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

/** Inflates every entry of one archive; returns the bytes produced. */
function inflateAll(file) {
  const buf = fs.readFileSync(file);
  let bytes = 0;
  for (let p = 0; p + 30 <= buf.length && buf.readUInt32LE(p) === 0x04034b50;) {
    const method = buf.readUInt16LE(p + 8);
    const size = buf.readUInt32LE(p + 18);
    const start = p + 30 + buf.readUInt16LE(p + 26) + buf.readUInt16LE(p + 28);
    const data = buf.subarray(start, start + size);
    bytes += method === 8 ? zlib.inflateRawSync(data).length : data.length;
    p = start + size;
  }
  return bytes;
}

function main(argv) {
  const quick = argv.includes('--quick');
  const names = argv.filter((a) => !a.startsWith('--'));
  if (names.length === 0) {
    process.stderr.write('usage: node tools/bench/inflate-floor.js [--quick] many|huge|wide ...\n');
    return 2;
  }
  const cores = os.cpus().length;
  for (const name of names) {
    const archives = archivesOf(name, quick);
    if (archives.length === 0) throw new Error(`no archives for ${name}: run npm run bench first`);
    inflateAll(archives[0]); // warm the code paths
    const start = process.cpuUsage();
    let bytes = 0;
    for (const a of archives) bytes += inflateAll(a);
    const used = process.cpuUsage(start);
    const cpu = (used.user + used.system) / 1e6;
    console.log(
      `${name}: ${archives.length} archives, ${(bytes / 1e6).toFixed(0)} MB inflated in ${cpu.toFixed(2)} s CPU ` +
        `(${(bytes / 1e6 / cpu).toFixed(0)} MB/s); spread over ${cores} cores at best ${(cpu / cores).toFixed(2)} s wall`,
    );
  }
  return 0;
}

process.exitCode = main(process.argv.slice(2));
