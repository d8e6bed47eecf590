#!/usr/bin/env node
'use strict';
/*
 * Resolution benchmark: generates a local repository with a large dependency graph (default
 * 2,000 artifacts: layers, version conflicts, scopes, optional dependencies, exclusions,
 * dependencyManagement) and measures, in the same run:
 *   - goalhost's resolver in-process (build the project, collect, mediate, resolve files),
 *   - the goalhost CLI: `goalhost -o -B dependency:list -DincludeScope=test -DoutputFile=...`, cold
 *     (`-Dgoalhost.resolution.cache=false`: every run resolves from scratch) and warm (the
 *     resolution cache of the previous run reused) and locked (a goalhost.lock written by
 *     `dependency:lock` first: the lock's fast path, no resolution, every digest checked),
 *   - real Maven: `mvn -o -B dependency:list ...` with its default JVM options (when mvn and
 *     Debian's maven-repo are installed),
 * and checks that goalhost and Maven list the same artifacts.
 *
 *   node tools/bench/resolve-bench.js [--artifacts 2000] [--runs 7] [--mvn-runs 3] [--dir /tmp/goalhost-bench] [--no-mvn]
 *
 * Needs the packages built (`npx tsc -b`). Exit status 1 when goalhost's (warm) CLI median is
 * 0.5 s or more, when Maven is less than 10x slower, or when the two lists differ.
 */
const { execFileSync, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
// Deterministic PRNG (mulberry32), so every run benchmarks the same graph.
const { prng } = require('./content');

const ROOT = path.resolve(__dirname, '..', '..');
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : dflt;
};
const ARTIFACTS = Number(opt('artifacts', 2000));
const RUNS = Number(opt('runs', 7));
const MVN_RUNS = Number(opt('mvn-runs', 3));
const DIR = path.resolve(opt('dir', '/tmp/goalhost-bench'));
const WITH_MVN = !args.includes('--no-mvn');
const MAVEN_REPO = '/usr/share/maven-repo';
const PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.5.0';

