import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generator } from '../hostile/fixtures';
import { errorLines, Sandbox, STACK_FRAME, treeOf, type Run } from '../hostile/sandbox';
import { FaultyRepoServer, type Fault } from './faulty-repo-server';

/**
 * A remote repository that fails in the ways networks fail, through the real CLI: retried where
 * Maven 3.8.7 retries (a connection closed without an answer: 3 more times; a checksum mismatch:
 * once more; checked against real mvn on the same server), then a clear error naming artifact,
 * repository and cause; never a partial file at an artifact's place in the local repository.
 */
describe('faults: remote repository failures (CLI, loopback HTTP)', function () {
  this.timeout(60_000);
  const ZIP = 'f/a/1.0/a-1.0.zip';
  const POM = 'f/a/1.0/a-1.0.pom';
  // 1.2 MB that does not compress: a body big enough to break in the middle, and above the size a
  // download keeps in memory until verified, so it is written to a temporary file as it arrives.
  const payload = Buffer.from(Array.from({ length: 1_200_000 }, (_, i) => (i * 7919 + (i >> 3)) & 0xff));
  const archive = generator.zip([
    { name: 'inc/a.h', data: '#define A 1\n', mode: 0o644 },
    { name: 'blob.bin', data: payload, mode: 0o644, store: true },
  ]);
  const unpacked = ['f 644 blob.bin = 1200000 bytes', 'd 755 inc/', 'f 644 inc/a.h = "#define A 1\\n"'];
  let server: FaultyRepoServer;
  let sandbox: Sandbox;
  let settings: string;

  beforeEach(async () => {
    server = new FaultyRepoServer();
    server.files.set(
      POM,
      Buffer.from(
        '<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>a</artifactId><version>1.0</version></project>\n',
      ),
    );
    server.files.set(ZIP, archive);
    await server.start();
    sandbox = Sandbox.create('remote-faults');
    // central points at this server too (it has nothing else): the tests never leave loopback.
    settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      `<settings><mirrors><mirror><id>no-central</id><url>http://${server.host}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n`,
    );
  });

  afterEach(async () => {
    await server.stop();
    sandbox.dispose();
  });

  function project(policy = 'warn'): void {
    sandbox.pom(
      [{ groupId: 'f', artifactId: 'a', type: 'zip' }],
      `  <repositories><repository><id>faulty</id><url>${server.url}</url><releases><checksumPolicy>${policy}</checksumPolicy></releases></repository></repositories>\n`,
    );
  }

  function run(extra: { started?: (pid: number) => void } = {}): Promise<Run> {
    return sandbox.run(['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, 'cxx:unpack-dependencies'], extra);
  }

  /** Every file of the local repository's f/a/1.0 directory, and any *.part anywhere in it. */
  function localFiles(): string[] {
    const dir = path.join(sandbox.repo, 'f', 'a', '1.0');
    return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  }

  function expectCleanFailure(r: Run, cause: string): void {
    expect(r.status).to.equal(1);
    expect(r.stdout).not.to.match(STACK_FRAME);
    expect(errorLines(r)[0]).to.equal(
      `[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: ` +
        `Could not transfer artifact f:a:zip:1.0 from/to faulty (${server.url}): ${cause} -> [Help 1]`,
    );
    // The POM arrived; nothing of the archive did (not even under another name), nothing unpacked.
    // The failed transfer is recorded (a-1.0.zip.lastUpdated, as Maven writes it) and retried next time.
    expect(localFiles()).to.deep.equal([
      '_remote.repositories',
      'a-1.0.pom',
      'a-1.0.pom.sha1',
      'a-1.0.zip.lastUpdated',
    ]);
    expect(fs.existsSync(path.join(sandbox.proj, 'target'))).to.equal(false);
  }

  function expectUnpacked(r: Run): void {
    expect(r.status, r.stdout).to.equal(0);
    expect(r.stdout).to.include('[INFO] BUILD SUCCESS');
    expect(treeOf(path.join(sandbox.proj, 'target', 'dependency'))).to.deep.equal(unpacked);
    expect(fs.readFileSync(path.join(sandbox.repo, ...ZIP.split('/')))).to.deep.equal(archive);
  }

  const cases: { fault: Fault; attempts: number; cause: () => string }[] = [
    {
      fault: 'no-response',
      attempts: 4,
      cause: () => `transfer failed for ${server.url}/${ZIP}: ${server.host} failed to respond`,
    },
    {
      fault: 'drop-mid-body',
      attempts: 1,
      cause: () =>
        `Premature end of Content-Length delimited message body (expected: ${archive.length.toLocaleString('en-US')}; ` +
        `received: ${Math.floor(archive.length / 20).toLocaleString('en-US')})`,
    },
    { fault: 'status-500', attempts: 1, cause: () => 'status code: 500, reason phrase: Internal Server Error (500)' },
  ];
  for (const c of cases) {
    it(`${c.fault}: ${c.attempts} attempt(s) as Maven makes, then a clear error; no file of the archive in the local repository`, async () => {
      project();
      server.faults.set(ZIP, c.fault);
      expectCleanFailure(await run(), c.cause());
      expect(server.count(ZIP)).to.equal(c.attempts);
      // Once the repository behaves, the same command completes.
      server.faults.delete(ZIP);
      expectUnpacked(await run());
    });
  }

  it('a connection closed once without an answer is retried and the build succeeds', async () => {
    project();
    server.faults.set(ZIP, 'no-response-once');
    expectUnpacked(await run());
    expect(server.count(ZIP)).to.equal(2);
  });

  it('a wrong checksum under checksumPolicy fail: downloaded twice, then an error and no file', async () => {
    project('fail');
    server.faults.set(ZIP, 'bad-checksum');
    const actual = (await import('node:crypto')).createHash('sha1').update(archive).digest('hex');
    expectCleanFailure(
      await run(),
      `Checksum validation failed, expected 0123456789abcdef0123456789abcdef01234567 but is ${actual}`,
    );
    expect(server.count(ZIP)).to.equal(2);
    expect(server.count(`${ZIP}.sha1`)).to.equal(2);
  });

  it('a wrong checksum under the default policy (warn): downloaded twice, a warning, the file kept as Maven keeps it', async () => {
    project();
    server.faults.set(ZIP, 'bad-checksum');
    const r = await run();
    expectUnpacked(r);
    expect(r.stdout).to.match(
      /^\[WARNING\] Could not validate integrity of download from .*\/a-1\.0\.zip\n\[WARNING\] Checksum validation failed, expected 0123.* from faulty for .*\/a-1\.0\.zip$/m,
    );
    expect(server.count(ZIP)).to.equal(2);
  });

  it('a slow repository (the archive in ten pieces over 1.5 s) is waited for', async () => {
    project();
    server.faults.set(ZIP, 'slow');
    const r = await run();
    expectUnpacked(r);
    expect(r.millis).to.be.greaterThan(1400);
  });

  it('goalhost killed (SIGKILL) mid-download: nothing at the archive’s place; the rerun downloads and unpacks it fully', async () => {
    project();
    server.faults.set(ZIP, 'stall');
    let pid = 0;
    const killed = run({ started: (p) => (pid = p) });
    await server.stalled;
    // Kill only once goalhost is writing the download (its temporary file exists).
    const partial = await until(() => localFiles().find((f) => f.startsWith('a-1.0.zip')));
    expect(partial).to.match(/^a-1\.0\.zip\..+\.part$/);
    expect(fs.existsSync(path.join(sandbox.repo, ...ZIP.split('/'))), 'half a download at the final path').to.equal(
      false,
    );
    process.kill(pid, 'SIGKILL');
    expect((await killed).signal).to.equal('SIGKILL');
    // Only the dead process's temporary file is there (nothing runs after SIGKILL to remove it).
    expect(localFiles().filter((f) => f.startsWith('a-1.0.zip'))).to.deep.equal([partial]);
    server.faults.delete(ZIP);
    expectUnpacked(await run());
    // The next download of the file removed the dead one's temporary file.
    expect(localFiles()).to.deep.equal([
      '_remote.repositories',
      'a-1.0.pom',
      'a-1.0.pom.sha1',
      'a-1.0.zip',
      'a-1.0.zip.sha1',
    ]);
  });
});

/** Polls `probe` every 10 ms until it returns something (at most 10 s). */
async function until<T>(probe: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    const found = probe();
    if (found !== undefined) return found;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('timed out waiting');
}
