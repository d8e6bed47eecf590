import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encryptMavenPassword, MASTER_PASSWORD_PASSPHRASE } from '@goalhost/model';
import { generator } from '../hostile/fixtures';
import { errorLines, Sandbox } from '../hostile/sandbox';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { GIT_PASSWORD, GIT_USER, GitFixture } from '../scm/support/git-fixture';
import { SVN_PASSWORD, SVN_USER, SvnFixture } from '../scm/support/svn-fixture';
import { expose, forms, leaks, wrapperDir, type Exposure } from './watch';

/**
 * Passwords never leak: from the username/password parameters (command line or POM),
 * or from settings.xml (Maven-encrypted, with the master password in settings-security.xml), for
 * svn, git over HTTP and HTTP repositories, in successful and failing runs, at the default log
 * level and with -X. Each run is searched for every secret (and its basic-auth base64 form) in
 * its output, in the argument lists of the commands it started (wrapper scripts on PATH and the
 * /proc process tree while it runs) and in every file it created or changed.
 */

const MASTER = 'Mast3r-of-S3crets-6621';
const WRONG = 'Wr0ng-Pa55-9317';
const REPO_PASSWORD = 'R3po-Pa55-4410';
const LEVELS: readonly (readonly string[])[] = [[], ['-X']];

/** ~/.m2 with the server's password encrypted under MASTER, and MASTER itself encrypted. */
function writeM2(home: string, serverId: string, username: string, password: string): void {
  const m2 = path.join(home, '.m2');
  fs.mkdirSync(m2, { recursive: true });
  fs.writeFileSync(path.join(m2, 'settings-security.xml'), `<settingsSecurity><master>${encryptMavenPassword(MASTER, MASTER_PASSWORD_PASSPHRASE)}</master></settingsSecurity>\n`);
  fs.writeFileSync(
    path.join(m2, 'settings.xml'),
    `<settings><servers><server><id>${serverId}</id><username>${username}</username><password>${encryptMavenPassword(password, MASTER)}</password></server></servers></settings>\n`,
  );
}

function installPom(repo: string, g: string, a: string, body: string): void {
  const dir = path.join(repo, ...g.split('.'), a, '1.0');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, `${a}-1.0.pom`), `<project><modelVersion>4.0.0</modelVersion><groupId>${g}</groupId><artifactId>${a}</artifactId><version>1.0</version><packaging>pom</packaging>${body}</project>\n`);
}

function consumerPom(dir: string, g: string, a: string, configuration = ''): void {
  fs.writeFileSync(
    path.join(dir, 'pom.xml'),
    `<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>consumer</artifactId><version>1.0</version><packaging>pom</packaging>
  <dependencies><dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>1.0</version><type>pom</type></dependency></dependencies>
  <build><plugins><plugin><groupId>org.codehaus.mojo</groupId><artifactId>cxx-maven-plugin</artifactId><version>0.0.6-SNAPSHOT</version>
    <configuration><sourceSubdir>externals</sourceSubdir>${configuration}</configuration></plugin></plugins></build>
</project>\n`,
  );
}

function expectNoLeak(e: Exposure, secrets: readonly string[], tools: RegExp): void {
  expect(leaks(e, secrets), e.run.stdout).to.deep.equal([]);
  // The hunt looked where the secrets would have been: the tools did run.
  expect(e.commands.filter((c) => tools.test(c)).length, 'commands recorded').to.be.greaterThan(0);
}

