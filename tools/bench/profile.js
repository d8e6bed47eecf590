#!/usr/bin/env node
'use strict';
/*
 * Profiles goalhost on one benchmark workload and prints where the time goes:
 *   node tools/bench/profile.js many|huge|wide|wide-noop|resolve|resolve-inherit [--quick] [--top N] [--memory] [--keep] [--goalhost BIN] [--store cold|copy|hardlink]
 * CPU: node --cpu-prof (one profile per thread, workers included), summarised by package,
 * file and function (self and inclusive). --memory: peaks of rss/heap/external sampled every
 * 10 ms instead (profiling itself costs memory, so the two are separate runs); with
 * BENCH_HEAP_SNAPSHOT_MB=N also a heap snapshot when the main heap reaches N MB, summarised.
 * --store: an unpack workload with the store of unpacked trees: `cold` fills an empty one, `copy`
 * and `hardlink` place from one filled (unprofiled) before.
 * The workloads are the ones `npm run bench` generated (run it once first, same --quick).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const {
  ROOT,
  COLD_STORE_TOOL,
  freshProject,
  goalhostBin,
  listCommand,
  unpackCommand,
  useGoalhost,
} = require('./commands');
const { analyze, formatProfile } = require('./cpu-profile');
const { summarize } = require('./heap-summary');

function main(argv) {
  const name = argv.find((a, i) => !a.startsWith('--') && !['--top', '--goalhost', '--store'].includes(argv[i - 1]));
  const quick = argv.includes('--quick');
  const memory = argv.includes('--memory');
  const topIndex = argv.indexOf('--top');
  const topN = topIndex >= 0 ? Number(argv[topIndex + 1]) : 25;
  const binIndex = argv.indexOf('--goalhost');
  if (binIndex >= 0) useGoalhost(argv[binIndex + 1]);
  const storeIndex = argv.indexOf('--store');
  const store = storeIndex >= 0 ? argv[storeIndex + 1] : undefined;
  if (store !== undefined && !['cold', 'copy', 'hardlink'].includes(store)) {
    process.stderr.write('profile: --store takes cold, copy or hardlink\n');
    return 2;
  }
  const workload = name === 'wide-noop' ? 'wide' : name;
  if (
    !['many', 'huge', 'wide', 'resolve', 'resolve-inherit'].includes(workload) &&
    !/^(many|huge)-tar\.(gz|bz2|xz)$/.test(workload)
  ) {
    process.stderr.write(
      'usage: node tools/bench/profile.js many|huge|wide|wide-noop|resolve|resolve-inherit [--quick] [--top N] [--memory] [--keep] [--goalhost BIN] [--store cold|copy|hardlink]\n',
    );
    return 2;
  }
  const work = path.join(ROOT, 'bench-work', quick ? 'quick' : 'full');
  let repo = path.join(work, 'repo');
  let info;
  if (workload === 'resolve') {
    // The graph resolve-bench.js generated when run.js called it.
    repo = path.join(work, 'resolve-bench', 'repo');
    info = { project: path.join(work, 'resolve-bench', 'project') };
    if (!fs.existsSync(path.join(info.project, 'pom.xml')))
      throw new Error(`no ${info.project}: run npm run bench${quick ? ' -- --quick' : ' --'} --only resolve first`);
  } else {
    const infoFile = path.join(work, 'projects', workload, 'workload.json');
    if (!fs.existsSync(infoFile))
      throw new Error(
        `no workload ${workload} in ${work}: run npm run bench${quick ? ' -- --quick' : ' --'} --only ${workload} first`,
      );
    info = JSON.parse(fs.readFileSync(infoFile, 'utf8'));
  }
  const dir = path.join('/dev/shm', `goalhost-profile-${process.pid}`);
  const profDir = path.join(work, 'profiles', name);
  fs.rmSync(profDir, { recursive: true, force: true });
  fs.mkdirSync(profDir, { recursive: true });
  freshProject(dir, info);
  const storeDir = path.join(`${dir}-store`);
  const tool = store === 'cold' ? COLD_STORE_TOOL : store ? `goalhost warm ${store}` : 'goalhost';
  const [, args] = workload.startsWith('resolve')
    ? listCommand('goalhost', repo)
    : unpackCommand(tool, info, repo, storeDir);
  const bin = fs.realpathSync(goalhostBin());
  if (store === 'copy' || store === 'hardlink') {
    // The store filled by an unprofiled run, in a project of its own.
    const fillDir = `${dir}-fill`;
    freshProject(fillDir, info);
    spawnSync(process.execPath, [bin, ...args], { cwd: fillDir, stdio: 'ignore' });
    fs.rmSync(fillDir, { recursive: true, force: true });
  }
  if (name === 'wide-noop') spawnSync(process.execPath, [bin, ...args], { cwd: dir, stdio: 'ignore' });
  const memoryFile = path.join(profDir, 'memory.json');
  const nodeArgs = memory
    ? ['--require', path.join(__dirname, 'memory-probe.js')]
    : ['--cpu-prof', `--cpu-prof-dir=${profDir}`, '--cpu-prof-interval', '200'];
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [...nodeArgs, bin, ...args], {
    cwd: dir,
    env: { ...process.env, BENCH_MEMORY_FILE: memoryFile },
    encoding: 'utf8',
  });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (!argv.includes('--keep')) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(storeDir, { recursive: true, force: true });
  }
  if (r.status !== 0)
    throw new Error(`goalhost failed (exit ${r.status}):\n${(r.stdout + r.stderr).split('\n').slice(-15).join('\n')}`);
  process.stdout.write(
    `goalhost ${name}${quick ? ' (quick)' : ''}: ${wall.toFixed(2)} s wall under the ${memory ? 'memory probe' : 'profiler'}\n`,
  );
  if (memory) {
    process.stdout.write(`${fs.readFileSync(memoryFile, 'utf8')}\n`);
    if (fs.existsSync(`${memoryFile}.heapsnapshot`))
      process.stdout.write(`${summarize(`${memoryFile}.heapsnapshot`, topN)}\n`);
    return 0;
  }
  const files = fs
    .readdirSync(profDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(profDir, f));
  const analyses = files.map(analyze).sort((a, b) => b.wallMs - a.wallMs);
  for (const a of analyses) process.stdout.write(`\n${formatProfile(a, topN)}\n`);
  process.stdout.write(`\nprofiles: ${profDir} (open in Chrome DevTools > Performance)\n`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (e) {
  process.stderr.write(`profile: ${e.message}\n`);
  process.exitCode = 1;
}
