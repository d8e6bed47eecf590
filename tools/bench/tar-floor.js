#!/usr/bin/env node
'use strict';
/*
 * The floor under ANY unpacker of a tar workload on this machine, measured from its parts:
 *   decode   CPU time of only decompressing every archive with the decompressor goalhost uses
 *            here (Node's zlib in-process for gzip; the system's bzip2 or xz tool, one thread),
 *            output thrown away; and the wall time of the largest archive decompressed alone with
 *            every core the tool can use (one stream cannot be shared out further);
 *   write    CPU time of GNU tar creating the same files from the already decompressed tars
 *            (open, write, times, modes, close: what every extractor pays the kernel);
 *   startup  goalhost's no-op rerun (markers present): process start, POM, resolution, markers.
 * floor = startup + max(largest archive alone, (decode + write) / cores). No unpacker that uses
 * these decompressors can finish in less; a wall-time target below it cannot be met here.
 *
 *   node tools/bench/tar-floor.js [--quick] [--tmp DIR] many-tar.gz huge-tar.xz ...
 * (workloads `npm run bench` generated); run.js measures it beside each tar workload.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const { spawnSync } = require('node:child_process');
const { ROOT, freshProject, unpackCommand } = require('./commands');
const { measure, median } = require('./measure');

const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;

/** The command line decompressing `file` to stdout, with `threads` threads (0: all the tool can use). */
function decoder(format, file, threads) {
  if (format === 'tar.xz') return ['xz', ['-dc', '--single-stream', `-T${threads}`, file]];
  const tool = ['lbzip2', 'pbzip2', 'bzip2'].find(onPath);
  if (tool === 'lbzip2') return [tool, ['-dc', '-n', String(threads || os.cpus().length), file]];
  if (tool === 'pbzip2') return [tool, ['-dc', `-p${threads || os.cpus().length}`, file]];
  return [tool, ['-dc', file]];
}

/** User+system seconds and wall seconds of one command, its stdout into `out` (a path). */
function timed(command, args, out) {
  const timeFile = path.join(os.tmpdir(), `goalhost-floor-time-${process.pid}`);
  const fd = fs.openSync(out, 'w');
  const t0 = process.hrtime.bigint();
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, command, ...args], {
    stdio: ['ignore', fd, 'inherit'],
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  fs.closeSync(fd);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (status ${r.status})`);
  const lines = fs.readFileSync(timeFile, 'utf8').trim().split('\n');
  fs.rmSync(timeFile, { force: true });
  const [user, sys] = lines[lines.length - 1].split(' ').map(Number);
  return { cpu: user + sys, wall };
}

/** Decompresses every archive into `dir` (as NAME.tar), timing the decoding alone. */
function decode(info, dir) {
  const tars = [];
  let cpu = 0;
  let largest = { size: -1 };
  info.archives.forEach((archive, i) => {
    const tar = path.join(dir, `${i}.tar`);
    tars.push(tar);
    const size = fs.statSync(archive).size;
    if (size > largest.size) largest = { archive, size };
    if (info.format === 'tar.gz') {
      const input = fs.readFileSync(archive);
      const t0 = process.cpuUsage();
      const output = zlib.gunzipSync(input);
      const used = process.cpuUsage(t0);
      cpu += (used.user + used.system) / 1e6;
      fs.writeFileSync(tar, output);
    } else {
      const [command, args] = decoder(info.format, archive, 1);
      cpu += timed(command, args, tar).cpu;
    }
  });
  let alone;
  if (info.format === 'tar.gz') {
    const input = fs.readFileSync(largest.archive);
    const t0 = process.hrtime.bigint();
    zlib.gunzipSync(input);
    alone = Number(process.hrtime.bigint() - t0) / 1e9;
  } else {
    const [command, args] = decoder(info.format, largest.archive, 0);
    alone = timed(command, args, '/dev/null').wall;
  }
  return { tars, cpu, alone };
}

/** CPU seconds of GNU tar extracting the decompressed tars into `dir`. */
function write(tars, dir) {
  const out = path.join(dir, 'out');
  fs.mkdirSync(out, { recursive: true });
  let cpu = 0;
  for (const tar of tars) cpu += timed('tar', ['-xf', tar, '-C', out], '/dev/null').cpu;
  fs.rmSync(out, { recursive: true, force: true });
  return cpu;
}

/** Median wall seconds of goalhost's rerun on the workload with every marker present. */
function startup(info, repo, dir) {
  const project = path.join(dir, 'project');
  freshProject(project, info);
  const [command, args] = unpackCommand('goalhost', info, repo);
  const logFile = path.join(dir, 'goalhost.log');
  const first = measure(command, args, { cwd: project, logFile });
  if (!first.ok) throw new Error(`goalhost failed on ${info.name}: see ${logFile}`);
  const walls = [1, 2, 3].map(() => measure(command, args, { cwd: project, logFile }).wall);
  fs.rmSync(project, { recursive: true, force: true });
  return median(walls);
}

/** The floor of one tar workload (see the top of this file); `tmp` must have room for its tars. */
function measureTarFloor(info, repo, tmp) {
  const dir = fs.mkdtempSync(path.join(tmp, 'goalhost-floor-'));
  try {
    const decoded = decode(info, dir);
    const writeCpu = write(decoded.tars, dir);
    for (const tar of decoded.tars) fs.rmSync(tar, { force: true });
    const start = startup(info, repo, dir);
    const cores = os.cpus().length;
    const floor = start + Math.max(decoded.alone, (decoded.cpu + writeCpu) / cores);
    return { decodeCpu: decoded.cpu, largestAlone: decoded.alone, writeCpu, startup: start, cores, floor };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per workload: the parts, the floor, and the floor as a ratio of the GNU tar loop's wall. */
function formatFloor(name, f, tarLoopWall) {
  const ratio = Number.isFinite(tarLoopWall)
    ? `, ${(f.floor / tarLoopWall).toFixed(2)}x the GNU tar loop (${tarLoopWall.toFixed(2)} s)`
    : '';
  return (
    `${name}: floor ${f.floor.toFixed(2)} s${ratio} = startup ${f.startup.toFixed(2)} + max(largest archive alone ${f.largestAlone.toFixed(2)}, ` +
    `(decode ${f.decodeCpu.toFixed(2)} + write ${f.writeCpu.toFixed(2)} s CPU) / ${f.cores} cores)`
  );
}

function main(argv) {
  const quick = argv.includes('--quick');
  const tmpIndex = argv.indexOf('--tmp');
  const tmp = tmpIndex >= 0 ? path.resolve(argv[tmpIndex + 1]) : '/dev/shm';
  const names = argv.filter((a, i) => !a.startsWith('--') && argv[i - 1] !== '--tmp');
  if (names.length === 0 || names.some((n) => !/^(many|huge)-tar\.(gz|bz2|xz)$/.test(n))) {
    process.stderr.write(
      'usage: node tools/bench/tar-floor.js [--quick] [--tmp DIR] many-tar.gz|huge-tar.gz|many-tar.bz2|huge-tar.bz2|many-tar.xz|huge-tar.xz ...\n',
    );
    return 2;
  }
  const work = path.join(ROOT, 'bench-work', quick ? 'quick' : 'full');
  for (const name of names) {
    const infoFile = path.join(work, 'projects', name, 'workload.json');
    if (!fs.existsSync(infoFile))
      throw new Error(`no workload ${name}: run npm run bench -- --only ${name}${quick ? ' --quick' : ''} first`);
    const info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
    console.log(formatFloor(name, measureTarFloor(info, path.join(work, 'repo'), tmp)));
  }
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { formatFloor, measureTarFloor };
