#!/usr/bin/env node
'use strict';
/*
 * The floor under ANY unpacker of a tar workload on this machine, for each decoder of its format
 * installed here, measured from its parts in CPU time (not single wall samples):
 *   decode   CPU time of only decompressing every archive with that decoder, output thrown away:
 *            gzip by Node's zlib stream in-process, igzip (ISA-L), libdeflate-gunzip, pigz, gzip;
 *            bzip2 by lbzip2, pbzip2, bzip2 (one thread each); xz by xz (one thread);
 *   largest  the largest archive's share of that: one stream cannot be shared out over more
 *            cores than the decoder uses for one file (lbzip2 and pbzip2 all of them, the
 *            others one), so the run lasts at least that CPU time divided by those threads;
 *   stream   CPU time a Node process spends reading a decoder's output from its pipe (what
 *            goalhost pays for a decoder in another process; none for zlib in-process): taken
 *            on the largest archive, scaled to the whole workload's decompressed bytes;
 *   write    CPU time of GNU tar creating the same files from the decompressed tars (open,
 *            write, times, modes, close: what every extractor pays the kernel);
 *   startup  goalhost's no-op rerun (markers present), median of 3 wall times: process start,
 *            POM, resolution, markers.
 * floor(decoder) = startup + max(largest / threads, (decode + stream + write) / cores); the
 * workload's floor is the least of them. No unpacker using that decoder can finish in less; a
 * wall-time target below the best floor cannot be met here. CPU figures are medians of
 * --repeat runs (default 1; each run decodes the whole workload once per decoder).
 *
 *   node tools/bench/tar-floor.js [--quick] [--tmp DIR] [--repeat N] many-tar.gz huge-tar.xz ...
 * (workloads `npm run bench` generated); run.js measures it beside each tar workload.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { ROOT, freshProject, unpackCommand } = require('./commands');
const { measure, median } = require('./measure');

const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;

/**
 * The decoders of `format` installed here: name, command line for one file to stdout, and how
 * many threads it can give one file. 'zlib' is Node's, in-process.
 */
function decodersOf(format) {
  const cores = os.cpus().length;
  const all = {
    'tar.gz': [
      { name: 'zlib', inProcess: true, threads: 1 },
      { name: 'igzip', args: (f) => ['-dc', f], threads: 1 },
      { name: 'libdeflate-gunzip', args: (f) => ['-c', f], threads: 1 },
      { name: 'pigz', args: (f) => ['-dc', f], threads: 1 },
      { name: 'gzip', args: (f) => ['-dc', f], threads: 1 },
    ],
    'tar.bz2': [
      { name: 'lbzip2', args: (f) => ['-dc', '-n', '1', f], threads: cores },
      { name: 'pbzip2', args: (f) => ['-dc', '-p1', f], threads: cores },
      { name: 'bzip2', args: (f) => ['-dc', f], threads: 1 },
    ],
    // One xz block (what xz writes by default) cannot be split: one thread whatever -T says.
    'tar.xz': [{ name: 'xz', args: (f) => ['-dc', '--single-stream', '-T1', f], threads: 1 }],
  }[format];
  return all.filter((d) => d.inProcess || onPath(d.name));
}