function pom(g, a, v, deps, managed = []) {
  const dep = (d) =>
    `    <dependency><groupId>${d.g}</groupId><artifactId>${d.a}</artifactId>${d.v ? `<version>${d.v}</version>` : ''}` +
    `${d.scope ? `<scope>${d.scope}</scope>` : ''}${d.optional ? '<optional>true</optional>' : ''}` +
    `${d.exclude ? `<exclusions><exclusion><groupId>${d.exclude.g}</groupId><artifactId>${d.exclude.a}</artifactId></exclusion></exclusions>` : ''}</dependency>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<project xmlns="http://maven.apache.org/POM/4.0.0">',
    '  <modelVersion>4.0.0</modelVersion>',
    `  <groupId>${g}</groupId>`,
    `  <artifactId>${a}</artifactId>`,
    `  <version>${v}</version>`,
    ...(managed.length
      ? ['  <dependencyManagement><dependencies>', ...managed.map(dep), '  </dependencies></dependencyManagement>']
      : []),
    ...(deps.length ? ['  <dependencies>', ...deps.map(dep), '  </dependencies>'] : []),
    '</project>',
    '',
  ].join('\n');
}

/** Writes the graph: layer 0 holds the project's direct dependencies; every artifact is reachable. */
function generate(repo, project) {
  const rnd = prng(20240229);
  const layers = 8;
  const first = Math.max(20, Math.round(ARTIFACTS * 0.02));
  const per = Math.ceil((ARTIFACTS - first) / (layers - 1));
  const nodes = [];
  for (let l = 0, n = 0; l < layers && n < ARTIFACTS; l++) {
    const size = l === 0 ? first : Math.min(per, ARTIFACTS - n);
    const layer = [];
    for (let i = 0; i < size; i++, n++)
      layer.push({ g: `bench.g${n % 7}`, a: `lib-${String(n).padStart(4, '0')}`, deps: [], versions: ['1.0'] });
    nodes.push(layer);
  }
  for (let l = 1; l < nodes.length; l++) {
    for (const node of nodes[l]) {
      const parent = nodes[l - 1][Math.floor(rnd() * nodes[l - 1].length)];
      parent.deps.push({ g: node.g, a: node.a, v: '1.0', scope: rnd() < 0.15 ? 'runtime' : undefined });
      if (rnd() < 0.12) node.versions.push('2.0');
    }
  }
  for (let l = 0; l < nodes.length - 1; l++) {
    for (const node of nodes[l]) {
      const extra = 1 + Math.floor(rnd() * 3);
      for (let k = 0; k < extra; k++) {
        const target = nodes[l + 1 + Math.floor(rnd() * Math.min(2, nodes.length - l - 1))];
        const t = target[Math.floor(rnd() * target.length)];
        if (node.deps.some((d) => d.a === t.a)) continue;
        const r = rnd();
        node.deps.push({
          g: t.g,
          a: t.a,
          v: t.versions[Math.floor(rnd() * t.versions.length)],
          scope: r < 0.08 ? 'test' : r < 0.14 ? 'provided' : r < 0.25 ? 'runtime' : undefined,
          optional: rnd() < 0.05,
          exclude:
            rnd() < 0.04
              ? { g: '*', a: nodes[nodes.length - 1][Math.floor(rnd() * nodes[nodes.length - 1].length)].a }
              : undefined,
        });
      }
    }
  }
  for (const layer of nodes) {
    for (const node of layer) {
      for (const v of node.versions) {
        const dir = path.join(repo, ...node.g.split('.'), node.a, v);
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, `${node.a}-${v}.pom`), pom(node.g, node.a, v, node.deps));
        fs.writeFileSync(path.join(dir, `${node.a}-${v}.jar`), `${node.g}:${node.a}:${v}\n`);
      }
    }
  }
  const managed = nodes[3].slice(0, 10).map((n) => ({ g: n.g, a: n.a, v: n.versions[n.versions.length - 1] }));
  const direct = nodes[0].map((n, i) => ({ g: n.g, a: n.a, v: '1.0', scope: i % 9 === 5 ? 'test' : undefined }));
  fs.mkdirSync(project, { recursive: true });
  fs.writeFileSync(path.join(project, 'pom.xml'), pom('bench.app', 'root', '1.0', direct, managed));
}

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const secs = (ms) => `${(ms / 1000).toFixed(3)} s`;

function listed(file) {
  const lines = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim());
  return lines
    .filter((l) => l && !l.startsWith('The following'))
    .map((l) => l.replace(/ -- module.*$/, ''))
    .sort();
}

const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/**
 * Runs a command; wall time, and CPU time (user + system, children included) when /usr/bin/time
 * exists: on a machine shared with other work the CPU time is the steadier measure.
 */
function timed(command, argv, cwd, env = {}) {
  const start = process.hrtime.bigint();
  const [cmd, args] = TIME ? [TIME, ['-f', 'CPU %U %S', command, ...argv]] : [command, argv];
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0)
    throw new Error(
      `${command} ${argv.join(' ')} failed (${r.status}):\n${(r.stdout || '').slice(-3000)}${r.stderr || ''}`,
    );
  const m = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr || '');
  return { wall: ms, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN };
}

async function main() {
  const repo = path.join(DIR, 'repo');
  const project = path.join(DIR, 'project');
  const stamp = path.join(DIR, `generated-${ARTIFACTS}`);
  if (!fs.existsSync(stamp)) {
    fs.rmSync(DIR, { recursive: true, force: true });
    fs.mkdirSync(DIR, { recursive: true });
    if (WITH_MVN && fs.existsSync(path.join(MAVEN_REPO, 'org/apache/maven/plugins/maven-dependency-plugin/3.5.0'))) {
      execFileSync('cp', ['-rL', MAVEN_REPO, repo]);
    }
    generate(repo, project);
    fs.writeFileSync(stamp, '');
  }
  const { createRepositorySystem } = require(path.join(ROOT, 'packages/resolver/dist'));
  const { EMPTY_SETTINGS } = require(path.join(ROOT, 'packages/model/dist'));
  const quiet = { debug() {}, info() {}, warn() {}, isDebugEnabled: () => false };
  const inProcess = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    const system = createRepositorySystem({
      localRepository: repo,
      offline: true,
      updateSnapshots: false,
      settings: EMPTY_SETTINGS,
      userProperties: {},
      env: {},
      activeProfiles: [],
      inactiveProfiles: [],
      log: quiet,
    });
    const p = await system.buildProject(path.join(project, 'pom.xml'));
    count = (await system.resolveDependencies(p, 'test')).length;
    inProcess.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  const bin = path.join(ROOT, 'packages/cli/bin/goalhost.js');
  const cliArgs = [
    bin,
    '-o',
    '-B',
    '-q',
    `-Dmaven.repo.local=${repo}`,
    'dependency:list',
    '-DincludeScope=test',
    '-DoutputFile=goalhost-deps.txt',
  ];
  // Cold: every run resolves from scratch. Warm: the resolution cache (kept in the workload's
  // own directory) is filled by one run first, then reused, as on a developer's second build.
  const cacheHome = path.join(DIR, 'cache');
  fs.rmSync(cacheHome, { recursive: true, force: true });
  // Only the locked runs have a lock file (a killed run may have left one).
  const lockFile = path.join(project, 'goalhost.lock');
  fs.rmSync(lockFile, { force: true });
  const cold = [];
  for (let i = 0; i < RUNS; i++)
    cold.push(
      timed(process.execPath, [...cliArgs, '-Dgoalhost.resolution.cache=false'], project, {
        XDG_CACHE_HOME: cacheHome,
      }),
    );
  timed(process.execPath, cliArgs, project, { XDG_CACHE_HOME: cacheHome });
  const warmList = fs.readFileSync(path.join(project, 'goalhost-deps.txt'), 'utf8');
  // Locked: dependency:lock once; then each locked run reads the lock (consistent with the POM),
  // checks every file's SHA-256 (remembered after the first time) and resolves nothing. Warm
  // and locked runs alternate (the lock file moved aside for the warm ones), so a change in the
  // machine's load hits both alike.
  timed(process.execPath, [bin, '-o', '-B', '-q', `-Dmaven.repo.local=${repo}`, 'dependency:lock'], project, {
    XDG_CACHE_HOME: cacheHome,
  });
  const lockText = fs.readFileSync(lockFile, 'utf8');
  const cli = [];
  const locked = [];
  let lockedSame = true;
  for (let i = 0; i < RUNS; i++) {
    fs.rmSync(lockFile, { force: true });
    cli.push(timed(process.execPath, cliArgs, project, { XDG_CACHE_HOME: cacheHome }));
    fs.writeFileSync(lockFile, lockText);
    locked.push(timed(process.execPath, cliArgs, project, { XDG_CACHE_HOME: cacheHome }));
    lockedSame &&= fs.readFileSync(path.join(project, 'goalhost-deps.txt'), 'utf8') === warmList;
  }
  fs.rmSync(lockFile, { force: true });
  const cliWall = cli.map((r) => r.wall);
  const cliCpu = cli.map((r) => r.cpu);
  const coldWall = cold.map((r) => r.wall);
  const lockedWall = locked.map((r) => r.wall);
  const mvn = [];
  const hasMvn =
    WITH_MVN &&
    fs.existsSync(path.join(repo, 'org/apache/maven/plugins/maven-dependency-plugin/3.5.0')) &&
    spawnSync('mvn', ['-v']).status === 0;
  if (hasMvn) {
    const mvnArgs = [
      '-o',
      '-B',
      '-q',
      `-Dmaven.repo.local=${repo}`,
      `${PLUGIN}:list`,
      '-DincludeScope=test',
      '-DoutputFile=mvn-deps.txt',
    ];
    // As users run it: Maven's own defaults (no MAVEN_OPTS).
    for (let i = 0; i < MVN_RUNS; i++) mvn.push(timed('mvn', mvnArgs, project, { MAVEN_OPTS: '' }));
  }
  console.log(`graph: ${count} resolved artifacts (generated ${ARTIFACTS}) in ${repo}`);
  console.log(
    `goalhost resolver in-process: first ${secs(inProcess[0])}, median ${secs(median(inProcess))} (${RUNS} runs)`,
  );
  console.log(
    `goalhost CLI, cold (no cache): median ${secs(median(coldWall))} wall, ${secs(median(cold.map((r) => r.cpu)))} CPU [${coldWall.map(secs).join(', ')}]`,
  );
  console.log(
    `goalhost CLI dependency:list: median ${secs(median(cliWall))} wall, ${secs(median(cliCpu))} CPU [${cliWall.map(secs).join(', ')}] (resolution cache reused)`,
  );
  console.log(
    `goalhost CLI, locked (goalhost.lock): median ${secs(median(lockedWall))} wall, ${secs(median(locked.map((r) => r.cpu)))} CPU [${lockedWall.map(secs).join(', ')}] (same list: ${lockedSame ? 'yes' : 'NO'}; paired with the warm run before it: median ratio ${median(lockedWall.map((w, i) => w / cliWall[i])).toFixed(2)})`,
  );
  console.log(
    `load average during the run: ${require('node:os')
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${require('node:os').cpus().length} CPUs`,
  );
  let ok = median(cliWall) < 500 && lockedSame;
  if (hasMvn) {
    const mvnWall = mvn.map((r) => r.wall);
    const mvnCpu = mvn.map((r) => r.cpu);
    const ratio = median(mvnWall) / median(cliWall);
    console.log(
      `mvn dependency:list:          median ${secs(median(mvnWall))} wall, ${secs(median(mvnCpu))} CPU [${mvnWall.map(secs).join(', ')}]`,
    );
    console.log(
      `speed-up: ${ratio.toFixed(1)}x wall, ${(median(mvnCpu) / median(cliCpu)).toFixed(1)}x CPU; cold ${(median(mvnWall) / median(coldWall)).toFixed(1)}x wall`,
    );
    const same =
      JSON.stringify(listed(path.join(project, 'goalhost-deps.txt'))) ===
      JSON.stringify(listed(path.join(project, 'mvn-deps.txt')));
    console.log(`same artifacts as Maven: ${same ? 'yes' : 'NO'}`);
    ok = ok && ratio >= 10 && same;
  } else console.log('mvn: not measured (needs mvn and Debian maven-dependency-plugin 3.5.0 in /usr/share/maven-repo)');
  console.log(
    ok ? 'OK' : 'FAILED: goalhost CLI must take < 0.5 s median and be >= 10x faster than Maven with the same result',
  );
  process.exitCode = ok ? 0 : 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(2);
});
