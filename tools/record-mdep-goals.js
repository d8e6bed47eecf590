#!/usr/bin/env node
'use strict';
/*
 * Records what real Maven 3.8.7 with maven-dependency-plugin 3.5.0 does in the scenarios of
 * test/mdep/support/scenarios.ts, into test/fixtures/mdep-goals/NAME.json, which test/mdep
 * compares goalhost with (the tests run without Maven).
 *
 *   npx tsc -p test && node tools/record-mdep-goals.js [NAME...]     (no name: every scenario)
 *
 * Needs `mvn` and Debian's plugin repository (apt-get install maven libmaven-dependency-plugin-java):
 * each scenario's local repository links to /usr/share/maven-repo's folders for the plugin and its
 * libraries, beside the scenario's own `zz` artifacts. Maven runs offline or against file://
 * repositories only (central is mirrored to an empty folder).
 */
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const OUT = path.join(ROOT, 'test', 'fixtures', 'mdep-goals');
const MAVEN_REPO = process.env.MAVEN_REPO || '/usr/share/maven-repo';
const JOBS = Number(process.env.JOBS || 2);

function requireBuilt(file) {
  const built = path.join(ROOT, 'test-dist', 'mdep', 'support', file);
  if (!fs.existsSync(built)) throw new Error(`${built} is missing: compile the tests first (npx tsc -p test)`);
  return require(built);
}

const { SCENARIOS } = requireBuilt('scenarios.js');
const { layOut, applyChanges, stepArgs, outcomeOf, recordTree } = requireBuilt('scenario.js');

function run(args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn('mvn', args, { cwd, env: { ...process.env, TZ: 'UTC', MAVEN_OPTS: '-Xmx512m' } });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stdout += d));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout }));
  });
}

/** Links `source`'s entries into `target`, going down into the folders the scenario wrote itself (which win). */
function overlay(source, target) {
  for (const name of fs.readdirSync(source)) {
    const from = path.join(source, name);
    const to = path.join(target, name);
    if (!fs.existsSync(to)) fs.symlinkSync(from, to);
    else if (fs.lstatSync(to).isDirectory() && fs.statSync(from).isDirectory()) overlay(from, to);
  }
}

async function record(scenario) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mdep-record-')));
  try {
    const remoteUrl = `file://${path.join(root, 'remote')}`;
    const layout = layOut(scenario, root, remoteUrl);
    fs.mkdirSync(layout.repo, { recursive: true });
    overlay(MAVEN_REPO, layout.repo);
    const started = Date.now();
    const steps = [];
    for (const step of scenario.steps) {
      applyChanges(root, step.before);
      const args = [
        '-B',
        `-Dmaven.repo.local=${layout.repo}`,
        '-s',
        layout.settings,
        ...stepArgs(step, root, remoteUrl),
      ];
      const { status, stdout } = await run(args, layout.project);
      steps.push(outcomeOf(status, stdout, root, remoteUrl));
    }
    const trees = {};
    for (const dir of scenario.trees) trees[dir] = recordTree(path.join(root, dir), started, root, scenario.modes);
    const recording = {
      recordedWith: 'Apache Maven 3.8.7, maven-dependency-plugin 3.5.0 (Debian build)',
      steps,
      trees,
    };
    fs.writeFileSync(path.join(OUT, `${scenario.name}.json`), `${JSON.stringify(recording, null, 2)}\n`);
    console.log(`recorded ${scenario.name}: ${steps.map((s) => s.status).join(',')}`);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

async function main() {
  const names = process.argv.slice(2);
  const unknown = names.filter((n) => !SCENARIOS.some((s) => s.name === n));
  if (unknown.length > 0) throw new Error(`no scenario named ${unknown.join(', ')} in test/mdep/support/scenarios.ts`);
  const selected = names.length > 0 ? SCENARIOS.filter((s) => names.includes(s.name)) : SCENARIOS;
  fs.mkdirSync(OUT, { recursive: true });
  let next = 0;
  const worker = async () => {
    while (next < selected.length) await record(selected[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, selected.length) }, worker));
}

main().catch((e) => {
  console.error(`record-mdep-goals: ${e.message}`);
  process.exit(1);
});
