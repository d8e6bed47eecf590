import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encryptMavenPassword } from '@goalhost/model';
import { stableLog } from '../support/run-goalhost';
import { GIT_PASSWORD, GIT_USER, GitFixture } from './support/git-fixture';
import { runGoalhostAsync } from './support/run-goalhost-async';
import { SVN_PASSWORD, SVN_USER, SvnFixture } from './support/svn-fixture';

const MASTER = '{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}'; // "SECRET", made by mvn 3.8.7

/** A dependency POM in the local repository (type pom: the POM is the artifact). */
function installPom(repo: string, g: string, a: string, v: string, body: string): string {
  const dir = path.join(repo, ...g.split('.'), a, v);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${a}-${v}.pom`);
  fs.writeFileSync(
    file,
    `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>${g}</groupId>\n  <artifactId>${a}</artifactId>\n  <version>${v}</version>\n  <packaging>pom</packaging>\n${body}</project>\n`,
  );
  return file;
}

const dependency = (g: string, a: string, v: string) =>
  `    <dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version><type>pom</type></dependency>\n`;

/** The consumer POM: source dependencies and the cxx plugin bound to process-sources. */
function consumerPom(dependencies: string, configuration: string): string {
  return `<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>fr.example</groupId>
  <artifactId>consumer</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
  <dependencies>
${dependencies}  </dependencies>
  <build>
    <plugins>
      <plugin>
        <groupId>org.codehaus.mojo</groupId>
        <artifactId>cxx-maven-plugin</artifactId>
        <version>0.0.6-SNAPSHOT</version>
        <executions><execution><id>sources</id><goals><goal>scm-dependencies</goal></goals></execution></executions>
        <configuration>
${configuration}        </configuration>
      </plugin>
    </plugins>
  </build>
</project>
`;
}

/** ~/.m2 of the run: a server entry with a Maven-encrypted password and the master password file. */
function writeUserM2(home: string, serverId: string, username: string, password: string): void {
  fs.mkdirSync(path.join(home, '.m2'), { recursive: true });
  fs.writeFileSync(
    path.join(home, '.m2', 'settings-security.xml'),
    `<settingsSecurity>\n  <master>${MASTER}</master>\n</settingsSecurity>\n`,
  );
  fs.writeFileSync(
    path.join(home, '.m2', 'settings.xml'),
    `<settings>\n  <servers>\n    <server>\n      <id>${serverId}</id>\n      <username>${username}</username>\n      <password>${encryptMavenPassword(password, 'SECRET')}</password>\n    </server>\n  </servers>\n</settings>\n`,
  );
}

function buildLog(body: string[], execution = 'sources', result = 'SUCCESS'): string {
  return [
    '[INFO] Scanning for projects...',
    '[INFO] ',
    '[INFO] ------------------------< fr.example:consumer >-------------------------',
    '[INFO] Building consumer 1.0',
    '[INFO] --------------------------------[ pom ]---------------------------------',
    '[INFO] ',
    `[INFO] --- cxx-maven-plugin:0.0.6-SNAPSHOT:scm-dependencies (${execution}) @ consumer ---`,
    ...body,
    '[INFO] ------------------------------------------------------------------------',
    `[INFO] BUILD ${result}`,
    '[INFO] ------------------------------------------------------------------------',
    '[INFO] Total time: <time>',
    '[INFO] Finished at: <date>',
    '[INFO] ------------------------------------------------------------------------',
    '',
  ].join('\n');
}

describe('scm: goalhost cxx:scm-dependencies end to end (real CLI, svnserve, git)', function () {
  this.timeout(120000);

  describe('svn', () => {
    let f: SvnFixture;
    let repo: string;
    let home: string;
    let port: number;

    before(async () => {
      f = await SvnFixture.create();
      port = f.server.port;
      repo = path.join(f.tmp, 'm2repo');
      home = path.join(f.tmp, 'home');
      // liba depends on libb: source dependencies are followed transitively, as the original's samples need.
      installPom(
        repo,
        'fr.example',
        'liba',
        '1.0',
        `  <scm><connection>scm:svn:svn://127.0.0.1:${port}/main/libA/trunk</connection></scm>\n  <dependencies>\n${dependency('org.other', 'libb', '2.1')}  </dependencies>\n`,
      );
      installPom(
        repo,
        'org.other',
        'libb',
        '2.1',
        `  <scm><connection>scm:svn:svn://127.0.0.1:${port}/other/libB/trunk</connection></scm>\n  <properties><scm.dependencies.source.targetDir>third-party/libB</scm.dependencies.source.targetDir></properties>\n`,
      );
      installPom(repo, 'org.other', 'noscm', '1.0', '');
      writeUserM2(home, `127.0.0.1:${port}`, SVN_USER, SVN_PASSWORD);
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    const goalhost = (args: string[]) =>
      runGoalhostAsync(['-B', '-o', `-Dmaven.repo.local=${repo}`, ...args], f.wc, { HOME: home });
    const writePom = (deps: string, configuration = '          <sourceSubdir>externals</sourceSubdir>\n') =>
      fs.writeFileSync(path.join(f.wc, 'pom.xml'), consumerPom(deps, configuration));

    it('process-sources records the transitive source dependencies with settings.xml credentials, then a second run changes nothing', async () => {
      writePom(
        dependency('fr.example', 'liba', '1.0'),
        [
          '          <sourceSubdir>externals</sourceSubdir>',
          '          <sourceTargets>',
          '            <sourceTarget><dependency><groupId>fr.example</groupId><artifactId>liba</artifactId></dependency><targetDir>libs/liba</targetDir></sourceTarget>',
          '          </sourceTargets>',
          '          <sourceTargetDirRemovePrefixes><sourceRemoveTargetPrefixe>third-party/</sourceRemoveTargetPrefixe></sourceTargetDirRemovePrefixes>',
          '',
        ].join('\n'),
      );
      const run = await goalhost(['process-sources']);
      expect(run.stderr).to.equal('');
      expect(stableLog(run.stdout)).to.equal(
        buildLog([
          `[INFO] Svn externals dir is 'r2 svn://127.0.0.1:${port}/main ^/consumer/trunk/externals'`,
          "[INFO] Svn initial externals are '[# third-party sources, -r1 ^/libA/trunk/src vendored-src, ^/libA/trunk fr/example/libs/liba]'",
          `[INFO] Svn info for dependency : fr.example:liba:1.0:pom are r2 svn://127.0.0.1:${port}/main ^/libA/trunk`,
          '[INFO] Dependency fr.example:liba:1.0:pom external entry computed with plugin config is : ^/libA/trunk libs/liba',
          `[INFO] Svn info for dependency : org.other:libb:2.1:pom are r2 svn://127.0.0.1:${port}/other ^/libB/trunk`,
          `[INFO] Dependency org.other:libb:2.1:pom external entry computed with 'scm.dependencies.source.targetDir' property is : svn://127.0.0.1:${port}/other/libB/trunk libB`,
          `[INFO] svn:externals of ${f.holder}: 1 added, 1 changed, 0 unchanged, 1 kept`,
          '[INFO]   kept:      -r1 ^/libA/trunk/src vendored-src',
          '[INFO]   changed:   ^/libA/trunk libs/liba (fr.example:liba:1.0:pom) (was: ^/libA/trunk fr/example/libs/liba)',
          `[INFO]   added:     svn://127.0.0.1:${port}/other/libB/trunk libB (org.other:libb:2.1:pom)`,
          `[INFO] svn:externals of ${f.holder} written: run 'svn update' there to fetch the sources, then commit the property`,
        ]),
      );
      expect(run.status).to.equal(0);
      const expected = [
        '# third-party sources',
        '-r1 ^/libA/trunk/src vendored-src',
        '^/libA/trunk libs/liba',
        `svn://127.0.0.1:${port}/other/libB/trunk libB`,
        '',
      ].join('\n');
      expect(f.externals()).to.equal(expected);

      const again = await goalhost(['process-sources', '-DexcludeTransitive=false']);
      expect(stableLog(again.stdout).split('\n').slice(13, 19)).to.deep.equal([
        `[INFO] svn:externals of ${f.holder}: 0 added, 0 changed, 2 unchanged, 1 kept`,
        '[INFO]   kept:      -r1 ^/libA/trunk/src vendored-src',
        '[INFO]   unchanged: ^/libA/trunk libs/liba (fr.example:liba:1.0:pom)',
        `[INFO]   unchanged: svn://127.0.0.1:${port}/other/libB/trunk libB (org.other:libb:2.1:pom)`,
        `[INFO] svn:externals of ${f.holder} is up to date: nothing to write`,
        '[INFO] ------------------------------------------------------------------------',
      ]);
      expect(f.externals()).to.equal(expected);
    });

    it('-Dscm.dryRun=true with -DsourceFreezeRevision=true prints the pinned entries and writes nothing; -DexcludeTransitive=true keeps direct ones', async () => {
      writePom(dependency('fr.example', 'liba', '1.0'));
      const before = f.snapshot();
      const run = await goalhost([
        'cxx:scm-dependencies',
        '-Dscm.dryRun=true',
        '-DsourceFreezeRevision=true',
        '-DexcludeTransitive=true',
      ]);
      expect(run.stderr).to.equal('');
      expect(stableLog(run.stdout)).to.equal(
        buildLog(
          [
            `[INFO] Svn externals dir is 'r2 svn://127.0.0.1:${port}/main ^/consumer/trunk/externals'`,
            "[INFO] Svn initial externals are '[# third-party sources, -r1 ^/libA/trunk/src vendored-src, ^/libA/trunk fr/example/libs/liba]'",
            `[INFO] Svn info for dependency : fr.example:liba:1.0:pom are r2 svn://127.0.0.1:${port}/main ^/libA/trunk`,
            "[INFO] Maven project of dependency fr.example:liba:1.0:pom do not define property 'scm.dependencies.source.targetDir'",
            '[INFO] Dependency fr.example:liba:1.0:pom defaut computed external entry is : -r1 ^/libA/trunk fr/example/liba',
            `[INFO] svn:externals of ${f.holder}: 0 added, 1 changed, 0 unchanged, 1 kept`,
            '[INFO]   kept:      -r1 ^/libA/trunk/src vendored-src',
            '[INFO]   changed:   -r1 ^/libA/trunk fr/example/liba (fr.example:liba:1.0:pom) (was: ^/libA/trunk fr/example/libs/liba)',
            `[INFO] Dry run (scm.dryRun=true): svn:externals of ${f.holder} not written`,
          ],
          'default-cli',
        ),
      );
      expect(run.status).to.equal(0);
      expect(f.snapshot()).to.deep.equal(before);
    });

    it('a dependency POM without <scm> fails the build and changes nothing', async () => {
      writePom(dependency('fr.example', 'liba', '1.0') + dependency('org.other', 'noscm', '1.0'));
      const before = f.snapshot();
      const run = await goalhost(['process-sources']);
      expect(run.status).to.equal(1);
      expect(run.stderr).to.equal('');
      expect(stableLog(run.stdout)).to.equal(
        buildLog([], 'sources', 'FAILURE') +
          '[ERROR] Failed to execute goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:scm-dependencies (sources) on project consumer: ' +
          `No SCM specified for artifact org.other:noscm:1.0:pom: its POM ${path.join(repo, 'org', 'other', 'noscm', '1.0', 'noscm-1.0.pom')} has no <scm> section. ` +
          'Add <scm><connection>scm:svn:URL</connection></scm> (or scm:git:URL) to it, or leave it out of the selection (e.g. -DexcludeArtifactIds=noscm). -> [Help 1]\n' +
          '[ERROR] \n[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.\n[ERROR] Re-run goalhost using the -X switch to enable full debug logging.\n' +
          '[ERROR] \n[ERROR] For more information about the errors and possible solutions, please read the following articles:\n' +
          '[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException\n',
      );
      expect(f.snapshot()).to.deep.equal(before);
    });

    it('with -X, no password appears in the output: neither from settings.xml nor from -Dpassword', async () => {
      writePom(dependency('fr.example', 'liba', '1.0'));
      const ok = await goalhost(['-X', 'process-sources']);
      expect(ok.status).to.equal(0);
      expect(ok.stdout).to.contain('--username alice --password-from-stdin info --xml');
      expect(ok.stdout).to.not.contain(SVN_PASSWORD);
      f.reset();
      writePom(dependency('fr.example', 'liba', '1.0'));
      const bad = await goalhost(['-X', 'process-sources', '-Dpassword=Distinct-Wrong-Pw-42']);
      expect(bad.status).to.equal(1);
      expect(bad.stdout).to.contain('Authentication error from server: Password incorrect');
      expect(bad.stdout).to.not.contain('Distinct-Wrong-Pw-42');
    });

    it('-Dmdep.skip=true skips the goal', async () => {
      writePom(dependency('fr.example', 'liba', '1.0'));
      const run = await goalhost(['process-sources', '-Dmdep.skip=true']);
      expect(run.stderr).to.equal('');
      expect(stableLog(run.stdout)).to.equal(buildLog(['[INFO] Skipping plugin execution']));
    });
  });

  describe('git', () => {
    let f: GitFixture;
    let repo: string;
    let home: string;

    before(async () => {
      f = await GitFixture.create();
      repo = path.join(f.tmp, 'm2repo');
      home = f.env.HOME as string;
      installPom(
        repo,
        'fr.example',
        'liba',
        '1.0',
        `  <scm><connection>scm:git:${f.fileUrl('libA')}</connection></scm>\n`,
      );
      installPom(
        repo,
        'org.other',
        'libb',
        '2.1',
        `  <scm><connection>scm:git:${f.http.url('libB.git')}</connection><tag>main</tag></scm>\n`,
      );
      writeUserM2(home, `127.0.0.1:${f.http.port}`, GIT_USER, GIT_PASSWORD);
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    it('records submodules (file:// relative, HTTP with settings.xml credentials) pinned with -DsourceFreezeRevision=true', async () => {
      fs.writeFileSync(
        path.join(f.wc, 'pom.xml'),
        consumerPom(
          dependency('fr.example', 'liba', '1.0') + dependency('org.other', 'libb', '2.1'),
          '          <sourceSubdir>externals</sourceSubdir>\n',
        ),
      );
      const run = await runGoalhostAsync(
        ['-B', '-o', `-Dmaven.repo.local=${repo}`, '-DsourceFreezeRevision=true', 'process-sources'],
        f.wc,
        f.env as Record<string, string>,
      );
      const s = (sha: string) => sha.slice(0, 12);
      expect(run.stderr).to.equal('');
      expect(stableLog(run.stdout)).to.equal(
        buildLog([
          `[INFO] Git submodules dir is 'externals' in ${f.wc} (remote origin ${f.fileUrl('consumer')})`,
          `[INFO] Git remote of dependency : fr.example:liba:1.0:pom is ${f.fileUrl('libA')} branch main @${s(f.commits.libA)}`,
          '[INFO] Dependency fr.example:liba:1.0:pom submodule computed with the default rule groupId.artifactId is : externals/fr/example/liba ../libA.git',
          `[INFO] Git remote of dependency : org.other:libb:2.1:pom is ${f.http.url('libB.git')} branch main @${s(f.commits.libB)}`,
          `[INFO] Dependency org.other:libb:2.1:pom submodule computed with the default rule groupId.artifactId is : externals/org/other/libb ${f.http.url('libB.git')}`,
          `[INFO] git submodules of ${f.wc}: 2 added, 0 changed, 0 unchanged, 1 kept`,
          `[INFO]   kept:      externals/foreign https://example.com/foreign.git @${s(f.commits.libA)}`,
          `[INFO]   added:     externals/fr/example/liba ../libA.git branch=main @${s(f.commits.libA)} (fr.example:liba:1.0:pom)`,
          `[INFO]   added:     externals/org/other/libb ${f.http.url('libB.git')} branch=main @${s(f.commits.libB)} (org.other:libb:2.1:pom)`,
          `[INFO] .gitmodules and gitlinks of ${f.wc} staged: run 'git submodule update --init' to fetch the sources, then commit`,
        ]),
      );
      expect(f.git(['status', '--porcelain'], f.wc)).to.equal(
        // Staged gitlinks without a checkout yet: "AD" until `git submodule update --init`.
        ['M  .gitmodules', 'AD externals/fr/example/liba', 'AD externals/org/other/libb', ' M pom.xml', ''].join('\n'),
      );
      expect(f.git(['ls-files', '--stage', 'externals/fr', 'externals/org'], f.wc)).to.equal(
        `160000 ${f.commits.libA} 0\texternals/fr/example/liba\n160000 ${f.commits.libB} 0\texternals/org/other/libb\n`,
      );
    });

    it("reads a source dependency's POM from the project's repositories on every run, the resolution cache's runs and locked runs too", async () => {
      // A fresh local repository; the POM lives only in a file:// repository the project declares.
      const remote = path.join(f.tmp, 'acme-repo');
      installPom(
        remote,
        'org.acme',
        'srclib',
        '1.0',
        `  <scm><connection>scm:git:${f.fileUrl('libA')}</connection></scm>\n`,
      );
      const local = path.join(f.tmp, 'fresh-m2');
      const settings = path.join(f.tmp, 'no-central-settings.xml');
      fs.writeFileSync(
        settings,
        '<settings><mirrors><mirror><id>nowhere</id><url>http://127.0.0.1:9/central</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n',
      );
      const repositories = `  <repositories><repository><id>acme</id><url>file://${remote}</url></repository></repositories>\n`;
      fs.writeFileSync(
        path.join(f.wc, 'pom.xml'),
        consumerPom(
          dependency('org.acme', 'srclib', '1.0'),
          '          <sourceSubdir>externals</sourceSubdir>\n',
        ).replace('  <dependencies>', `${repositories}  <dependencies>`),
      );
      const remoteLine = `[INFO] Git remote of dependency : org.acme:srclib:1.0:pom is ${f.fileUrl('libA')} branch main`;
      const process = async (...more: string[]): Promise<string> => {
        const run = await runGoalhostAsync(
          ['-B', '-s', settings, `-Dmaven.repo.local=${local}`, ...more, 'process-sources'],
          f.wc,
          f.env as Record<string, string>,
        );
        expect(run.stdout, run.stdout).to.contain('[INFO] BUILD SUCCESS');
        return stableLog(run.stdout);
      };
      for (let i = 1; i <= 3; i++) expect(await process(), `run ${i}`).to.contain(remoteLine);
      const lock = await runGoalhostAsync(
        ['-B', '-s', settings, `-Dmaven.repo.local=${local}`, 'dependency:lock'],
        f.wc,
        f.env as Record<string, string>,
      );
      expect(lock.stdout).to.contain('[INFO] BUILD SUCCESS');
      // The first locked run records the source line (source dependencies are locked by their wiring).
      for (let i = 1; i <= 3; i++)
        expect(await process(...(i === 1 ? ['-Dgoalhost.lock=update'] : [])), `locked run ${i}`).to.contain(remoteLine);
      expect(f.git(['ls-files', '--stage', 'externals/org/acme'], f.wc)).to.equal(
        `160000 ${f.commits.libA} 0\texternals/org/acme/srclib\n`,
      );
    });

    it('under a lock, every POM a source dependency is read from is locked by its pom line: a changed parent fails', async () => {
      // libp's connection comes from a property of its parent: the parent decides what is recorded.
      const parentPom = (lib: string): string =>
        installPom(
          repo,
          'fr.example',
          'libs-parent',
          '1',
          `  <properties><libp.scm>scm:git:${f.fileUrl(lib)}</libp.scm></properties>\n`,
        );
      const parentFile = parentPom('libA');
      installPom(
        repo,
        'fr.example',
        'libp',
        '1.0',
        '  <parent><groupId>fr.example</groupId><artifactId>libs-parent</artifactId><version>1</version></parent>\n  <scm><connection>${libp.scm}</connection></scm>\n',
      );
      fs.writeFileSync(
        path.join(f.wc, 'pom.xml'),
        consumerPom(dependency('fr.example', 'libp', '1.0'), '          <sourceSubdir>externals</sourceSubdir>\n'),
      );
      const lockFile = path.join(f.wc, 'goalhost.lock');
      const goalhost = (...args: string[]) =>
        runGoalhostAsync(['-B', '-o', `-Dmaven.repo.local=${repo}`, ...args], f.wc, f.env as Record<string, string>);
      /**
       * The failure message: from `[ERROR] Failed to execute goal` to Maven's help key on a line of
       * its own (the message has several lines), continuation lines without their `[ERROR] `.
       */
      const failure = (stdout: string): string => {
        const lines = stdout.split('\n');
        const start = lines.findIndex((l) => l.startsWith('[ERROR] Failed to execute goal'));
        const end = lines.findIndex((l, i) => i > start && l === '[ERROR] -> [Help 1]');
        return start < 0 || end < 0
          ? stdout
          : lines
              .slice(start, end)
              .map((l, i) => (i === 0 ? l : l.slice('[ERROR] '.length)))
              .join('\n');
      };
      const sha256 = (file: string): string => createHash('sha256').update(fs.readFileSync(file)).digest('hex');
      const hint =
        'If this change is intended, update the lock on purpose: goalhost dependency:lock (or add -Dgoalhost.lock=update to this build) ' +
        'and review the diff of the lock file; -Dgoalhost.lock=ignore builds once without the lock.';

      expect((await goalhost('dependency:lock')).status).to.equal(0);
      // The POMs libp's connection is read from were read to collect the dependencies: their pom lines pin them.
      const locked = fs.readFileSync(lockFile, 'utf8');
      expect(locked.split('\n').slice(4)).to.deep.equal([
        `fr.example:libp:pom:1.0 compile depth=1 sha256:${sha256(path.join(repo, 'fr', 'example', 'libp', '1.0', 'libp-1.0.pom'))} local`,
        `fr.example:libp:1.0 pom sha256:${sha256(path.join(repo, 'fr', 'example', 'libp', '1.0', 'libp-1.0.pom'))} local`,
        `fr.example:libs-parent:1 pom sha256:${sha256(parentFile)} local`,
        '',
      ]);
      const run = await goalhost('-Dgoalhost.lock=update', 'cxx:scm-dependencies');
      expect(run.status, run.stdout).to.equal(0);
      expect(f.git(['ls-files', '--stage', 'externals/fr'], f.wc)).to.equal(
        `160000 ${f.commits.libA} 0\texternals/fr/example/libp\n`,
      );

      // The parent now points at another repository: the goal fails before reading any connection from it.
      f.reset();
      const before = sha256(parentFile);
      parentPom('libC');
      fs.writeFileSync(
        path.join(f.wc, 'pom.xml'),
        consumerPom(dependency('fr.example', 'libp', '1.0'), '          <sourceSubdir>externals</sourceSubdir>\n'),
      );
      fs.writeFileSync(lockFile, locked);
      const changed = await goalhost('cxx:scm-dependencies');
      expect(changed.status).to.equal(1);
      expect(failure(changed.stdout)).to.equal(
        [
          `[ERROR] Failed to execute goal on project consumer: The content of 1 POM does not match the lock file ${lockFile} of fr.example:consumer:pom:1.0 (no goal used it):`,
          '  POM fr.example:libs-parent:1',
          `    file:   ${parentFile}`,
          `    locked: sha256:${before}`,
          `    actual: sha256:${sha256(parentFile)}`,
          'The repository may serve a re-deployed release, or the file was changed in the local repository. Find out why before trusting it; ' +
            `to get the locked content again, delete the file and build again. ${hint}`,
        ].join('\n'),
      );
      expect(f.git(['status', '--porcelain'], f.wc)).to.equal([' M pom.xml', '?? goalhost.lock', ''].join('\n'));
    });
  });
});
