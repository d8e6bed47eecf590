import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generator } from '../hostile/fixtures';
import { errorLines, Sandbox, STACK_FRAME, treeOf, type Run } from '../hostile/sandbox';
import { FaultyRepoServer } from './faulty-repo-server';
import { runOnSmallDisk } from './small-disk';

/**
 * A hostile or broken repository against the download path, through the real CLI and
 * loopback servers: a checksum is verified before the file takes its place, checksum bodies are
 * bounded, credentials never follow a redirect to another origin, redirects never lead to
 * `file://`, a trickling server is cut off, and a password in a repository URL is never printed.
 */
describe('faults: hostile repository transfers (CLI, loopback HTTP)', function () {
  this.timeout(60_000);
  const ZIP = 'f/a/1.0/a-1.0.zip';
  const POM = 'f/a/1.0/a-1.0.pom';
  const honest = generator.zip([{ name: 'inc/a.h', data: '#define A 1\n', mode: 0o644 }]);
  const tampered = generator.zip([{ name: 'inc/a.h', data: '#define A 666\n', mode: 0o644 }]);
  const unpacked = ['d 755 inc/', 'f 644 inc/a.h = "#define A 1\\n"'];
  let server: FaultyRepoServer;
  let other: FaultyRepoServer;
  let sandbox: Sandbox;
  let settings: string;

  beforeEach(async () => {
    server = new FaultyRepoServer();
    other = new FaultyRepoServer();
    for (const s of [server, other]) {
      s.files.set(
        POM,
        Buffer.from(
          '<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>a</artifactId><version>1.0</version></project>\n',
        ),
      );
      s.files.set(ZIP, honest);
      await s.start();
    }
    sandbox = Sandbox.create('remote-hostile');
    settings = path.join(sandbox.root, 'settings.xml');
  });

  afterEach(async () => {
    await server.stop();
    await other.stop();
    sandbox.dispose();
  });

  function writeSettings(servers = ''): void {
    fs.writeFileSync(
      settings,
      `<settings>${servers}<mirrors><mirror><id>no-central</id><url>http://${server.host}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n`,
    );
  }

  function project(policy: string, url = server.url): void {
    sandbox.pom(
      [{ groupId: 'f', artifactId: 'a', type: 'zip' }],
      `  <repositories><repository><id>faulty</id><url>${url}</url><releases><checksumPolicy>${policy}</checksumPolicy></releases></repository></repositories>\n`,
    );
  }

  function run(extra: { started?: (pid: number) => void } = {}, args: string[] = []): Promise<Run> {
    return sandbox.run(
      ['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, ...args, 'cxx:unpack-dependencies'],
      extra,
    );
  }

  const archiveAt = (): string => path.join(sandbox.repo, ...ZIP.split('/'));

  function expectFailure(r: Run, cause: string, url = server.url): void {
    expect(r.status, r.stdout).to.equal(1);
    expect(r.stdout).not.to.match(STACK_FRAME);
    expect(errorLines(r)[0]).to.equal(
      `[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: ` +
        `Could not transfer artifact f:a:zip:1.0 from/to faulty (${url}): ${cause} -> [Help 1]`,
    );
    expect(fs.existsSync(archiveAt()), 'nothing at the archive’s place').to.equal(false);
    expect(fs.existsSync(path.join(sandbox.proj, 'target'))).to.equal(false);
  }

  it('checksumPolicy fail, killed while the checksum is awaited: the unverified body never takes its place; the rerun gets the honest file', async () => {
    writeSettings();
    project('fail');
    server.files.set(ZIP, tampered);
    server.faults.set(ZIP, 'hold-checksum');
    let pid = 0;
    const killed = run({ started: (p) => (pid = p) });
    await server.checksumHeld;
    expect(fs.existsSync(archiveAt()), 'the body in place before its checksum').to.equal(false);
    process.kill(pid, 'SIGKILL');
    expect((await killed).signal).to.equal('SIGKILL');
    server.files.set(ZIP, honest);
    server.faults.delete(ZIP);
    const r = await run();
    expect(r.status, r.stdout).to.equal(0);
    expect(treeOf(path.join(sandbox.proj, 'target', 'dependency'))).to.deep.equal(unpacked);
    expect(fs.readFileSync(archiveAt())).to.deep.equal(honest);
  });

  it('checksumPolicy fail, a checksum that declares 600 MB: read no further, the artifact refused', async () => {
    writeSettings();
    project('fail');
    server.faults.set(ZIP, 'huge-checksum');
    const r = await run();
    expectFailure(
      r,
      `Checksum validation failed, could not read ${server.url}/${ZIP}.sha1: ${server.url}/${ZIP}.sha1 is larger than 512 bytes`,
    );
  });

  it('credentials go only to their origin: a redirect to another port gets no Authorization header', async () => {
    writeSettings(
      '<servers><server><id>faulty</id><username>alice</username><password>s3cret-repo</password></server></servers>',
    );
    project('fail');
    server.auth = { username: 'alice', password: 's3cret-repo' };
    server.faults.set(ZIP, 'redirect');
    server.redirectTo = `http://${other.host}`;
    const r = await run();
    expect(r.status, r.stdout).to.equal(0);
    expect(treeOf(path.join(sandbox.proj, 'target', 'dependency'))).to.deep.equal(unpacked);
    expect(other.requests).to.deep.equal([`/repo/${ZIP}`, `/repo/${ZIP}.sha1`]);
    expect(other.authorizations).to.deep.equal([undefined, undefined]);
    // The configured origin did get them.
    expect(
      server.authorizations.every((a) => a === `Basic ${Buffer.from('alice:s3cret-repo').toString('base64')}`),
    ).to.equal(true);
  });

  it('a redirect to file:// is refused', async () => {
    writeSettings();
    project('warn');
    const local = path.join(sandbox.root, 'secret');
    fs.mkdirSync(path.join(local, 'repo', ...path.dirname(ZIP).split('/')), { recursive: true });
    fs.writeFileSync(path.join(local, 'repo', ...ZIP.split('/')), honest);
    server.faults.set(ZIP, 'redirect');
    server.redirectTo = `file://${local}`;
    const r = await run();
    expectFailure(
      r,
      `Redirect from ${server.url}/${ZIP} to file://${local}/repo/${ZIP} refused: only http and https redirects are followed`,
    );
  });

  it('a server trickling one byte at a time is cut off by the low-speed limit (-Dmaven.wagon.rto window)', async () => {
    writeSettings();
    project('warn');
    server.faults.set(ZIP, 'trickle');
    server.slowMs = 300;
    const r = await run({}, ['-Dmaven.wagon.rto=1000']);
    expect(r.status, r.stdout).to.equal(1);
    expect(errorLines(r)[0]).to.match(
      new RegExp(
        `^\\[ERROR\\] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: Could not transfer artifact f:a:zip:1\\.0 from/to faulty \\(${server.url.replace(/\./g, '\\.')}\\): Transfer too slow: [0-9] bytes in the last 1 s -> \\[Help 1\\]$`,
      ),
    );
    expect(r.millis).to.be.lessThan(10_000);
    expect(fs.existsSync(archiveAt())).to.equal(false);
  });

  it('a password in a repository URL is never printed', async () => {
    writeSettings();
    server.auth = { username: 'bob', password: 'url-s3cret' };
    const withPassword = server.url.replace('http://', 'http://bob:url-s3cret@');
    project('fail', withPassword);
    const ok = await run();
    expect(ok.status, ok.stdout).to.equal(0);
    expect(ok.stdout).to.include(
      `[INFO] Downloading from faulty: ${server.url.replace('http://', 'http://bob:***@')}/${ZIP}`,
    );
    server.files.delete(ZIP);
    fs.rmSync(sandbox.repo, { recursive: true, force: true });
    fs.mkdirSync(sandbox.repo);
    server.faults.set(POM, 'status-500');
    const failed = await run({}, ['-X']);
    expect(failed.status).to.equal(1);
    for (const r of [ok, failed]) expect(r.stdout + r.stderr).not.to.include('url-s3cret');
    expect(failed.stdout).to.include('bob:***@');
  });

  it('a full disk during a download is the local repository’s failure, not the server’s; with space, the rerun completes', async () => {
    writeSettings();
    project('fail');
    const big = generator.zip([
      {
        name: 'big.bin',
        data: Buffer.from(Array.from({ length: 2 * 1024 * 1024 }, (_, i) => (i * 7919 + (i >> 5)) & 0xff)),
        mode: 0o644,
        store: true,
      },
    ]);
    server.files.set(ZIP, big);
    const r = await runOnSmallDisk(
      sandbox,
      ['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, 'cxx:unpack-dependencies'],
      sandbox.repo,
    );
    expect(r.status, r.stdout).to.equal(1);
    expect(r.stdout).not.to.match(STACK_FRAME);
    expect(errorLines(r)[0]).to.equal(
      `[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: ` +
        `Could not write artifact f:a:zip:1.0 into the local repository: ${archiveAt()}: No space left on device -> [Help 1]`,
    );
    expect(server.count(ZIP), 'not retried as a transfer failure').to.equal(1);
    const rerun = await run();
    expect(rerun.status, rerun.stdout).to.equal(0);
    expect(fs.readFileSync(archiveAt())).to.deep.equal(big);
  });
});
