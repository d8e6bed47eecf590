#!/usr/bin/env node
'use strict';
/*
 * `npm run bench`: goalhost side by side with real Maven (3.8.7, maven-dependency-plugin 3.5.0)
 * and Info-ZIP unzip / GNU tar on generated workloads, in one run, with the performance targets
 * (docs/benchmarks.md).
 * Progress goes to stderr, the table to stdout, every figure to bench-work/results.json.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const {
  ROOT,
  COLD_STORE_TOOL,
  STORE_FLOOR_TOOLS,
  WARM_STORE_TOOLS,
  freshProject,
  goalhostBin,
  listCommand,
  listedArtifacts,
  unpackCommand,
  useGoalhost,
} = require('./commands');
const { ensureMavenRepo, mavenAvailable } = require('./maven-files');
const { checkGnuTime, measure, summarize, tail, treeStats } = require('./measure');
const { evaluateTargets, formatReport } = require('./report');
const { ensureResolveWorkload } = require('./resolve-graph');
const { resolveBenchScript, runResolveBench } = require('./resolve-bench-runner');
const { ensureWorkload } = require('./workloads');
const { measureTarFloor } = require('./tar-floor');
const { ensureReactorWorkload, freshReactor } = require('./reactor-workload');
const {
  ensureRemoteWorkload,
  floorSeconds,
  parseRemoteName,
  startServer,
  writeSettings,
  PREFIX: REMOTE_PREFIX,
} = require('./remote-workload');

const USAGE = `usage: npm run bench -- [options]
  --quick            small workloads (smoke run): a tenth of the sizes, 2 runs, no warm-up
  --runs N           counted runs per tool and workload (default 5)
  --warmup N         uncounted runs first (default 1)
  --only LIST        comma list of many,huge,wide,bump,reactor,many-tar.gz,huge-tar.gz,many-tar.bz2,
                     huge-tar.bz2,many-tar.xz,huge-tar.xz,resolve,resolve-inherit,resolve-remote-100,
                     resolve-remote-400,resolve-remote-400-nosha1 (default all)
  --no-mvn           leave real Maven out (it dominates the running time)
  --no-floor         skip measuring the floor of each tar workload (tools/bench/tar-floor.js)
  --tmp DIR          where runs write their output (default /dev/shm; must be tmpfs)
  --results FILE     default bench-work/results.json
  --goalhost BIN     the goalhost to measure (default node_modules/.bin/goalhost; see snapshot.sh)
  -h, --help
workloads: many (40 zips x 500 files), huge (one zip, 84,000 entries), wide (500 tiny zips, and
its no-op rerun), bump (the many zips at version 1.1 over an output holding 1.0, with and
without sync mode, beside unpacking 1.1 into an empty directory), reactor (the many zips shared by an 8-module reactor, -T 1 and -T 2C),
many-tar.gz ... huge-tar.xz (the many and huge files as tar.gz, tar.bz2 and tar.xz, beside a GNU
tar loop), resolve (tools/bench/resolve-bench.js: 2,000 standalone POMs), resolve-inherit
(2,000 POMs with a shared parent's dependencyManagement, an imported BOM and real jars),
resolve-remote-N[-nosha1] (resolve-inherit's shape with N artifacts, cold, downloaded from a
loopback repository answering each request after 20 ms, with a .sha1 beside each file or none;
tools/bench/remote-workload.js)`;

const TAR_WORKLOADS = ['many-tar.gz', 'huge-tar.gz', 'many-tar.bz2', 'huge-tar.bz2', 'many-tar.xz', 'huge-tar.xz'];
const REMOTE_WORKLOADS = ['resolve-remote-100', 'resolve-remote-400', 'resolve-remote-400-nosha1'];
const WORKLOADS = [
  'many',
  'huge',
  'wide',
  'bump',
  'reactor',
  ...TAR_WORKLOADS,
  'resolve',
  'resolve-inherit',
  ...REMOTE_WORKLOADS,
];

function parseArgs(argv) {
  const o = {
    quick: false,
    runs: undefined,
    warmup: undefined,
    only: [...WORKLOADS],
    mvn: true,
    floor: true,
    tmp: '/dev/shm',
    results: path.join(ROOT, 'bench-work', 'results.json'),
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return argv[++i];
    };
    const count = (v, min) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < min) throw new Error(`${a} needs an integer >= ${min}, got '${v}'`);
      return n;
    };
    if (a === '--quick') o.quick = true;
    else if (a === '--runs') o.runs = count(value(), 1);
    else if (a === '--warmup') o.warmup = count(value(), 0);
    else if (a === '--only')
      o.only = value()
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    else if (a === '--no-mvn') o.mvn = false;
    else if (a === '--no-floor') o.floor = false;
    else if (a === '--tmp') o.tmp = path.resolve(value());
    else if (a === '--results') o.results = path.resolve(value());
    else if (a === '--goalhost') o.goalhost = path.resolve(value());
    else if (a === '-h' || a === '--help') o.help = true;
    else throw new Error(`unknown option ${a}`);
  }
  for (const w of o.only)
    if (!WORKLOADS.includes(w) && !parseRemoteName(w)) throw new Error(`unknown workload '${w}' in --only`);
  o.runs ??= o.quick ? 2 : 5;
  o.warmup ??= o.quick ? 0 : 1;
  return o;
}

const log = (m) => process.stderr.write(`${m}\n`);

function checkTmpfs(dir) {
  const r = spawnSync('stat', ['-f', '-c', '%T', dir], { encoding: 'utf8' });
  const type = (r.stdout || '').trim();
  if (type !== 'tmpfs' && type !== 'ramfs')
    throw new Error(`${dir} is not tmpfs (${type || 'missing'}): give --tmp a tmpfs directory`);
}

function machine() {
  const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model.trim() ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    maven: (mvn.stdout || '').replace(/\x1b\[[0-9;]*m/g, '').split('\n')[0] || 'not installed',
    loadBefore: os.loadavg().map((x) => x.toFixed(2)),
    decompressors: decompressors(),
  };
}

/**
 * The system decompressors goalhost picks for tar.bz2 and tar.xz here (the first on PATH, as
 * tar-input.ts looks them up); GNU tar's loop always runs bzip2 and xz, one thread each.
 */
