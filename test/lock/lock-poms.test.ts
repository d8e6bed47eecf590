import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { dep, expectSuccess, failureText, LockFixture, pom, settle, sha256, UPDATE, zip } from './lock-fixture';

const REDEPLOYED =
  'The repository may serve a re-deployed release, or the file was changed in the local repository. Find out why before trusting it; ' +
  `to get the locked content again, delete the file and build again. ${UPDATE}`;

/**
 * The POMs a build reads are locked as files (`pom` lines): the project's parents and imported
 * BOMs from the repositories, each dependency's POM and theirs. A POM that changes upstream or in
 * the local repository fails the build before any goal runs, even when the dependency set stays
 * the same, naming the POM, its file and both digests. Real CLI, loopback HTTP.
 */
describe('lock: the POMs a build reads (CLI, loopback HTTP)', function () {
  this.timeout(120_000);
  const zlib = zip('zlib.h', 'zlib 1.0\n');
  const util = zip('util.h', 'util 1.0\n');
  let f: LockFixture;
  const repoPom = (g: string, a: string, v: string): string => path.join(f.sandbox.repo, g, a, v, `${a}-${v}.pom`);
  const parent = (props: string): Buffer =>
    Buffer.from(
      '<project><modelVersion>4.0.0</modelVersion><groupId>org.corp</groupId><artifactId>parent</artifactId><version>7</version>' +
        `<packaging>pom</packaging><properties>${props}</properties></project>\n`,
    );
  const bom = (version: string): Buffer =>
    Buffer.from(
      '<project><modelVersion>4.0.0</modelVersion><groupId>org.corp</groupId><artifactId>bom</artifactId><version>1</version>' +
        `<packaging>pom</packaging><dependencyManagement><dependencies>${dep(`f:util:${version}`)}</dependencies></dependencyManagement></project>\n`,
    );
  const deployPom = (relative: string, content: Buffer): void => void f.server.files.set(relative, content);

  beforeEach(async () => {
    f = await LockFixture.start();
    f.deploy('f:zlib:1.0', zlib, dep('f:util:1.0'));
    f.deploy('f:util:1.0', util);
    deployPom('org/corp/parent/7/parent-7.pom', parent('<flavour>plain</flavour>'));
    deployPom('org/corp/bom/1/bom-1.pom', bom('1.0'));
    // The project: a parent and an imported BOM from the loopback repository.
    fs.writeFileSync(
      f.pomFile,
      f
        .projectXml(
          't:p:1',
          dep('f:zlib:1.0'),
          '  <dependencyManagement><dependencies><dependency><groupId>org.corp</groupId><artifactId>bom</artifactId><version>1</version><type>pom</type><scope>import</scope></dependency></dependencies></dependencyManagement>\n',
        )
        .replace(
          '<modelVersion>4.0.0</modelVersion>',
          '<modelVersion>4.0.0</modelVersion>\n  <parent><groupId>org.corp</groupId><artifactId>parent</artifactId><version>7</version><relativePath/></parent>',
        ),
    );
    // The parent comes from the repository the project declares: settings name it for the first read.
    fs.writeFileSync(
      f.settings,
      fs
        .readFileSync(f.settings, 'utf8')
        .replace(
          '</settings>',
          `<profiles><profile><id>loop</id><repositories><repository><id>loopback</id><url>${f.server.url}</url></repository></repositories></profile></profiles><activeProfiles><activeProfile>loop</activeProfile></activeProfiles></settings>`,
        ),
    );
  });

  afterEach(() => f.stop());

  it('dependency:lock writes a pom line for the parent, the imported BOM and each dependency POM', async () => {
    const r = await f.run('dependency:lock');
    expectSuccess(r);
    expect(r.stdout).to.contain(`[INFO] Wrote ${f.lockFile} (2 artifacts, 4 POMs)\n`);
    expect(fs.readFileSync(f.lockFile, 'utf8').split('\n').slice(4)).to.deep.equal([
      `f:zlib:zip:1.0 compile depth=1 sha256:${sha256(zlib)} from=loopback`,
      `f:util:zip:1.0 compile depth=2 via=f:zlib:1.0 sha256:${sha256(util)} from=loopback`,
      `f:util:1.0 pom sha256:${sha256(pom('f:util:1.0'))} from=loopback`,
      `f:zlib:1.0 pom sha256:${sha256(pom('f:zlib:1.0', dep('f:util:1.0')))} from=loopback`,
      `org.corp:bom:1 pom sha256:${sha256(bom('1.0'))} from=loopback`,
      `org.corp:parent:7 pom sha256:${sha256(parent('<flavour>plain</flavour>'))} from=loopback`,
      '',
    ]);
  });

  it('a parent POM re-deployed upstream fails on a fresh machine, naming the POM, its file and both digests, though the dependencies are the same', async () => {
    expectSuccess(await f.run('dependency:lock'));
    const changed = parent('<flavour>spicy</flavour>');
    deployPom('org/corp/parent/7/parent-7.pom', changed);
    fs.rmSync(f.sandbox.repo, { recursive: true });
    fs.mkdirSync(f.sandbox.repo);
    const r = await f.run('cxx:unpack-dependencies');
    expect(failureText(r)).to.equal(
      [
        `Failed to execute goal on project p: The content of 1 POM does not match the lock file ${f.lockFile} of t:p:pom:1 (no goal used it):`,
        '  POM org.corp:parent:7',
        `    file:   ${repoPom('org/corp', 'parent', '7')}`,
        `    locked: sha256:${sha256(parent('<flavour>plain</flavour>'))}`,
        `    actual: sha256:${sha256(changed)}`,
        REDEPLOYED,
      ].join('\n'),
    );
    expect(fs.existsSync(path.join(f.sandbox.proj, 'target')), 'nothing unpacked').to.equal(false);
    // Accepted on purpose: the update logs the new content and the build goes on.
    const updated = await f.run('-Dgoalhost.lock=update', 'cxx:unpack-dependencies');
    expectSuccess(updated);
    expect(updated.stdout).to.contain(
      `[INFO] ${f.lockFile}: ~ POM org.corp:parent:7 new content sha256:${sha256(parent('<flavour>plain</flavour>'))} -> sha256:${sha256(changed)}\n`,
    );
    expect(fs.readFileSync(f.lockFile, 'utf8')).to.contain(
      `\norg.corp:parent:7 pom sha256:${sha256(changed)} from=loopback\n`,
    );
  });

  it('a dependency POM and a BOM changed in the local repository fail the fast path and dependency:tree, all at once', async () => {
    expectSuccess(await f.run('dependency:lock'));
    await settle();
    expectSuccess(await f.run('dependency:list'));
    // Same model, other bytes: a comment in each (the lock is consistent with the POM: no resolution).
    const zlibPom = Buffer.from(`${pom('f:zlib:1.0', dep('f:util:1.0')).toString()}<!-- rebuilt -->\n`);
    fs.writeFileSync(repoPom('f', 'zlib', '1.0'), zlibPom);
    const bomPom = Buffer.from(`${bom('1.0').toString()}<!-- rebuilt -->\n`);
    fs.writeFileSync(repoPom('org/corp', 'bom', '1'), bomPom);
    await settle();
    const expected = [
      `Failed to execute goal on project p: The content of 2 POMs do not match the lock file ${f.lockFile} of t:p:pom:1 (no goal used them):`,
      '  POM f:zlib:1.0',
      `    file:   ${repoPom('f', 'zlib', '1.0')}`,
      `    locked: sha256:${sha256(pom('f:zlib:1.0', dep('f:util:1.0')))}`,
      `    actual: sha256:${sha256(zlibPom)}`,
      '  POM org.corp:bom:1',
      `    file:   ${repoPom('org/corp', 'bom', '1')}`,
      `    locked: sha256:${sha256(bom('1.0'))}`,
      `    actual: sha256:${sha256(bomPom)}`,
      REDEPLOYED,
    ].join('\n');
    expect(failureText(await f.run('cxx:unpack-dependencies'))).to.equal(expected);
    expect(failureText(await f.run('dependency:tree'))).to.equal(expected);
    expect(fs.existsSync(path.join(f.sandbox.proj, 'target'))).to.equal(false);
    // -Dgoalhost.lock=ignore builds once without the lock.
    expectSuccess(await f.run('-Dgoalhost.lock=ignore', 'dependency:list'));
  });

  it('a POM read that the lock does not list, or a pom line no longer read, fails naming both', async () => {
    expectSuccess(await f.run('dependency:lock'));
    const written = fs.readFileSync(f.lockFile, 'utf8');
    // f:zlib's POM names another parent: the dependency set is the same, the POMs read are not.
    f.server.files.set('f/zlib/1.1/zlib-1.1.pom', pom('f:zlib:1.1', dep('f:util:1.0')));
    const other = Buffer.from(
      '<project><modelVersion>4.0.0</modelVersion><groupId>evil</groupId><artifactId>base</artifactId><version>1</version><packaging>pom</packaging></project>\n',
    );
    deployPom('evil/base/1/base-1.pom', other);
    const zlibPom = Buffer.from(
      pom('f:zlib:1.0', dep('f:util:1.0'))
        .toString()
        .replace(
          '<modelVersion>4.0.0</modelVersion>',
          '<modelVersion>4.0.0</modelVersion><parent><groupId>evil</groupId><artifactId>base</artifactId><version>1</version><relativePath/></parent>',
        ),
    );
    fs.writeFileSync(repoPom('f', 'zlib', '1.0'), zlibPom);
    // The text is new here: the build resolves, reads evil:base and finds it unlisted.
    fs.writeFileSync(f.lockFile, `# edited\n${written}`);
    const r = await f.run('dependency:list');
    expect(failureText(r)).to.equal(
      [
        `Failed to execute goal on project p: The POMs read to build t:p:pom:1 and collect its dependencies no longer match the lock file ${f.lockFile}:`,
        `  + POM evil:base:1 (${repoPom('evil', 'base', '1')}), read but not locked`,
        UPDATE,
      ].join('\n'),
    );
    // A pom line nothing reads is refused too: a lock never adds anything unseen.
    fs.writeFileSync(repoPom('f', 'zlib', '1.0'), pom('f:zlib:1.0', dep('f:util:1.0')));
    fs.writeFileSync(
      f.lockFile,
      written.replace(/^f:util:1\.0 pom /m, `f:other:2 pom sha256:${sha256('x')} local\n$&`),
    );
    const extra = await f.run('dependency:list');
    expect(failureText(extra)).to.equal(
      [
        `Failed to execute goal on project p: The POMs read to build t:p:pom:1 and collect its dependencies no longer match the lock file ${f.lockFile}:`,
        '  - POM f:other:2, locked but no longer read',
        UPDATE,
      ].join('\n'),
    );
  });

  it('a POM is locked by its place in the repository, whatever coordinates it claims', async () => {
    // f:liar's POM says it is ../../../x:y; the lock names it by where it was asked for.
    f.server.files.set(
      'f/liar/1.0/liar-1.0.pom',
      Buffer.from(
        '<project><modelVersion>4.0.0</modelVersion><groupId>../../..</groupId><artifactId>y</artifactId><version>1.0</version></project>\n',
      ),
    );
    f.server.files.set('f/liar/1.0/liar-1.0.zip', zip('liar.h', 'liar\n'));
    const project = fs
      .readFileSync(f.pomFile, 'utf8')
      .replace('</dependencies>', `${dep('f:liar:1.0')}</dependencies>`);
    fs.writeFileSync(f.pomFile, project);
    expectSuccess(await f.run('dependency:lock'));
    const lines = fs.readFileSync(f.lockFile, 'utf8').split('\n');
    expect(lines.filter((l) => l.includes(' pom ')).map((l) => l.split(' ')[0])).to.deep.equal([
      'f:liar:1.0',
      'f:util:1.0',
      'f:zlib:1.0',
      'org.corp:bom:1',
      'org.corp:parent:7',
    ]);
    await settle();
    expectSuccess(await f.run('dependency:list'));
  });
});
