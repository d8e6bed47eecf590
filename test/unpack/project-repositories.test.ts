import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  NO_CENTRAL_MIRROR_XML,
  RepoServer,
  startRemoteFixture,
  stopRemoteFixture,
} from '../resolver/support/repo-server';
import { FixtureRepo, pomXml } from '../resolver/support/fixture-repo';
import { runGoalhostAsync } from '../scm/support/run-goalhost-async';
import { treeOf } from '../support/tree';
import { zipRecords } from './zip-records';

/**
 * A classified archive that only the project's own <repositories> hold: every run resolves it
 * there, whether the dependencies were resolved afresh, reused from the resolution cache (from the
 * second run on) or verified against a lock (which must then list it as a requested file).
 */
describe("unpack: classified artifacts from the project's repositories, on every run", function () {
  this.timeout(120_000);
  let f: FixtureRepo;
  let server: RepoServer;
  before(async () => ({ f, server } = await startRemoteFixture()));
  after(() => stopRemoteFixture(f, server));

  it('cxx:unpack-dependencies -Dclassifier=linux -Dtype=zip: same tree on runs 1 to 3 and on locked runs', async () => {
    server.put('r/lib/1.0/lib-1.0.pom', pomXml('r:lib:1.0'));
    server.put('r/lib/1.0/lib-1.0.jar', 'jar\n');
    server.put('r/lib/1.0/lib-1.0-linux.zip', zipRecords([{ name: 'lib/libr.so', content: 'linux so\n' }]).bytes);
    fs.mkdirSync(f.project, { recursive: true });
    fs.writeFileSync(
      path.join(f.project, 'pom.xml'),
      pomXml('r:app:1.0', {
        dependencies: ['r:lib:1.0'],
        extra: `  <repositories><repository><id>remote</id><url>${server.url}</url></repository></repositories>`,
      }),
    );
    const settings = path.join(f.root, 'settings.xml');
    fs.writeFileSync(settings, `<settings>${NO_CENTRAL_MIRROR_XML}</settings>\n`);
    const env = { XDG_CACHE_HOME: path.join(f.root, 'cache') };
    const goalhost = (...args: string[]) =>
      runGoalhostAsync(['-B', '-s', settings, `-Dmaven.repo.local=${f.repo}`, ...args], f.project, env);
    const output = path.join(f.project, 'target', 'dependency');
    const unpack = async (label: string, ...more: string[]): Promise<void> => {
      fs.rmSync(path.join(f.project, 'target'), { recursive: true, force: true });
      const run = await goalhost(...more, '-Dclassifier=linux', '-Dtype=zip', 'cxx:unpack-dependencies');
      expect(run.stdout, `${label}\n${run.stdout}`).to.contain('[INFO] BUILD SUCCESS');
      expect(treeOf(output), label).to.deep.equal(['d 755 lib/', 'f 644 lib/libr.so = "linux so\\n"']);
    };
    for (let i = 1; i <= 3; i++) await unpack(`run ${i}`);
    const lock = await goalhost('dependency:lock');
    expect(lock.stdout, lock.stdout).to.contain('[INFO] BUILD SUCCESS');
    // Under a lock the classified archive is used only once locked: a requested line, from the project's repository.
    const unlocked = await goalhost('-Dclassifier=linux', '-Dtype=zip', 'cxx:unpack-dependencies');
    const file = path.join(f.repo, 'r', 'lib', '1.0', 'lib-1.0-linux.zip');
    expect(unlocked.stdout, unlocked.stdout)
      .to.contain(`\n[ERROR]   r:lib:zip:linux:1.0\n[ERROR]     file:   ${file}\n`)
      .and.contain('[INFO] BUILD FAILURE');
    await unpack('update run', '-Dgoalhost.lock=update');
    const sha256 = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    expect(fs.readFileSync(path.join(f.project, 'goalhost.lock'), 'utf8')).to.contain(
      `\nr:lib:zip:linux:1.0 requested sha256:${sha256} from=remote\n`,
    );
    for (let i = 1; i <= 2; i++) await unpack(`locked run ${i}`);
  });
});
