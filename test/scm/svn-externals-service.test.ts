import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { encryptMavenPassword, type Project } from '@goalhost/model';
import { dependencyPom } from './support/projects';
import { artifact, runScm, type ScmRunInput } from './support/scm-run';
import { INITIAL_EXTERNALS, SVN_PASSWORD, SVN_USER, SvnFixture } from './support/svn-fixture';

/**
 * The svn half of cxx:scm-dependencies against a real svnserve (anon-access = none) and a real
 * working copy: every rule of the original plugin, credentials, and failures that change nothing.
 */
describe('scm: svn externals with a real svnserve', function () {
  this.timeout(60000);
  let f: SvnFixture;
  let port: number;
  const libA = artifact('fr.example', 'liba', '1.0');
  const libB = artifact('org.other', 'libb', '2.1');
  let poms: Project[];
  const credentials = { username: SVN_USER, password: SVN_PASSWORD };

  before(async () => {
    f = await SvnFixture.create();
    port = f.server.port;
  });
  after(async () => f?.destroy());
  beforeEach(() => {
    f.reset();
    poms = [
      dependencyPom(libA, { scm: { connection: `scm:svn:svn://127.0.0.1:${port}/main/libA/trunk` } }),
      dependencyPom(libB, {
        scm: { connection: `scm:svn:svn://127.0.0.1:${port}/other/libB/trunk` },
        properties: { 'scm.dependencies.source.targetDir': 'third-party/libB' },
      }),
    ];
  });

  const run = (input: Partial<ScmRunInput> = {}) =>
    runScm({
      basedir: f.wc,
      artifacts: [libA, libB],
      poms,
      svnConfigDir: f.configDir,
      ...input,
      options: { sourceSubdir: 'externals', ...credentials, ...input.options },
    });
  const pomOf = (a: { groupId: string; artifactId: string; version: string }) =>
    `/repo/${a.groupId.replace(/\./g, '/')}/${a.artifactId}/${a.version}/${a.artifactId}-${a.version}.pom`;
  const head = () => [
    `[INFO] Svn externals dir is 'r2 svn://127.0.0.1:${port}/main ^/consumer/trunk/externals'`,
    "[INFO] Svn initial externals are '[# third-party sources, -r1 ^/libA/trunk/src vendored-src, ^/libA/trunk fr/example/libs/liba]'",
  ];

  it('default rule, property rule, relative origin in the same repository, absolute otherwise; foreign entries kept', async () => {
    const { log, error } = await run();
    expect(error).to.equal(undefined);
    expect(log.visible).to.deep.equal([
      ...head(),
      `[INFO] Svn info for dependency : fr.example:liba:1.0:pom are r2 svn://127.0.0.1:${port}/main ^/libA/trunk`,
      "[INFO] Maven project of dependency fr.example:liba:1.0:pom do not define property 'scm.dependencies.source.targetDir'",
      '[INFO] Dependency fr.example:liba:1.0:pom defaut computed external entry is : ^/libA/trunk fr/example/liba',
      `[INFO] Svn info for dependency : org.other:libb:2.1:pom are r2 svn://127.0.0.1:${port}/other ^/libB/trunk`,
      `[INFO] Dependency org.other:libb:2.1:pom external entry computed with 'scm.dependencies.source.targetDir' property is : svn://127.0.0.1:${port}/other/libB/trunk third-party/libB`,
      `[INFO] svn:externals of ${f.holder}: 1 added, 1 changed, 0 unchanged, 1 kept`,
      '[INFO]   kept:      -r1 ^/libA/trunk/src vendored-src',
      '[INFO]   changed:   ^/libA/trunk fr/example/liba (fr.example:liba:1.0:pom) (was: ^/libA/trunk fr/example/libs/liba)',
      `[INFO]   added:     svn://127.0.0.1:${port}/other/libB/trunk third-party/libB (org.other:libb:2.1:pom)`,
      `[INFO] svn:externals of ${f.holder} written: run 'svn update' there to fetch the sources, then commit the property`,
    ]);
    const expected = [
      '# third-party sources',
      '-r1 ^/libA/trunk/src vendored-src',
      '^/libA/trunk fr/example/liba',
      `svn://127.0.0.1:${port}/other/libB/trunk third-party/libB`,
      '',
    ].join('\n');
    expect(f.externals()).to.equal(expected);
    expect(fs.readFileSync(path.join(f.wc, 'target', 'svn.externals'), 'utf8')).to.equal(expected);
    // The property is what svn needs: an update fetches every external.
    f.svn(['update', '-q', f.wc]);
    expect(f.snapshot().files.filter((p) => p.startsWith('externals/'))).to.deep.equal([
      'externals/',
      'externals/fr/',
      'externals/fr/example/',
      'externals/fr/example/liba/',
      'externals/fr/example/liba/src/',
      'externals/fr/example/liba/src/a.c',
      'externals/third-party/',
      'externals/third-party/libB/',
      'externals/third-party/libB/b.c',
      'externals/vendored-src/',
      'externals/vendored-src/a.c',
    ]);
    for (const dir of ['fr', 'third-party', 'vendored-src'])
      fs.rmSync(path.join(f.holder, dir), { recursive: true, force: true });
  });

  it('a second run changes nothing (idempotent), and a dry run prints the same summary without writing', async () => {
    await run();
    const written = f.externals();
    const again = await run();
    expect(again.error).to.equal(undefined);
    expect(again.log.visible.slice(-5)).to.deep.equal([
      `[INFO] svn:externals of ${f.holder}: 0 added, 0 changed, 2 unchanged, 1 kept`,
      '[INFO]   kept:      -r1 ^/libA/trunk/src vendored-src',
      '[INFO]   unchanged: ^/libA/trunk fr/example/liba (fr.example:liba:1.0:pom)',
      `[INFO]   unchanged: svn://127.0.0.1:${port}/other/libB/trunk third-party/libB (org.other:libb:2.1:pom)`,
      `[INFO] svn:externals of ${f.holder} is up to date: nothing to write`,
    ]);
    expect(f.externals()).to.equal(written);

    f.reset();
    const before = f.snapshot();
    const dry = await run({ options: { dryRun: true } });
    expect(dry.error).to.equal(undefined);
    expect(dry.log.visible.slice(-5)).to.deep.equal([
      `[INFO] svn:externals of ${f.holder}: 1 added, 1 changed, 0 unchanged, 1 kept`,
      '[INFO]   kept:      -r1 ^/libA/trunk/src vendored-src',
      '[INFO]   changed:   ^/libA/trunk fr/example/liba (fr.example:liba:1.0:pom) (was: ^/libA/trunk fr/example/libs/liba)',
      `[INFO]   added:     svn://127.0.0.1:${port}/other/libB/trunk third-party/libB (org.other:libb:2.1:pom)`,
      `[INFO] Dry run (scm.dryRun=true): svn:externals of ${f.holder} not written`,
    ]);
    expect(f.snapshot()).to.deep.equal(before);
  });

  it("sourceFreezeRevision pins each entry to the last revision that changed it (svn info's last changed revision)", async () => {
    const { log, error } = await run({ options: { sourceFreezeRevision: true } });
    expect(error).to.equal(undefined);
    const frozen = [
      '# third-party sources',
      '-r1 ^/libA/trunk/src vendored-src',
      '-r1 ^/libA/trunk fr/example/liba',
      `-r1 svn://127.0.0.1:${port}/other/libB/trunk third-party/libB`,
      '',
    ].join('\n');
    expect(f.externals()).to.equal(frozen);
    expect(log.visible).to.include(
      '[INFO]   changed:   -r1 ^/libA/trunk fr/example/liba (fr.example:liba:1.0:pom) (was: ^/libA/trunk fr/example/libs/liba)',
    );
    // Frozen, then unfrozen: the pin goes away again.
    await run();
    expect(f.externals()).to.equal(
      [
        '# third-party sources',
        '-r1 ^/libA/trunk/src vendored-src',
        '^/libA/trunk fr/example/liba',
        `svn://127.0.0.1:${port}/other/libB/trunk third-party/libB`,
        '',
      ].join('\n'),
    );
  });

  it('sourceTargets win over the property, prefixes apply to every rule, version must match when given', async () => {
    const { log, error } = await run({
      options: {
        sourceTargets: [
          { dependency: { groupId: 'fr.example', artifactId: 'liba', version: '9.9' }, targetDir: 'wrong-version' },
          { dependency: { groupId: 'org.other', artifactId: 'libb' }, targetDir: 'vendor/libB' },
          { dependency: { groupId: 'org.other', artifactId: 'libb' }, targetDir: 'second-match-ignored' },
        ],
        sourceTargetDirRemovePrefixes: ['fr.', 'example/', 'vendor'],
      },
    });
    expect(error).to.equal(undefined);
    expect(log.visible.filter((l) => / computed | do not define /.test(l))).to.deep.equal([
      "[INFO] Maven project of dependency fr.example:liba:1.0:pom do not define property 'scm.dependencies.source.targetDir'",
      '[INFO] Dependency fr.example:liba:1.0:pom defaut computed external entry is : ^/libA/trunk liba',
      `[INFO] Dependency org.other:libb:2.1:pom external entry computed with plugin config is : svn://127.0.0.1:${port}/other/libB/trunk libB`,
    ]);
    expect(f.externals()).to.equal(
      [
        '# third-party sources',
        '-r1 ^/libA/trunk/src vendored-src',
        '^/libA/trunk liba',
        `svn://127.0.0.1:${port}/other/libB/trunk libB`,
        '',
      ].join('\n'),
    );
  });

  it('existing targets are compared as svn canonicalises them: libs/a/, ./libs/a and libs//a are libs/a', async () => {
    const existing = [
      '^/libA/trunk fr/example/liba/',
      `svn://127.0.0.1:${port}/other/libB/trunk ./third-party//libB`,
      '',
    ].join('\n');
    fs.writeFileSync(path.join(f.tmp, 'canonical.externals'), existing);
    f.svn(['propset', '-q', 'svn:externals', '--file', path.join(f.tmp, 'canonical.externals'), f.holder]);
    const { log, error } = await run();
    expect(error).to.equal(undefined);
    expect(log.visible.slice(-4)).to.deep.equal([
      `[INFO] svn:externals of ${f.holder}: 0 added, 0 changed, 2 unchanged, 0 kept`,
      '[INFO]   unchanged: ^/libA/trunk fr/example/liba/ (fr.example:liba:1.0:pom)',
      `[INFO]   unchanged: svn://127.0.0.1:${port}/other/libB/trunk ./third-party//libB (org.other:libb:2.1:pom)`,
      `[INFO] svn:externals of ${f.holder} is up to date: nothing to write`,
    ]);
    expect(f.externals()).to.equal(existing);
  });

  it('existing entries in any 1.5+ spelling are understood: same meaning is unchanged, same directory is replaced in place', async () => {
    const existing = [
      '  # indented comment',
      '"^/libA/trunk" "fr/example/liba"',
      '',
      `-r 1 svn://127.0.0.1:${port}/other/libB/trunk@1 third-party/libB`,
      'http://example.com/svn/x@5 with\\ space',
      "'^/libA/trunk/src' 'quoted dir'",
      '//example.com/svn/y y-dir',
      '../sibling/z z-dir',
      '/svn/w w-dir',
      'old-style-dir -r3 http://example.com/svn/old',
      '',
    ].join('\n');
    fs.writeFileSync(path.join(f.tmp, 'existing.externals'), existing);
    f.svn(['propset', '-q', 'svn:externals', '--file', path.join(f.tmp, 'existing.externals'), f.holder]);
    const { log, error } = await run();
    expect(error).to.equal(undefined);
    expect(log.visible.slice(-10)).to.deep.equal([
      `[INFO] svn:externals of ${f.holder}: 0 added, 1 changed, 1 unchanged, 6 kept`,
      '[INFO]   unchanged: "^/libA/trunk" "fr/example/liba" (fr.example:liba:1.0:pom)',
      `[INFO]   changed:   svn://127.0.0.1:${port}/other/libB/trunk third-party/libB (org.other:libb:2.1:pom) (was: -r 1 svn://127.0.0.1:${port}/other/libB/trunk@1 third-party/libB)`,
      '[INFO]   kept:      http://example.com/svn/x@5 with\\ space',
      "[INFO]   kept:      '^/libA/trunk/src' 'quoted dir'",
      '[INFO]   kept:      //example.com/svn/y y-dir',
      '[INFO]   kept:      ../sibling/z z-dir',
      '[INFO]   kept:      /svn/w w-dir',
      '[INFO]   kept:      old-style-dir -r3 http://example.com/svn/old',
      `[INFO] svn:externals of ${f.holder} written: run 'svn update' there to fetch the sources, then commit the property`,
    ]);
    expect(f.externals()).to.equal(
      existing.replace(
        `-r 1 svn://127.0.0.1:${port}/other/libB/trunk@1 third-party/libB`,
        `svn://127.0.0.1:${port}/other/libB/trunk third-party/libB`,
      ),
    );
  });

  it('takes credentials from settings.xml (server id = host:port), decrypting a Maven-encrypted password', async () => {
    const security = path.join(f.tmp, 'settings-security.xml');
    fs.writeFileSync(
      security,
      '<settingsSecurity><master>{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}</master></settingsSecurity>\n',
    );
    const servers = [
      { id: `127.0.0.1:${port}`, username: SVN_USER, password: encryptMavenPassword(SVN_PASSWORD, 'SECRET') },
    ];
    const { log, error } = await runScm({
      basedir: f.wc,
      artifacts: [libA, libB],
      poms,
      svnConfigDir: f.configDir,
      servers,
      settingsSecurityFile: security,
      options: { sourceSubdir: 'externals' },
    });
    expect(error).to.equal(undefined);
    expect(log.lines.filter((l) => l.startsWith('[DEBUG] Credentials'))).to.deep.equal([
      `[DEBUG] Credentials for svn://127.0.0.1:${port}/main/libA/trunk: server '127.0.0.1:${port}' in /home/user/.m2/settings.xml`,
      `[DEBUG] Credentials for svn://127.0.0.1:${port}/other/libB/trunk: server '127.0.0.1:${port}' in /home/user/.m2/settings.xml`,
    ]);
    expect(f.externals()).to.contain('third-party/libB');

    // settingsServerId names another server entry; a wrong master password is a clear error.
    f.reset();
    const before = f.snapshot();
    fs.writeFileSync(
      security,
      `<settingsSecurity><master>${encryptMavenPassword('other-master', 'settings.security')}</master></settingsSecurity>\n`,
    );
    const wrong = await runScm({
      basedir: f.wc,
      artifacts: [libA],
      poms,
      svnConfigDir: f.configDir,
      servers: [...servers, { id: 'corp-svn', username: SVN_USER, password: servers[0].password }],
      settingsSecurityFile: security,
      options: { sourceSubdir: 'externals', settingsServerId: 'corp-svn' },
    });
    expect(wrong.error).to.equal(
      `Cannot decrypt the password of server 'corp-svn' in /home/user/.m2/settings.xml with the master password of ${security}: ` +
        'decryption failed (wrong master password, or the value is corrupt). Encrypt the password again with `mvn --encrypt-password` under this master password.',
    );
    expect(f.snapshot()).to.deep.equal(before);
  });

  describe('failures change nothing', () => {
    let before: ReturnType<SvnFixture['snapshot']>;
    beforeEach(() => {
      before = f.snapshot();
    });
    afterEach(() => expect(f.snapshot()).to.deep.equal(before));

    it('wrong password', async () => {
      const { error, log } = await run({ options: { password: 'not-the-password' } });
      expect(error).to.equal(
        `Svn info not available for dependency : fr.example:liba:1.0:pom at svn://127.0.0.1:${port}/main/libA/trunk: ` +
          "svn: E170013: Unable to connect to a repository at URL 'svn://127.0.0.1:" +
          port +
          "/main/libA/trunk' svn: E170001: Authentication error from server: Password incorrect. " +
          "Check the credentials: they came from the username and password parameters; set the username/password parameters or a <server> in settings.xml (id = settingsServerId, or the URL's host[:port]).",
      );
      expect(log.lines.join('\n')).to.not.contain('not-the-password');
    });

    it('no credentials at all (anonymous access is refused)', async () => {
      const { error } = await run({ options: { username: undefined, password: undefined } });
      expect(error).to.equal(
        `Svn info not available for dependency : fr.example:liba:1.0:pom at svn://127.0.0.1:${port}/main/libA/trunk: ` +
          `svn: E170013: Unable to connect to a repository at URL 'svn://127.0.0.1:${port}/main/libA/trunk' svn: E170001: Can't get username or password. ` +
          `Check the credentials: they came from none (no server '127.0.0.1:${port}' in settings.xml); set the username/password parameters or a <server> in settings.xml (id = settingsServerId, or the URL's host[:port]).`,
      );
    });

    it('a dependency POM without <scm>', async () => {
      poms[1] = dependencyPom(libB);
      const { error } = await run();
      expect(error).to.equal(
        `No SCM specified for artifact org.other:libb:2.1:pom: its POM ${pomOf(libB)} has no <scm> section. ` +
          'Add <scm><connection>scm:svn:URL</connection></scm> (or scm:git:URL) to it, or leave it out of the selection (e.g. -DexcludeArtifactIds=libb).',
      );
    });

    it('an empty developerConnection when connectionType=developerConnection', async () => {
      const { error } = await run({ options: { connectionType: 'developerConnection' } });
      expect(error).to.equal(
        `No SCM Uri specified for artifact fr.example:liba:1.0:pom: <scm><developerConnection> of ${pomOf(libA)} is missing or empty. ` +
          'Set it to scm:svn:URL or scm:git:URL, or run with -DconnectionType=connection.',
      );
    });

    it('an invalid SCM URI', async () => {
      poms[0] = dependencyPom(libA, { scm: { connection: 'scm:svn:libA/trunk' } });
      const { error } = await run();
      expect(error).to.equal(
        `SCM Uri content invalide : scm:svn:libA/trunk (artifact fr.example:liba:1.0:pom, <scm><connection> of ${pomOf(libA)}): ` +
          "'libA/trunk' is not an absolute svn URL (scheme://host/path). Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.",
      );
    });

    it('an unsupported SCM provider', async () => {
      poms[0] = dependencyPom(libA, { scm: { connection: 'scm:hg:https://example.com/hg/liba' } });
      const { error } = await run();
      expect(error).to.equal(
        `SCM unsupported yet : hg (artifact fr.example:liba:1.0:pom, <scm><connection> of ${pomOf(libA)}): goalhost handles scm:svn: and scm:git: connections.`,
      );
    });

    it('an svn URL that does not exist', async () => {
      poms[1] = dependencyPom(libB, {
        scm: { connection: `scm:svn:svn://127.0.0.1:${port}/other/libB/branches/nope` },
      });
      const { error } = await run();
      expect(error).to.equal(
        `Svn info not available for dependency : org.other:libb:2.1:pom at svn://127.0.0.1:${port}/other/libB/branches/nope: ` +
          `svn: warning: W170000: URL 'svn://127.0.0.1:${port}/other/libB/branches/nope' non-existent in revision 2 svn: E200009: Could not display info for all targets because some targets don't exist. ` +
          "The URL does not exist in the repository: fix the dependency POM's <scm> connection.",
      );
    });

    it('a file:// or svn:// URL with no repository there: no hint about a server that is down', async () => {
      const missing = path.join(os.tmpdir(), 'goalhost-no-such-svn-repository');
      poms[0] = dependencyPom(libA, { scm: { connection: `scm:svn:file://${missing}/trunk` } });
      poms[1] = dependencyPom(libB, { scm: { connection: `scm:svn:svn://127.0.0.1:${port}/nope/trunk` } });
      const { error } = await run();
      expect(error).to.equal(
        `Svn info not available for dependency : fr.example:liba:1.0:pom at file://${missing}/trunk: ` +
          `svn: E170013: Unable to connect to a repository at URL 'file://${missing}/trunk' svn: E180001: Unable to open repository 'file://${missing}/trunk'. ` +
          "No Subversion repository at that URL: fix the dependency POM's <scm> connection (a file:// URL names a repository directory made with svnadmin create, on this machine).",
      );
      poms[0] = dependencyPom(libA, { scm: { connection: `scm:svn:svn://127.0.0.1:${port}/main/libA/trunk` } });
      const remote = await run();
      expect(remote.error).to.equal(
        `Svn info not available for dependency : org.other:libb:2.1:pom at svn://127.0.0.1:${port}/nope/trunk: ` +
          `svn: E170013: Unable to connect to a repository at URL 'svn://127.0.0.1:${port}/nope/trunk' svn: E210005: No repository found in 'svn://127.0.0.1:${port}/nope/trunk'. ` +
          "No Subversion repository at that URL: fix the dependency POM's <scm> connection (a file:// URL names a repository directory made with svnadmin create, on this machine).",
      );
    });

    it('a sourceSubdir that is not a working copy, or does not exist', async () => {
      const unversioned = await run({ options: { sourceSubdir: 'unversioned' } });
      expect(unversioned.error).to.equal(
        `Svn info not available for externals dir : ${path.join(f.wc, 'unversioned')}: svn: warning: W155010: The node '${path.join(f.wc, 'unversioned')}' was not found. ` +
          "svn: E200009: Could not display info for all targets because some targets don't exist. " +
          'sourceSubdir must be a committed directory of a Subversion working copy (svn checkout, or svn add + svn commit).',
      );
      const missing = await run({ options: { sourceSubdir: 'missing' } });
      expect(missing.error).to.equal(
        `Svn externals dir does not exists or is not a directory : ${path.join(f.wc, 'missing')}. ` +
          'sourceSubdir is resolved against the project basedir: create that directory in the working copy, or set sourceSubdir to an existing one.',
      );
    });

    it('a target directory escaping the externals directory', async () => {
      const { error } = await run({
        options: {
          sourceTargets: [{ dependency: { groupId: 'fr.example', artifactId: 'liba' }, targetDir: 'a/../../escape' }],
        },
      });
      expect(error).to.equal(
        "Invalid target directory 'a/../../escape' for source dependency fr.example:liba:1.0:pom (from the sourceTargets entry for fr.example:liba (<targetDir>a/../../escape</targetDir>)): " +
          "it contains '..' and would escape the externals directory. Give it a relative directory inside the externals directory, with a <sourceTarget> in the plugin configuration or the property scm.dependencies.source.targetDir in its POM.",
      );
    });

    it('two dependencies with the same target directory', async () => {
      poms[0] = dependencyPom(libA, {
        scm: { connection: `scm:svn:svn://127.0.0.1:${port}/main/libA/trunk` },
        properties: { 'scm.dependencies.source.targetDir': '/third-party/libB' },
      });
      const { error } = await run();
      expect(error).to.equal(
        "Source dependencies fr.example:liba:1.0:pom and org.other:libb:2.1:pom both get the target directory 'third-party/libB': " +
          'give one of them its own directory with a <sourceTarget> in the plugin configuration.',
      );
    });
  });

  it('the password never reaches argv nor any log line, at any level', async () => {
    const recorder = path.join(f.tmp, 'svn-argv-recorder.sh');
    const argvLog = path.join(f.tmp, 'svn-argv.log');
    fs.writeFileSync(recorder, `#!/bin/sh\nprintf '%s\\n' "$*" >> '${argvLog}'\nexec svn "$@"\n`, { mode: 0o755 });
    const { error, log } = await run({ svnExecutable: recorder });
    expect(error).to.equal(undefined);
    const argv = fs.readFileSync(argvLog, 'utf8');
    // The two lookups run in parallel: their order in the log is the scheduler's.
    expect(
      argv
        .split('\n')
        .filter((l) => l.includes(`svn://127.0.0.1:${port}/`))
        .sort(),
    ).to.deep.equal([
      `--non-interactive --no-auth-cache --config-dir ${f.configDir} --username alice --password-from-stdin info --xml -- svn://127.0.0.1:${port}/main/libA/trunk`,
      `--non-interactive --no-auth-cache --config-dir ${f.configDir} --username alice --password-from-stdin info --xml -- svn://127.0.0.1:${port}/other/libB/trunk`,
    ]);
    expect(argv).to.not.contain(SVN_PASSWORD);
    expect(log.lines.join('\n')).to.not.contain(SVN_PASSWORD);
    expect(log.lines.filter((l) => l.startsWith('[DEBUG] Running') && l.includes('/libA/'))).to.deep.equal([
      `[DEBUG] Running ${recorder} --non-interactive --no-auth-cache --config-dir ${f.configDir} --username alice --password-from-stdin info --xml -- svn://127.0.0.1:${port}/main/libA/trunk (password on standard input)`,
    ]);
    // --no-auth-cache: nothing was stored in the auth area.
    expect(fs.readdirSync(path.join(f.configDir, 'auth', 'svn.simple'))).to.deep.equal([]);
  });

  it('creates the property on a directory that has none (svn reports it as not set)', async () => {
    const { log, error } = await run({ options: { sourceSubdir: '.' } });
    expect(error).to.equal(undefined);
    expect(log.visible.slice(0, 2)).to.deep.equal([
      `[INFO] Svn externals dir is 'r2 svn://127.0.0.1:${port}/main ^/consumer/trunk'`,
      "[INFO] Svn initial externals are '[]'",
    ]);
    expect(f.svn(['propget', '--no-newline', 'svn:externals', f.wc])).to.equal(
      ['^/libA/trunk fr/example/liba', `svn://127.0.0.1:${port}/other/libB/trunk third-party/libB`, ''].join('\n'),
    );
  });

  it('the initial fixture externals are as committed', () => {
    expect(f.externals()).to.equal(INITIAL_EXTERNALS);
  });
});

