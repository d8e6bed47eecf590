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
const PROJECT = '<modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>';

describe('hostile inputs: chains thousands deep succeed as in Maven (CLI)', function () {
  this.timeout(300_000);
  let sandbox: Sandbox;
  beforeEach(() => (sandbox = Sandbox.create('deep')));
  afterEach(() => sandbox.dispose());

  it(`a chain of ${DEPTH} property references is interpolated`, async () => {
    const props = Array.from({ length: DEPTH }, (_, i) => `<a${i}>\${a${i + 1}}</a${i}>`).join('') + `<a${DEPTH}>end</a${DEPTH}>`;
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
      const next = i + 1 < DEPTH ? `<dependencies><dependency><groupId>d</groupId><artifactId>d${i + 1}</artifactId><version>1</version><type>pom</type></dependency></dependencies>` : '';
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
      const run = await sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, 'dependency:tree', `-DoutputType=${type}`, `-DoutputFile=${out}`]);
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
    const outside = changes(before, sandbox.snapshot()).filter((c) => !/^\+ tree\.\w+$/.test(c) && !/^\+ proj\/target(\/|$)/.test(c));
    expect(outside).to.deep.equal([]);
  });
});
