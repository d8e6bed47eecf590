import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { encryptMavenPassword, MASTER_PASSWORD_PASSPHRASE } from '@goalhost/model';
import { generator } from '../hostile/fixtures';
import { errorLines, Sandbox } from '../hostile/sandbox';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { GIT_PASSWORD, GIT_USER, GitFixture } from '../scm/support/git-fixture';
import { SVN_PASSWORD, SVN_USER, SvnFixture } from '../scm/support/svn-fixture';
import { expose, forms, leaks, runDirs, wrapperDir, type Exposure } from './watch';

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
  fs.writeFileSync(
    path.join(m2, 'settings-security.xml'),
    `<settingsSecurity><master>${encryptMavenPassword(MASTER, MASTER_PASSWORD_PASSPHRASE)}</master></settingsSecurity>\n`,
  );
  fs.writeFileSync(
    path.join(m2, 'settings.xml'),
    `<settings><servers><server><id>${serverId}</id><username>${username}</username><password>${encryptMavenPassword(password, MASTER)}</password></server></servers></settings>\n`,
  );
}

function installPom(repo: string, g: string, a: string, body: string): void {
  const dir = path.join(repo, ...g.split('.'), a, '1.0');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, `${a}-1.0.pom`),
    `<project><modelVersion>4.0.0</modelVersion><groupId>${g}</groupId><artifactId>${a}</artifactId><version>1.0</version><packaging>pom</packaging>${body}</project>\n`,
  );
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
  /** cxx:scm-dependencies, offline, in the fixture's working copy with the run's local repository, tools and environment. */
  const scmGoal = (
    f: { readonly wc: string; readonly tmp: string },
    run: { readonly repo: string; readonly bin: string; readonly env: Record<string, string> },
    args: string[],
  ) =>
    expose(['-B', '-o', `-Dmaven.repo.local=${run.repo}`, ...args, 'cxx:scm-dependencies'], {
      cwd: f.wc,
      env: run.env,
      roots: [f.tmp],
      bin: run.bin,
    }).then(tally);

  describe('svn (svnserve, anon-access = none)', () => {
    let f: SvnFixture;
    let repo: string;
    let home: string;
    let bin: string;
    let env: Record<string, string>;
    before(async () => {
      f = await SvnFixture.create();
      ({ repo, bin } = runDirs(f.tmp));
      home = path.join(f.tmp, 'home');
      installPom(
        repo,
        'fr.example',
        'liba',
        `<scm><connection>scm:svn:${f.server.url('main/libA/trunk')}</connection></scm>`,
      );
      writeM2(home, `127.0.0.1:${f.server.port}`, SVN_USER, SVN_PASSWORD);
      env = { HOME: home, TMPDIR: path.join(f.tmp, 'tmp'), PATH: process.env.PATH ?? '' };
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    const goalhost = (args: string[]) => scmGoal(f, { repo, bin, env }, args);

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
      ({ repo, bin } = runDirs(f.tmp));
      installPom(
        repo,
        'org.other',
        'libb',
        `<scm><connection>scm:git:${f.http.url('libB.git')}</connection><tag>main</tag></scm>`,
      );
      writeM2(f.env.HOME as string, `127.0.0.1:${f.http.port}`, GIT_USER, GIT_PASSWORD);
      env = { ...(f.env as Record<string, string>), TMPDIR: path.join(f.tmp, 'tmp') };
    });
    after(async () => f?.destroy());
    beforeEach(() => f.reset());

    const goalhost = (args: string[]) => scmGoal(f, { repo, bin, env }, args);

    for (const level of LEVELS) {
      it(`settings.xml password, success${level.length ? ' with -X' : ''}`, async () => {
        consumerPom(f.wc, 'org.other', 'libb');
        const e = await goalhost([...level, '-DsourceFreezeRevision=true']);
        expect(e.run.status, e.run.stdout).to.equal(0);
        expectNoLeak(e, [...forms(GIT_USER, GIT_PASSWORD), MASTER], /^git .*ls-remote/);
      });

      it(`wrong -Dusername/-Dpassword fail cleanly and are never shown${level.length ? ' (-X)' : ''}`, async () => {
        consumerPom(f.wc, 'org.other', 'libb');
        const e = await goalhost([
          ...level,
          '-DsourceFreezeRevision=true',
          `-Dusername=${GIT_USER}`,
          `-Dpassword=${WRONG}`,
        ]);
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
      server.files.set(
        'f/a/1.0/a-1.0.pom',
        Buffer.from(
          '<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>a</artifactId><version>1.0</version></project>\n',
        ),
      );
      server.files.set('f/a/1.0/a-1.0.zip', generator.zip([{ name: 'a.h', data: '#define A\n', mode: 0o644 }]));
      await server.start();
    });
    after(async () => server.stop());
    beforeEach(() => {
      s = Sandbox.create('secrets-repo');
      s.pom(
        [{ groupId: 'f', artifactId: 'a', type: 'zip' }],
        `  <repositories><repository><id>secured</id><url>${server.url}</url></repository></repositories>\n`,
      );
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
        settings.replace(
          '</settings>',
          `<mirrors><mirror><id>no-central</id><url>http://${server.host}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>`,
        ),
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

  describe('a password written in a URL (repository, git, svn): shown as user:***@, never written', () => {
    const URL_PASSWORD = 'Url-Pa55-8842';
    /** Every line of goalhost's output that names a URL with a user: each must show `user:***@`. */
    const userUrls = (e: Exposure): string[] => e.run.stdout.split('\n').filter((l) => /:\/\/[^/\s'"]*@/.test(l));

    describe('HTTP repository http://user:password@127.0.0.1:PORT/ (failing downloads)', () => {
      let server: FaultyRepoServer;
      let s: Sandbox;
      before(async () => {
        server = new FaultyRepoServer();
        server.auth = { username: 'deployer', password: URL_PASSWORD };
        server.files.set(
          'f/b/1.0/b-1.0.pom',
          Buffer.from(
            '<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>b</artifactId><version>1.0</version></project>\n',
          ),
        );
        server.files.set('f/b/1.0/b-1.0.zip', Buffer.from('zip'));
        server.faults.set('f/b/1.0/b-1.0.zip', 'status-500');
        await server.start();
      });
      after(async () => server.stop());
      beforeEach(() => (s = Sandbox.create('secrets-url')));
      afterEach(() => s.dispose());

      const withPassword = (): string => server.url.replace('://', `://deployer:${URL_PASSWORD}@`);
      const shown = (): string => server.url.replace('://', '://deployer:***@');
      const goalhost = (level: readonly string[]) => {
        s.pom(
          [
            { groupId: 'f', artifactId: 'a', type: 'zip' },
            { groupId: 'f', artifactId: 'b', type: 'zip' },
          ],
          `  <repositories><repository><id>central</id><url>${withPassword()}</url></repository></repositories>\n`,
        );
        return expose(['-B', '-fae', `-Dmaven.repo.local=${s.repo}`, ...level, 'dependency:list'], {
          cwd: s.proj,
          env: { HOME: path.join(s.root, 'home'), TMPDIR: s.root, PATH: process.env.PATH ?? '' },
          roots: [s.root],
          bin: wrapperDir(path.join(s.root, 'bin')),
        }).then(tally);
      };

      for (const level of LEVELS) {
        it(`a missing artifact (404) and a failing one (500): *.lastUpdated records and messages hold no password${level.length ? ' (-X)' : ''}`, async () => {
          const e = await goalhost(level);
          expect(e.run.status).to.equal(1);
          expect(leaks(e, forms('deployer', URL_PASSWORD))).to.deep.equal([]);
          expect(errorLines(e.run)[0]).to.include(`Could not find artifact f:a:zip:1.0 in central (${shown()})`);
          expect(userUrls(e).length).to.be.greaterThan(0);
          for (const line of userUrls(e)) expect(line).to.include(shown());
          // Maven's record keys and errors, with the URL as shown.
          const records = [...e.files.keys()]
            .filter((f) => f.endsWith('.lastUpdated'))
            .map((f) => path.basename(f))
            .sort();
          expect(records).to.deep.equal(['a-1.0.pom.lastUpdated', 'a-1.0.zip.lastUpdated', 'b-1.0.zip.lastUpdated']);
          const keys = (name: string): string[] =>
            [...e.files]
              .filter(([f]) => path.basename(f) === name)
              .flatMap(([, content]) => content.toString('utf8').split('\n'))
              .filter((l) => l !== '' && !l.startsWith('#'))
              .map((l) => l.replace(/=.*$/, '').replace(/\\/g, ''));
          expect(keys('a-1.0.pom.lastUpdated')).to.deep.equal([`${shown()}/.error`, `${shown()}/.lastUpdated`]);
          expect(keys('a-1.0.zip.lastUpdated')).to.deep.equal([`${shown()}/.error`, `${shown()}/.lastUpdated`]);
          expect(keys('b-1.0.zip.lastUpdated')).to.deep.equal([
            `@default-central-${shown()}/.lastUpdated`,
            `${shown()}/.error`,
          ]);
        });
      }
    });

    describe('git over ssh://user:password@ (a stand-in for ssh running git-upload-pack on this machine)', () => {
      let f: GitFixture;
      let repo: string;
      let bin: string;
      let sshLog: string;
      let env: Record<string, string>;
      before(async () => {
        f = await GitFixture.create();
        ({ repo, bin } = runDirs(f.tmp));
        sshLog = path.join(f.tmp, 'ssh.log');
        // What sshd would do on the server: run the command git asks for (git-upload-pack '<path>').
        // `-G` is git's probe for OpenSSH.
        const ssh = path.join(f.tmp, 'ssh-here');
        fs.writeFileSync(
          ssh,
          `#!/bin/sh\nprintf '%s\\n' "$*" >> '${sshLog}'\n[ "$1" = -G ] && exit 0\nfor last; do :; done\nexec sh -c "$last"\n`,
          { mode: 0o755 },
        );
        const libA = path.join(f.tmp, 'git', 'libA.git');
        installPom(
          repo,
          'org.ssh',
          'liba',
          `<scm><connection>scm:git:ssh://${GIT_USER}:${URL_PASSWORD}@127.0.0.1${libA}</connection></scm>`,
        );
        installPom(
          repo,
          'org.ssh',
          'gone',
          `<scm><connection>scm:git:ssh://${GIT_USER}:${URL_PASSWORD}@127.0.0.1${path.join(f.tmp, 'git', 'gone.git')}</connection></scm>`,
        );
        env = { ...(f.env as Record<string, string>), TMPDIR: path.join(f.tmp, 'tmp'), GIT_SSH_COMMAND: ssh };
      });
      after(async () => f?.destroy());
      beforeEach(() => {
        f.reset();
        fs.rmSync(sshLog, { force: true });
      });

      const goalhost = (args: string[]) => scmGoal(f, { repo, bin, env }, args);
      const warning = (a: string, repository: string) =>
        `[WARNING] The password in <scm><connection> of org.ssh:${a}:1.0:pom (ssh://${GIT_USER}:***@127.0.0.1${path.join(f.tmp, 'git', `${repository}.git`)}) is not used: ` +
        'ssh authenticates with ssh keys or an agent. Remove it from the URL.';

      for (const level of LEVELS) {
        it(`the submodule is staged with ssh://user@ in .gitmodules, no password anywhere${level.length ? ' (-X)' : ''}`, async () => {
          consumerPom(f.wc, 'org.ssh', 'liba');
          const e = await goalhost([...level, '-DsourceFreezeRevision=true']);
          expect(e.run.status, e.run.stdout).to.equal(0);
          expectNoLeak(e, [URL_PASSWORD], /^git .*ls-remote/);
          const url = `ssh://${GIT_USER}@127.0.0.1${path.join(f.tmp, 'git', 'libA.git')}`;
          expect(
            f.git(['config', '--file', '.gitmodules', 'submodule.externals/org/ssh/liba.url'], f.wc).trim(),
          ).to.equal(url);
          expect(f.git(['show', ':.gitmodules'], f.wc)).to.include(url);
          expect(e.run.stdout.split('\n').filter((l) => l.startsWith('[WARNING]'))).to.deep.equal([
            warning('liba', 'libA'),
          ]);
          // ssh got the login without the password.
          expect(fs.readFileSync(sshLog, 'utf8')).to.include(`${GIT_USER}@127.0.0.1 git-upload-pack`);
        });

        it(`a repository that does not exist: the error shows the URL without password${level.length ? ' (-X)' : ''}`, async () => {
          consumerPom(f.wc, 'org.ssh', 'gone');
          const e = await goalhost([...level]);
          expect(e.run.status).to.equal(1);
          expect(errorLines(e.run)[0]).to.include(
            `Git remote not available for dependency : org.ssh:gone:1.0:pom at ssh://${GIT_USER}@127.0.0.1${path.join(f.tmp, 'git', 'gone.git')}: `,
          );
          expectNoLeak(e, [URL_PASSWORD], /^git .*ls-remote/);
        });
      }
    });

    describe('git over http://user:password@ (smart HTTP, basic auth)', () => {
      let f: GitFixture;
      let repo: string;
      let bin: string;
      let env: Record<string, string>;
      before(async () => {
        f = await GitFixture.create();
        ({ repo, bin } = runDirs(f.tmp));
        const withPassword = (password: string) => f.http.url('libB.git').replace('://', `://${GIT_USER}:${password}@`);
        installPom(
          repo,
          'org.http',
          'libb',
          `<scm><connection>scm:git:${withPassword(GIT_PASSWORD)}</connection><tag>main</tag></scm>`,
        );
        installPom(
          repo,
          'org.http',
          'wrong',
          `<scm><connection>scm:git:${withPassword(WRONG)}</connection><tag>main</tag></scm>`,
        );
        env = { ...(f.env as Record<string, string>), TMPDIR: path.join(f.tmp, 'tmp') };
      });
      after(async () => f?.destroy());
      beforeEach(() => f.reset());

      const goalhost = (args: string[]) => scmGoal(f, { repo, bin, env }, args);

      for (const level of LEVELS) {
        it(`the right password: .gitmodules holds the URL without credentials${level.length ? ' (-X)' : ''}`, async () => {
          consumerPom(f.wc, 'org.http', 'libb');
          const e = await goalhost([...level, '-DsourceFreezeRevision=true']);
          expect(e.run.status, e.run.stdout).to.equal(0);
          expectNoLeak(e, forms(GIT_USER, GIT_PASSWORD), /^git .*ls-remote/);
          expect(
            f.git(['config', '--file', '.gitmodules', 'submodule.externals/org/http/libb.url'], f.wc).trim(),
          ).to.equal(f.http.url('libB.git'));
        });

        it(`a wrong password: git's refusal, no password shown${level.length ? ' (-X)' : ''}`, async () => {
          consumerPom(f.wc, 'org.http', 'wrong');
          const e = await goalhost([...level]);
          expect(e.run.status).to.equal(1);
          expect(errorLines(e.run)[0]).to.include(
            `Git remote not available for dependency : org.http:wrong:1.0:pom at ${f.http.url('libB.git')}: `,
          );
          expectNoLeak(e, [...forms(GIT_USER, WRONG), ...forms(GIT_USER, GIT_PASSWORD)], /^git .*ls-remote/);
        });
      }
    });

    describe('svn://user:password@ (svnserve, anon-access = none)', () => {
      let f: SvnFixture;
      let repo: string;
      let bin: string;
      let env: Record<string, string>;
      before(async () => {
        f = await SvnFixture.create();
        ({ repo, bin } = runDirs(f.tmp));
        const withPassword = (p: string, password: string) =>
          f.server.url(p).replace('://', `://${SVN_USER}:${password}@`);
        installPom(
          repo,
          'fr.url',
          'liba',
          `<scm><connection>scm:svn:${withPassword('main/libA/trunk', SVN_PASSWORD)}</connection></scm>`,
        );
        installPom(
          repo,
          'fr.url',
          'wrong',
          `<scm><connection>scm:svn:${withPassword('main/libA/trunk', WRONG)}</connection></scm>`,
        );
        installPom(
          repo,
          'fr.url',
          'nope',
          `<scm><connection>scm:svn:${withPassword('nope/libA/trunk', SVN_PASSWORD)}</connection></scm>`,
        );
        env = { HOME: path.join(f.tmp, 'home'), TMPDIR: path.join(f.tmp, 'tmp'), PATH: process.env.PATH ?? '' };
      });
      after(async () => f?.destroy());
      beforeEach(() => f.reset());

      const goalhost = (args: string[]) => scmGoal(f, { repo, bin, env }, args);

      for (const level of LEVELS) {
        it(`the URL's credentials go to svn on standard input; svn:externals holds no password${level.length ? ' (-X)' : ''}`, async () => {
          consumerPom(f.wc, 'fr.url', 'liba');
          const e = await goalhost([...level]);
          expect(e.run.status, e.run.stdout).to.equal(0);
          expectNoLeak(e, [SVN_PASSWORD], /^svn .*--password-from-stdin/);
          expect(f.externals()).to.include('^/libA/trunk fr/url/liba').and.not.include(SVN_PASSWORD);
        });

        it(`a wrong password and a missing repository: svn's message, no password shown${level.length ? ' (-X)' : ''}`, async () => {
          consumerPom(f.wc, 'fr.url', 'wrong');
          const wrong = await goalhost([...level]);
          expect(wrong.run.status).to.equal(1);
          expect(errorLines(wrong.run)[0]).to.include('Authentication error from server: Password incorrect');
          expectNoLeak(wrong, [WRONG, SVN_PASSWORD], /^svn /);
          consumerPom(f.wc, 'fr.url', 'nope');
          const nope = await goalhost([...level]);
          expect(nope.run.status).to.equal(1);
          expect(errorLines(nope.run)[0]).to.include(
            `Svn info not available for dependency : fr.url:nope:1.0:pom at ${f.server.url('nope/libA/trunk')}: svn: E170013: Unable to connect to a repository at URL '${f.server.url('nope/libA/trunk')}'`,
          );
          expectNoLeak(nope, [SVN_PASSWORD], /^svn /);
        });
      }
    });
  });

  describe('the hunt itself', () => {
    it('saw what it searched: svn and git command lines in /proc while they ran, and the files written', () => {
      console.log(
        `      searched ${totalCommands} recorded svn/git command lines, ${processes.size} process command lines and ${totalFiles} written files`,
      );
      const seen = [...processes];
      expect(
        seen.some((p) => /(^|\/)svn .*--password-from-stdin/.test(p)),
        'an svn process caught in /proc',
      ).to.equal(true);
      expect(
        seen.some((p) => /(^|\/)git .*ls-remote/.test(p)),
        'a git process caught in /proc',
      ).to.equal(true);
      expect(totalFiles).to.be.greaterThan(10);
    });
  });
});
