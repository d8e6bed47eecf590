import { expect } from 'chai';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GOALHOST_BIN, ROOT, SHARED, skipWithoutShared } from '../support/paths';

const ORACLE = path.join(SHARED, 'oracle', 'unpack');
const DIFFERENCES = fs
  .readFileSync(path.join(ROOT, 'test', 'unpack', 'oracle-differences.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '');

interface Comparison {
  readonly passed: string[];
  readonly failed: string[];
  readonly output: string;
}

/** Runs the oracle's compare.sh with goalhost as the stand-in (its own data directory, 2 jobs). */
function compare(
  scenarios: readonly string[],
  data: string,
  extra: readonly string[] = [],
  jobs = 2,
): Promise<Comparison> {
  return new Promise((resolve, reject) => {
    const args = [
      '-j',
      String(jobs),
      ...scenarios,
      '--',
      process.execPath,
      GOALHOST_BIN,
      '-o',
      '-B',
      '-Dmaven.repo.local={repo}',
      ...extra,
      'cxx:unpack-dependencies',
    ];
    const child = spawn(path.join(ORACLE, 'compare.sh'), args, { env: { ...process.env, ORACLE_DATA: data } });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const names = (verdict: string): string[] =>
        [...output.matchAll(new RegExp(`^${verdict} (\\S+)`, 'gm'))].map((m) => m[1]).sort();
      resolve({ passed: names('PASS'), failed: names('FAIL'), output });
    });
  });
}

/** The differential oracle recorded from real Maven 3.8.7 / maven-dependency-plugin 3.5.0. */
describe('unpack: oracle (shared/oracle/unpack, real Maven recordings)', function () {
  this.timeout(20 * 60_000);
  let data: string;
  before(function () {
    skipWithoutShared(this, 'oracle/unpack/compare.sh', 'the unpack oracle (real Maven recordings)');
    data = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-oracle-unpack-'));
  });
  after(() => data && fs.rmSync(data, { recursive: true, force: true }));

  const scenarios = (): string[] => fs.readdirSync(path.join(ORACLE, 'scenarios')).sort();
  const expected = (): { passed: string[]; failed: string[] } => ({
    passed: scenarios().filter((s) => !DIFFERENCES.includes(s)),
    failed: [...DIFFERENCES].sort(),
  });

  // The store is on (copy) by default, beside the oracle's local repository: each scenario fills it.
  it('every public scenario passes except the documented deliberate differences, which differ', async () => {
    const result = await compare(scenarios(), data);
    expect({ passed: result.passed, failed: result.failed }, result.output.slice(-4000)).to.deep.equal(expected());
  });

  it('the same, placed from the store the first pass filled, with hard links (-Dgoalhost.store=hardlink)', async () => {
    // One scenario at a time: several scenarios unpack the same archive, and some then write into
    // an unpacked file in place; with hard links that write shows in every workspace linked to
    // the stored file (the risk README names for this mode), so a scenario compared at the same
    // moment would see another's edit. Run in turn, the edit comes after the earlier scenarios'
    // comparisons, and the later ones find the stored file changed and get the tree made again.
    const result = await compare(scenarios(), data, ['-Dgoalhost.store=hardlink'], 1);
    expect({ passed: result.passed, failed: result.failed }, result.output.slice(-4000)).to.deep.equal(expected());
    expect(fs.readdirSync(path.join(data, 'goalhost-store', 'entries')).length).to.be.greaterThan(50);
  });
});
