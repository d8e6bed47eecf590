import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { FaultyRepoServer } from '../faults/faulty-repo-server';
import { errorLines, treeOf, type Run, type Sandbox } from '../hostile/sandbox';
import { dep, expectSuccess, failureText, LockFixture, pom, settle, sha256, UPDATE, zip } from './lock-fixture';

/**
 * Lock files (goalhost.lock) through the real CLI against a Maven repository served over
 * loopback HTTP: dependency:lock writes them, every build verifies the set and the SHA-256 of
 * every file before any goal runs (cxx:unpack-dependencies here), -Dgoalhost.lock=update
 * rewrites them on purpose.
 */
describe('lock: locked and verified dependency sets (CLI, loopback HTTP)', function () {
  this.timeout(120_000);
  const zlib = zip('zlib.h', 'zlib 1.0\n');
  const util = zip('util.h', 'util 1.0\n');
  const extra = zip('extra.h', 'extra 1.0\n');
  let f: LockFixture;
  let server: FaultyRepoServer;
  let sandbox: Sandbox;
  let lockFile: string;
  const deploy = (gav: string, file: Buffer, deps = ''): void => f.deploy(gav, file, deps);
  const projectXml = (gav: string, deps: string, extraXml = ''): string => f.projectXml(gav, deps, extraXml);
  const project = (deps: string): void => f.project(deps);
  const run = (...args: string[]): Promise<Run> => f.run(...args);

  beforeEach(async () => {
    f = await LockFixture.start();
    ({ server, sandbox, lockFile } = f);
    deploy('f:zlib:1.0', zlib, dep('f:util:1.0'));
    deploy('f:util:1.0', util);
    deploy('f:extra:1.0', extra);
  });

  afterEach(() => f.stop());

  it('dependency:lock writes every resolved artifact with its SHA-256 and repository; the next build verifies it and unpacks', async () => {
    project(dep('f:zlib:1.0') + dep('f:extra:1.0', 'zip', 'test'));
    const r = await run('dependency:lock');
    expectSuccess(r);
    expect(r.stdout).to.contain(`[INFO] Wrote ${lockFile} (3 artifacts, 3 POMs)\n`);
    const text = fs.readFileSync(lockFile, 'utf8');
    expect(text.replace(/^inputs sha256:[0-9a-f]{64}$/m, 'inputs sha256:<inputs>')).to.equal(
      [
        '# goalhost dependency lock of t:p:pom:1: every resolved dependency, every scope, in resolution order.',
        '# Written by `goalhost dependency:lock`; verified by every build; rewrite it on purpose with -Dgoalhost.lock=update.',
        'format 2',
        'inputs sha256:<inputs>',
        `f:zlib:zip:1.0 compile depth=1 sha256:${sha256(zlib)} from=loopback`,
        `f:util:zip:1.0 compile depth=2 via=f:zlib:1.0 sha256:${sha256(util)} from=loopback`,
        `f:extra:zip:1.0 test depth=1 sha256:${sha256(extra)} from=loopback`,
        `f:extra:1.0 pom sha256:${sha256(pom('f:extra:1.0'))} from=loopback`,
        `f:util:1.0 pom sha256:${sha256(pom('f:util:1.0'))} from=loopback`,
        `f:zlib:1.0 pom sha256:${sha256(pom('f:zlib:1.0', dep('f:util:1.0')))} from=loopback`,
        '',
      ].join('\n'),
    );
    // Writing it again changes nothing (stable order, same text).
    const again = await run('dependency:lock');
    expectSuccess(again);
    expect(again.stdout).to.contain(`[INFO] Unchanged: ${lockFile} (3 artifacts, 3 POMs)\n`);
    expect(fs.readFileSync(lockFile, 'utf8')).to.equal(text);
    await settle();
    const build = await run('-X', 'cxx:unpack-dependencies');
    expectSuccess(build);
    expect(build.stdout).to.contain(
      `[DEBUG] Lock: ${lockFile} is consistent with ${path.join(sandbox.proj, 'pom.xml')}: 3 locked artifacts, no resolution\n`,
    );
    expect(treeOf(path.join(sandbox.proj, 'target', 'dependency'))).to.deep.equal([
      'f 644 extra.h = "extra 1.0\\n"',
      'f 644 util.h = "util 1.0\\n"',
      'f 644 zlib.h = "zlib 1.0\\n"',
    ]);
    // The digests were remembered: the next run hashes nothing.
    const rerun = await run('-X', 'dependency:list', '-DoutputFile=deps.txt');
    expectSuccess(rerun);
    expect(rerun.stdout).to.contain('[DEBUG] Lock: 6 digests checked, 0 files hashed\n');
    expect(fs.readFileSync(path.join(sandbox.proj, 'deps.txt'), 'utf8')).to.equal(
      '\nThe following files have been resolved:\n   f:zlib:zip:1.0:compile\n   f:util:zip:1.0:compile\n   f:extra:zip:1.0:test\n\n',
    );
  });

  it('a release re-deployed with new bytes (and a matching .sha1) fails before anything is unpacked, naming artifact, file and both digests', async () => {
    project(dep('f:zlib:1.0'));
    expectSuccess(await run('dependency:lock'));
    // The repository now serves other bytes under the same version; a fresh local repository (a CI machine) downloads them.
    const redeployed = zip('zlib.h', 'zlib 1.0, but not the one you locked\n');
    server.files.set('f/zlib/1.0/zlib-1.0.zip', redeployed);
    fs.rmSync(sandbox.repo, { recursive: true });
    fs.mkdirSync(sandbox.repo);
    const r = await run('cxx:unpack-dependencies');
    const file = path.join(sandbox.repo, 'f', 'zlib', '1.0', 'zlib-1.0.zip');
    expect(failureText(r)).to.equal(
      [
        `Failed to execute goal on project p: The content of 1 artifact does not match the lock file ${lockFile} of t:p:pom:1 (no goal used it):`,
        '  f:zlib:zip:1.0',
        `    file:   ${file}`,
        `    locked: sha256:${sha256(zlib)}`,
        `    actual: sha256:${sha256(redeployed)}`,
        'The repository may serve a re-deployed release, or the file was changed in the local repository. Find out why before trusting it; ' +
          `to get the locked content again, delete the file and build again. ${UPDATE}`,
      ].join('\n'),
    );
    expect(fs.existsSync(path.join(sandbox.proj, 'target')), 'nothing unpacked, no marker').to.equal(false);
    // Accepting it is a decision: -Dgoalhost.lock=update rewrites the line, and the build goes on.
    const updated = await run('-Dgoalhost.lock=update', 'cxx:unpack-dependencies');
    expectSuccess(updated);
    expect(updated.stdout).to.contain(`[INFO] Updated lock file ${lockFile} (2 artifacts, 2 POMs)\n`);
    expect(fs.readFileSync(lockFile, 'utf8')).to.contain(
      `f:zlib:zip:1.0 compile depth=1 sha256:${sha256(redeployed)} from=loopback\n`,
    );
    expect(treeOf(path.join(sandbox.proj, 'target', 'dependency'))).to.deep.equal([
      'f 644 util.h = "util 1.0\\n"',
      'f 644 zlib.h = "zlib 1.0, but not the one you locked\\n"',
    ]);
  });

  it('a file tampered with in the local repository fails, even with its old size and modification time', async () => {
    project(dep('f:zlib:1.0'));
    expectSuccess(await run('dependency:lock'));
    await settle();
    expectSuccess(await run('dependency:list'));
    const file = path.join(sandbox.repo, 'f', 'util', '1.0', 'util-1.0.zip');
    const before = fs.statSync(file);
    const tampered = Buffer.from(util);
    tampered[tampered.length - 30] ^= 0xff;
    fs.writeFileSync(file, tampered);
    fs.utimesSync(file, before.atime, before.mtime);
    await settle();
    const r = await run('cxx:unpack-dependencies');
    expect(failureText(r)).to.contain(
      [
        `(no goal used it):`,
        '  f:util:zip:1.0',
        `    file:   ${file}`,
        `    locked: sha256:${sha256(util)}`,
        `    actual: sha256:${sha256(tampered)}`,
      ].join('\n'),
    );
    expect(fs.existsSync(path.join(sandbox.proj, 'target'))).to.equal(false);
    // -Dgoalhost.lock=ignore builds once without the lock (and so uses the tampered file).
    expectSuccess(await run('-Dgoalhost.lock=ignore', 'dependency:list'));
  });

  it('a POM change that alters the graph fails with a readable diff, and passes after -Dgoalhost.lock=update', async () => {
    project(dep('f:zlib:1.0'));
    expectSuccess(await run('dependency:lock'));
    deploy('f:util:2.0', zip('util.h', 'util 2.0\n'));
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      projectXml(
        't:p:1',
        dep('f:zlib:1.0') + dep('f:extra:1.0', 'zip', 'test'),
        `  <dependencyManagement><dependencies>${dep('f:util:2.0')}</dependencies></dependencyManagement>\n`,
      ),
    );
    const pomFile = path.join(sandbox.proj, 'pom.xml');
    const r = await run('dependency:list');
    expect(failureText(r)).to.equal(
      [
        `Failed to execute goal on project p: The dependencies of t:p:pom:1 no longer match the lock file ${lockFile}:`,
        `  ~ f:util:zip version 1.0 -> 2.0, brought by the POM of f:zlib:1.0, version 1.0 managed to 2.0 by the dependencyManagement of ${pomFile} (locked: the POM of f:zlib:1.0)`,
        `  + f:extra:zip:1.0 (test), brought by the project's POM ${pomFile}`,
        UPDATE,
      ].join('\n'),
    );
    const updated = await run('-Dgoalhost.lock=update', 'dependency:list');
    expectSuccess(updated);
    expect(updated.stdout).to.contain(
      `[INFO] ${lockFile}: ~ f:util:zip version 1.0 -> 2.0, brought by the POM of f:zlib:1.0, version 1.0 managed to 2.0 by the dependencyManagement of ${pomFile} (locked: the POM of f:zlib:1.0)\n` +
        `[INFO] ${lockFile}: + f:extra:zip:1.0 (test), brought by the project's POM ${pomFile}\n` +
        `[INFO] ${lockFile}: + POM f:extra:1.0 (${path.join(sandbox.repo, 'f', 'extra', '1.0', 'extra-1.0.pom')}), read but not locked\n` +
        `[INFO] ${lockFile}: + POM f:util:2.0 (${path.join(sandbox.repo, 'f', 'util', '2.0', 'util-2.0.pom')}), read but not locked\n` +
        `[INFO] ${lockFile}: - POM f:util:1.0, locked but no longer read\n` +
        `[INFO] Updated lock file ${lockFile} (3 artifacts, 3 POMs)\n`,
    );
    expect(fs.readFileSync(lockFile, 'utf8').split('\n').slice(4)).to.deep.equal([
      `f:zlib:zip:1.0 compile depth=1 sha256:${sha256(zlib)} from=loopback`,
      `f:util:zip:2.0 compile depth=2 via=f:zlib:1.0 sha256:${sha256(zip('util.h', 'util 2.0\n'))} from=loopback`,
      `f:extra:zip:1.0 test depth=1 sha256:${sha256(extra)} from=loopback`,
      `f:extra:1.0 pom sha256:${sha256(pom('f:extra:1.0'))} from=loopback`,
      `f:util:2.0 pom sha256:${sha256(pom('f:util:2.0'))} from=loopback`,
      `f:zlib:1.0 pom sha256:${sha256(pom('f:zlib:1.0', dep('f:util:1.0')))} from=loopback`,
      '',
    ]);
    expectSuccess(await run('dependency:list'));
    // A POM change that leaves the dependencies alone resolves, passes and says so.
    fs.writeFileSync(
      pomFile,
      projectXml(
        't:p:1',
        dep('f:zlib:1.0') + dep('f:extra:1.0', 'zip', 'test'),
        `  <dependencyManagement><dependencies>${dep('f:util:2.0')}${dep('f:unused:9')}</dependencies></dependencyManagement>\n`,
      ),
    );
    const same = await run('dependency:list');
    expectSuccess(same);
    expect(same.stdout).to.contain(
      `[INFO] The POM ${pomFile} changed without changing the dependencies of ${lockFile}: resolved and verified (goalhost dependency:lock lets the next builds skip resolution)\n`,
    );
  });

  it('a SNAPSHOT stays on its locked timestamp when a newer build is deployed, also in a fresh local repository', async () => {
    const dir = 'f/snap/1.0-SNAPSHOT';
    const metadata = (ts: string, build: number): Buffer =>
      Buffer.from(
        `<metadata><groupId>f</groupId><artifactId>snap</artifactId><version>1.0-SNAPSHOT</version><versioning><snapshot><timestamp>${ts}</timestamp><buildNumber>${build}</buildNumber></snapshot>` +
          `<lastUpdated>${ts.replace('.', '')}</lastUpdated><snapshotVersions><snapshotVersion><extension>zip</extension><value>1.0-${ts}-${build}</value><updated>${ts.replace('.', '')}</updated></snapshotVersion>` +
          `<snapshotVersion><extension>pom</extension><value>1.0-${ts}-${build}</value><updated>${ts.replace('.', '')}</updated></snapshotVersion></snapshotVersions></versioning></metadata>`,
      );
    const build3 = zip('snap.h', 'build 3\n');
    const build4 = zip('snap.h', 'build 4\n');
    server.files.set(`${dir}/maven-metadata.xml`, metadata('20200101.120000', 3));
    server.files.set(`${dir}/snap-1.0-20200101.120000-3.pom`, pom('f:snap:1.0-SNAPSHOT'));
    server.files.set(`${dir}/snap-1.0-20200101.120000-3.zip`, build3);
    project(dep('f:snap:1.0-SNAPSHOT'));
    expectSuccess(await run('dependency:lock'));
    expect(fs.readFileSync(lockFile, 'utf8')).to.contain(
      `\nf:snap:zip:1.0-20200101.120000-3 compile depth=1 sha256:${sha256(build3)} from=loopback\n`,
    );
    server.files.set(`${dir}/maven-metadata.xml`, metadata('20200102.120000', 4));
    server.files.set(`${dir}/snap-1.0-20200102.120000-4.pom`, pom('f:snap:1.0-SNAPSHOT'));
    server.files.set(`${dir}/snap-1.0-20200102.120000-4.zip`, build4);
    // -U would take build 4 without the lock.
    const locked = await run('-U', 'cxx:unpack-dependencies');
    expectSuccess(locked);
    expect(treeOf(path.join(sandbox.proj, 'target', 'dependency'))).to.deep.equal(['f 644 snap.h = "build 3\\n"']);
    // A fresh local repository (resolution needed): build 3 is downloaded by its timestamp, build 4 never.
    fs.rmSync(sandbox.repo, { recursive: true });
    fs.mkdirSync(sandbox.repo);
    fs.rmSync(path.join(sandbox.proj, 'target'), { recursive: true });
    const fresh = await run('-U', 'cxx:unpack-dependencies');
    expectSuccess(fresh);
    expect(treeOf(path.join(sandbox.proj, 'target', 'dependency'))).to.deep.equal(['f 644 snap.h = "build 3\\n"']);
    expect(server.count(`${dir}/snap-1.0-20200102.120000-4.zip`)).to.equal(0);
    expect(server.count(`${dir}/snap-1.0-20200101.120000-3.zip`)).to.equal(2);
    // Without the lock the newer build is taken, as Maven takes it.
    const ignored = await run('-U', '-Dgoalhost.lock=ignore', 'dependency:list', '-DoutputFile=deps.txt');
    expectSuccess(ignored);
    expect(fs.readFileSync(path.join(sandbox.proj, 'deps.txt'), 'utf8')).to.contain(
      '   f:snap:zip:1.0-SNAPSHOT:compile',
    );
    expect(server.count(`${dir}/snap-1.0-20200102.120000-4.zip`)).to.equal(1);
  });

  it('a multi-module reactor locks each module beside its pom.xml and verifies each one', async () => {
    const modules = `  <modules><module>m1</module><module>m2</module></modules>\n`;
    fs.writeFileSync(path.join(sandbox.proj, 'pom.xml'), projectXml('t:root:1', '', modules));
    for (const [m, d] of [
      ['m1', dep('f:zlib:1.0')],
      ['m2', dep('f:extra:1.0')],
    ]) {
      fs.mkdirSync(path.join(sandbox.proj, m));
      fs.writeFileSync(path.join(sandbox.proj, m, 'pom.xml'), projectXml(`t:${m}:1`, d));
    }
    const r = await run('dependency:lock');
    expectSuccess(r);
    const lockOf = (m: string): string => path.join(sandbox.proj, m, 'goalhost.lock');
    expect(r.stdout)
      .to.contain(`[INFO] Wrote ${lockOf('m1')} (2 artifacts, 2 POMs)`)
      .and.contain(`[INFO] Wrote ${lockOf('m2')} (1 artifact, 1 POM)`)
      .and.contain(`[INFO] Wrote ${lockOf('')} (0 artifacts, 0 POMs)`);
    expect(fs.readFileSync(lockOf('m1'), 'utf8')).to.contain(
      `\nf:zlib:zip:1.0 compile depth=1 sha256:${sha256(zlib)} from=loopback\nf:util:zip:1.0 compile`,
    );
    expect(fs.readFileSync(lockOf('m2'), 'utf8')).to.contain(
      `\nf:extra:zip:1.0 compile depth=1 sha256:${sha256(extra)} from=loopback\n`,
    );
    expectSuccess(await run('cxx:unpack-dependencies'));
    // m2's dependency changes in the local repository: m1 still builds, m2 fails naming its own lock.
    const extraFile = path.join(sandbox.repo, 'f', 'extra', '1.0', 'extra-1.0.zip');
    fs.writeFileSync(extraFile, zip('extra.h', 'changed\n'));
    const failed = await run('--fail-at-end', 'dependency:list');
    expect(failureText(failed)).to.contain(
      `Failed to execute goal on project m2: The content of 1 artifact does not match the lock file ${lockOf('m2')} of t:m2:pom:1 (no goal used it):\n  f:extra:zip:1.0\n`,
    );
    expect(failed.stdout)
      .to.match(/\[INFO\] m1 \.+ SUCCESS/)
      .and.match(/\[INFO\] m2 \.+ FAILURE/);
    // The same in a parallel build (-T 2), each module's lines in its own group.
    const parallel = await run('-T', '2', '--fail-at-end', 'dependency:list');
    expect(failureText(parallel)).to.contain(
      `The content of 1 artifact does not match the lock file ${lockOf('m2')} of t:m2:pom:1 (no goal used it):\n  f:extra:zip:1.0\n`,
    );
    expect(parallel.stdout)
      .to.match(/\[INFO\] m1 \.+ SUCCESS/)
      .and.match(/\[INFO\] m2 \.+ FAILURE/);
  });

  it('refuses an unknown -Dgoalhost.lock value and a broken lock file, naming what to fix', async () => {
    project(dep('f:zlib:1.0'));
    const bad = await run('-Dgoalhost.lock=yes', 'dependency:list');
    expect(bad.status).to.equal(1);
    expect(errorLines(bad).slice(0, 2)).to.deep.equal([
      '[ERROR] Error executing Maven.',
      '[ERROR] Invalid -Dgoalhost.lock=yes: use update (rewrite the lock files), ignore (build once without them) or verify (the default)',
    ]);
    expectSuccess(await run('dependency:lock'));
    fs.writeFileSync(
      lockFile,
      fs.readFileSync(lockFile, 'utf8').replace(/^f:util:1\.0 pom /m, 'f:zlib:zip:1.0 compile depth=one\n$&'),
    );
    const broken = await run('dependency:list');
    expect(failureText(broken)).to.equal(
      `Failed to execute goal on project p: Invalid lock file ${lockFile}, line 7: unknown field 'depth=one'; fix the line or write the lock again with goalhost dependency:lock`,
    );
  });

  it('without a lock file nothing changes: no lock is written, the build resolves as before', async () => {
    project(dep('f:zlib:1.0'));
    const r = await run('dependency:list', '-DoutputFile=deps.txt');
    expectSuccess(r);
    expect(fs.existsSync(lockFile)).to.equal(false);
    expect(r.stdout).not.to.match(/goalhost\.lock|Lock:|locked/);
    expect(fs.readFileSync(path.join(sandbox.proj, 'deps.txt'), 'utf8')).to.equal(
      '\nThe following files have been resolved:\n   f:zlib:zip:1.0:compile\n   f:util:zip:1.0:compile\n\n',
    );
  });
});
