import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { changes, Sandbox, STACK_FRAME } from './sandbox';

/**
 * Deep chains that Maven 3.8.7 follows must not end in "Maximum call stack size exceeded" (a
 * recursion as deep as the chain): a chain of 5000 properties (`${a0}` -> `${a1}` -> ...;
 * `mvn validate` succeeds) and dependency:tree over a 5000-deep dependency chain in repository
 * POMs both succeed with Maven's result. (Deep parent chains, module trees and dependency:list
 * over the same chain hold as well; XML nesting is bounded by the parser.)
 */

const DEPTH = 5000;
const PROJECT =
  '<modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>';

describe('hostile inputs: chains thousands deep succeed as in Maven (CLI)', function () {
  this.timeout(300_000);
  let sandbox: Sandbox;
  beforeEach(() => (sandbox = Sandbox.create('deep')));
  afterEach(() => sandbox.dispose());

  it(`a chain of ${DEPTH} property references is interpolated`, async () => {
    const props =
      Array.from({ length: DEPTH }, (_, i) => `<a${i}>\${a${i + 1}}</a${i}>`).join('') + `<a${DEPTH}>end</a${DEPTH}>`;
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      `<project>${PROJECT}<properties>${props}</properties><build><directory>\${a0}-dir</directory></build></project>`,
    );
    // clean names the directory it deletes: the end of the chain.
    fs.mkdirSync(path.join(sandbox.proj, 'end-dir'));
    const run = await sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, 'clean']);
    expect(run.status, run.stdout.slice(0, 2000)).to.equal(0);
    expect(run.stdout).not.to.match(STACK_FRAME);
    expect(run.stdout).to.include(`[INFO] Deleting ${path.join(sandbox.proj, 'end-dir')}\n`);
    expect(fs.existsSync(path.join(sandbox.proj, 'end-dir'))).to.equal(false);
  });

  it(`dependency:tree over a ${DEPTH}-deep dependency chain, in every output type`, async () => {
    for (let i = 0; i < DEPTH; i++) {
      const next =
        i + 1 < DEPTH
          ? `<dependencies><dependency><groupId>d</groupId><artifactId>d${i + 1}</artifactId><version>1</version><type>pom</type></dependency></dependencies>`
          : '';
      const pom = `<project><modelVersion>4.0.0</modelVersion><groupId>d</groupId><artifactId>d${i}</artifactId><version>1</version><packaging>pom</packaging>${next}</project>`;
      sandbox.install({ groupId: 'd', artifactId: `d${i}`, version: '1', type: 'pom' }, Buffer.from(pom));
    }
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      `<project>${PROJECT}<dependencies><dependency><groupId>d</groupId><artifactId>d0</artifactId><version>1</version><type>pom</type></dependency></dependencies></project>`,
    );
    const before = sandbox.snapshot();
    for (const type of ['text', 'dot', 'tgf', 'graphml']) {
      const out = path.join(sandbox.root, `tree.${type}`);
      const run = await sandbox.run([
        '-o',
        '-B',
        `-Dmaven.repo.local=${sandbox.repo}`,
        'dependency:tree',
        `-DoutputType=${type}`,
        `-DoutputFile=${out}`,
      ]);
      expect(run.status, run.stdout.slice(0, 2000)).to.equal(0);
      expect(run.stdout).not.to.match(STACK_FRAME);
      const text = fs.readFileSync(out, 'utf8');
      const lines = text.split('\n');
      if (type === 'text') {
        expect(lines[0]).to.equal('t:p:pom:1');
        expect(lines[1]).to.equal('\\- d:d0:pom:1:compile');
        expect(lines[2]).to.equal('   \\- d:d1:pom:1:compile');
        expect(lines[DEPTH]).to.equal(`${'   '.repeat(DEPTH - 1)}\\- d:d${DEPTH - 1}:pom:1:compile`);
        expect(lines).to.have.length(DEPTH + 2);
      } else if (type === 'tgf') {
        expect(lines[0]).to.equal('1 t:p:pom:1');
        expect(lines[DEPTH]).to.equal(`${DEPTH + 1} d:d${DEPTH - 1}:pom:1:compile`);
        expect(lines[DEPTH + 1]).to.equal('#');
        // Edges in Maven's order: each once its child's subtree is done, the deepest first.
        expect(lines[DEPTH + 2]).to.equal(`${DEPTH} ${DEPTH + 1} compile`);
        expect(lines[2 * DEPTH + 1]).to.equal('1 2 compile');
      } else if (type === 'dot') {
        expect(lines[1]).to.equal('\t"t:p:pom:1" -> "d:d0:pom:1:compile" ; ');
        expect(lines[DEPTH]).to.equal(`\t"d:d${DEPTH - 2}:pom:1:compile" -> "d:d${DEPTH - 1}:pom:1:compile" ; `);
      } else {
        expect(text.match(/<node /g)).to.have.length(DEPTH + 1);
        expect(text.match(/<edge /g)).to.have.length(DEPTH);
      }
    }
    const outside = changes(before, sandbox.snapshot()).filter(
      (c) => !/^\+ tree\.\w+$/.test(c) && !/^\+ proj\/target(\/|$)/.test(c),
    );
    expect(outside).to.deep.equal([]);
  });
});