function decompressors() {
  const onPath = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).status === 0;
  const bzip2 = ['lbzip2', 'pbzip2', 'bzip2'].find(onPath) ?? 'JavaScript fallback';
  const xz = onPath('xz')
    ? `xz (${(spawnSync('xz', ['--version'], { encoding: 'utf8' }).stdout || '').split('\n')[0]})`
    : 'WebAssembly fallback';
  return { bzip2, xz };
}

/** Which goalhost: its path and the commit of its tree (with a mark when that tree has changes). */
function goalhostVersion() {
  const bin = fs.realpathSync(goalhostBin());
  const tree = path.resolve(path.dirname(bin), '..', '..', '..');
  const git = (args) => spawnSync('git', ['-C', tree, ...args], { encoding: 'utf8' }).stdout?.trim() ?? '';
  const stamp = path.join(tree, '.snapshot-commit');
  if (fs.existsSync(stamp)) return { bin, commit: `${fs.readFileSync(stamp, 'utf8').trim()} (snapshot)` };
  const commit = git(['rev-parse', '--short', 'HEAD']);
  const dirty =
    commit && git(['status', '--porcelain', '--', 'packages']) !== '' ? ' + uncommitted changes in packages/' : '';
  return { bin, commit: commit ? `${commit}${dirty}` : 'unknown (not a git tree)' };
}

function rotate(list, by) {
  const k = ((by % list.length) + list.length) % list.length;
  return [...list.slice(k), ...list.slice(0, k)];
}

function describeTree(s) {
  return `${s.files} files, ${s.dirs} dirs, ${(s.bytes / 1e6).toFixed(1)} MB`;
}

/**
 * Runs every tool `warmup + runs` times, interleaved (the order rotates each round), each run
 * in a fresh project on tmpfs. `after(tool, dir, counted)` checks a run's output.
 */