/** User+system seconds of one command, its stdout into `out` (a path). */
function cpuOf(command, args, out = '/dev/null') {
  const timeFile = path.join(os.tmpdir(), `goalhost-floor-time-${process.pid}`);
  const fd = fs.openSync(out, 'w');
  const r = spawnSync('/usr/bin/time', ['-f', '%U %S', '-o', timeFile, command, ...args], {
    stdio: ['ignore', fd, 'inherit'],
  });
  fs.closeSync(fd);
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (status ${r.status})`);
  const lines = fs.readFileSync(timeFile, 'utf8').trim().split('\n');
  fs.rmSync(timeFile, { force: true });
  const [user, sys] = lines[lines.length - 1].split(' ').map(Number);
  return user + sys;
}

/**
 * A Node process's own CPU seconds for each file: `script` gets the file list as JSON in argv[1]
 * and prints a JSON array of seconds. Keeps the measuring process's start-up out of the figures.
 */
function nodeCpu(script, files) {
  const r = spawnSync(process.execPath, ['-e', script, JSON.stringify(files)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`node measuring script failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** zlib's gunzip stream, as goalhost streams a tar.gz (output thrown away). */
const ZLIB_STREAM = `
const fs = require('node:fs'); const zlib = require('node:zlib');
(async () => { const out = [];
  for (const file of JSON.parse(process.argv[1])) {
    const t0 = process.cpuUsage();
    const inflate = fs.createReadStream(file, { highWaterMark: 1 << 20 }).pipe(zlib.createGunzip({ chunkSize: 256 * 1024 }));
    for await (const chunk of inflate) void chunk;
    const u = process.cpuUsage(t0); out.push((u.user + u.system) / 1e6);
  }
  console.log(JSON.stringify(out)); })();`;

/** Node reading a decoder's pipe as a stream (what a decoder in another process costs Node). */
const PIPE_STREAM = `
const { spawn } = require('node:child_process');
(async () => { const [command, args] = JSON.parse(process.argv[1]);
  const t0 = process.cpuUsage();
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let bytes = 0; for await (const chunk of child.stdout) bytes += chunk.length;
  const u = process.cpuUsage(t0); console.log(JSON.stringify([(u.user + u.system) / 1e6, bytes])); })();`;

/** CPU seconds decoding each archive with `decoder`, output thrown away. */
function decodeCpu(decoder, archives) {
  if (decoder.inProcess) return nodeCpu(ZLIB_STREAM, archives);
  return archives.map((a) => cpuOf(decoder.name, decoder.args(a)));
}

/** The decoders' CPU figures (median of `repeat` runs per archive) and the largest archive's index. */
function decode(info, decoders, repeat) {
  const sizes = info.archives.map((a) => fs.statSync(a).size);
  const largest = sizes.indexOf(Math.max(...sizes));
  return decoders.map((d) => {
    const runs = Array.from({ length: repeat }, () => decodeCpu(d, info.archives));
    const perArchive = info.archives.map((_, i) => median(runs.map((r) => r[i])));
    return { decoder: d, cpu: perArchive.reduce((a, b) => a + b, 0), largest: perArchive[largest] };
  });
}

/** Decompresses every archive into `dir` (as N.tar) with `decoder`; returns the tars and their bytes. */
function decompressAll(info, decoder, dir) {
  return info.archives.map((archive, i) => {
    const tar = path.join(dir, `${i}.tar`);
    if (decoder.inProcess) {
      fs.writeFileSync(tar, require('node:zlib').gunzipSync(fs.readFileSync(archive)));
    } else cpuOf(decoder.name, decoder.args(archive), tar);
    return tar;
  });
}

/** CPU seconds Node spends reading the pipe of a decoder in another process, for the whole workload. */
function streamCpu(info, decoder, totalBytes, repeat) {
  if (decoder.inProcess) return 0;
  const sizes = info.archives.map((a) => fs.statSync(a).size);
  const largest = info.archives[sizes.indexOf(Math.max(...sizes))];
  const runs = Array.from({ length: repeat }, () => nodeCpu(PIPE_STREAM, [decoder.name, decoder.args(largest)]));
  const [cpu, bytes] = [median(runs.map((r) => r[0])), runs[0][1]];
  return (cpu * totalBytes) / bytes;
}

/** CPU seconds of GNU tar extracting the decompressed tars into `dir`. */
function write(tars, dir) {
  const out = path.join(dir, 'out');
  fs.mkdirSync(out, { recursive: true });
  let cpu = 0;
  for (const tar of tars) cpu += cpuOf('tar', ['-xf', tar, '-C', out]);
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

/**
 * The floor of one tar workload for each decoder here (see the top of this file), best first;
 * `floor` is the best one's. `tmp` must have room for the workload's tars.
 */
function measureTarFloor(info, repo, tmp, repeat = 1) {
  const dir = fs.mkdtempSync(path.join(tmp, 'goalhost-floor-'));
  try {
    const decoders = decodersOf(info.format);
    const tars = decompressAll(info, decoders[0], dir);
    const totalBytes = tars.reduce((n, t) => n + fs.statSync(t).size, 0);
    const writeCpu = write(tars, dir);
    for (const tar of tars) fs.rmSync(tar, { force: true });
    const start = startup(info, repo, dir);
    const cores = os.cpus().length;
    const perDecoder = decode(info, decoders, repeat).map(({ decoder, cpu, largest }) => {
      const stream = streamCpu(info, decoder, totalBytes, repeat);
      const threads = Math.min(decoder.threads, cores);
      const floor = start + Math.max(largest / threads, (cpu + stream + writeCpu) / cores);
      return { decoder: decoder.name, decodeCpu: cpu, largestCpu: largest, threads, streamCpu: stream, floor };
    });
    perDecoder.sort((a, b) => a.floor - b.floor);
    const best = perDecoder[0];
    return {
      decoder: best.decoder,
      decodeCpu: best.decodeCpu,
      largestCpu: best.largestCpu,
      streamCpu: best.streamCpu,
      writeCpu,
      startup: start,
      cores,
      floor: best.floor,
      decoders: perDecoder,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per decoder (best first): the parts, the floor, and the floor as a ratio of the GNU tar loop's wall. */
function formatFloor(name, f, tarLoopWall) {
  const ratio = (floor) =>
    Number.isFinite(tarLoopWall)
      ? `, ${(floor / tarLoopWall).toFixed(2)}x the GNU tar loop (${tarLoopWall.toFixed(2)} s)`
      : '';
  // Results written before the floor was taken per decoder have the parts only.
  const decoders = f.decoders ?? [
    {
      decoder: 'decoder',
      decodeCpu: f.decodeCpu,
      largestCpu: f.largestAlone,
      threads: 1,
      streamCpu: 0,
      floor: f.floor,
    },
  ];
  return decoders
    .map(
      (d, i) =>
        `${i === 0 ? name : ' '.repeat(name.length)}: ${d.decoder}: floor ${d.floor.toFixed(2)} s${ratio(d.floor)} = startup ${f.startup.toFixed(2)} + ` +
        `max(largest ${d.largestCpu.toFixed(2)} s CPU / ${d.threads} thread${d.threads > 1 ? 's' : ''}, ` +
        `(decode ${d.decodeCpu.toFixed(2)} + stream ${d.streamCpu.toFixed(2)} + write ${f.writeCpu.toFixed(2)} s CPU) / ${f.cores} cores)`,
    )
    .join('\n');
}

function main(argv) {
  const quick = argv.includes('--quick');
  const valueOf = (flag) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const tmp = path.resolve(valueOf('--tmp') ?? '/dev/shm');
  const repeat = Number(valueOf('--repeat') ?? 1);
  const names = argv.filter((a, i) => !a.startsWith('--') && !['--tmp', '--repeat'].includes(argv[i - 1]));
  if (
    names.length === 0 ||
    !Number.isInteger(repeat) ||
    repeat < 1 ||
    names.some((n) => !/^(many|huge)-tar\.(gz|bz2|xz)$/.test(n))
  ) {
    process.stderr.write(
      'usage: node tools/bench/tar-floor.js [--quick] [--tmp DIR] [--repeat N] many-tar.gz|huge-tar.gz|many-tar.bz2|huge-tar.bz2|many-tar.xz|huge-tar.xz ...\n',
    );
    return 2;
  }
  const work = path.join(ROOT, 'bench-work', quick ? 'quick' : 'full');
  for (const name of names) {
    const infoFile = path.join(work, 'projects', name, 'workload.json');
    if (!fs.existsSync(infoFile))
      throw new Error(`no workload ${name}: run npm run bench -- --only ${name}${quick ? ' --quick' : ''} first`);
    const info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
    console.log(formatFloor(name, measureTarFloor(info, path.join(work, 'repo'), tmp, repeat)));
  }
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));

module.exports = { formatFloor, measureTarFloor };
