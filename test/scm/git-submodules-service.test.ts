import { expect } from 'chai';
import { execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { encryptMavenPassword, type Project } from '@goalhost/model';
import { GIT_PASSWORD, GIT_USER, GitFixture } from './support/git-fixture';
import { dependencyPom } from './support/projects';
import { artifact, runScm, type ScmRunInput } from './support/scm-run';

/**
 * The git half of cxx:scm-dependencies: source dependencies become submodules of the consumer's
 * git work tree, against real repositories on disk (file://) and over smart HTTP with basic auth.
 */
describe('scm: git submodules with real repositories (file:// and HTTP on loopback)', function () {
  this.timeout(60000);
  let f: GitFixture;
  const libA = artifact('fr.example', 'liba', '1.0');
  const libB = artifact('org.other', 'libb', '2.1');
  const libC = artifact('org.example', 'libc', '1.0');
  let poms: Project[];
  const sha12 = (s: string) => s.slice(0, 12);

  before(async () => {
    f = await GitFixture.create();
  });
  after(async () => f?.destroy());
  beforeEach(() => {
    f.reset();
    poms = [
      dependencyPom(libA, { scm: { connection: `scm:git:${f.fileUrl('libA')}` } }),
      dependencyPom(libB, {
        scm: { connection: `scm:git:${f.http.url('libB.git')}`, tag: 'HEAD' },
        properties: { 'scm.dependencies.source.targetDir': 'third-party/libB' },
      }),
      dependencyPom(libC, { scm: { connection: `scm:git:${f.fileUrl('libC')}`, tag: 'v1.0' } }),
    ];
  });

  const run = (input: Partial<ScmRunInput> = {}) =>
    runScm({
      basedir: f.wc,
      artifacts: [libA, libB, libC],
      poms,
      env: f.env,
      ...input,
      options: { sourceSubdir: 'externals', username: GIT_USER, password: GIT_PASSWORD, ...input.options },
    });
  const foreign = () => `externals/foreign https://example.com/foreign.git @${sha12(f.commits.libA)}`;
  const fullGitmodules = (libASha?: string) =>
    [
      '[submodule "externals/foreign"]',
      '\tpath = externals/foreign',
      '\turl = https://example.com/foreign.git',
      '[submodule "externals/fr/example/liba"]',
      '\tpath = externals/fr/example/liba',
      '\turl = ../libA.git',
      '\tbranch = main',
      '[submodule "externals/third-party/libB"]',
      '\tpath = externals/third-party/libB',
      `\turl = ${f.http.url('libB.git')}`,
      '\tbranch = main',
      '[submodule "externals/org/example/libc"]',
      '\tpath = externals/org/example/libc',
      '\turl = ../libC.git',
      '',
    ].join('\n') + (libASha ? '' : '');

  it('records each dependency as a submodule: relative URL on the same server, branch or tag, gitlink at the remote commit', async () => {
    const { log, error } = await run();
    expect(error).to.equal(undefined);
    expect(log.visible).to.deep.equal([
      `[INFO] Git submodules dir is 'externals' in ${f.wc} (remote origin ${f.fileUrl('consumer')})`,
      `[INFO] Git remote of dependency : fr.example:liba:1.0:pom is ${f.fileUrl('libA')} branch main @${sha12(f.commits.libA)}`,
      '[INFO] Dependency fr.example:liba:1.0:pom submodule computed with the default rule groupId.artifactId is : externals/fr/example/liba ../libA.git',
      `[INFO] Git remote of dependency : org.other:libb:2.1:pom is ${f.http.url('libB.git')} branch main @${sha12(f.commits.libB)}`,
      `[INFO] Dependency org.other:libb:2.1:pom submodule computed with the property scm.dependencies.source.targetDir=third-party/libB of /repo/org/other/libb/2.1/libb-2.1.pom is : externals/third-party/libB ${f.http.url('libB.git')}`,
      `[INFO] Git remote of dependency : org.example:libc:1.0:pom is ${f.fileUrl('libC')} tag v1.0 @${sha12(f.commits.libCv1)}`,
      '[INFO] Dependency org.example:libc:1.0:pom submodule computed with the default rule groupId.artifactId is : externals/org/example/libc ../libC.git',
      `[INFO] git submodules of ${f.wc}: 3 added, 0 changed, 0 unchanged, 1 kept`,
      `[INFO]   kept:      ${foreign()}`,
      `[INFO]   added:     externals/fr/example/liba ../libA.git branch=main @${sha12(f.commits.libA)} (fr.example:liba:1.0:pom)`,
      `[INFO]   added:     externals/third-party/libB ${f.http.url('libB.git')} branch=main @${sha12(f.commits.libB)} (org.other:libb:2.1:pom)`,
      `[INFO]   added:     externals/org/example/libc ../libC.git @${sha12(f.commits.libCv1)} (org.example:libc:1.0:pom)`,
      `[INFO] .gitmodules and gitlinks of ${f.wc} staged: run 'git submodule update --init' to fetch the sources, then commit`,
    ]);
    expect(f.gitmodules()).to.equal(fullGitmodules());
    expect(f.git(['ls-files', '--stage'], f.wc)).to.equal(
      [
        `100644 ${f.git(['hash-object', '.gitmodules'], f.wc).trim()} 0\t.gitmodules`,
        `100644 ${f.git(['hash-object', 'externals/README'], f.wc).trim()} 0\texternals/README`,
        `160000 ${f.commits.libA} 0\texternals/foreign`,
        `160000 ${f.commits.libA} 0\texternals/fr/example/liba`,
        `160000 ${f.commits.libCv1} 0\texternals/org/example/libc`,
        `160000 ${f.commits.libB} 0\texternals/third-party/libB`,
        `100644 ${f.git(['hash-object', 'pom.xml'], f.wc).trim()} 0\tpom.xml`,
        `100644 ${f.git(['hash-object', 'src/main.c'], f.wc).trim()} 0\tsrc/main.c`,
        '',
      ].join('\n'),
    );
    // What users run next fetches the sources (file:// needs an explicit allow since git 2.38.1;
    // the HTTP one asks for credentials, given here through an askpass script as well).
    const askpass = path.join(f.tmp, 'askpass.sh');
    fs.writeFileSync(
      askpass,
      `#!/bin/sh\ncase "$1" in Username*) echo ${GIT_USER};; *) echo ${GIT_PASSWORD};; esac\n`,
      { mode: 0o700 },
    );
    const init = [
      '-c',
      'protocol.file.allow=always',
      'submodule',
      'update',
      '--init',
      '--',
      'externals/fr',
      'externals/third-party',
      'externals/org',
    ];
    // Asynchronously: the HTTP server answering this clone runs in this very process.
    const status = await new Promise<number | null>((resolve) =>
      spawn('git', init, {
        cwd: f.wc,
        env: { ...f.env, GIT_ASKPASS: askpass, GIT_TERMINAL_PROMPT: '0' },
        stdio: 'ignore',
      }).on('close', resolve),
    );
    expect(status).to.equal(0);
    expect(
      ['fr/example/liba/a.c', 'third-party/libB/b.c', 'org/example/libc/c.c'].map((p) =>
        fs.readFileSync(path.join(f.holder, p), 'utf8'),
      ),
    ).to.deep.equal(['int a;\n', 'int b;\n', 'int c;\n']);
  });

  it('is idempotent; without freeze an existing gitlink stays where it is, with freeze it moves to the remote commit; dry run writes nothing', async () => {
    await run();
    const after1 = f.snapshot();
    const newA = f.advance('libA', 'a.c', 'int a2;\n');
    try {
      const again = await run();
      expect(again.error).to.equal(undefined);
      expect(again.log.visible.slice(-6)).to.deep.equal([
        `[INFO] git submodules of ${f.wc}: 0 added, 0 changed, 3 unchanged, 1 kept`,
        `[INFO]   kept:      ${foreign()}`,
        `[INFO]   unchanged: externals/fr/example/liba ../libA.git branch=main @${sha12(f.commits.libA)} (fr.example:liba:1.0:pom)`,
        `[INFO]   unchanged: externals/third-party/libB ${f.http.url('libB.git')} branch=main @${sha12(f.commits.libB)} (org.other:libb:2.1:pom)`,
        `[INFO]   unchanged: externals/org/example/libc ../libC.git @${sha12(f.commits.libCv1)} (org.example:libc:1.0:pom)`,
        `[INFO] git submodules of ${f.wc} are up to date: nothing to write`,
      ]);
      expect(f.snapshot()).to.deep.equal(after1);

      const dry = await run({ options: { sourceFreezeRevision: true, dryRun: true } });
      expect(dry.log.visible.slice(-2)).to.deep.equal([
        `[INFO]   unchanged: externals/org/example/libc ../libC.git @${sha12(f.commits.libCv1)} (org.example:libc:1.0:pom)`,
        `[INFO] Dry run (scm.dryRun=true): .gitmodules and index of ${f.wc} not written`,
      ]);
      expect(dry.log.visible).to.include(
        `[INFO]   changed:   externals/fr/example/liba ../libA.git branch=main @${sha12(newA)} (fr.example:liba:1.0:pom) (was: externals/fr/example/liba ../libA.git branch=main @${sha12(f.commits.libA)})`,
      );
      expect(f.snapshot()).to.deep.equal(after1);

      const frozen = await run({ options: { sourceFreezeRevision: true } });
      expect(frozen.error).to.equal(undefined);
      expect(f.git(['ls-files', '--stage', 'externals/fr/example/liba'], f.wc)).to.equal(
        `160000 ${newA} 0\texternals/fr/example/liba\n`,
      );
      expect(f.gitmodules()).to.equal(after1.gitmodules);
    } finally {
      // Put libA back for the other tests.
      f.rewind('libA', f.commits.libA);
    }
  });

  it('takes the HTTP credentials from settings.xml (server id = host:port) with a Maven-encrypted password', async () => {
    const security = path.join(f.tmp, 'settings-security.xml');
    fs.writeFileSync(
      security,
      '<settingsSecurity><master>{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}</master></settingsSecurity>\n',
    );
    const before = f.http.logins.length;
    const { error } = await run({
      artifacts: [libB],
      servers: [
        { id: `127.0.0.1:${f.http.port}`, username: GIT_USER, password: encryptMavenPassword(GIT_PASSWORD, 'SECRET') },
      ],
      settingsSecurityFile: security,
      options: { username: undefined, password: undefined },
    });
    expect(error).to.equal(undefined);
    expect([...new Set(f.http.logins.slice(before))]).to.deep.equal([`${GIT_USER}:${GIT_PASSWORD}`]);
    expect(f.git(['ls-files', '--stage', 'externals/third-party/libB'], f.wc)).to.equal(
      `160000 ${f.commits.libB} 0\texternals/third-party/libB\n`,
    );
  });

  it('never puts the password in argv or in any log line', async () => {
    const { log, error } = await run({ artifacts: [libB] });
    expect(error).to.equal(undefined);
    expect(log.lines.join('\n')).to.not.contain(GIT_PASSWORD);
    expect(log.lines.filter((l) => l.includes('ls-remote'))).to.deep.equal([
      `[DEBUG] Running git -c credential.helper= ls-remote --symref -- ${f.http.url('libB.git')} HEAD in ${f.wc} (credentials through GIT_ASKPASS)`,
    ]);
  });

  it('a sourceSubdir written as an absolute path is below the basedir, as the original concatenates basedir + "/" + sourceSubdir', async () => {
    const { log, error } = await run({ options: { sourceSubdir: '/externals' } });
    expect(error).to.equal(undefined);
    expect(log.visible[0]).to.equal(
      `[INFO] Git submodules dir is 'externals' in ${f.wc} (remote origin ${f.fileUrl('consumer')})`,
    );
    expect(fs.readFileSync(path.join(f.wc, '.gitmodules'), 'utf8')).to.include(
      '[submodule "externals/fr/example/liba"]',
    );
  });

  it('a version bump through <scm><tag> moves the gitlink to the new tag, and another branch to that branch', async () => {
    await run();
    poms[2] = dependencyPom(libC, { scm: { connection: `scm:git:${f.fileUrl('libC')}`, tag: 'v1.1' } });
    poms[0] = dependencyPom(libA, { scm: { connection: `scm:git:${f.fileUrl('libA')}`, tag: 'stable' } });
    const bumped = await run();
    expect(bumped.error).to.equal(undefined);
    expect(bumped.log.visible.slice(-6)).to.deep.equal([
      `[INFO] git submodules of ${f.wc}: 0 added, 2 changed, 1 unchanged, 1 kept`,
      `[INFO]   kept:      ${foreign()}`,
      `[INFO]   changed:   externals/fr/example/liba ../libA.git branch=stable @${sha12(f.commits.libAstable)} (fr.example:liba:1.0:pom) (was: externals/fr/example/liba ../libA.git branch=main @${sha12(f.commits.libA)})`,
      `[INFO]   unchanged: externals/third-party/libB ${f.http.url('libB.git')} branch=main @${sha12(f.commits.libB)} (org.other:libb:2.1:pom)`,
      `[INFO]   changed:   externals/org/example/libc ../libC.git @${sha12(f.commits.libCmain)} (org.example:libc:1.0:pom) (was: externals/org/example/libc ../libC.git @${sha12(f.commits.libCv1)})`,
      `[INFO] .gitmodules and gitlinks of ${f.wc} staged: run 'git submodule update --init' to fetch the sources, then commit`,
    ]);
    expect(f.git(['ls-files', '--stage', 'externals/fr', 'externals/org'], f.wc)).to.equal(
      `160000 ${f.commits.libAstable} 0\texternals/fr/example/liba\n160000 ${f.commits.libCmain} 0\texternals/org/example/libc\n`,
    );
    expect(f.gitmodules()).to.equal(
      fullGitmodules().replace(
        '\tbranch = main\n[submodule "externals/third-party',
        '\tbranch = stable\n[submodule "externals/third-party',
      ),
    );
    const settled = f.snapshot();
    const again = await run();
    expect(again.log.visible.slice(-1)).to.deep.equal([
      `[INFO] git submodules of ${f.wc} are up to date: nothing to write`,
    ]);
    expect(f.snapshot()).to.deep.equal(settled);
  });

  it('after a dependency URL changes, an initialised submodule fetches from the new URL, so git submodule update --init works', async () => {
    await run({ artifacts: [libA] });
    f.initSubmodules(['externals/fr/example/liba']);
    // The dependency moved to another repository, which has a commit the old one lacks.
    const work = path.join(f.tmp, 'seed', 'libA2');
    f.git(['clone', '-q', f.fileUrl('libA'), work]);
    fs.writeFileSync(path.join(work, 'a.c'), 'int a_moved;\n');
    f.git(['commit', '-q', '-a', '-m', 'moved'], work);
    f.git(['clone', '-q', '--bare', work, path.join(f.tmp, 'git', 'libA2.git')]);
    const moved = f.git(['rev-parse', 'HEAD'], work).trim();
    poms[0] = dependencyPom(libA, { scm: { connection: `scm:git:${f.fileUrl('libA2')}` } });
    const before = f.snapshot();
    const dry = await run({ artifacts: [libA], options: { dryRun: true } });
    expect(dry.log.visible.slice(-2)).to.deep.equal([
      '[INFO] Dry run (scm.dryRun=true): submodule externals/fr/example/liba not switched to its new URL',
      `[INFO] Dry run (scm.dryRun=true): .gitmodules and index of ${f.wc} not written`,
    ]);
    expect(f.snapshot()).to.deep.equal(before);
    expect(f.git(['config', '--get', 'submodule.externals/fr/example/liba.url'], f.wc)).to.equal(
      `${f.fileUrl('libA')}\n`,
    );
    const { log, error } = await run({ artifacts: [libA] });
    expect(error).to.equal(undefined);
    expect(log.visible.slice(-5)).to.deep.equal([
      `[INFO] git submodules of ${f.wc}: 0 added, 1 changed, 0 unchanged, 1 kept`,
      `[INFO]   kept:      ${foreign()}`,
      `[INFO]   changed:   externals/fr/example/liba ../libA2.git branch=main @${sha12(moved)} (fr.example:liba:1.0:pom) (was: externals/fr/example/liba ../libA.git branch=main @${sha12(f.commits.libA)})`,
      '[INFO] Submodule externals/fr/example/liba now fetches from its new URL (git submodule sync)',
      `[INFO] .gitmodules and gitlinks of ${f.wc} staged: run 'git submodule update --init' to fetch the sources, then commit`,
    ]);
    expect(f.git(['config', '--get', 'submodule.externals/fr/example/liba.url'], f.wc)).to.equal(
      `${f.fileUrl('libA2')}\n`,
    );
    const checkout = path.join(f.holder, 'fr', 'example', 'liba');
    expect(f.git(['config', '--get', 'remote.origin.url'], checkout)).to.equal(`${f.fileUrl('libA2')}\n`);
    f.initSubmodules(['externals/fr/example/liba']);
    expect(fs.readFileSync(path.join(checkout, 'a.c'), 'utf8')).to.equal('int a_moved;\n');
  });

  it('a dependency given another target directory moves its submodule (git mv: the checkout too), in the summary and the dry run', async () => {
    await run();
    f.initSubmodules(['externals/fr/example/liba']);
    const elsewhere = {
      sourceTargets: [
        { dependency: { groupId: 'fr.example', artifactId: 'liba' }, targetDir: 'vendor/liba' },
        { dependency: { groupId: 'org.example', artifactId: 'libc' }, targetDir: 'vendor/libc' },
      ],
    };
    const summary = [
      `[INFO] git submodules of ${f.wc}: 0 added, 2 changed, 1 unchanged, 1 kept`,
      `[INFO]   kept:      ${foreign()}`,
      `[INFO]   changed:   externals/vendor/liba ../libA.git branch=main @${sha12(f.commits.libA)} (fr.example:liba:1.0:pom) (was: externals/fr/example/liba ../libA.git branch=main @${sha12(f.commits.libA)})`,
      `[INFO]   unchanged: externals/third-party/libB ${f.http.url('libB.git')} branch=main @${sha12(f.commits.libB)} (org.other:libb:2.1:pom)`,
      `[INFO]   changed:   externals/vendor/libc ../libC.git @${sha12(f.commits.libCv1)} (org.example:libc:1.0:pom) (was: externals/org/example/libc ../libC.git @${sha12(f.commits.libCv1)})`,
    ];
    const before = f.snapshot();
    const dry = await run({ options: { ...elsewhere, dryRun: true } });
    expect(dry.log.visible.slice(-8)).to.deep.equal([
      ...summary,
      '[INFO] Dry run (scm.dryRun=true): submodule externals/fr/example/liba not moved to externals/vendor/liba',
      '[INFO] Dry run (scm.dryRun=true): submodule externals/org/example/libc not moved to externals/vendor/libc',
      `[INFO] Dry run (scm.dryRun=true): .gitmodules and index of ${f.wc} not written`,
    ]);
    expect(f.snapshot()).to.deep.equal(before);

    const { log, error } = await run({ options: elsewhere });
    expect(error).to.equal(undefined);
    expect(log.visible.slice(-8)).to.deep.equal([
      ...summary,
      '[INFO] Submodule externals/fr/example/liba moved to externals/vendor/liba (git mv: a checkout moves with it)',
      '[INFO] Submodule externals/org/example/libc moved to externals/vendor/libc (git mv: a checkout moves with it)',
      `[INFO] .gitmodules and gitlinks of ${f.wc} staged: run 'git submodule update --init' to fetch the sources, then commit`,
    ]);
    expect(f.gitmodules()).to.equal(
      fullGitmodules()
        .replace('path = externals/fr/example/liba', 'path = externals/vendor/liba')
        .replace('path = externals/org/example/libc', 'path = externals/vendor/libc'),
    );
    expect(f.git(['ls-files', '--stage', 'externals'], f.wc)).to.equal(
      [
        `100644 ${f.git(['hash-object', 'externals/README'], f.wc).trim()} 0\texternals/README`,
        `160000 ${f.commits.libA} 0\texternals/foreign`,
        `160000 ${f.commits.libB} 0\texternals/third-party/libB`,
        `160000 ${f.commits.libA} 0\texternals/vendor/liba`,
        `160000 ${f.commits.libCv1} 0\texternals/vendor/libc`,
        '',
      ].join('\n'),
    );
    expect(fs.existsSync(path.join(f.holder, 'fr'))).to.equal(false);
    expect(fs.readFileSync(path.join(f.holder, 'vendor', 'liba', 'a.c'), 'utf8')).to.equal('int a;\n');
    f.initSubmodules(['externals/vendor']);
    expect(f.git(['submodule', 'status', '--', 'externals/vendor'], f.wc)).to.equal(
      ` ${f.commits.libA} externals/vendor/liba (heads/main)\n ${f.commits.libCv1} externals/vendor/libc (v1.0)\n`,
    );
    const settled = f.snapshot();
    const again = await run({ options: elsewhere });
    expect(again.log.visible.slice(-1)).to.deep.equal([
      `[INFO] git submodules of ${f.wc} are up to date: nothing to write`,
    ]);
    expect(f.snapshot()).to.deep.equal(settled);
  });

  it('a .gitmodules that is a link to /dev/zero or a FIFO is refused before git reads it (git would read it forever)', async () => {
    const gitmodules = path.join(f.wc, '.gitmodules');
    fs.rmSync(gitmodules);
    fs.symlinkSync('/dev/zero', gitmodules);
    const zero = await run();
    expect(zero.error).to.equal(
      `The submodules file ${gitmodules} is not a regular file (a character device); goalhost reads configuration only from regular files: ` +
        'replace it with the regular file git expects, or remove it.',
    );
    fs.rmSync(gitmodules);
    execFileSync('mkfifo', [gitmodules]);
    const fifo = await run();
    expect(fifo.error).to.equal(
      `The submodules file ${gitmodules} is not a regular file (a FIFO); goalhost reads configuration only from regular files: ` +
        'replace it with the regular file git expects, or remove it.',
    );
    fs.rmSync(gitmodules);
  });

  it('git failing on the work tree itself names the file and the fix: a broken .gitmodules, a held index lock', async () => {
    fs.writeFileSync(path.join(f.wc, '.gitmodules'), `${f.gitmodules()}\tthis is not a key\n`);
    // (git status itself refuses such a .gitmodules: compare the file and the index.)
    const broken = () => [f.gitmodules(), f.git(['ls-files', '--stage'], f.wc)];
    const before = broken();
    const bad = await run();
    expect(bad.error).to.equal(
      `git failed on the work tree of ${f.holder}: fatal: bad config line 4 in file ${path.join(f.wc, '.gitmodules')} ` +
        `(from 'git config --file ${path.join(f.wc, '.gitmodules')} --null --list'). ` +
        'Fix that line of the file named above (git config syntax: [submodule "name"] sections of key = value lines) and run again.',
    );
    expect(broken()).to.deep.equal(before);
    f.reset();
    const lock = path.join(f.wc, '.git', 'index.lock');
    fs.writeFileSync(lock, '');
    const unlocked = f.snapshot();
    try {
      const locked = await run();
      expect(locked.error).to.equal(
        `git failed on the work tree of ${f.holder}: fatal: Unable to create '${lock}': File exists (from 'git update-index --add -z --index-info'). ` +
          'Another git command holds that lock: wait for it to finish or, if none is running (one may have crashed), remove the lock file and run again.',
      );
      expect(f.snapshot()).to.deep.equal(unlocked);
    } finally {
      fs.rmSync(lock);
    }
  });

  describe('failures change nothing', () => {
    let before: ReturnType<GitFixture['snapshot']>;
    beforeEach(() => {
      before = f.snapshot();
    });
    afterEach(() => expect(f.snapshot()).to.deep.equal(before));

    it('wrong password over HTTP', async () => {
      const { error, log } = await run({ options: { password: 'wrong-one' } });
      expect(error).to.equal(
        `Git remote not available for dependency : org.other:libb:2.1:pom at ${f.http.url('libB.git')}: fatal: Authentication failed for '${f.http.url('libB.git/')}'. ` +
          "Check the credentials: they came from the username and password parameters; set the username/password parameters or a <server> in settings.xml (id = settingsServerId, or the URL's host[:port]).",
      );
      expect(log.lines.join('\n')).to.not.contain('wrong-one');
    });

    it('no credentials for HTTP', async () => {
      const { error } = await run({ options: { username: undefined, password: undefined } });
      expect(error).to.equal(
        `Git remote not available for dependency : org.other:libb:2.1:pom at ${f.http.url('libB.git')}: fatal: could not read Username for '${f.http.url('').slice(0, -1)}': terminal prompts disabled. ` +
          `Check the credentials: they came from none (no server '127.0.0.1:${f.http.port}' in settings.xml); set the username/password parameters or a <server> in settings.xml (id = settingsServerId, or the URL's host[:port]).`,
      );
    });

    it('a tag that the remote does not have', async () => {
      poms[2] = dependencyPom(libC, { scm: { connection: `scm:git:${f.fileUrl('libC')}`, tag: 'v9.9' } });
      const { error } = await run();
      expect(error).to.equal(
        `Git remote ${f.fileUrl('libC')} of dependency org.example:libc:1.0:pom has no branch or tag 'v9.9' (from <scm><tag> of /repo/org/example/libc/1.0/libc-1.0.pom): ` +
          'push that tag, or fix <scm><tag> (HEAD or no tag follows the remote default branch).',
      );
    });

    it('a repository that does not exist', async () => {
      poms[0] = dependencyPom(libA, { scm: { connection: `scm:git:${f.fileUrl('nope')}` } });
      const { error } = await run();
      expect(error).to.equal(
        `Git remote not available for dependency : fr.example:liba:1.0:pom at ${f.fileUrl('nope')}: fatal: '${path.join(f.tmp, 'git', 'nope.git')}' does not appear to be a git repository ` +
          'fatal: Could not read from remote repository. Please make sure you have the correct access rights and the repository exists. ' +
          'The repository does not exist: fix the <scm> connection in /repo/fr/example/liba/1.0/liba-1.0.pom.',
      );
    });

    it('a repository that does not exist, at a path holding 401 or 403 (not an HTTP status)', async () => {
      poms[0] = dependencyPom(libA, { scm: { connection: `scm:git:${f.fileUrl('r401-403')}` } });
      const { error } = await run();
      expect(error).to.match(
        / The repository does not exist: fix the <scm> connection in \/repo\/fr\/example\/liba\/1\.0\/liba-1\.0\.pom\.$/,
      );
    });

    it('an invalid git URL', async () => {
      poms[0] = dependencyPom(libA, { scm: { connection: 'scm:git:/just/a/path' } });
      const { error } = await run();
      expect(error).to.equal(
        'SCM Uri content invalide : scm:git:/just/a/path (artifact fr.example:liba:1.0:pom, <scm><connection> of /repo/fr/example/liba/1.0/liba-1.0.pom): ' +
          "'/just/a/path' is not a git URL (https://, ssh://, git://, file:// or user@host:path). Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.",
      );
    });

    it('a target directory holding tracked files', async () => {
      const { error } = await run({
        options: {
          sourceTargets: [{ dependency: { groupId: 'fr.example', artifactId: 'liba' }, targetDir: '../src' }],
        },
        artifacts: [libA],
      });
      expect(error).to.equal(
        "Invalid target directory '../src' for source dependency fr.example:liba:1.0:pom (from the sourceTargets entry for fr.example:liba (<targetDir>../src</targetDir>)): " +
          "it contains '..' and would escape the externals directory. Give it a relative directory inside the externals directory, with a <sourceTarget> in the plugin configuration or the property scm.dependencies.source.targetDir in its POM.",
      );
      const tracked = await run({
        options: {
          sourceSubdir: '.',
          sourceTargets: [{ dependency: { groupId: 'fr.example', artifactId: 'liba' }, targetDir: 'src' }],
        },
        artifacts: [libA],
      });
      expect(tracked.error).to.equal(
        "Target directory 'src' of source dependency fr.example:liba:1.0:pom (from the sourceTargets entry for fr.example:liba (<targetDir>src</targetDir>)) holds tracked file 'src/main.c' of the superproject: " +
          'choose another directory with a <sourceTarget>, or remove those files from git first.',
      );
    });

    it('a sourceSubdir outside any git work tree', async () => {
      const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-nogit-'));
      try {
        const { error } = await run({ basedir: outside, options: { sourceSubdir: '.' } });
        expect(error).to.equal(
          `${outside} is not inside a git work tree, so git source dependencies cannot become submodules there: ` +
            'clone the project with git (or git init it), or set sourceSubdir to a directory of a git work tree.',
        );
      } finally {
        fs.rmSync(outside, { recursive: true, force: true });
      }
    });
  });
});
