#!/usr/bin/env node
// Records what real Maven prints for the help goals' test cases (test/fixtures/help/oracle-cases.json;
// effective-pom-verbose: with -Dverbose) into test/fixtures/help/expected/:
// test/support/help-oracle/HelpOracle.java builds each fixture with Maven 3.8.7's project builder
// (/usr/share/maven) and composes the text as maven-help-plugin 3.4.0 does. Fixture paths become
// @BASEDIR@. Needs java 17 and Debian's maven.
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const fixtures = path.join(root, 'test', 'fixtures', 'help');
const expected = path.join(fixtures, 'expected');
const oracle = path.join(root, 'test', 'support', 'help-oracle', 'HelpOracle.java');
const classpath = ['/usr/share/maven/lib/*', '/usr/share/maven/boot/*', '/usr/share/java/jdom2.jar'].join(':');
const cases = JSON.parse(fs.readFileSync(path.join(fixtures, 'oracle-cases.json'), 'utf8'));

// Arguments `mode:name` record only those cases (e.g. effective-pom:packagings); none: all of them.
const only = process.argv.slice(2);
const wanted = (mode, name) => only.length === 0 || only.includes(`${mode}:${name}`);

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'help-goldens-'));
const repo = path.join(work, 'repository');
// The POMs the fixtures find in the local repository (a parent and an imported BOM).
fs.cpSync(path.join(fixtures, 'repository'), repo, { recursive: true });
function run(mode, project, pom, args) {
  const dir = path.join(work, project);
  if (!fs.existsSync(dir)) fs.cpSync(path.join(fixtures, project), dir, { recursive: true });
  const out = execFileSync('java', ['-cp', classpath, oracle, mode, path.join(dir, pom), repo, ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return out.split(dir).join('@BASEDIR@').split(repo).join('@REPO@');
}

fs.mkdirSync(expected, { recursive: true });
for (const mode of ['effective-pom', 'effective-pom-verbose', 'active-profiles']) {
  for (const c of cases[mode].filter((c) => wanted(mode, c.name))) {
    // The plugin logs the text as one message: the log adds the final line break.
    fs.writeFileSync(path.join(expected, `${mode}-${c.name}.txt`), `${run(mode, c.project, c.pom, c.args)}\n`);
  }
}
const values = {};
for (const e of wanted('evaluate', 'all') ? cases.evaluate.expressions : [])
  values[e] = run(`evaluate=${e}`, cases.evaluate.project, cases.evaluate.pom, []);
if (wanted('evaluate', 'all'))
  fs.writeFileSync(path.join(expected, 'evaluate.json'), `${JSON.stringify(values, null, 2)}\n`);
fs.rmSync(work, { recursive: true, force: true });
console.log(`Recorded in ${path.relative(root, expected)}: ${only.length === 0 ? 'every case' : only.join(', ')}`);
