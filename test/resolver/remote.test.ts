import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { EMPTY_SETTINGS, encryptMavenPassword, MASTER_PASSWORD_PASSPHRASE, type Settings } from '@goalhost/model';
import { failure, FixtureRepo, pomXml } from './support/fixture-repo';
import { NginxServer } from './support/nginx-server';
import { NO_CENTRAL, RepoServer, startRemoteFixture, stopRemoteFixture } from './support/repo-server';

const repoXml = (id: string, url: string, extra = ''): string =>
  `  <repositories><repository><id>${id}</id><url>${url}</url>${extra}</repository></repositories>`;

/** A loopback port nothing listens on (a server is started there and stopped). */
async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Files in a directory of the local repository, sorted. */
function listing(dir: string): string[] {
  return existsSync(dir) ? readdirSync(dir).sort() : [];
}

describe('resolver: remote repositories over HTTP', () => {
  let f: FixtureRepo;
  let server: RepoServer;
  beforeEach(async () => ({ f, server } = await startRemoteFixture()));
  afterEach(() => stopRemoteFixture(f, server));

  function remoteArtifact(gav: string, spec: Parameters<typeof pomXml>[1] = {}, jar = `${gav} jar\n`): void {
    const [g, a, v] = gav.split(':');
    const base = `${g.replace(/\./g, '/')}/${a}/${v}/${a}-${v}`;
    server.put(`${base}.pom`, pomXml(gav, spec));
    server.put(`${base}.jar`, jar);
  }

  it('downloads POMs and files from a POM repository into the local repository, with checksums and records', async () => {
    remoteArtifact('r:a:1.0', { dependencies: ['r:b:1.0'] });
    remoteArtifact('r:b:1.0');
    f.projectPom('r:root:1.0', { dependencies: ['r:a:1.0'], extra: repoXml('remote', server.url) });
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal([
      'r:a:jar:1.0:compile',
      'r:b:jar:1.0:compile',
    ]);
    const dir = path.join(f.repo, 'r', 'a', '1.0');
    expect(listing(dir)).to.deep.equal([
      '_remote.repositories',
      'a-1.0.jar',
      'a-1.0.jar.sha1',
      'a-1.0.pom',
      'a-1.0.pom.sha1',
    ]);
    expect(
      readFileSync(path.join(dir, '_remote.repositories'), 'utf8')
        .split('\n')
        .filter((l) => !l.startsWith('#')),
    ).to.deep.equal(['a-1.0.pom>remote=', 'a-1.0.jar>remote=', '']);
    expect(f.infos).to.include(`Downloading from remote: ${server.url}/r/a/1.0/a-1.0.pom`);
    expect(f.infos.filter((m) => m.startsWith('Downloaded from remote: ')).length).to.equal(4);
    // central (first in no list: the POM's repository comes first) was never asked: it is not on loopback.
    expect(server.requests).to.include('/repo/r/b/1.0/b-1.0.jar');
    // Offline now works from the local copies.
    const again = await f.resolve({ offline: true });
    expect(again).to.deep.equal(['r:a:jar:1.0:compile', 'r:b:jar:1.0:compile']);
  });

  it('counts a file downloaded from one repository only for requests that include that repository', async () => {
    remoteArtifact('r:a:1.0');
    f.projectPom('r:root:1.0', { dependencies: ['r:a:1.0'], extra: repoXml('remote', server.url) });
    await f.resolve({ offline: false, settings: NO_CENTRAL });
    f.projectPom('r:root:1.0', { dependencies: ['r:a:1.0'], extra: repoXml('other', server.url) });
    const error = await failure(f.resolve({ offline: true }));
    expect(error.message).to.equal(
      `Could not resolve dependencies for project r:root:jar:1.0: Cannot access other (${server.url}) in offline mode and the artifact r:a:jar:1.0 has not been downloaded from it before.`,
    );
  });

  it('sends settings server credentials, decrypting a Maven-encrypted password', async () => {
    await server.stop();
    server = new RepoServer(path.join(f.root, 'remote'), { auth: { username: 'deploy', password: 's3cret' } });
    await server.start();
    remoteArtifact('au:a:1.0');
    const master = 'master-pw';
    const security = f.file(
      'settings-security.xml',
      `<settingsSecurity><master>${encryptMavenPassword(master, MASTER_PASSWORD_PASSPHRASE)}</master></settingsSecurity>`,
    );
    const settings: Settings = {
      ...NO_CENTRAL,
      servers: [{ id: 'secured', username: 'deploy', password: encryptMavenPassword('s3cret', master) }],
    };
    f.projectPom('au:root:1.0', { dependencies: ['au:a:1.0'], extra: repoXml('secured', server.url) });
    expect(await f.resolve({ offline: false, settings, settingsSecurityFile: security })).to.deep.equal([
      'au:a:jar:1.0:compile',
    ]);
  });

  it('fails with the status when credentials are missing', async () => {
    await server.stop();
    server = new RepoServer(path.join(f.root, 'remote'), { auth: { username: 'deploy', password: 's3cret' } });
    await server.start();
    remoteArtifact('au:a:1.0');
    f.projectPom('au:root:1.0', { dependencies: ['au:a:1.0'], extra: repoXml('secured', server.url) });
    const error = await failure(f.resolve({ offline: false, settings: NO_CENTRAL }));
    expect(error.message).to.equal(
      `Could not resolve dependencies for project au:root:jar:1.0: Failed to collect dependencies at au:a:jar:1.0: Failed to read artifact descriptor for au:a:jar:1.0: ` +
        `Could not transfer artifact au:a:pom:1.0 from/to secured (${server.url}): status code: 401, reason phrase: Unauthorized (401)`,
    );
  });

  it('routes repositories through settings mirrors (*, external:*, !id, comma lists)', async () => {
    remoteArtifact('mi:a:1.0');
    const mirror = (mirrorOf: string): Settings => ({
      ...EMPTY_SETTINGS,
      mirrors: [{ id: 'mirror', url: server.url, mirrorOf }, ...NO_CENTRAL.mirrors],
    });
    f.projectPom('mi:root:1.0', { dependencies: ['mi:a:1.0'], extra: repoXml('dead', 'http://127.0.0.1:9/nothing') });
    for (const pattern of ['*', 'dead,central', 'external:*,dead']) {
      expect(await f.resolve({ offline: false, settings: mirror(pattern) }), pattern).to.deep.equal([
        'mi:a:jar:1.0:compile',
      ]);
    }
    const error = await failure(f.resolve({ offline: true, settings: mirror('*,!dead') }));
    expect(error.message).to.equal(
      'Could not resolve dependencies for project mi:root:jar:1.0: Cannot access dead (http://127.0.0.1:9/nothing) in offline mode and the artifact mi:a:jar:1.0 has not been downloaded from it before.',
    );
  });

  it('verifies checksums: warn by default, fail under checksumPolicy fail (and leaves no file)', async () => {
    const bad = { sha1: '0000000000000000000000000000000000000000' };
    server.put('ck/a/1.0/a-1.0.pom', pomXml('ck:a:1.0'));
    server.put('ck/a/1.0/a-1.0.jar', 'jar\n', bad);
    f.projectPom('ck:root:1.0', { dependencies: ['ck:a:1.0'], extra: repoXml('remote', server.url) });
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal(['ck:a:jar:1.0:compile']);
    const actual = createHash('sha1').update('jar\n').digest('hex');
    // Maven 3.8.7's lines (core IT mng-4829): the first mismatch, downloaded again; the second one is the policy's.
    const mismatch = `Checksum validation failed, expected ${bad.sha1} but is ${actual}`;
    const jar = `${server.url}/ck/a/1.0/a-1.0.jar`;
    expect(f.warnings).to.deep.equal([
      `${mismatch} from remote for ${jar}`,
      `Could not validate integrity of download from ${jar}`,
      `${mismatch} from remote for ${jar}`,
    ]);
    const strict = new FixtureRepo();
    try {
      strict.projectPom('ck:root:1.0', {
        dependencies: ['ck:a:1.0'],
        extra: repoXml('remote', server.url, '<releases><checksumPolicy>fail</checksumPolicy></releases>'),
      });
      const error = await failure(strict.resolve({ offline: false, settings: NO_CENTRAL }));
      expect(error.message).to.equal(
        `Could not resolve dependencies for project ck:root:jar:1.0: Could not transfer artifact ck:a:jar:1.0 from/to remote (${server.url}): ` +
          `Checksum validation failed, expected ${bad.sha1} but is ${actual}`,
      );
      expect(listing(path.join(strict.repo, 'ck', 'a', '1.0'))).to.deep.equal([
        '_remote.repositories',
        'a-1.0.jar.lastUpdated',
        'a-1.0.pom',
        'a-1.0.pom.sha1',
      ]);
    } finally {
      strict.cleanup();
    }
  });

  it('a repository that cannot be reached is the failure reported, not a missing POM, when no repository has the file', async () => {
    // Recorded with mvn 3.8.7: the project's repository answers "not found", central (mirrored to a
    // closed port) cannot be reached; Maven fails on the transfer error and never calls the POM missing.
    f.projectPom('cu:root:1.0', { dependencies: ['cu:a:1.0'], extra: repoXml('remote', server.url) });
    const error = await failure(f.resolve({ offline: false, settings: NO_CENTRAL }));
    expect(error.message).to.equal(
      'Could not resolve dependencies for project cu:root:jar:1.0: Failed to collect dependencies at cu:a:jar:1.0: ' +
        'Failed to read artifact descriptor for cu:a:jar:1.0: Could not transfer artifact cu:a:pom:1.0 from/to no-central (http://127.0.0.1:9/central): ' +
        'transfer failed for http://127.0.0.1:9/central/cu/a/1.0/a-1.0.pom: Connect to 127.0.0.1:9 [/127.0.0.1] failed: Connection refused',
    );
    expect(f.warnings).to.deep.equal([]);
  });

  it("a host name that refuses the connection, or that does not resolve, is Maven's transfer failure (mng-3477's wording)", async () => {
    // Recorded with mvn 3.8.7 (core IT mng-3477, and a repository on nonexistent.invalid): wagon's
    // "transfer failed for URL", HttpClient's "Connect to host:port [host/address] failed" and
    // Java's socket and lookup messages.
    const closed = await closedPort();
    const refused = (await import('node:dns')).promises.lookup('localhost', { all: true });
    f.projectPom('cn:root:1.0', {
      dependencies: ['cn:a:1.0'],
      extra: repoXml('near', `http://localhost:${closed}/repo`),
    });
    const addresses = (await refused).map((a) => `localhost/${a.address}`).join(', ');
    expect((await failure(f.resolve({ offline: false, settings: NO_CENTRAL }))).message).to.equal(
      'Could not resolve dependencies for project cn:root:jar:1.0: Failed to collect dependencies at cn:a:jar:1.0: ' +
        `Failed to read artifact descriptor for cn:a:jar:1.0: Could not transfer artifact cn:a:pom:1.0 from/to near (http://localhost:${closed}/repo): ` +
        `transfer failed for http://localhost:${closed}/repo/cn/a/1.0/a-1.0.pom: Connect to localhost:${closed} [${addresses}] failed: Connection refused`,
    );
    f.projectPom('cn:root:1.0', {
      dependencies: ['cn:a:1.0'],
      extra: repoXml('far', 'http://nonexistent.invalid/repo'),
    });
    expect((await failure(f.resolve({ offline: false, settings: NO_CENTRAL }))).message).to.equal(
      'Could not resolve dependencies for project cn:root:jar:1.0: Failed to collect dependencies at cn:a:jar:1.0: ' +
        'Failed to read artifact descriptor for cn:a:jar:1.0: Could not transfer artifact cn:a:pom:1.0 from/to far (http://nonexistent.invalid/repo): ' +
        'transfer failed for http://nonexistent.invalid/repo/cn/a/1.0/a-1.0.pom: Unknown host nonexistent.invalid: Name or service not known',
    );
  });

  for (const [body, size] of [
    ['a body kept in memory until verified', 100_000],
    ['a body too large to keep in memory', 3_000_000],
  ] as const) {
    it(`never leaves a partial file when a transfer breaks (${body})`, async () => {
      remoteArtifact('tr:a:1.0', {}, 'x'.repeat(size));
      server.truncate.add('tr/a/1.0/a-1.0.jar');
      f.projectPom('tr:root:1.0', { dependencies: ['tr:a:1.0'], extra: repoXml('remote', server.url) });
      const error = await failure(f.resolve({ offline: false, settings: NO_CENTRAL }));
      expect(error.message).to.match(
        new RegExp(
          `^Could not resolve dependencies for project tr:root:jar:1.0: Could not transfer artifact tr:a:jar:1.0 from/to remote \\(${server.url}\\): `,
        ),
      );
      // Maven records the failed transfer beside it (a-1.0.jar.lastUpdated), as goalhost does.
      expect(listing(path.join(f.repo, 'tr', 'a', '1.0'))).to.deep.equal([
        '_remote.repositories',
        'a-1.0.jar.lastUpdated',
        'a-1.0.pom',
        'a-1.0.pom.sha1',
      ]);
    });
  }

  it('keeps a small body in memory until its checksum arrives: nothing of it is on disk meanwhile', async () => {
    await server.stop();
    server = new RepoServer(path.join(f.root, 'remote'), { delays: new Map([['ck/a/1.0/a-1.0.jar.sha1', 1500]]) });
    await server.start();
    remoteArtifact('ck:a:1.0', {}, 'y'.repeat(200_000));
    f.projectPom('ck:root:1.0', { dependencies: ['ck:a:1.0'], extra: repoXml('remote', server.url) });
    const dir = path.join(f.repo, 'ck', 'a', '1.0');
    let during: string[] | undefined;
    const watch = setInterval(() => {
      if (during === undefined && server.requests.includes('/repo/ck/a/1.0/a-1.0.jar.sha1')) during = listing(dir);
    }, 10);
    try {
      expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal(['ck:a:jar:1.0:compile']);
    } finally {
      clearInterval(watch);
    }
    expect(during).to.deep.equal(['_remote.repositories', 'a-1.0.pom', 'a-1.0.pom.sha1']);
    expect(listing(dir)).to.deep.equal([
      '_remote.repositories',
      'a-1.0.jar',
      'a-1.0.jar.sha1',
      'a-1.0.pom',
      'a-1.0.pom.sha1',
    ]);
    expect(readFileSync(path.join(dir, 'a-1.0.jar'), 'utf8')).to.equal('y'.repeat(200_000));
  });

  it('downloads files in parallel', async () => {
    await server.stop();
    server = new RepoServer(path.join(f.root, 'remote'), { delayMs: 150 });
    await server.start();
    for (const a of ['a', 'b', 'c', 'd']) remoteArtifact(`pa:${a}:1.0`);
    f.projectPom('pa:root:1.0', {
      dependencies: ['pa:a:1.0', 'pa:b:1.0', 'pa:c:1.0', 'pa:d:1.0'],
      extra: repoXml('remote', server.url),
    });
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.have.length(4);
    expect(server.maxConcurrent).to.be.greaterThan(1);
  });

  it('resolves -SNAPSHOT through maven-metadata.xml to the newest timestamped build, honouring the update policy and -U', async () => {
    const dir = 'sn/a/1.0-SNAPSHOT';
    const metadata = (ts: string, build: number): string =>
      `<metadata><groupId>sn</groupId><artifactId>a</artifactId><version>1.0-SNAPSHOT</version><versioning><snapshot><timestamp>${ts}</timestamp><buildNumber>${build}</buildNumber></snapshot>` +
      `<lastUpdated>${ts.replace('.', '')}</lastUpdated><snapshotVersions><snapshotVersion><extension>jar</extension><value>1.0-${ts}-${build}</value><updated>${ts.replace('.', '')}</updated></snapshotVersion>` +
      `<snapshotVersion><extension>pom</extension><value>1.0-${ts}-${build}</value><updated>${ts.replace('.', '')}</updated></snapshotVersion></snapshotVersions></versioning></metadata>`;
    server.put(`${dir}/maven-metadata.xml`, metadata('20200101.120000', 3));
    server.put(`${dir}/a-1.0-20200101.120000-3.pom`, pomXml('sn:a:1.0-SNAPSHOT'));
    server.put(`${dir}/a-1.0-20200101.120000-3.jar`, 'build 3\n');
    const snapshots = '<snapshots><enabled>true</enabled></snapshots>';
    f.projectPom('sn:root:1.0', {
      dependencies: ['sn:a:1.0-SNAPSHOT'],
      extra: repoXml('snaps', server.url, snapshots),
    });
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal([
      'sn:a:jar:1.0-20200101.120000-3:compile',
    ]);
    const local = path.join(f.repo, 'sn', 'a', '1.0-SNAPSHOT');
    expect(readFileSync(path.join(local, 'a-1.0-SNAPSHOT.jar'), 'utf8')).to.equal('build 3\n');
    expect(listing(local)).to.include.members([
      'a-1.0-20200101.120000-3.jar',
      'a-1.0-SNAPSHOT.jar',
      'maven-metadata-snaps.xml',
    ]);
    // A new build is not seen until the daily check is due, or with -U.
    server.put(`${dir}/maven-metadata.xml`, metadata('20200102.120000', 4));
    server.put(`${dir}/a-1.0-20200102.120000-4.jar`, 'build 4\n');
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal([
      'sn:a:jar:1.0-20200101.120000-3:compile',
    ]);
    expect(await f.resolve({ offline: false, updateSnapshots: true, settings: NO_CENTRAL })).to.deep.equal([
      'sn:a:jar:1.0-20200102.120000-4:compile',
    ]);
    expect(readFileSync(path.join(local, 'a-1.0-SNAPSHOT.jar'), 'utf8')).to.equal('build 4\n');
    // Once the daily check is due, the next build is picked up; offline uses the metadata seen last.
    server.put(`${dir}/maven-metadata.xml`, metadata('20200103.120000', 5));
    server.put(`${dir}/a-1.0-20200103.120000-5.jar`, 'build 5\n');
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    utimesSync(path.join(local, 'maven-metadata-snaps.xml'), twoDaysAgo, twoDaysAgo);
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal([
      'sn:a:jar:1.0-20200103.120000-5:compile',
    ]);
    expect(await f.resolve({ offline: true })).to.deep.equal(['sn:a:jar:1.0-20200103.120000-5:compile']);
  });

  it('downloads from Debian nginx behind HTTP basic auth, with credentials from settings', async () => {
    remoteArtifact('ng:a:1.0', { dependencies: ['ng:b:1.0'] });
    remoteArtifact('ng:b:1.0');
    const nginx = new NginxServer(f.root, server.root, 'maven', 'p@ss w0rd');
    await nginx.start();
    try {
      f.projectPom('ng:root:1.0', { dependencies: ['ng:a:1.0'], extra: repoXml('nginx', nginx.url) });
      const denied = await failure(f.resolve({ offline: false, settings: NO_CENTRAL }));
      expect(denied.message).to.equal(
        `Could not resolve dependencies for project ng:root:jar:1.0: Failed to collect dependencies at ng:a:jar:1.0: Failed to read artifact descriptor for ng:a:jar:1.0: ` +
          `Could not transfer artifact ng:a:pom:1.0 from/to nginx (${nginx.url}): status code: 401, reason phrase: Unauthorized (401)`,
      );
      const settings: Settings = {
        ...NO_CENTRAL,
        servers: [{ id: 'nginx', username: 'maven', password: 'p@ss w0rd' }],
      };
      expect(await f.resolve({ offline: false, settings })).to.deep.equal([
        'ng:a:jar:1.0:compile',
        'ng:b:jar:1.0:compile',
      ]);
      expect(readFileSync(path.join(f.repo, 'ng', 'b', '1.0', 'b-1.0.jar'), 'utf8')).to.equal('ng:b:1.0 jar\n');
    } finally {
      await nginx.stop();
    }
  });
});