/** cxx:scm-dependencies for libA alone on a fixture of its own (for tests that commit or need other accounts). */
function runLibA(f: SvnFixture, input: Partial<ScmRunInput> = {}) {
  const libA = artifact('fr.example', 'liba', '1.0');
  return runScm({
    basedir: f.wc,
    artifacts: [libA],
    poms: [dependencyPom(libA, { scm: { connection: `scm:svn:svn://127.0.0.1:${f.server.port}/main/libA/trunk` } })],
    svnConfigDir: f.configDir,
    ...input,
    options: { sourceSubdir: 'externals', ...input.options },
  });
}

describe('scm: svn sourceFreezeRevision settles (a fixture of its own: this test commits)', function () {
  this.timeout(60000);
  let f: SvnFixture;
  after(async () => f?.destroy());

  it('committing the pinned property moves HEAD of the same repository; a second frozen run writes nothing', async () => {
    f = await SvnFixture.create();
    const run = () =>
      runLibA(f, { options: { username: SVN_USER, password: SVN_PASSWORD, sourceFreezeRevision: true } });
    expect((await run()).error).to.equal(undefined);
    const frozen = [
      '# third-party sources',
      '-r1 ^/libA/trunk/src vendored-src',
      '-r1 ^/libA/trunk fr/example/liba',
      '',
    ].join('\n');
    expect(f.externals()).to.equal(frozen);
    f.svn(['commit', '-q', '-m', 'pinned externals', f.wc]);
    const again = await run();
    expect(again.error).to.equal(undefined);
    expect(again.log.visible.slice(-1)).to.deep.equal([
      `[INFO] svn:externals of ${f.holder} is up to date: nothing to write`,
    ]);
    expect(f.externals()).to.equal(frozen);
  });
});

describe('scm: a plain settings.xml password holding {...} (real svnserve)', function () {
  this.timeout(60000);
  let f: SvnFixture;
  after(async () => f?.destroy());

  it("is used as written, with the warning Maven's decrypter gives, instead of failing", async () => {
    f = await SvnFixture.create({ carol: 'pa{ss}word' });
    const port = f.server.port;
    const { log, error } = await runLibA(f, {
      servers: [{ id: `127.0.0.1:${port}`, username: 'carol', password: 'pa{ss}word' }],
      settingsSecurityFile: path.join(f.tmp, 'no-settings-security.xml'),
    });
    expect(error).to.equal(undefined);
    expect(log.visible.filter((l) => l.startsWith('[WARNING]'))).to.deep.equal([
      `[WARNING] Failed to decrypt the password of server '127.0.0.1:${port}' in /home/user/.m2/settings.xml: its {...} group is not an encrypted value; the password is used as written`,
    ]);
    expect(f.externals()).to.contain('^/libA/trunk fr/example/liba');
  });
});
