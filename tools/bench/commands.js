'use strict';
/*
 * How each contender is started on a workload, in a fresh copy of the workload's project on
 * tmpfs. All three write the same tree to `target/dependency`:
 *   goalhost  node_modules/.bin/goalhost -o -B -Dmaven.repo.local=REPO -Dgoalhost.store=off cxx:unpack-dependencies
 *   goalhost warm copy / goalhost warm hardlink: the same with -Dgoalhost.store=MODE and a store
 *             (on tmpfs, filled before the counted runs) in -Dgoalhost.store.dir
 *   goalhost cold store: the same with -Dgoalhost.store=copy and a fresh empty store each run
 *             (the project's own cold-store/): the cost of filling the store
 *   cp -r store / cp -al store: the floor of the warm rows, C copying (linking) every stored
 *             tree of the warm store into target/dependency, one cp per tree
 *   mvn       mvn -o -B -Dmaven.repo.local=REPO org.apache.maven.plugins:maven-dependency-plugin:3.5.0:unpack-dependencies
 *   unzip     sh -c 'mkdir -p target/dependency && for f; do unzip -q -o "$f" -d target/dependency || exit 1; done' sh ARCHIVES...
 *   tar       sh -c 'mkdir -p target/dependency && for f; do tar -xf "$f" -C target/dependency || exit 1; done' sh ARCHIVES...
 * and for the resolve workload `dependency:list -DincludeScope=test -DoutputFile=deps.txt`.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
let GOALHOST = path.join(ROOT, 'node_modules', '.bin', 'goalhost');

/** Benchmarks another build of goalhost (e.g. a snapshot made by snapshot.sh). */
function useGoalhost(bin) {
  GOALHOST = path.resolve(bin);
}

function goalhostBin() {
  return GOALHOST;
}
const DEPENDENCY_PLUGIN = 'org.apache.maven.plugins:maven-dependency-plugin:3.5.0';
const UNZIP_LOOP = 'mkdir -p target/dependency && for f; do unzip -q -o "$f" -d target/dependency || exit 1; done';
// GNU tar picks the decompressor from the archive's first bytes (gzip, bzip2 or xz, one thread).
const TAR_LOOP = 'mkdir -p target/dependency && for f; do tar -xf "$f" -C target/dependency || exit 1; done';

/** The goalhost tools that place from a warm store, by their store mode. */
const WARM_STORE_TOOLS = { 'goalhost warm copy': 'copy', 'goalhost warm hardlink': 'hardlink' };
/** The tool that fills an empty store (a fresh one per run, inside the run's project). */
const COLD_STORE_TOOL = 'goalhost cold store';
/** C's floor for the warm rows, by the warm row each stands beside: cp's arguments per stored tree. */
const STORE_FLOOR_TOOLS = { 'cp -r store': ['-r'], 'cp -al store': ['-al', '--remove-destination'] };
// Every stored tree of the store given as $1 into target/dependency, with cp's options after it.
const STORE_CP_LOOP =
  'store="$1"; shift; mkdir -p target/dependency && for t in "$store"/entries/*/tree; do cp "$@" "$t/." target/dependency/ || exit 1; done';

/** The command line of `tool` for workload `info` (repo = local repository, store = the warm tools' store). */
function unpackCommand(tool, info, repo, store) {
  const repoArg = `-Dmaven.repo.local=${repo}`;
  if (WARM_STORE_TOOLS[tool]) {
    const storeArgs = [`-Dgoalhost.store=${WARM_STORE_TOOLS[tool]}`, `-Dgoalhost.store.dir=${store}`];
    return [GOALHOST, ['-o', '-B', repoArg, ...storeArgs, 'cxx:unpack-dependencies']];
  }
  if (STORE_FLOOR_TOOLS[tool]) return ['sh', ['-c', STORE_CP_LOOP, 'sh', store, ...STORE_FLOOR_TOOLS[tool]]];
  switch (tool) {
    case COLD_STORE_TOOL:
      return [
        GOALHOST,
        ['-o', '-B', repoArg, '-Dgoalhost.store=copy', '-Dgoalhost.store.dir=cold-store', 'cxx:unpack-dependencies'],
      ];
    case 'goalhost':
      // A plain unpack: the store would make every run after the first a warm one.
      return [GOALHOST, ['-o', '-B', repoArg, '-Dgoalhost.store=off', 'cxx:unpack-dependencies']];
    case 'mvn':
      return ['mvn', ['-o', '-B', '-Dstyle.color=never', repoArg, `${DEPENDENCY_PLUGIN}:unpack-dependencies`]];
    case 'unzip':
      return ['sh', ['-c', UNZIP_LOOP, 'sh', ...info.archives]];
    case 'tar':
      return ['sh', ['-c', TAR_LOOP, 'sh', ...info.archives]];
    default:
      throw new Error(`unknown tool ${tool}`);
  }
}

/**
 * `dependency:list`; goalhost resolves from scratch (no resolution cache) unless `warm`. Offline
 * unless a `settings` file is given (its mirror names the repository to download from).
 */
function listCommand(tool, repo, warm = false, settings = undefined) {
  const args = [...(settings ? ['-s', settings] : ['-o']), '-B', `-Dmaven.repo.local=${repo}`];
  if (tool === 'goalhost' && !warm) args.push('-Dgoalhost.resolution.cache=false');
  const goal = tool === 'goalhost' ? 'dependency:list' : `${DEPENDENCY_PLUGIN}:list`;
  const cmd = tool === 'goalhost' ? GOALHOST : 'mvn';
  if (tool === 'mvn') args.push('-Dstyle.color=never');
  return [cmd, [...args, goal, '-DincludeScope=test', '-DoutputFile=deps.txt']];
}

/** A clean project directory `dir` holding only the workload's pom.xml. */
function freshProject(dir, info) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(info.project, 'pom.xml'), path.join(dir, 'pom.xml'));
}

/** The artifact lines of a dependency:list output file, without module names (as the resolve oracle compares). */
function listedArtifacts(file) {
  if (!fs.existsSync(file)) return undefined;
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  const start = lines.findIndex((l) => l.includes('The following files have been resolved:'));
  const out = [];
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '') break;
    out.push(line.trim().replace(/ -- module \S+( \[?\(?auto\)?\]?)?/, ''));
  }
  return out;
}

module.exports = {
  ROOT,
  COLD_STORE_TOOL,
  STORE_FLOOR_TOOLS,
  WARM_STORE_TOOLS,
  goalhostBin,
  useGoalhost,
  freshProject,
  listCommand,
  listedArtifacts,
  unpackCommand,
};
