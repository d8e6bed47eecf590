import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { treeOf } from '../hostile/sandbox';
import { dep, expectSuccess, failureText, LockFixture, pom, settle, zip } from './lock-fixture';

const digest = (algorithm: string, b: Buffer | string): string => createHash(algorithm).update(b).digest('hex');
const POST = 'aether.artifactResolver.postProcessor.trustedChecksums';
const SUMMARY = 'aether.trustedChecksumsSource.summaryFile';
const SPARSE = 'aether.trustedChecksumsSource.sparseDirectory';
const RECORD = `-D${POST}.record=true`;
const RECORD_HINT =
  'find out why the file differs before trusting it; to trust the files resolved now, build once with ' +
  `-D${POST}.record=true and review the diff`;

/**
 * Maven 3.9's trusted checksums (maven-resolver 1.9's summaryFile and sparseDirectory sources and
 * its post-processor) through the real CLI against a repository served over loopback HTTP: the
 * files `record=true` writes, byte for byte, then builds verified against them, their failures,
 * and their agreement with the lock.
 */
describe('trusted checksums: Maven 3.9 trusted checksums recorded and verified (CLI, loopback HTTP)', function () {
  this.timeout(120_000);
  const zlib = zip('zlib.h', 'zlib 1.0\n');
  const util = zip('util.h', 'util 1.0\n');
  const extra = zip('extra.h', 'extra 1.0\n');
  const zlibPom = pom('f:zlib:1.0', dep('f:util:1.0'));
  const utilPom = pom('f:util:1.0');
  let f: LockFixture;
  let checksums: string;

  beforeEach(async () => {
    f = await LockFixture.start();
    f.deploy('f:zlib:1.0', zlib, dep('f:util:1.0'));
    f.deploy('f:util:1.0', util);
    f.deploy('f:extra:1.0', extra);
    checksums = path.join(f.sandbox.proj, '.mvn', 'checksums');
  });

  afterEach(() => f.stop());

  /** `.mvn/maven.config` as a team sharing its checksums in the project writes it. */
  function mavenConfig(...options: string[]): void {
    fs.mkdirSync(path.join(f.sandbox.proj, '.mvn'), { recursive: true });
    fs.writeFileSync(path.join(f.sandbox.proj, '.mvn', 'maven.config'), `${options.join('\n')}\n`);
  }

  const summaryConfig = (...more: string[]): void =>
    mavenConfig(
      `-D${SUMMARY}=true`,
      `-D${SUMMARY}.basedir=\${session.rootDirectory}/.mvn/checksums/`,
      `-D${POST}=true`,
      ...more,
    );

  /** Summary file lines as maven-resolver writes them: `<checksum>  <path>`, sorted by checksum. */
  const summary = (entries: Array<[string, Buffer]>, algorithm: string): string =>
    entries
      .map(([p, content]) => [digest(algorithm, content), p])
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([c, p]) => `${c}  ${p}\n`)
      .join('');

  const resolved: Array<[string, Buffer]> = [
    ['f/zlib/1.0/zlib-1.0.pom', zlibPom],
    ['f/util/1.0/util-1.0.pom', utilPom],
    ['f/zlib/1.0/zlib-1.0.zip', zlib],
    ['f/util/1.0/util-1.0.zip', util],
  ];

  const unpacked = (): string[] => treeOf(path.join(f.sandbox.proj, 'target', 'dependency'));

  it('record=true writes checksums-<repository>.<ext> for every artifact and POM resolved, sorted by checksum; the next build verifies against them', async () => {
    f.project(dep('f:zlib:1.0'));
    summaryConfig(`-D${POST}.checksumAlgorithms=SHA-256,SHA-1`);
    const recorded = await f.run(RECORD, 'cxx:unpack-dependencies');
    expectSuccess(recorded);
    expect(recorded.stdout).to.contain(
      `[INFO] Saving 4 checksums to '${checksums}/checksums-loopback.sha256'\n` +
        `[INFO] Saving 4 checksums to '${checksums}/checksums-loopback.sha1'\n`,
    );
    expect(treeOf(checksums)).to.deep.equal([
      `f 644 checksums-loopback.sha1 = ${summary(resolved, 'sha1').length} bytes`,
      `f 644 checksums-loopback.sha256 = ${summary(resolved, 'sha256').length} bytes`,
    ]);
    expect(fs.readFileSync(path.join(checksums, 'checksums-loopback.sha1'), 'utf8')).to.equal(
      summary(resolved, 'sha1'),
    );
    expect(fs.readFileSync(path.join(checksums, 'checksums-loopback.sha256'), 'utf8')).to.equal(
      summary(resolved, 'sha256'),
    );

    fs.rmSync(path.join(f.sandbox.proj, 'target'), { recursive: true });
    const verified = await f.run('cxx:unpack-dependencies');
    expectSuccess(verified);
    expect(verified.stdout).to.contain(
      `[INFO] Loaded 4 trusted checksums from ${checksums}/checksums-loopback.sha256\n` +
        `[INFO] Loaded 4 trusted checksums from ${checksums}/checksums-loopback.sha1\n`,
    );
    expect(verified.stdout).not.to.contain('Saving');
    expect(unpacked()).to.deep.equal(['f 644 util.h = "util 1.0\\n"', 'f 644 zlib.h = "zlib 1.0\\n"']);
  });

  it('recording again merges with the file: comments and blank lines go, new entries join in checksum order, the old file is kept as .bak', async () => {
    f.project(dep('f:zlib:1.0') + dep('f:extra:1.0'));
    summaryConfig();
    const before =
      '# checked in by the team\n\n' +
      `${digest('sha1', util)}  f/util/1.0/util-1.0.zip\n` +
      `${'0'.repeat(40)}  g/other/2.0/other-2.0.jar\n`;
    fs.mkdirSync(checksums, { recursive: true });
    fs.writeFileSync(path.join(checksums, 'checksums-loopback.sha1'), before);
    const r = await f.run(RECORD, 'dependency:resolve');
    expectSuccess(r);
    expect(r.stdout).to.contain(`[INFO] Loaded 2 trusted checksums from ${checksums}/checksums-loopback.sha1\n`);
    expect(r.stdout).to.contain(`[INFO] Saving 7 checksums to '${checksums}/checksums-loopback.sha1'\n`);
    const all: Array<[string, Buffer]> = [
      ...resolved,
      ['f/extra/1.0/extra-1.0.pom', pom('f:extra:1.0')],
      ['f/extra/1.0/extra-1.0.zip', extra],
    ];
    expect(fs.readFileSync(path.join(checksums, 'checksums-loopback.sha1'), 'utf8')).to.equal(
      `${'0'.repeat(40)}  g/other/2.0/other-2.0.jar\n${summary(all, 'sha1')}`,
    );
    expect(fs.readFileSync(path.join(checksums, 'checksums-loopback.sha1.bak'), 'utf8')).to.equal(before);
  });

  it("a tampered artifact fails the build with maven-resolver's message and the file to look at", async () => {
    f.project(dep('f:zlib:1.0'));
    summaryConfig();
    expectSuccess(await f.run(RECORD, 'dependency:resolve'));
    const tampered = zip('zlib.h', 'zlib 1.0 with a backdoor\n');
    f.deploy('f:zlib:1.0', tampered, dep('f:util:1.0'));
    fs.rmSync(path.join(f.sandbox.repo, 'f', 'zlib'), { recursive: true });
    const r = await f.run('cxx:unpack-dependencies');
    const file = path.join(f.sandbox.repo, 'f', 'zlib', '1.0', 'zlib-1.0.zip');
    expect(failureText(r)).to.equal(
      'Failed to execute goal on project p: ' +
        'Could not resolve dependencies for project t:p:pom:1: The following artifacts could not be resolved: f:zlib:zip:1.0 (absent): ' +
        `Artifact f:zlib:zip:1.0 trusted checksum mismatch: summaryFile=${digest('sha1', zlib)}; calculated=${digest('sha1', tampered)} ` +
        `(file: ${file}; trusted checksums: ${checksums}/checksums-loopback.sha1; ${RECORD_HINT})`,
    );
    expect(fs.existsSync(path.join(f.sandbox.proj, 'target'))).to.equal(false);
  });

  it('failIfMissing fails on an artifact the trusted checksums do not list; without it the artifact is used', async () => {
    f.project(dep('f:zlib:1.0'));
    summaryConfig();
    expectSuccess(await f.run(RECORD, 'dependency:resolve'));
    f.project(dep('f:zlib:1.0') + dep('f:extra:1.0'));
    const lenient = await f.run('cxx:unpack-dependencies');
    expectSuccess(lenient);
    expect(unpacked()).to.deep.equal([
      'f 644 extra.h = "extra 1.0\\n"',
      'f 644 util.h = "util 1.0\\n"',
      'f 644 zlib.h = "zlib 1.0\\n"',
    ]);
    fs.rmSync(path.join(f.sandbox.proj, 'target'), { recursive: true });
    const strict = await f.run(`-D${POST}.failIfMissing=true`, 'cxx:unpack-dependencies');
    // As Maven: the POM is resolved first, while the dependencies are collected.
    expect(failureText(strict)).to.equal(
      'Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: ' +
        'Failed to collect dependencies at f:extra:zip:1.0: Failed to read artifact descriptor for f:extra:zip:1.0: ' +
        'The following artifacts could not be resolved: f:extra:pom:1.0 (present): ' +
        'Missing from summaryFile trusted checksum(s) [SHA-1] for artifact f:extra:pom:1.0 ' +
        `(file: ${path.join(f.sandbox.repo, 'f', 'extra', '1.0', 'extra-1.0.pom')}; trusted checksums: ${checksums}/checksums-loopback.sha1; ` +
        `they hold no checksum for it: to trust the file resolved now, build once with ${RECORD} and review the diff; ` +
        `without -D${POST}.failIfMissing=true a missing checksum is not a failure)`,
    );
    expect(fs.existsSync(path.join(f.sandbox.proj, 'target'))).to.equal(false);
  });

  it('snapshots are skipped unless snapshots=true, then kept under their timestamped file name', async () => {
    const dir = 'f/snap/1.0-SNAPSHOT';
    const stamp = '20200101.120000';
    f.server.files.set(
      `${dir}/maven-metadata.xml`,
      Buffer.from(
        `<metadata><groupId>f</groupId><artifactId>snap</artifactId><version>1.0-SNAPSHOT</version><versioning><snapshot><timestamp>${stamp}</timestamp><buildNumber>3</buildNumber></snapshot>` +
          `<lastUpdated>20200101120000</lastUpdated><snapshotVersions><snapshotVersion><extension>zip</extension><value>1.0-${stamp}-3</value><updated>20200101120000</updated></snapshotVersion>` +
          `<snapshotVersion><extension>pom</extension><value>1.0-${stamp}-3</value><updated>20200101120000</updated></snapshotVersion></snapshotVersions></versioning></metadata>`,
      ),
    );
    const snapPom = pom('f:snap:1.0-SNAPSHOT');
    const snap = zip('snap.h', 'build 3\n');
    f.server.files.set(`${dir}/snap-1.0-${stamp}-3.pom`, snapPom);
    f.server.files.set(`${dir}/snap-1.0-${stamp}-3.zip`, snap);
    f.project(dep('f:snap:1.0-SNAPSHOT') + dep('f:extra:1.0'));
    summaryConfig(`-D${SUMMARY}.originAware=false`);
    expectSuccess(await f.run(RECORD, 'dependency:resolve'));
    const file = path.join(checksums, 'checksums.sha1');
    const releases: Array<[string, Buffer]> = [
      ['f/extra/1.0/extra-1.0.pom', pom('f:extra:1.0')],
      ['f/extra/1.0/extra-1.0.zip', extra],
    ];
    expect(fs.readFileSync(file, 'utf8')).to.equal(summary(releases, 'sha1'));
    expectSuccess(await f.run(RECORD, `-D${POST}.snapshots=true`, 'dependency:resolve'));
    expect(fs.readFileSync(file, 'utf8')).to.equal(
      summary(
        [...releases, [`${dir}/snap-1.0-${stamp}-3.pom`, snapPom], [`${dir}/snap-1.0-${stamp}-3.zip`, snap]],
        'sha1',
      ),
    );
  });

  it('sparseDirectory keeps one file per artifact under the repository id (origin-aware) or without it', async () => {
    f.project(dep('f:zlib:1.0'));
    const sparse = path.join(f.sandbox.root, 'sparse');
    const r = await f.run(
      `-D${SPARSE}=true`,
      `-D${SPARSE}.basedir=${sparse}`,
      `-D${POST}=true`,
      RECORD,
      'dependency:resolve',
    );
    expectSuccess(r);
    expect(treeOf(sparse)).to.deep.equal([
      'd 755 loopback/',
      'd 755 loopback/f/',
      'd 755 loopback/f/util/',
      'd 755 loopback/f/util/1.0/',
      `f 644 loopback/f/util/1.0/util-1.0.pom.sha1 = "${digest('sha1', utilPom)}"`,
      `f 644 loopback/f/util/1.0/util-1.0.zip.sha1 = "${digest('sha1', util)}"`,
      'd 755 loopback/f/zlib/',
      'd 755 loopback/f/zlib/1.0/',
      `f 644 loopback/f/zlib/1.0/zlib-1.0.pom.sha1 = "${digest('sha1', zlibPom)}"`,
      `f 644 loopback/f/zlib/1.0/zlib-1.0.zip.sha1 = "${digest('sha1', zlib)}"`,
    ]);
    // Origin-aware by default: the same checksums under another repository id do not count.
    const other = path.join(f.sandbox.root, 'other');
    fs.mkdirSync(path.join(other, 'central'), { recursive: true });
    fs.cpSync(path.join(sparse, 'loopback'), path.join(other, 'central'), { recursive: true });
    fs.writeFileSync(
      path.join(other, 'central', 'f', 'zlib', '1.0', 'zlib-1.0.zip.sha1'),
      `SHA1 (zlib-1.0.zip) = ${'1'.repeat(40)}\n`,
    );
    const strict = [
      `-D${SPARSE}=true`,
      `-D${SPARSE}.basedir=${other}`,
      `-D${POST}=true`,
      `-D${POST}.failIfMissing=true`,
    ];
    const missing = await f.run(...strict, 'dependency:resolve');
    expect(missing.status, missing.stdout).to.equal(1);
    expect(missing.stdout).to.contain('Missing from sparseDirectory trusted checksum(s) [SHA-1] for artifact f:');
    // Not origin-aware: the files straight under the base directory, read in BSD's format too.
    fs.renameSync(path.join(other, 'central'), path.join(other, 'flat'));
    for (const entry of fs.readdirSync(path.join(other, 'flat')))
      fs.renameSync(path.join(other, 'flat', entry), path.join(other, entry));
    const flat = await f.run(...strict, `-D${SPARSE}.originAware=false`, 'dependency:resolve');
    expect(failureText(flat)).to.contain(
      `The following artifacts could not be resolved: f:zlib:zip:1.0 (present): Artifact f:zlib:zip:1.0 trusted checksum mismatch: sparseDirectory=${'1'.repeat(40)}; calculated=${digest('sha1', zlib)} ` +
        `(file: ${path.join(f.sandbox.repo, 'f', 'zlib', '1.0', 'zlib-1.0.zip')}; trusted checksums: ${path.join(other, 'f', 'zlib', '1.0', 'zlib-1.0.zip.sha1')}; `,
    );
  });

  it('a repository id that would lead out of the base directory is refused before anything is written', async () => {
    fs.writeFileSync(
      f.pomFile,
      f.projectXml('t:p:1', dep('f:util:1.0')).replace('<id>loopback</id>', '<id>../../escaped</id>'),
    );
    const sparse = path.join(f.sandbox.root, 'sparse');
    const r = await f.run(
      `-D${SPARSE}=true`,
      `-D${SPARSE}.basedir=${sparse}`,
      `-D${POST}=true`,
      RECORD,
      'dependency:resolve',
    );
    expect(failureText(r)).to.equal(
      'Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: Failed to collect dependencies at f:util:zip:1.0: ' +
        'Failed to read artifact descriptor for f:util:zip:1.0: ' +
        `Invalid repository id '../../escaped' for the trusted checksums of f:util:pom:1.0 in ${sparse}: an origin-aware source names files by it, ` +
        "so it must not contain '/', '\\' or NUL nor be '.' or '..'; rename the repository in the POM or settings.xml",
    );
    expect(fs.existsSync(sparse)).to.equal(false);
    expect(fs.readdirSync(f.sandbox.root).sort()).to.deep.equal(['proj', 'repo', 'settings.xml']);
  });

  it('a lock line and a trusted SHA-256 that disagree fail naming the file, both values and both sources', async () => {
    f.project(dep('f:zlib:1.0'));
    expectSuccess(await f.run('dependency:lock'));
    summaryConfig(`-D${POST}.checksumAlgorithms=SHA-256`);
    expectSuccess(await f.run(RECORD, 'dependency:resolve'));
    await settle();
    expectSuccess(await f.run('cxx:unpack-dependencies'));
    // Someone changes the trusted checksum without the lock.
    const summaryFile = path.join(checksums, 'checksums-loopback.sha256');
    const forged = 'f'.repeat(64);
    fs.writeFileSync(
      summaryFile,
      fs
        .readFileSync(summaryFile, 'utf8')
        .replace(`${digest('sha256', zlib)}  f/zlib/1.0/zlib-1.0.zip`, `${forged}  f/zlib/1.0/zlib-1.0.zip`),
    );
    const r = await f.run('cxx:unpack-dependencies');
    expect(failureText(r)).to.equal(
      'Failed to execute goal on project p: ' +
        `The lock file ${f.lockFile} of t:p:pom:1 and the trusted checksums disagree about 1 file (no goal used it):\n` +
        '  f:zlib:zip:1.0\n' +
        `    file:    ${path.join(f.sandbox.repo, 'f', 'zlib', '1.0', 'zlib-1.0.zip')}\n` +
        `    lock:    sha256:${digest('sha256', zlib)} (${f.lockFile})\n` +
        `    trusted: sha256:${forged} (summaryFile ${summaryFile})\n` +
        'One of them was changed without the other: find out which value is right before trusting either. ' +
        `If the lock is right, record the trusted checksums again from the locked files (-D${POST}.record=true); ` +
        'if the trusted checksum is right, get that file and update the lock on purpose (goalhost dependency:lock, or -Dgoalhost.lock=update), then review the diff of both.',
    );
  });
});