describe('secrets: passwords never in output, argv or written files (CLI)', function () {
  this.timeout(120_000);
  let totalCommands = 0;
  let totalFiles = 0;
  const processes = new Set<string>();
  const tally = (e: Exposure): Exposure => {
    totalCommands += e.commands.length;
    totalFiles += e.files.size;
    for (const p of e.processes) processes.add(p);
    return e;
  };

  describe('svn (svnserve, anon-access = none)', () => {
    let f: SvnFixture;
    let repo: string;
    let home: string;
    let bin: string;
    let env: Record<string, string>;
    before(async () => {
      f = await SvnFixture.create();
      repo = path.join(f.tmp, 'm2repo');
      home = path.join(f.tmp, 'home');
      bin = wrapperDir(path.join(f.tmp, 'bin'));
      fs.mkdirSync(path.join(f.tmp, 'tmp'));
      installPom(repo, 'fr.example', 'liba', `<scm><connection>scm:svn:${f.server.url('main/libA/trunk')}</connection></scm>`);
      writeM2(home, `127.0.0.1:${f.server.port}`, SVN_USER, SVN_PASSWORD);
      env = { HOME: home, TMPDIR: path.join(f.tmp, 'tmp'), PATH: process.env.PATH ?? '' };
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    const goalhost = (args: string[]) =>
      expose(['-B', '-o', `-Dmaven.repo.local=${repo}`, ...args, 'cxx:scm-dependencies'], { cwd: f.wc, env, roots: [f.tmp], bin }).then(tally);

    for (const level of LEVELS) {
      it(`settings.xml password (encrypted, master in settings-security.xml), success${level.length ? ' with -X' : ''}`, async () => {
        consumerPom(f.wc, 'fr.example', 'liba');
        const e = await goalhost([...level]);
        expect(e.run.status, e.run.stdout).to.equal(0);
        expectNoLeak(e, [SVN_PASSWORD, MASTER], /^svn .*--password-from-stdin/);
      });

      it(`a wrong -Dpassword fails cleanly and is never shown${level.length ? ' (-X)' : ''}`, async () => {
        consumerPom(f.wc, 'fr.example', 'liba');
        const e = await goalhost([...level, `-Dpassword=${WRONG}`]);
        expect(e.run.status).to.equal(1);
        expect(errorLines(e.run)[0]).to.include('Authentication error from server: Password incorrect');
        expectNoLeak(e, [WRONG, SVN_PASSWORD, MASTER], /^svn /);
      });

      it(`a password in the POM's <configuration>, success${level.length ? ' with -X' : ''}`, async () => {
        consumerPom(f.wc, 'fr.example', 'liba', `<username>${SVN_USER}</username><password>${SVN_PASSWORD}</password>`);
        const e = await goalhost([...level]);
        expect(e.run.status, e.run.stdout).to.equal(0);
        // pom.xml holds it (the user put it there); goalhost wrote it nowhere, not even back.
        expectNoLeak(e, [SVN_PASSWORD], /^svn /);
        expect([...e.files.keys()]).not.to.include(path.join(f.wc, 'pom.xml'));
      });
    }
  });

  describe('git over HTTP (basic auth)', () => {
    let f: GitFixture;
    let repo: string;
    let bin: string;
    let env: Record<string, string>;
    before(async () => {
      f = await GitFixture.create();
      repo = path.join(f.tmp, 'm2repo');
      bin = wrapperDir(path.join(f.tmp, 'bin'));
      fs.mkdirSync(path.join(f.tmp, 'tmp'));
      installPom(repo, 'org.other', 'libb', `<scm><connection>scm:git:${f.http.url('libB.git')}</connection><tag>main</tag></scm>`);
      writeM2(f.env.HOME as string, `127.0.0.1:${f.http.port}`, GIT_USER, GIT_PASSWORD);
      env = { ...(f.env as Record<string, string>), TMPDIR: path.join(f.tmp, 'tmp') };
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    const goalhost = (args: string[]) =>
      expose(['-B', '-o', `-Dmaven.repo.local=${repo}`, ...args, 'cxx:scm-dependencies'], { cwd: f.wc, env, roots: [f.tmp], bin }).then(tally);

    for (const level of LEVELS) {
      it(`settings.xml password, success${level.length ? ' with -X' : ''}`, async () => {
        consumerPom(f.wc, 'org.other', 'libb');
        const e = await goalhost([...level, '-DsourceFreezeRevision=true']);
        expect(e.run.status, e.run.stdout).to.equal(0);
        expectNoLeak(e, [...forms(GIT_USER, GIT_PASSWORD), MASTER], /^git .*ls-remote/);
      });

      it(`wrong -Dusername/-Dpassword fail cleanly and are never shown${level.length ? ' (-X)' : ''}`, async () => {
        consumerPom(f.wc, 'org.other', 'libb');
        const e = await goalhost([...level, '-DsourceFreezeRevision=true', `-Dusername=${GIT_USER}`, `-Dpassword=${WRONG}`]);
        expect(e.run.status).to.equal(1);
        expect(errorLines(e.run)[0]).to.match(/^\[ERROR\] Failed to execute goal .*scm-dependencies/);
        expectNoLeak(e, [...forms(GIT_USER, WRONG), ...forms(GIT_USER, GIT_PASSWORD), MASTER], /^git /);
      });
    }
  });

  describe('HTTP repository (settings.xml server, basic auth)', () => {
    let server: FaultyRepoServer;
    let s: Sandbox;
    before(async () => {
      server = new FaultyRepoServer();
      server.auth = { username: 'deployer', password: REPO_PASSWORD };
      server.files.set('f/a/1.0/a-1.0.pom', Buffer.from('<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>a</artifactId><version>1.0</version></project>\n'));
      server.files.set('f/a/1.0/a-1.0.zip', generator.zip([{ name: 'a.h', data: '#define A\n', mode: 0o644 }]));
      await server.start();
    });
    after(async () => server.stop());
    beforeEach(() => {
      s = Sandbox.create('secrets-repo');
      s.pom([{ groupId: 'f', artifactId: 'a', type: 'zip' }], `  <repositories><repository><id>secured</id><url>${server.url}</url></repository></repositories>\n`);
    });
    afterEach(() => s.dispose());

    const goalhost = (args: string[], password: string) => {
      const home = path.join(s.root, 'home');
      writeM2(home, 'secured', 'deployer', password);
      fs.appendFileSync(path.join(home, '.m2', 'settings.xml'), '');
      const settings = fs.readFileSync(path.join(home, '.m2', 'settings.xml'), 'utf8');
      // central goes to this server as well: nothing leaves loopback.
      fs.writeFileSync(
        path.join(home, '.m2', 'settings.xml'),
        settings.replace('</settings>', `<mirrors><mirror><id>no-central</id><url>http://${server.host}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>`),
      );
      const bin = wrapperDir(path.join(s.root, 'bin'));
      return expose(['-B', `-Dmaven.repo.local=${s.repo}`, ...args, 'cxx:unpack-dependencies'], {
        cwd: s.proj,
        env: { HOME: home, TMPDIR: s.root, PATH: process.env.PATH ?? '' },
        roots: [s.root],
        bin,
      }).then(tally);
    };

    for (const level of LEVELS) {
      it(`downloads with the decrypted password, which appears nowhere${level.length ? ' (-X)' : ''}`, async () => {
        const e = await goalhost([...level], REPO_PASSWORD);
        expect(e.run.status, e.run.stdout).to.equal(0);
        expect(leaks(e, [...forms('deployer', REPO_PASSWORD), MASTER])).to.deep.equal([]);
        expect(e.files.size).to.be.greaterThan(3);
      });

      it(`a wrong password: 401, a clean error, no password shown${level.length ? ' (-X)' : ''}`, async () => {
        const e = await goalhost([...level], WRONG);
        expect(e.run.status).to.equal(1);
        expect(errorLines(e.run)[0]).to.include('status code: 401');
        expect(leaks(e, [...forms('deployer', WRONG), MASTER])).to.deep.equal([]);
      });
    }
  });

  describe('the hunt itself', () => {
    it('saw what it searched: svn and git command lines in /proc while they ran, and the files written', () => {
      // eslint-disable-next-line no-console
      console.log(`      searched ${totalCommands} recorded svn/git command lines, ${processes.size} process command lines and ${totalFiles} written files`);
      const seen = [...processes];
      expect(seen.some((p) => /(^|\/)svn .*--password-from-stdin/.test(p)), 'an svn process caught in /proc').to.equal(true);
      expect(seen.some((p) => /(^|\/)git .*ls-remote/.test(p)), 'a git process caught in /proc').to.equal(true);
      expect(totalFiles).to.be.greaterThan(10);
    });
  });
});
