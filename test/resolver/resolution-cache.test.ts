import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/paths';
import { runGoalhost, stableLog, type GoalhostRun } from '../support/run-goalhost';
import { FixtureRepo, pomXml } from './support/fixture-repo';

/** Files written just before a run are "racy" (see file-observations.ts): let them age first. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 150));

describe('resolution cache (reuse while every input is unchanged)', () => {
  let f: FixtureRepo;
  let cacheHome: string;
  let run: (...args: string[]) => GoalhostRun;
  const listed = (): string => readFileSync(path.join(f.project, 'deps.txt'), 'utf8');
  const libPom = (): string => path.join(f.repo, 'zz', 'rc', 'lib', '1.0', 'lib-1.0.pom');
  const reusedLine = (): string =>
    `[DEBUG] Resolution cache: reusing the resolution of ${path.join(f.project, 'pom.xml')} (test)`;
  const withoutCacheLines = (stdout: string): string =>
    stableLog(stdout)
      .split('\n')
      .filter((l) => !l.includes('Resolution cache: '))
      .join('\n');

  beforeEach(async () => {
    f = new FixtureRepo();
    cacheHome = path.join(f.root, 'cache');
    f.artifact('zz.rc:lib:1.0', { dependencies: ['zz.rc:util:1.0'] });
    f.artifact('zz.rc:util:1.0');
    f.artifact('zz.rc:util:2.0');
    f.artifact('zz.rc:extra:1.0');
    f.artifact('zz.rc:old-name:1.0', { packaging: 'pom', relocation: { artifactId: 'new-name', message: 'renamed' } });
    f.artifact('zz.rc:new-name:1.0');
    f.projectPom('zz.rc:app:1.0', {
      dependencies: ['zz.rc:lib:1.0', 'zz.rc:old-name:1.0', { gav: 'zz.rc:extra:1.0', scope: 'test' }],
    });
    run = (...args) =>
      runGoalhost(
        ['-o', '-B', `-Dmaven.repo.local=${f.repo}`, ...args, 'dependency:list', '-DoutputFile=deps.txt'],
        f.project,
        { XDG_CACHE_HOME: cacheHome },
      );
    await settle();
  });
  afterEach(() => f.cleanup());

  it('reuses a resolution: same list, same log (the relocation warning included), one cache file', () => {
    const first = run('-X');
    expect(first.status, first.stdout).to.equal(0);
    const firstList = listed();
    const second = run('-X');
    expect(second.status, second.stdout).to.equal(0);
    expect(second.stdout).to.contain(reusedLine());
    expect(first.stdout).not.to.contain(reusedLine());
    expect(withoutCacheLines(second.stdout)).to.equal(withoutCacheLines(first.stdout));
    expect(second.stdout).to.contain(
      '[WARNING] The artifact zz.rc:old-name:jar:1.0 has been relocated to zz.rc:new-name:jar:1.0: renamed',
    );
    expect(listed()).to.equal(firstList);
    expect(firstList).to.contain('zz.rc:new-name:jar:1.0:compile');
    expect(readdirSync(path.join(cacheHome, 'goalhost', 'resolution'))).to.have.length(1);
  });

  it("resolves again when the resolver's code changes, in any folder of its build", () => {
    const dist = path.join(ROOT, 'packages', 'resolver', 'dist');
    const folder = readdirSync(dist, { withFileTypes: true }).find((e) => e.isDirectory())!.name;
    const code = path.join(
      dist,
      folder,
      readdirSync(path.join(dist, folder)).find((n) => n.endsWith('.js'))!,
    );
    expect(run('-X').status).to.equal(0);
    const { atime, mtime } = statSync(code);
    utimesSync(code, atime, new Date(mtime.getTime() - 60_000));
    try {
      const r = run('-X');
      expect(r.status, r.stdout).to.equal(0);
      expect(r.stdout).to.contain(
        `[DEBUG] Resolution cache: ${path.join(f.project, 'pom.xml')} (test) was resolved with other inputs, resolving again`,
      );
    } finally {
      utimesSync(code, atime, mtime);
    }
  });

  it('resolves again when a POM in the repository changes, even to one of the same size', async () => {
    expect(run('-X').status).to.equal(0);
    expect(listed()).to.contain('zz.rc:util:jar:1.0:compile');
    writeFileSync(libPom(), pomXml('zz.rc:lib:1.0', { dependencies: ['zz.rc:util:2.0'] }));
    await settle();
    const r = run('-X');
    expect(r.status, r.stdout).to.equal(0);
    expect(r.stdout).to.contain(
      `[DEBUG] Resolution cache: ${libPom()} changed, resolving ${path.join(f.project, 'pom.xml')} (test) again`,
    );
    expect(listed()).to.contain('zz.rc:util:jar:2.0:compile').and.not.contain('zz.rc:util:jar:1.0');
  });

  it('fails as without a cache when an artifact file was removed or became unavailable', async () => {
    expect(run().status).to.equal(0);
    rmSync(path.join(f.repo, 'zz', 'rc', 'util', '1.0', 'util-1.0.jar'));
    const cached = run();
    const uncached = run('-Dgoalhost.resolution.cache=false');
    expect(cached.status).to.equal(1);
    expect(stableLog(cached.stdout)).to.equal(stableLog(uncached.stdout));
    expect(cached.stdout).to.contain('zz.rc:util:jar:1.0');

    // A `_remote.repositories` record appearing where there was none changes what is available.
    f.artifact('zz.rc:util:1.0');
    await settle();
    expect(run().status).to.equal(0);
    writeFileSync(
      path.join(f.repo, 'zz', 'rc', 'new-name', '1.0', '_remote.repositories'),
      'new-name-1.0.jar>elsewhere=\n',
    );
    const recorded = run();
    expect(recorded.status).to.equal(1);
    expect(stableLog(recorded.stdout)).to.equal(stableLog(run('-Dgoalhost.resolution.cache=false').stdout));
  });

  it('resolves again when a property the POMs use changes', () => {
    // A dependency POM's own property would win over -D (as in Maven): lib defines none.
    writeFileSync(libPom(), pomXml('zz.rc:lib:1.0', { dependencies: ['zz.rc:util:${util.version}'] }));
    expect(run('-Dutil.version=2.0').status).to.equal(0);
    expect(listed()).to.contain('zz.rc:util:jar:2.0:compile');
    expect(run('-Dutil.version=1.0').status).to.equal(0);
    expect(listed()).to.contain('zz.rc:util:jar:1.0:compile');
  });

  it('resolves again over a damaged cache file and replaces it', () => {
    expect(run().status).to.equal(0);
    const expected = listed();
    const dir = path.join(cacheHome, 'goalhost', 'resolution');
    const [name] = readdirSync(dir);
    for (const damaged of ['{"format":1,"key":', '{"format":1,"files":7}', 'null']) {
      writeFileSync(path.join(dir, name), damaged);
      rmSync(path.join(f.project, 'deps.txt'));
      const r = run('-X');
      expect(r.status, r.stdout).to.equal(0);
      expect(r.stdout).not.to.contain(reusedLine());
      expect(listed()).to.equal(expected);
    }
    expect(run('-X').stdout).to.contain(reusedLine());
  });

  it('writes nothing with -Dgoalhost.resolution.cache=false, and never keeps a snapshot resolution', () => {
    expect(run('-Dgoalhost.resolution.cache=false').status).to.equal(0);
    expect(existsSync(cacheHome)).to.equal(false);
    f.artifact('zz.rc:snap:1.0-SNAPSHOT');
    f.projectPom('zz.rc:app:1.0', { dependencies: ['zz.rc:snap:1.0-SNAPSHOT'] });
    const r = run('-X');
    expect(r.status, r.stdout).to.equal(0);
    expect(r.stdout).to.contain(
      `[DEBUG] Resolution cache: not storing the resolution of ${path.join(f.project, 'pom.xml')}: snapshot zz.rc:snap:pom:1.0-SNAPSHOT`,
    );
    expect(existsSync(cacheHome)).to.equal(false);
  });
});
