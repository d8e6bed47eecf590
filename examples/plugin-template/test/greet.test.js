'use strict';
/*
 * Runs the plugin's goal with the goalhost command (the one on PATH, or the one the GOALHOST
 * environment variable names) in a temporary copy of test/project, where the plugin is
 * installed as `npm install <this directory>` installs it. Build first: npm test does.
 */
const assert = require('node:assert/strict');
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { after, before, test } = require('node:test');

const GOALHOST = process.env.GOALHOST || 'goalhost';
let project;

before(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'greet-plugin-test-'));
  fs.copyFileSync(path.join(__dirname, 'project', 'pom.xml'), path.join(project, 'pom.xml'));
  fs.mkdirSync(path.join(project, 'node_modules'));
  fs.symlinkSync(path.resolve(__dirname, '..'), path.join(project, 'node_modules', 'greet-goalhost-plugin'), 'dir');
});
after(() => fs.rmSync(project, { recursive: true, force: true }));

/** Runs goalhost in batch mode in the project; its exit status and the lines of the greet goal. */
function goalhost(...args) {
  const run = spawnSync(GOALHOST, ['-B', ...args], { cwd: project, encoding: 'utf8' });
  if (run.error)
    throw new Error(`cannot run ${GOALHOST} (${run.error.message}): install goalhost or set GOALHOST to its path`);
  const lines = run.stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('[INFO] --- greet-maven-plugin:'));
  return { status: run.status, goal: start < 0 ? [] : lines.slice(start, start + 2), output: run.stdout };
}

test('bound in the POM, greet:greet greets the project in the validate phase', () => {
  const run = goalhost('validate');
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.goal, ['[INFO] --- greet-maven-plugin:1.0.0:greet (default) @ hello-app ---', '[INFO] Hello, hello-app!']);
  assert.doesNotMatch(run.output, /WARNING/);
});

test('-Dgreet.name sets the parameter', () => {
  const run = goalhost('greet:greet', '-Dgreet.name=world');
  assert.equal(run.status, 0, run.output);
  assert.deepEqual(run.goal, ['[INFO] --- greet-maven-plugin:1.0.0:greet (default-cli) @ hello-app ---', '[INFO] Hello, world!']);
});

test('an empty name fails the build with the goal message', () => {
  const run = goalhost('greet:greet', '-Dgreet.name=');
  assert.equal(run.status, 1, run.output);
  assert.match(
    run.output,
    /^\[ERROR\] Failed to execute goal org\.example:greet-maven-plugin:1\.0\.0:greet \(default-cli\) on project hello-app: Nobody to greet: set <name> in the configuration of greet-maven-plugin, or -Dgreet\.name=<name> -> \[Help 1\]$/m,
  );
});