function rounds(o, label, tools, prepare, command, after) {
  const out = Object.fromEntries(tools.map((t) => [t, { runs: [] }]));
  for (let i = -o.warmup; i < o.runs; i++) {
    for (const tool of rotate(tools, i)) {
      const dir = prepare(tool);
      const [cmd, args] = command(tool);
      const r = measure(cmd, args, {
        cwd: dir,
        logFile: path.join(o.work, 'logs', `${label}-${tool}-${i < 0 ? `warmup${-i}` : i}.log`),
      });
      const tag = i < 0 ? 'warm-up' : `run ${i + 1}/${o.runs}`;
      log(
        `  ${label} ${tool} ${tag}: ${r.ok ? '' : `FAILED (exit ${r.status}) `}wall ${r.wall.toFixed(2)} s, cpu ${r.cpu.toFixed(2)} s, rss ${r.rssMB.toFixed(0)} MB`,
      );
      if (!r.ok) log(tail(r.log).replace(/^/gm, '    | '));
      if (i >= 0) out[tool].runs.push(r);
      after(tool, dir, i >= 0, r);
    }
  }
  for (const t of tools) out[t].summary = summarize(out[t].runs);
  return out;
}

function benchUnpack(o, name, info, tools) {
  const stats = {};
  // A store per workload: the cp floors copy every tree in it, and must copy only this workload's.
  const store = path.join(o.store, name);
  // The warm-store tools (and cp, their floor) find every archive of the workload in the store from their first run.
  for (const tool of tools.filter((t) => WARM_STORE_TOOLS[t])) {
    const dir = path.join(o.runRoot, name, 'fill-store');
    freshProject(dir, info);
    const [cmd, args] = unpackCommand(tool, info, o.repo, store);
    const fill = measure(cmd, args, { cwd: dir, logFile: path.join(o.work, 'logs', `${name}-fill-store.log`) });
    if (!fill.ok) log(`  ${name}: filling the store failed\n${tail(fill.log)}`);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const results = rounds(
    o,
    name,
    tools,
    (tool) => {
      const dir = path.join(o.runRoot, name, tool.replace(/\W+/g, '-'));
      freshProject(dir, info);
      return dir;
    },
    (tool) => unpackCommand(tool, info, o.repo, store),
    (tool, dir, counted, r) => {
      // cp copies the trees in the store's order, not the run's: overlapping files may differ.
      if (counted && r.ok && !stats[tool] && !STORE_FLOOR_TOOLS[tool])
        stats[tool] = treeStats(path.join(dir, 'target', 'dependency'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
  const reference = stats.mvn ?? stats.unzip ?? stats.tar;
  for (const t of tools) {
    if (!stats[t]) continue;
    results[t].tree = stats[t];
    const same = !reference || JSON.stringify(stats[t]) === JSON.stringify(reference);
    results[t].check =
      `${describeTree(stats[t])}${same ? '' : ` DIFFERS from ${stats.mvn ? 'mvn' : stats.unzip ? 'unzip' : 'tar'}`}`;
  }
  return results;
}

/** Reruns on an unpacked project: every marker present, nothing to do. */
function benchNoop(o, name, info, tools) {
  const dirs = {};
  for (const tool of tools) {
    const dir = path.join(o.runRoot, `${name}-noop`, tool);
    freshProject(dir, info);
    const [cmd, args] = unpackCommand(tool, info, o.repo);
    const first = measure(cmd, args, {
      cwd: dir,
      logFile: path.join(o.work, 'logs', `${name}-noop-${tool}-first.log`),
    });
    if (!first.ok) log(`  ${name} no-op ${tool}: the first (unpacking) run failed\n${tail(first.log)}`);
    dirs[tool] = dir;
  }
  const results = rounds(
    o,
    `${name}-noop`,
    tools,
    (tool) => dirs[tool],
    (tool) => unpackCommand(tool, info, o.repo),
    () => {},
  );
  for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
  return results;
}

/**
 * A version bump: the output holds the many workload's 1.0 (unpacked by an uncounted run before
 * each counted one, with sync mode for the sync row), then 1.1 is unpacked over it. Store off:
 * the rows measure unpacking and, for sync, removing what 1.0 placed and 1.1 does not.
 */
const BUMP_TOOLS = {
  'goalhost 1.1 fresh': undefined,
  'goalhost bump': [],
  'goalhost sync bump': ['-Dgoalhost.sync=true'],
};

function benchBump(o, base, info) {
  const tools = Object.keys(BUMP_TOOLS);
  const stats = {};
  const command = (tool, workload) => {
    const [cmd, args] = unpackCommand('goalhost', workload, o.repo);
    return [cmd, [...args.slice(0, -1), ...(BUMP_TOOLS[tool] ?? []), ...args.slice(-1)]];
  };
  const results = rounds(
    o,
    'bump',
    tools,
    (tool) => {
      const dir = path.join(o.runRoot, 'bump', tool.replace(/\W+/g, '-'));
      freshProject(dir, base);
      if (BUMP_TOOLS[tool]) {
        const [cmd, args] = command(tool, base);
        const first = measure(cmd, args, { cwd: dir, logFile: path.join(o.work, 'logs', 'bump-1.0.log') });
        if (!first.ok) log(`  bump ${tool}: unpacking 1.0 failed\n${tail(first.log)}`);
      }
      fs.copyFileSync(path.join(info.project, 'pom.xml'), path.join(dir, 'pom.xml'));
      return dir;
    },
    (tool) => command(tool, info),
    (tool, dir, counted, r) => {
      if (counted && r.ok && !stats[tool]) stats[tool] = treeStats(path.join(dir, 'target', 'dependency'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
  // Sync mode leaves exactly 1.1's tree; without it 1.0's renamed files stay.
  const fresh = stats['goalhost 1.1 fresh'];
  for (const t of tools) {
    if (!stats[t]) continue;
    const same = fresh && JSON.stringify(stats[t]) === JSON.stringify(fresh);
    results[t].tree = stats[t];
    results[t].check =
      `${describeTree(stats[t])}${t === 'goalhost 1.1 fresh' ? '' : same ? ' (= 1.1 alone)' : ' (1.0 left behind)'}`;
  }
  return results;
}

/** The reactor workload: each tool as `<tool> -T <threads>`; the trees of all modules together are compared. */
function benchReactor(o, info, tools) {
  const stats = {};
  const results = rounds(
    o,
    'reactor',
    tools,
    (tool) => {
      const dir = path.join(o.runRoot, 'reactor', tool.replace(/\W+/g, '-'));
      freshReactor(dir, info);
      return dir;
    },
    (tool) => {
      const [name, , threads] = tool.split(' ');
      const [cmd, args] = unpackCommand(name, info, o.repo);
      return [cmd, ['-T', threads, ...args]];
    },
    (tool, dir, counted, r) => {
      if (counted && r.ok && !stats[tool]) {
        const trees = info.modules.map((m) => treeStats(path.join(dir, m, 'target', 'dependency')));
        stats[tool] = trees.reduce((a, t) => ({
          files: a.files + t.files,
          dirs: a.dirs + t.dirs,
          links: a.links + t.links,
          bytes: a.bytes + t.bytes,
        }));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
  const reference = stats[tools.find((t) => t.startsWith('mvn')) ?? tools[0]];
  for (const t of tools) {
    if (!stats[t]) continue;
    const same = JSON.stringify(stats[t]) === JSON.stringify(reference);
    results[t].check = `${info.modules.length} modules, ${describeTree(stats[t])}${same ? '' : ' DIFFERS'}`;
  }
  return results;
}

function benchResolve(o, info, tools) {
  const listed = {};
  const results = rounds(
    o,
    'resolve-inherit',
    tools,
    (tool) => {
      const dir = path.join(o.runRoot, 'resolve-inherit', tool);
      freshProject(dir, info);
      return dir;
    },
    (tool) => listCommand(tool, o.repo),
    (tool, dir, counted, r) => {
      if (counted && r.ok && !listed[tool]) listed[tool] = listedArtifacts(path.join(dir, 'deps.txt'));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  );
  for (const t of tools) {
    if (!listed[t]) continue;
    const same = !listed.mvn || listed[t].join('\n') === listed.mvn.join('\n');
    results[t].check = `${listed[t].length} artifacts listed${same ? '' : ' DIFFERS from mvn'}`;
  }
  return results;
}

/**
 * A resolve-remote workload: the delay server started once, the graph's part of the local
 * repository deleted before every run; each run's requests counted, the lists compared with mvn's.
 */
function benchRemote(o, info, tools) {
  const listed = {};
  const requests = Object.fromEntries(tools.map((t) => [t, []]));
  const server = startServer(info, path.join(o.work, 'logs', `${info.name}-server.log`));
  const settings = path.join(o.work, 'logs', `${info.name}-settings.xml`);
  writeSettings(settings, server.port);
  let results;
  try {
    results = rounds(
      o,
      info.name,
      tools,
      (tool) => {
        const dir = path.join(o.runRoot, info.name, tool);
        freshProject(dir, info);
        fs.rmSync(path.join(o.repo, ...REMOTE_PREFIX.split('.')), { recursive: true, force: true });
        server.reset();
        return dir;
      },
      (tool) => listCommand(tool, o.repo, false, settings),
      (tool, dir, counted, r) => {
        const asked = server.requests();
        fs.writeFileSync(path.join(o.work, 'logs', `${info.name}-${tool}-requests.log`), `${asked.join('\n')}\n`);
        if (counted) requests[tool].push(asked.length);
        if (counted && r.ok && !listed[tool]) listed[tool] = listedArtifacts(path.join(dir, 'deps.txt'));
        fs.rmSync(dir, { recursive: true, force: true });
      },
    );
  } finally {
    server.stop();
  }
  const fewest = Math.min(...Object.values(requests).flat());
  const floor = floorSeconds(info, fewest);
  for (const t of tools) {
    const asked = requests[t].length > 0 ? Math.max(...requests[t]) : 0;
    const same = !listed[t] || !listed.mvn || listed[t].join('\n') === listed.mvn.join('\n');
    results[t].requests = asked;
    results[t].check =
      `${listed[t]?.length ?? 'no'} artifacts listed${same ? '' : ' DIFFERS from mvn'}, ${asked} requests`;
  }
  return { floor, fewestRequests: fewest, results };
}

function main() {
  let o;
  try {
    o = parseArgs(process.argv.slice(2));
  } catch (e) {
    log(`${e.message}\n${USAGE}`);
    return 2;
  }
  if (o.help) {
    log(USAGE);
    return 0;
  }
  checkGnuTime();
  checkTmpfs(o.tmp);
  if (o.goalhost) useGoalhost(o.goalhost);
  const built = path.join(path.dirname(fs.realpathSync(goalhostBin())), '..', 'dist', 'main.js');
  if (!fs.existsSync(built)) throw new Error(`goalhost is not built (no ${built}): run npm run build first`);
  const mode = o.quick ? 'quick' : 'full';
  o.work = path.join(ROOT, 'bench-work', mode);
  o.repo = path.join(o.work, 'repo');
  o.runRoot = path.join(o.tmp, `goalhost-bench-${process.pid}`);
  // The warm-store rows' stores (one per workload), on the same tmpfs as their outputs (hard links need one file system).
  o.store = path.join(o.runRoot, 'store');
  fs.rmSync(path.join(o.work, 'logs'), { recursive: true, force: true });
  const withMvn = o.mvn && mavenAvailable();
  if (o.mvn && !withMvn) log('mvn or maven-dependency-plugin 3.5.0 not installed: mvn columns skipped');
  ensureMavenRepo(o.repo, log);
  const projects = path.join(o.work, 'projects');
  const results = {
    mode,
    runs: o.runs,
    warmup: o.warmup,
    date: new Date().toISOString(),
    goalhost: goalhostVersion(),
    machine: machine(),
    workloads: {},
  };
  try {
    for (const name of ['many', 'huge', 'wide', ...TAR_WORKLOADS]) {
      if (!o.only.includes(name)) continue;
      const info = ensureWorkload(name, mode, o.repo, projects, log);
      const store = name === 'wide' ? [] : [COLD_STORE_TOOL, ...Object.keys(WARM_STORE_TOOLS)];
      const floors = name === 'wide' ? [] : Object.keys(STORE_FLOOR_TOOLS);
      const c = info.format === 'zip' ? 'unzip' : 'tar';
      const tools = ['goalhost', ...store, ...(withMvn ? ['mvn'] : []), c, ...floors];
      log(`${name}: ${tools.join(', ')}`);
      results.workloads[name] = { info, tools: benchUnpack(o, name, info, tools) };
      if (o.floor && TAR_WORKLOADS.includes(name)) {
        log(`${name}: measuring the floor (decoding, writing and start-up alone)`);
        results.workloads[name].floor = measureTarFloor(info, o.repo, o.tmp);
      }
      if (name === 'wide')
        results.workloads[name].noop = benchNoop(o, name, info, ['goalhost', ...(withMvn ? ['mvn'] : [])]);
    }
    if (o.only.includes('bump')) {
      const base = ensureWorkload('many', mode, o.repo, projects, log);
      const info = ensureWorkload('bump', mode, o.repo, projects, log);
      log(`bump: ${Object.keys(BUMP_TOOLS).join(', ')}`);
      results.workloads.bump = { info, tools: benchBump(o, base, info) };
    }
    if (o.only.includes('reactor')) {
      const info = ensureReactorWorkload(ensureWorkload('many', mode, o.repo, projects, log), projects);
      const tools = ['goalhost -T 1', 'goalhost -T 2C', ...(withMvn ? ['mvn -T 1', 'mvn -T 2C'] : [])];
      log(`reactor: ${tools.join(', ')}`);
      results.workloads.reactor = { info, tools: benchReactor(o, info, tools) };
    }
    if (o.only.includes('resolve')) {
      const script = resolveBenchScript(goalhostBin());
      if (!script) log('resolve: no tools/bench/resolve-bench.js: skipped');
      else {
        log(`resolve: ${script} (its own runs; takes a while)`);
        const r = runResolveBench(script, {
          artifacts: o.quick ? 200 : 2000,
          runs: o.runs,
          withMvn,
          dir: path.join(o.work, 'resolve-bench'),
          logFile: path.join(o.work, 'logs', 'resolve-bench.log'),
        });
        if (r.error) log(`  ${r.error}\n${r.output.split('\n').slice(-15).join('\n')}`);
        else results.workloads.resolve = r;
      }
    }
    if (o.only.includes('resolve-inherit')) {
      const info = ensureResolveWorkload(o.quick ? 200 : 2000, o.repo, projects, log);
      log(`resolve-inherit: dependency:list of ${info.artifacts} artifacts`);
      results.workloads['resolve-inherit'] = {
        info,
        tools: benchResolve(o, info, ['goalhost', ...(withMvn ? ['mvn'] : [])]),
      };
    }
    for (const name of o.only.filter((w) => parseRemoteName(w))) {
      const info = ensureRemoteWorkload(name, o.work, log);
      const tools = ['goalhost', ...(withMvn ? ['mvn'] : [])];
      log(`${name}: cold dependency:list of ${info.artifacts} artifacts over ${info.delayMs} ms per request`);
      const r = benchRemote(o, info, tools);
      results.workloads[name] = {
        info: { ...info, floor: r.floor, fewestRequests: r.fewestRequests },
        tools: r.results,
      };
    }
  } finally {
    fs.rmSync(o.runRoot, { recursive: true, force: true });
  }
  results.machine.loadAfter = os.loadavg().map((x) => x.toFixed(2));
  results.targets = evaluateTargets(results);
  fs.mkdirSync(path.dirname(o.results), { recursive: true });
  fs.writeFileSync(o.results, `${JSON.stringify(results, null, 1)}\n`);
  process.stdout.write(`${formatReport(results)}\n`);
  log(`results: ${o.results}`);
  return 0;
}

try {
  process.exitCode = main();
} catch (e) {
  log(`bench: ${e.message}`);
  process.exitCode = 1;
}
