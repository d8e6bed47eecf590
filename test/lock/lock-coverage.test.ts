import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { treeOf } from '../hostile/sandbox';
import {
  dep,
  expectSuccess,
  failureText,
  LockFixture,
  pom,
  REQUESTED_HINT,
  settle,
  sha256,
  UNPACK_GOAL,
  UPDATE,
  zip,
} from './lock-fixture';

const REDEPLOYED =
  'The repository may serve a re-deployed release, or the file was changed in the local repository. Find out why before trusting it; ' +
  `to get the locked content again, delete the file and build again. ${UPDATE}`;

/**
 * What a lock covers, through the real CLI over loopback HTTP: every file a goal uses (reads or
 * unpacks) under a lock is locked and verified, or the goal fails naming it and the fix; the POM
 * decides what is used and the lock only pins it (a line the POM does not bring, or a system path
 * the POM does not give, is never used, and no digest of a file the build did not resolve is
 * printed).
 */
describe('lock: what a lock covers (CLI, loopback HTTP)', function () {
  this.timeout(120_000);
  const zlib = zip('zlib.h', 'zlib 1.0\n');
  const util = zip('util.h', 'util 1.0\n');
  const extra = zip('extra.h', 'extra 1.0\n');
  let f: LockFixture;
  let target: string;
  const POM_LINES = [
    `f:util:1.0 pom sha256:${sha256(pom('f:util:1.0'))} from=loopback`,
    `f:zlib:1.0 pom sha256:${sha256(pom('f:zlib:1.0', dep('f:util:1.0')))} from=loopback`,
  ];
  const lockLines = (): string[] => fs.readFileSync(f.lockFile, 'utf8').split('\n').slice(4);

  beforeEach(async () => {
    f = await LockFixture.start();
    f.deploy('f:zlib:1.0', zlib, dep('f:util:1.0'));
    f.deploy('f:util:1.0', util);
    f.deploy('f:extra:1.0', extra);
    target = path.join(f.sandbox.proj, 'target');
  });

  afterEach(() => f.stop());

  it('a classified file (-Dclassifier) is unpacked only once locked: unlisted it fails the goal, -Dgoalhost.lock=update locks it, changed it fails', async () => {
    f.project(dep('f:zlib:1.0'));
    expectSuccess(await f.run('dependency:lock'));
    // Never locked: whatever the local repository holds (a goal's own requests go to the settings' repositories only, here none).
    const src = zip('zlib.c', 'int z;\n');
    const srcFile = f.sandbox.install({ groupId: 'f', artifactId: 'zlib', type: 'zip', classifier: 'src' }, src);
    const unlisted = await f.run('-Dclassifier=src', 'cxx:unpack-dependencies');
    expect(failureText(unlisted)).to.equal(
      [
        `Failed to execute goal ${UNPACK_GOAL} on project p: The lock file ${f.lockFile} of t:p:pom:1 does not list 1 file a goal asked for, so its content cannot be verified (no goal used it):`,
        '  f:zlib:zip:src:1.0',
        `    file:   ${srcFile}`,
        REQUESTED_HINT,
      ].join('\n'),
    );
    expect(fs.existsSync(target), 'nothing unpacked, no marker').to.equal(false);

    // Locking it is a decision: the update adds a requested line (f:util has no src archive: skipped, as without a lock).
    const updated = await f.run('-Dgoalhost.lock=update', '-Dclassifier=src', 'cxx:unpack-dependencies');
    expectSuccess(updated);
    expect(updated.stdout)
      .to.contain(`[INFO] Unchanged lock file ${f.lockFile} (2 artifacts, 2 POMs)\n`)
      .and.contain(`[INFO] ${f.lockFile}: + f:zlib:zip:src:1.0 requested by a goal\n`);
    expect(lockLines()).to.deep.equal([
      `f:zlib:zip:1.0 compile depth=1 sha256:${sha256(zlib)} from=loopback`,
      `f:util:zip:1.0 compile depth=2 via=f:zlib:1.0 sha256:${sha256(util)} from=loopback`,
      ...POM_LINES,
      `f:zlib:zip:src:1.0 requested sha256:${sha256(src)} local`,
      '',
    ]);
    expect(treeOf(path.join(target, 'dependency'))).to.deep.equal(['f 644 zlib.c = "int z;\\n"']);
    // dependency:lock keeps the requested line; the next build verifies it, without a warning.
    expectSuccess(await f.run('dependency:lock'));
    expect(lockLines()[4]).to.equal(`f:zlib:zip:src:1.0 requested sha256:${sha256(src)} local`);
    fs.rmSync(target, { recursive: true });
    const verified = await f.run('-Dclassifier=src', 'cxx:unpack-dependencies');
    expectSuccess(verified);
    expect(verified.stdout).not.to.contain('[WARNING]');
    expect(treeOf(path.join(target, 'dependency'))).to.deep.equal(['f 644 zlib.c = "int z;\\n"']);

    // The classified file changes in the local repository: the goal fails before unpacking it.
    const tampered = zip('zlib.c', 'int z; /* and something else */\n');
    fs.writeFileSync(srcFile, tampered);
    fs.rmSync(target, { recursive: true });
    const changed = await f.run('-Dclassifier=src', 'cxx:unpack-dependencies');
    expect(failureText(changed)).to.equal(
      [
        `Failed to execute goal ${UNPACK_GOAL} on project p: The content of 1 artifact does not match the lock file ${f.lockFile} of t:p:pom:1 (no goal used it):`,
        '  f:zlib:zip:src:1.0',
        `    file:   ${srcFile}`,
        `    locked: sha256:${sha256(src)}`,
        `    actual: sha256:${sha256(tampered)}`,
        REDEPLOYED,
      ].join('\n'),
    );
    expect(fs.existsSync(target)).to.equal(false);
    // dependency:list's translation goes the same way (it reads the files it lists).
    const listed = await f.run('-Dclassifier=src', 'dependency:list');
    expect(failureText(listed)).to.equal(
      [
        'Failed to execute goal org.apache.maven.plugins:maven-dependency-plugin:3.5.0:list (default-cli) on project p: ' +
          `The content of 1 artifact does not match the lock file ${f.lockFile} of t:p:pom:1 (no goal used it):`,
        '  f:zlib:zip:src:1.0',
        `    file:   ${srcFile}`,
        `    locked: sha256:${sha256(src)}`,
        `    actual: sha256:${sha256(tampered)}`,
        REDEPLOYED,
      ].join('\n'),
    );
  });

  it('dependency:tree prints the locked graph, or fails with the difference when a dependency POM brings something else', async () => {
    f.project(dep('f:zlib:1.0'));
    expectSuccess(await f.run('dependency:lock'));
    const treeFile = path.join(f.sandbox.proj, 'tree.txt');
    expectSuccess(await f.run('dependency:tree', `-DoutputFile=${treeFile}`));
    expect(fs.readFileSync(treeFile, 'utf8')).to.equal(
      't:p:pom:1\n\\- f:zlib:zip:1.0:compile\n   \\- f:util:zip:1.0:compile\n',
    );
    fs.rmSync(treeFile);
    // f:zlib's POM in the local repository now brings f:extra too.
    fs.writeFileSync(
      path.join(f.sandbox.repo, 'f', 'zlib', '1.0', 'zlib-1.0.pom'),
      pom('f:zlib:1.0', dep('f:util:1.0') + dep('f:extra:1.0')),
    );
    const r = await f.run('dependency:tree', `-DoutputFile=${treeFile}`);
    expect(failureText(r)).to.equal(
      [
        `Failed to execute goal on project p: The dependencies of t:p:pom:1 no longer match the lock file ${f.lockFile}:`,
        '  + f:extra:zip:1.0 (compile), brought by the POM of f:zlib:1.0',
        UPDATE,
      ].join('\n'),
    );
    expect(fs.existsSync(treeFile)).to.equal(false);
  });

  it('a line added to a lock the POM is consistent with is not used: the build resolves and fails naming it, as for a line removed', async () => {
    f.project(dep('f:zlib:1.0'));
    expectSuccess(await f.run('dependency:lock'));
    const written = fs.readFileSync(f.lockFile, 'utf8');
    // f:extra is in the local repository with its true digest; only the lock names it.
    f.sandbox.install({ groupId: 'f', artifactId: 'extra', type: 'zip' }, extra);
    fs.writeFileSync(
      f.lockFile,
      written.replace(/^f:util:1\.0 pom /m, `f:extra:zip:1.0 compile depth=1 sha256:${sha256(extra)} local\n$&`),
    );
    await settle();
    const added = await f.run('cxx:unpack-dependencies');
    expect(failureText(added)).to.equal(
      [
        `Failed to execute goal on project p: The dependencies of t:p:pom:1 no longer match the lock file ${f.lockFile}:`,
        `  - f:extra:zip:1.0 (compile), was brought by the project's POM ${f.pomFile}`,
        UPDATE,
      ].join('\n'),
    );
    expect(fs.existsSync(target), 'nothing unpacked').to.equal(false);
    fs.writeFileSync(f.lockFile, written.replace(/^f:util:.*\n/m, ''));
    const removed = await f.run('cxx:unpack-dependencies');
    expect(failureText(removed)).to.equal(
      [
        `Failed to execute goal on project p: The dependencies of t:p:pom:1 no longer match the lock file ${f.lockFile}:`,
        '  + f:util:zip:1.0 (compile), brought by the POM of f:zlib:1.0',
        UPDATE,
      ].join('\n'),
    );
    expect(fs.existsSync(target)).to.equal(false);
    // The lock as dependency:lock wrote it: verified before, so no resolution.
    fs.writeFileSync(f.lockFile, written);
    const ok = await f.run('-X', 'cxx:unpack-dependencies');
    expectSuccess(ok);
    expect(ok.stdout).to.contain(
      `[DEBUG] Lock: ${f.lockFile} is consistent with ${f.pomFile}: 2 locked artifacts, no resolution\n`,
    );
    expect(treeOf(path.join(target, 'dependency'))).to.deep.equal([
      'f 644 util.h = "util 1.0\\n"',
      'f 644 zlib.h = "zlib 1.0\\n"',
    ]);
  });

  it("a system dependency's file is the POM's systemPath, never the lock's path=: another file there is neither used nor its digest printed", async () => {
    const sys = zip('sys.h', 'sys 1.0\n');
    const sysFile = path.join(f.sandbox.root, 'vendor', 'sys-1.0.zip');
    fs.mkdirSync(path.dirname(sysFile));
    fs.writeFileSync(sysFile, sys);
    const other = zip('other.h', 'not part of the build\n');
    const otherFile = path.join(f.sandbox.root, 'other.zip');
    fs.writeFileSync(otherFile, other);
    const system = `<dependency><groupId>s</groupId><artifactId>sys</artifactId><version>1.0</version><type>zip</type><scope>system</scope><systemPath>${sysFile}</systemPath></dependency>`;
    f.project(dep('f:zlib:1.0') + system);
    expectSuccess(await f.run('dependency:lock'));
    const written = fs.readFileSync(f.lockFile, 'utf8');
    expect(lockLines()).to.deep.equal([
      `f:zlib:zip:1.0 compile depth=1 sha256:${sha256(zlib)} from=loopback`,
      `f:util:zip:1.0 compile depth=2 via=f:zlib:1.0 sha256:${sha256(util)} from=loopback`,
      `s:sys:zip:1.0 system depth=1 sha256:${sha256(sys)} path=${sysFile}`,
      ...POM_LINES,
      '',
    ]);
    // The lock names the other file with its digest: the POM's file is checked against that digest and fails.
    fs.writeFileSync(
      f.lockFile,
      written.replace(`sha256:${sha256(sys)} path=${sysFile}`, `sha256:${sha256(other)} path=${otherFile}`),
    );
    const r = await f.run('cxx:unpack-dependencies');
    expect(failureText(r)).to.equal(
      [
        `Failed to execute goal on project p: The content of 1 artifact does not match the lock file ${f.lockFile} of t:p:pom:1 (no goal used it):`,
        '  s:sys:zip:1.0',
        `    file:   ${sysFile}`,
        `    locked: sha256:${sha256(other)}`,
        `    actual: sha256:${sha256(sys)}`,
        REDEPLOYED,
      ].join('\n'),
    );
    expect(fs.existsSync(target)).to.equal(false);
    // Only path= changed: it is for review only; the POM's file is verified and unpacked, the other one never read.
    fs.writeFileSync(f.lockFile, written.replace(`path=${sysFile}`, `path=${otherFile}`));
    const ok = await f.run('-X', 'cxx:unpack-dependencies');
    expectSuccess(ok);
    expect(ok.stdout).not.to.contain(otherFile).and.not.to.contain(sha256(other));
    expect(treeOf(path.join(target, 'dependency'))).to.deep.equal([
      'f 644 sys.h = "sys 1.0\\n"',
      'f 644 util.h = "util 1.0\\n"',
      'f 644 zlib.h = "zlib 1.0\\n"',
    ]);
  });
});
