import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GitFixture } from './support/git-fixture';
import { runGoalhostAsync } from './support/run-goalhost-async';
import { SVN_PASSWORD, SVN_USER, SvnFixture } from './support/svn-fixture';

/** A source dependency's POM in the local repository. */
function installPom(repo: string, g: string, a: string, v: string, body: string): void {
  const dir = path.join(repo, ...g.split('.'), a, v);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${a}-${v}.pom`),
    `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>${g}</groupId>\n  <artifactId>${a}</artifactId>\n  <version>${v}</version>\n  <packaging>pom</packaging>\n${body}</project>\n`,
  );
}

function consumerPom(g: string, a: string, v: string, configuration = ''): string {
  return (
    '<project><modelVersion>4.0.0</modelVersion><groupId>fr.example</groupId><artifactId>consumer</artifactId><version>1.0</version><packaging>pom</packaging>\n' +
    `  <dependencies><dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version><type>pom</type></dependency></dependencies>\n` +
    '  <build><plugins><plugin><groupId>org.codehaus.mojo</groupId><artifactId>cxx-maven-plugin</artifactId><version>0.0.6-SNAPSHOT</version>\n' +
    `    <configuration><sourceSubdir>externals</sourceSubdir>${configuration}</configuration></plugin></plugins></build>\n</project>\n`
  );
}

/** The failure message: from `Failed to execute goal` to Maven's help key, `[ERROR] ` prefixes dropped. */
function failure(stdout: string): string {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.startsWith('[ERROR] Failed to execute goal'));
  const end = lines.findIndex((l, i) => i > start && l === '[ERROR] -> [Help 1]');
  expect(start, stdout).to.be.at.least(0);
  expect(end, stdout).to.be.above(start);
  return lines
    .slice(start, end)
    .map((l) => l.slice('[ERROR] '.length))
    .join('\n');
}

const GOAL = 'org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:scm-dependencies (default-cli) on project consumer';
const HINT =
  'The dependency POM, its repository or the working copy (svn:externals, .gitmodules, gitlinks) changed: find out which before trusting it. ' +
  'If this change is intended, update the lock on purpose: run this goal with -Dgoalhost.lock=update and review the diff of the lock file; ' +
  '-Dgoalhost.lock=ignore builds once without the lock.';

/**
 * Source dependencies under a lock (real CLI, real git and svnserve on loopback): each one's
 * wiring (URL, revision or commit, directory) is a `source` line of goalhost.lock, written by
 * -Dgoalhost.lock=update and verified by every run of cxx:scm-dependencies before it writes
 * anything; a moved submodule, an origin that moved on and another URL each fail naming the
 * dependency, both values and the fix.
 */
describe('scm: source dependencies under a lock (real CLI, git, svnserve)', function () {
  this.timeout(120_000);

  describe('git', () => {
    let f: GitFixture;
    let repo: string;
    let lockFile: string;
    const goalhost = (...args: string[]) =>
      runGoalhostAsync(['-B', '-o', `-Dmaven.repo.local=${repo}`, ...args], f.wc, f.env as Record<string, string>);

    before(async () => {
      f = await GitFixture.create();
      repo = path.join(f.tmp, 'm2repo');
      lockFile = path.join(f.wc, 'goalhost.lock');
      installPom(
        repo,
        'fr.example',
        'liba',
        '1.0',
        `  <scm><connection>scm:git:${f.fileUrl('libA')}</connection></scm>\n`,
      );
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    it('an unlocked source fails before writing; -Dgoalhost.lock=update locks it; a moved submodule and a moved branch fail, naming both values', async () => {
      fs.writeFileSync(path.join(f.wc, 'pom.xml'), consumerPom('fr.example', 'liba', '1.0'));
      expect((await goalhost('dependency:lock')).status).to.equal(0);
      const before = f.snapshot();
      const unlocked = await goalhost('cxx:scm-dependencies');
      expect(unlocked.status).to.equal(1);
      const line = `fr.example:liba:1.0 source git rev=${f.commits.libA} url=../libA.git path=externals/fr/example/liba`;
      expect(failure(unlocked.stdout)).to.equal(
        [
          `Failed to execute goal ${GOAL}: The source dependencies of fr.example:consumer:pom:1.0 would be wired into the working copy other than the lock file ${lockFile} says (nothing was written):`,
          `  + ${line}: not locked`,
          HINT,
        ].join('\n'),
      );
      expect(f.snapshot()).to.deep.equal(before);

      const updated = await goalhost('-Dgoalhost.lock=update', 'cxx:scm-dependencies');
      expect(updated.status, updated.stdout).to.equal(0);
      expect(updated.stdout).to.contain(`[INFO] ${lockFile}: + ${line}: not locked\n`);
      const locked = fs.readFileSync(lockFile, 'utf8');
      expect(locked).to.match(new RegExp(`\n${line.replace(/[.^$*+?()[\]{}|\\]/g, '\\$&')}\n$`));
      // As locked: passes and writes nothing new.
      const again = await goalhost('cxx:scm-dependencies');
      expect(again.status, again.stdout).to.equal(0);

      // The submodule moves (another target directory in the POM): refused, nothing written.
      f.reset();
      fs.writeFileSync(
        path.join(f.wc, 'pom.xml'),
        consumerPom(
          'fr.example',
          'liba',
          '1.0',
          '<sourceTargets><sourceTarget><dependency><groupId>fr.example</groupId><artifactId>liba</artifactId></dependency><targetDir>moved/liba</targetDir></sourceTarget></sourceTargets>',
        ),
      );
      fs.writeFileSync(lockFile, locked);
      const beforeMove = f.snapshot();
      const moved = await goalhost('cxx:scm-dependencies');
      expect(moved.status).to.equal(1);
      expect(failure(moved.stdout)).to.equal(
        [
          `Failed to execute goal ${GOAL}: The source dependencies of fr.example:consumer:pom:1.0 would be wired into the working copy other than the lock file ${lockFile} says (nothing was written):`,
          '  ~ fr.example:liba:1.0 (git) path locked externals/fr/example/liba, now externals/moved/liba',
          HINT,
        ].join('\n'),
      );
      expect(f.snapshot()).to.deep.equal(beforeMove);

      // The origin's branch moves on: a fresh working copy would get another commit than the locked one.
      f.reset();
      fs.writeFileSync(path.join(f.wc, 'pom.xml'), consumerPom('fr.example', 'liba', '1.0'));
      fs.writeFileSync(lockFile, locked);
      const next = f.advance('libA', 'a.c', 'int a2;\n');
      try {
        const advanced = await goalhost('cxx:scm-dependencies');
        expect(advanced.status).to.equal(1);
        expect(failure(advanced.stdout)).to.equal(
          [
            `Failed to execute goal ${GOAL}: The source dependencies of fr.example:consumer:pom:1.0 would be wired into the working copy other than the lock file ${lockFile} says (nothing was written):`,
            `  ~ fr.example:liba:1.0 (git) commit locked ${f.commits.libA}, now ${next}`,
            HINT,
          ].join('\n'),
        );
        // -Dgoalhost.lock=ignore runs once without the lock.
        const ignored = await goalhost('-Dgoalhost.lock=ignore', 'cxx:scm-dependencies');
        expect(ignored.status, ignored.stdout).to.equal(0);
      } finally {
        f.rewind('libA', f.commits.libA);
      }
    });
  });

  describe('svn', () => {
    let f: SvnFixture;
    let repo: string;
    let lockFile: string;
    let port: number;
    const goalhost = (...args: string[]) =>
      runGoalhostAsync(
        ['-B', '-o', `-Dmaven.repo.local=${repo}`, `-Dusername=${SVN_USER}`, `-Dpassword=${SVN_PASSWORD}`, ...args],
        f.wc,
        {
          HOME: path.join(f.tmp, 'home'),
          XDG_CACHE_HOME: path.join(f.tmp, 'cache'),
        },
      );

    before(async () => {
      f = await SvnFixture.create();
      port = f.server.port;
      repo = path.join(f.tmp, 'm2repo');
      lockFile = path.join(f.wc, 'goalhost.lock');
      installPom(
        repo,
        'org.other',
        'libb',
        '2.1',
        `  <scm><connection>scm:svn:svn://127.0.0.1:${port}/other/libB/trunk</connection></scm>\n`,
      );
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    it('the external is locked with the revision its sources last changed in; another origin in the POM fails naming both URLs', async () => {
      fs.writeFileSync(path.join(f.wc, 'pom.xml'), consumerPom('org.other', 'libb', '2.1'));
      expect((await goalhost('dependency:lock')).status).to.equal(0);
      const updated = await goalhost('-Dgoalhost.lock=update', 'cxx:scm-dependencies');
      expect(updated.status, updated.stdout).to.equal(0);
      const url = `svn://127.0.0.1:${port}/other/libB/trunk`;
      expect(fs.readFileSync(lockFile, 'utf8')).to.contain(
        `\norg.other:libb:2.1 source svn rev=1 url=${url} path=externals/org/other/libb\n`,
      );
      const locked = fs.readFileSync(lockFile, 'utf8');
      f.reset();
      fs.writeFileSync(path.join(f.wc, 'pom.xml'), consumerPom('org.other', 'libb', '2.1'));
      const again = await goalhost('cxx:scm-dependencies');
      expect(again.status, again.stdout).to.equal(0);

      // The dependency's POM now names another origin: refused before svn:externals is touched.
      f.reset();
      fs.writeFileSync(path.join(f.wc, 'pom.xml'), consumerPom('org.other', 'libb', '2.1'));
      installPom(
        repo,
        'org.other',
        'libb',
        '2.1',
        `  <scm><connection>scm:svn:svn://127.0.0.1:${port}/other/libB/tags</connection></scm>\n`,
      );
      fs.writeFileSync(lockFile, locked);
      const before = f.snapshot();
      const other = await goalhost('-Dgoalhost.lock=ignore', 'dependency:lock');
      expect(other.status, other.stdout).to.equal(0);
      const moved = await goalhost('cxx:scm-dependencies');
      expect(moved.status).to.equal(1);
      expect(failure(moved.stdout)).to.equal(
        [
          `Failed to execute goal ${GOAL}: The source dependencies of fr.example:consumer:pom:1.0 would be wired into the working copy other than the lock file ${lockFile} says (nothing was written):`,
          `  ~ org.other:libb:2.1 (svn) url locked ${url}, now svn://127.0.0.1:${port}/other/libB/tags, revision locked 1, now 2`,
          HINT,
        ].join('\n'),
      );
      expect(f.snapshot().externals).to.equal(before.externals);
    });
  });
});
