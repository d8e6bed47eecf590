import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';

const REACTOR = path.join(FIXTURES, 'resolver', 'reactor-workspace');

/** A log as the recordings keep it: no times, no transfer lines, no trailing blank line. */
function comparable(log: string): string {
  return log
    .replace(/\u001b\[0m/g, '')
    .split('\n')
    .filter((l) => !/^\[INFO\] (Total time|Finished at|Download)/.test(l))
    .map((l) => l.replace(/\[ *[\d.]+ s\]/, '[ <time>]'))
    .join('\n')
    .trimEnd();
}

/**
 * The reactor as Maven 3.8.7 resolves within it (recorded with mvn and maven-dependency-plugin
 * 3.5.0 on test/fixtures/resolver/reactor-workspace, `-Drevision=2.0`; core ITs mng-0249, mng-4052,
 * mng-5895, mng-5557): a project imports a BOM that is a module of the same build, listed after it
 * (the reactor model pool); a module depending on a sibling gets the sibling's own dependencies
 * from the sibling's POM in the build (the reactor reader), its CI-friendly `${revision}` taken from
 * the command line; with `-pl` the sibling is not in the session, and its POM is looked for in the
 * repositories.
 */
describe('resolver: the reactor reader and the reactor model pool (recorded with mvn 3.8.7)', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-reactor-'));
    fs.cpSync(REACTOR, path.join(dir, 'project'), { recursive: true });
    for (const a of ['ext', 'lib']) {
      const d = path.join(dir, 'repo', 'zz', 'rx', a, '1.0');
      fs.mkdirSync(d, { recursive: true });
      fs.writeFileSync(
        path.join(d, `${a}-1.0.pom`),
        `<project><modelVersion>4.0.0</modelVersion><groupId>zz.rx</groupId><artifactId>${a}</artifactId><version>1.0</version></project>\n`,
      );
      fs.writeFileSync(path.join(d, `${a}-1.0.jar`), 'jar\n');
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const tree = (...args: string[]) =>
    runGoalhost(
      ['-o', '-B', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, '-Drevision=2.0', ...args, 'dependency:tree'],
      path.join(dir, 'project'),
    );
  const recorded = (name: string) =>
    comparable(fs.readFileSync(path.join(FIXTURES, 'resolver', `reactor-workspace.${name}.mvn-3.8.7.txt`), 'utf8'));

  it("the whole reactor: an import of a reactor BOM, a sibling's dependencies from its POM in the build", () => {
    const run = tree();
    expect(run.status, run.stdout).to.equal(0);
    expect(comparable(run.stdout)).to.equal(recorded('full'));
  });

  it('-pl b: the sibling is not in the session, its POM is missing from the repositories', () => {
    const run = tree('-pl', 'b');
    expect(run.status, run.stdout).to.equal(0);
    expect(comparable(run.stdout)).to.equal(recorded('pl'));
  });
});
