import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';

const CASES = path.join(FIXTURES, 'cli', 'failures');

/** The cases of cases.tsv: name, fixture directory ('-': none) and arguments. */
function cases(): { name: string; fixture: string; args: string[] }[] {
  return fs
    .readFileSync(path.join(CASES, 'cases.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const [name, fixture, args] = l.split('\t');
      return { name, fixture, args: args.split(' ') };
    });
}

/** The log from its first [ERROR] line on: the failure report. */
function report(log: string): string {
  return log.slice(log.indexOf('[ERROR]')).trimEnd();
}

/**
 * Maven 3.8.7's closing lines of a failed build, recorded with real Maven (record.sh beside the
 * fixtures): the graph builder's problem for projects that cannot be read or selected, each
 * failure's summary with ` -> [Help N]`, the hints, and the Maven wiki pages referred to. The
 * hints name the command to re-run, goalhost.
 */
describe('cli: failure summaries as Maven 3.8.7 prints them', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-failures-'));
    fs.writeFileSync(path.join(dir, 'settings.xml'), '<settings/>');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const c of cases()) {
    it(`${c.name}: ${c.args.join(' ')}`, () => {
      const basedir = path.join(dir, 'project');
      fs.mkdirSync(basedir);
      if (c.fixture !== '-') fs.cpSync(path.join(CASES, c.fixture), basedir, { recursive: true });
      const run = runGoalhost(
        [...c.args, `-Dmaven.repo.local=${path.join(dir, 'repo')}`, '-s', path.join(dir, 'settings.xml')],
        basedir,
      );
      expect(run.status).to.equal(1);
      const maven = fs
        .readFileSync(path.join(CASES, `${c.name}.mvn-3.8.7.txt`), 'utf8')
        .replaceAll('{basedir}', basedir)
        .replace('re-run Maven with', 're-run goalhost with')
        .replace('Re-run Maven using', 'Re-run goalhost using')
        .replace('invoked Maven from', 'invoked goalhost from');
      expect(report(run.stdout)).to.equal(report(maven));
    });
  }
});
