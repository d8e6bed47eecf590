import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';

/**
 * -ff (the default), -fae and -fn over a reactor where a and c fail (a dependency missing offline)
 * and b does not: the projects built, the summary, every failure, the resume hint and the exit
 * code, against mvn 3.8.7 with maven-dependency-plugin 3.5.0 recorded on the same reactor
 * (fixtures/cli/failure-modes.mvn-3.8.7.txt: `mvn -o -llr -B ... dependency:list [option]`).
 */
describe('cli: reactor failure modes (-ff, -fae, -fn) as Maven 3.8.7', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-failure-modes-'));
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>r</artifactId><version>1</version><packaging>pom</packaging>\n' +
        '<modules><module>a</module><module>b</module><module>c</module></modules></project>\n',
    );
    const missing = (id: string) =>
      `<dependencies><dependency><groupId>x</groupId><artifactId>${id}</artifactId><version>1</version></dependency></dependencies>`;
    for (const [m, body] of [
      ['a', missing('one')],
      ['b', ''],
      ['c', missing('two')],
    ]) {
      fs.mkdirSync(path.join(dir, m));
      fs.writeFileSync(
        path.join(dir, m, 'pom.xml'),
        `<project><modelVersion>4.0.0</modelVersion><parent><groupId>g</groupId><artifactId>r</artifactId><version>1</version></parent><artifactId>${m}</artifactId><packaging>pom</packaging>${body}</project>\n`,
      );
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Maven's recording of one run: its output lines (times out) and exit code. */
  const recorded = (option: string): { log: string; status: number } => {
    const text = fs.readFileSync(path.join(FIXTURES, 'cli', 'failure-modes.mvn-3.8.7.txt'), 'utf8');
    const section = text
      .split(/^=== ?/m)
      .slice(1)
      .find((s) => s.split('\n')[0] === option)!;
    const lines = section.split('\n').slice(1);
    const status = Number(lines.find((l) => l.startsWith('rc='))!.slice(3));
    const log = lines
      .filter((l) => !l.startsWith('rc='))
      .join('\n')
      // The difference README.md lists: the hints name goalhost.
      .replace(/re-run Maven with/, 're-run goalhost with')
      .replace(/Re-run Maven using/, 'Re-run goalhost using')
      .replace(/mvn <args>/, 'goalhost <args>');
    return { log: log.trimEnd(), status };
  };
  const run = (option: string) => {
    const args = [
      '-o',
      '-llr',
      '-B',
      `-Dmaven.repo.local=${path.join(dir, 'repo')}`,
      'org.apache.maven.plugins:maven-dependency-plugin:3.5.0:list',
    ];
    const result = runGoalhost(option ? [...args, option] : args, dir);
    const log = result.stdout
      .split('\n')
      .filter((l) => !/^\[INFO\] (Total time|Finished at):/.test(l))
      .join('\n')
      .trimEnd();
    return { log, status: result.status };
  };
  const times = (log: string) => log.replace(/\[ {1,2}\d+\.\d{3} s\]/g, '[ <time>]');

  for (const option of ['', '-fae', '-fn']) {
    it(`${option || 'fail-fast (the default)'}: the same projects, statuses, errors, hint and exit code as mvn`, () => {
      const maven = recorded(option);
      const goalhost = run(option);
      expect(times(goalhost.log)).to.equal(times(maven.log));
      expect(goalhost.status).to.equal(maven.status);
    });
  }

  it('-ff wins over -fae and -fn, -fae over -fn, wherever they are given (Maven reads them in that order)', () => {
    expect(run('-fn').status).to.equal(0);
    const both = runGoalhost(
      ['-o', '-B', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, '-fn', '-fae', 'dependency:list'],
      dir,
    );
    expect(both.status).to.equal(1);
    expect(both.stdout).to.contain('[INFO] b .................................................. SUCCESS');
    const fast = runGoalhost(
      ['-o', '-B', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, '-fn', '-ff', 'dependency:list'],
      dir,
    );
    expect(fast.status).to.equal(1);
    expect(fast.stdout).to.contain('[INFO] b .................................................. SKIPPED');
  });
});
