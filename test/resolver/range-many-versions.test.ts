import { expect } from 'chai';
import * as path from 'node:path';
import { createRepositorySystem } from '@goalhost/resolver';
import { FixtureRepo, line } from './support/fixture-repo';
import { NO_CENTRAL, RepoServer } from './support/repo-server';

/**
 * A repository's metadata may list any number of versions. Maven 3.8.7 reads the POM of every
 * version a range matches (recorded: `[1.0,)` over metadata listing 2,000 versions requested all
 * 2,000 POMs, one after another, in 2 minutes), and nothing of the versions outside it. goalhost
 * requests the same files, reads a bounded window ahead in parallel within the download
 * threads, and shows how far it is. (All 100,000 versions in the range used to end, after 9
 * minutes, in read timeouts and 800 MB; they now take 6 minutes on a loaded two-core machine.)
 */
describe('resolver: a range over metadata listing 100,000 versions (loopback HTTP)', function () {
  this.timeout(120_000);
  const LISTED = 100_000;
  const FIRST = 99_000;
  let f: FixtureRepo;
  let server: RepoServer;
  beforeEach(async () => {
    f = new FixtureRepo();
    server = new RepoServer(path.join(f.root, 'remote'), { delayMs: 2 });
    await server.start();
  });
  afterEach(async () => {
    await server.stop();
    f.cleanup();
  });

  it('reads the POM of each version in the range and no other, in parallel, with progress, and takes the highest', async () => {
    const versions = Array.from({ length: LISTED }, (_, i) => `1.${i}`);
    server.put(
      'g/a/maven-metadata.xml',
      `<metadata><groupId>g</groupId><artifactId>a</artifactId><versioning><versions>${versions.map((v) => `<version>${v}</version>`).join('')}` +
        '</versions><lastUpdated>20240101000000</lastUpdated></versioning></metadata>\n',
    );
    const inRange = versions.slice(FIRST);
    for (const v of inRange) {
      server.put(
        `g/a/${v}/a-${v}.pom`,
        `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>${v}</version></project>\n`,
      );
    }
    server.put(`g/a/1.99999/a-1.99999.jar`, 'jar\n');
    f.projectPom('t:p:1', {
      dependencies: [`g:a:[1.${FIRST},)`],
      extra: `<repositories><repository><id>remote</id><url>${server.url}</url></repository></repositories>`,
    });
    const progress: string[] = [];
    const system = createRepositorySystem({
      localRepository: f.repo,
      offline: false,
      updateSnapshots: false,
      settings: NO_CENTRAL,
      userProperties: {},
      env: {},
      activeProfiles: [],
      inactiveProfiles: [],
      downloadThreads: 5,
      noTransferProgress: true,
      log: {
        debug: () => undefined,
        info: () => undefined,
        warn: () => undefined,
        isDebugEnabled: () => false,
        progress: (t) => progress.push(t),
      },
    });
    const project = await system.buildProject(path.join(f.project, 'pom.xml'));
    expect((await system.resolveDependencies(project, 'test')).map(line)).to.deep.equal(['g:a:jar:1.99999:compile']);

    const expected = [
      '/repo/g/a/maven-metadata.xml',
      // Its checksum, as for every download (the repository has a .sha1).
      '/repo/g/a/maven-metadata.xml.sha1',
      ...inRange.flatMap((v) => [`/repo/g/a/${v}/a-${v}.pom`, `/repo/g/a/${v}/a-${v}.pom.sha1`]),
      '/repo/g/a/1.99999/a-1.99999.jar',
      '/repo/g/a/1.99999/a-1.99999.jar.sha1',
    ];
    expect([...server.requests].sort()).to.deep.equal(expected.sort());
    expect(server.maxConcurrent, 'parallel, within the 5 download threads').to.be.within(2, 5);
    expect(progress.length).to.be.at.least(1);
    expect(progress[progress.length - 1]).to.equal(`Reading the POM of each version of g:a:[1.${FIRST},): 1000/1000`);
  });
});