/**
 * Interpolation costs the length of a chain once: each property's expansion is remembered for
 * the model being built (a chain of 20,000 took minutes when every property expanded the rest of
 * the chain again). Properties that repeat others double at every level and are stopped at the
 * expansion limit; cycles keep Maven's message.
 */
describe('hostile inputs: interpolation is linear, bounded, and refuses cycles as Maven does (CLI)', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  beforeEach(() => (sandbox = Sandbox.create('interpolation')));
  afterEach(() => sandbox.dispose());

  const pom = (body: string): void =>
    fs.writeFileSync(path.join(sandbox.proj, 'pom.xml'), `<project>${PROJECT}${body}</project>`);
  const run = (args: string[]) =>
    sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, ...args], { timeoutMs: 30_000 });

  it('a chain of 20,000 properties: validate and help:evaluate finish within 20 s', async () => {
    const length = 20_000;
    const props =
      Array.from({ length }, (_, i) => `<p${i}>\${p${i + 1}}</p${i}>`).join('') + `<p${length}>end</p${length}>`;
    pom(`<name>\${p0}</name><properties>${props}</properties>`);
    const validate = await run(['validate']);
    expect(validate.status, validate.stdout.slice(0, 2000)).to.equal(0);
    expect(validate.stdout).to.include('[INFO] Building end 1\n');
    expect(validate.millis).to.be.below(20_000);
    const evaluate = await run(['-q', 'help:evaluate', '-Dexpression=p0', '-DforceStdout']);
    expect(evaluate.status, evaluate.stdout.slice(0, 2000)).to.equal(0);
    expect(evaluate.stdout).to.equal('end');
    expect(evaluate.millis).to.be.below(20_000);
  });

  it('properties that double at every level (40 levels) fail fast, naming the property and the limit', async () => {
    const props =
      Array.from({ length: 40 }, (_, i) => `<b${i}>\${b${i + 1}}\${b${i + 1}}</b${i}>`).join('') + '<b40>x</b40>';
    pom(`<name>\${b0}</name><properties>${props}</properties>`);
    const r = await run(['validate']);
    expect(r.status, r.stdout.slice(0, 2000)).to.equal(1);
    expect(r.stdout).to.include(
      `[ERROR]   The project t:p:1 (${path.join(sandbox.proj, 'pom.xml')}) has 1 error\n` +
        "[ERROR]     Resolving expression: '${b15}': its value would be longer than 16777216 characters, the most goalhost expands one value to " +
        '(a property that repeats another, like <a>${b}${b}</a>, doubles the length at every level); write fewer copies of the properties it uses\n',
    );
    expect(r.millis).to.be.below(20_000);
  });

  it('the same with -D properties in a goal parameter (help:evaluate)', async () => {
    pom('');
    const defines = Array.from({ length: 40 }, (_, i) => `-Da${i}=\${a${i + 1}}\${a${i + 1}}`);
    const r = await run([...defines, '-Da40=x', 'help:evaluate', '-Dexpression=a0']);
    expect(r.status, r.stdout.slice(0, 2000)).to.equal(1);
    expect(r.stdout).to.match(
      /\[ERROR\] Failed to execute goal .*evaluate .*: Resolving expression: '\$\{a\d+\}': its value would be longer than 16777216 characters/,
    );
  });

  it("cycles fail with Maven's message, also through a directory that names itself", async () => {
    pom('<name>${a}</name><properties><a>${b}</a><b>x${a}</b></properties>');
    const pair = await run(['validate']);
    expect(pair.status).to.equal(1);
    expect(pair.stdout).to.include(
      "    Resolving expression: '${a}': Detected the following recursive expression cycle in 'a': [a, b]\n",
    );
    pom('<build><directory>${project.build.directory}/x</directory></build>');
    const self = await run(['validate']);
    expect(self.status).to.equal(1);
    expect(self.stdout).not.to.match(STACK_FRAME);
    expect(self.stdout).to.include(
      "    Resolving expression: '${project.build.directory}': Detected the following recursive expression cycle in 'project.build.directory': [build.directory]\n",
    );
  });
});
