import { expect } from 'chai';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { failure, FixtureRepo, pomXml, type Dep } from './support/fixture-repo';
import { NO_CENTRAL, RepoServer, startRemoteFixture, stopRemoteFixture } from './support/repo-server';

const metadata = (artifactId: string, versions: readonly string[]): string =>
  `<metadata><groupId>zz.rg</groupId><artifactId>${artifactId}</artifactId><versioning><versions>${versions.map((v) => `<version>${v}</version>`).join('')}</versions>` +
  '<lastUpdated>20240101000000</lastUpdated></versioning></metadata>\n';

/**
 * Version ranges, each scenario recorded with Maven 3.8.7 + maven-dependency-plugin 3.5.0
 * (`mvn -o dependency:list` on the same local repository): zz.rg:c has 1.0, 1.5, 2.0 and 2.5 in
 * maven-metadata-local.xml; a needs c:[1.0,2.0), b needs c:2.0, lo c:[1.0,1.2], hi c:[2.0,),
 * u c:(,1.0],[2.5]; e is listed only in maven-metadata-central.xml; f has no metadata at all.
 */
describe('resolver: version ranges (Maven 3.8.7 recordings)', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
    for (const v of ['1.0', '1.5', '2.0', '2.5']) f.artifact(`zz.rg:c:${v}`);
    f.file('repo/zz/rg/c/maven-metadata-local.xml', metadata('c', ['1.0', '1.5', '2.0', '2.5']));
    f.artifact('zz.rg:a:1', { dependencies: ['zz.rg:c:[1.0,2.0)'] })
      .artifact('zz.rg:b:1', { dependencies: ['zz.rg:c:2.0'] })
      .artifact('zz.rg:lo:1', { dependencies: ['zz.rg:c:[1.0,1.2]'] })
      .artifact('zz.rg:hi:1', { dependencies: ['zz.rg:c:[2.0,)'] })
      .artifact('zz.rg:u:1', { dependencies: ['zz.rg:c:(,1.0],[2.5]'] })
      .artifact('zz.rg:e:1.0')
      .artifact('zz.rg:e:3.0')
      .artifact('zz.rg:x:1', { dependencies: ['zz.rg:e:[1,)'] })
      .artifact('zz.rg:f:1.0')
      .artifact('zz.rg:f:2.0');
    f.file('repo/zz/rg/e/maven-metadata-central.xml', metadata('e', ['1.0', '3.0']));
  });
  afterEach(() => f.cleanup());

  const resolve = (
    dependencies: ReadonlyArray<Dep | string>,
    managed: ReadonlyArray<Dep | string> = [],
  ): Promise<string[]> => {
    f.projectPom('zz.rg:p:1', { dependencies, managed });
    return f.resolve();
  };

  const cases: ReadonlyArray<readonly [string, ReadonlyArray<string>, ReadonlyArray<string>, ReadonlyArray<string>]> = [
    ['a direct range takes the highest version listed in it', ['zz.rg:c:[1.0,2.0)'], [], ['zz.rg:c:jar:1.5:compile']],
    ['an exact range [1.5]', ['zz.rg:c:[1.5]'], [], ['zz.rg:c:jar:1.5:compile']],
    ['a transitive range', ['zz.rg:a:1'], [], ['zz.rg:a:jar:1:compile', 'zz.rg:c:jar:1.5:compile']],
    ['a union of ranges', ['zz.rg:u:1'], [], ['zz.rg:u:jar:1:compile', 'zz.rg:c:jar:2.5:compile']],
    [
      'a range beats a plain version met later',
      ['zz.rg:a:1', 'zz.rg:b:1'],
      [],
      ['zz.rg:a:jar:1:compile', 'zz.rg:c:jar:1.5:compile', 'zz.rg:b:jar:1:compile'],
    ],
    [
      'a range beats a plain version met first',
      ['zz.rg:b:1', 'zz.rg:a:1'],
      [],
      ['zz.rg:b:jar:1:compile', 'zz.rg:a:jar:1:compile', 'zz.rg:c:jar:1.5:compile'],
    ],
    [
      'a range beats even a direct plain version',
      ['zz.rg:c:2.0', 'zz.rg:a:1'],
      [],
      ['zz.rg:a:jar:1:compile', 'zz.rg:c:jar:1.5:compile'],
    ],
    [
      'a direct exact range inside the transitive one wins where it is',
      ['zz.rg:c:[1.5]', 'zz.rg:a:1'],
      [],
      ['zz.rg:c:jar:1.5:compile', 'zz.rg:a:jar:1:compile'],
    ],
    [
      'a managed range replaces a transitive version',
      ['zz.rg:b:1'],
      ['zz.rg:c:[1.0,1.5]'],
      ['zz.rg:b:jar:1:compile', 'zz.rg:c:jar:1.5:compile'],
    ],
    [
      "versions listed only in a repository's kept metadata count",
      ['zz.rg:x:1'],
      [],
      ['zz.rg:x:jar:1:compile', 'zz.rg:e:jar:3.0:compile'],
    ],
  ];
  for (const [title, dependencies, managed, expected] of cases) {
    it(title, async () => {
      expect(await resolve(dependencies, managed)).to.deep.equal(expected);
    });
  }

  it('fails when no listed version is in the range (versions without metadata do not count)', async () => {
    expect((await failure(resolve(['zz.rg:c:[5,6)']))).message).to.equal(
      'Could not resolve dependencies for project zz.rg:p:jar:1: Failed to collect dependencies at zz.rg:c:jar:[5,6): No versions available for zz.rg:c:jar:[5,6) within specified range',
    );
    expect((await failure(resolve(['zz.rg:f:[1.0,)']))).message).to.equal(
      'Could not resolve dependencies for project zz.rg:p:jar:1: Failed to collect dependencies at zz.rg:f:jar:[1.0,): No versions available for zz.rg:f:jar:[1.0,) within specified range',
    );
  });

  // Recorded with Maven 3.8.7 (`mvn -o dependency:list`, a range over a library whose
  // maven-metadata-local.xml has a mismatched end tag): the warning with MXParser's message, and
  // the range fails as if the file listed nothing.
  it("warns about metadata that is not well-formed, with MXParser's message, and takes no version from it", async () => {
    f.file(
      'repo/zz/rg/c/maven-metadata-local.xml',
      '<metadata>\n  <groupId>zz.rg</groupId>\n  <artifactId>c</artifactId>\n  <versioning>\n    <versions>\n' +
        '      <version>1.0</version>\n    </version>\n  </versioning>\n</metadata>\n',
    );
    expect((await failure(resolve(['zz.rg:c:[1.0,2.0)']))).message).to.equal(
      'Could not resolve dependencies for project zz.rg:p:jar:1: Failed to collect dependencies at zz.rg:c:jar:[1.0,2.0): No versions available for zz.rg:c:jar:[1.0,2.0) within specified range',
    );
    const file = path.join(f.root, 'repo', 'zz', 'rg', 'c', 'maven-metadata-local.xml');
    expect(f.warnings.filter((w) => w.startsWith('The metadata'))).to.deep.equal([
      `The metadata ${file} is invalid: end tag name </version> must match start tag name <versions> from line 5 ` +
        '(position: TEXT seen ...</version>\\n    </version>... @7:15) ',
    ]);
  });

  // Recorded with Maven 3.8.7 (real-POM cases range-03 and range-07: `[debian]` named
  // `[debian,debian]`): the project's own ranges are written as Maven 3's project artifacts
  // write them, every interval with both bounds and no blanks; a transitive range keeps its text.
  it("names the project's own ranges with both bounds of every interval, a transitive range as written", async () => {
    const message = async (dependencies: ReadonlyArray<Dep | string>): Promise<string> =>
      (await failure(resolve(dependencies))).message;
    const none = (at: string, range: string): string =>
      `Could not resolve dependencies for project zz.rg:p:jar:1: Failed to collect dependencies at ${at}: No versions available for ${range} within specified range`;
    expect(await message(['zz.rg:c:[5]'])).to.equal(none('zz.rg:c:jar:[5,5]', 'zz.rg:c:jar:[5,5]'));
    expect(await message(['zz.rg:c:[5 , 6)'])).to.equal(none('zz.rg:c:jar:[5,6)', 'zz.rg:c:jar:[5,6)'));
    expect(await message(['zz.rg:c:(,0.5], [5]'])).to.equal(
      none('zz.rg:c:jar:(,0.5],[5,5]', 'zz.rg:c:jar:(,0.5],[5,5]'),
    );
    expect(await message(['zz.rg:c:[5,5]'])).to.equal(none('zz.rg:c:jar:[5,5]', 'zz.rg:c:jar:[5,5]'));
    f.artifact('zz.rg:t:1', { dependencies: ['zz.rg:c:[5]'] });
    expect(await message(['zz.rg:t:1'])).to.equal(none('zz.rg:t:jar:1 -> zz.rg:c:jar:[5]', 'zz.rg:c:jar:[5]'));
  });

  it('fails when two ranges have no version in common, naming every path', async () => {
    expect((await failure(resolve(['zz.rg:lo:1', 'zz.rg:hi:1']))).message).to.equal(
      'Could not resolve dependencies for project zz.rg:p:jar:1: Failed to collect dependencies for zz.rg:p:jar:1: ' +
        'Could not resolve version conflict among [zz.rg:lo:jar:1 -> zz.rg:c:jar:[1.0,1.2], zz.rg:hi:jar:1 -> zz.rg:c:jar:[2.0,)]',
    );
  });

  // Recorded with Maven 3.8.7 (resolver-transformer-version-resolver-unsolvable of the its oracle):
  // the conflict message prints each path's constraint as maven-resolver's VersionConstraint, a
  // one-version range with both bounds.
  it('names one-version ranges of a conflict with both bounds, as maven-resolver prints the constraint', async () => {
    f.artifact('zz.rg:one:1', { dependencies: ['zz.rg:c:[1.0]'] }).artifact('zz.rg:two:1', {
      dependencies: ['zz.rg:c:[2.0]'],
    });
    expect((await failure(resolve(['zz.rg:one:1', 'zz.rg:two:1']))).message).to.equal(
      'Could not resolve dependencies for project zz.rg:p:jar:1: Failed to collect dependencies for zz.rg:p:jar:1: ' +
        'Could not resolve version conflict among [zz.rg:one:jar:1 -> zz.rg:c:jar:[1.0,1.0], zz.rg:two:jar:1 -> zz.rg:c:jar:[2.0,2.0]]',
    );
  });
});

describe('resolver: version ranges against a remote repository (real HTTP on loopback, recorded with Maven 3.8.7)', () => {
  let f: FixtureRepo;
  let server: RepoServer;
  beforeEach(async () => ({ f, server } = await startRemoteFixture()));
  afterEach(() => stopRemoteFixture(f, server));

  const publish = (versions: readonly string[]): void => {
    for (const v of versions) {
      server.put(`zz/rr/c/${v}/c-${v}.pom`, pomXml(`zz.rr:c:${v}`));
      server.put(`zz/rr/c/${v}/c-${v}.jar`, `jar ${v}\n`);
    }
    server.put('zz/rr/c/maven-metadata.xml', metadata('c', versions).replace('zz.rg', 'zz.rr'));
  };

  it('reads maven-metadata.xml, keeps it per repository id, reuses it offline and within the update policy, and -U looks again', async () => {
    publish(['1.0', '1.5', '2.0']);
    f.projectPom('zz.rr:p:1', {
      dependencies: ['zz.rr:c:[1.0,2.0)'],
      extra: `  <repositories><repository><id>rr</id><url>${server.url}</url></repository></repositories>`,
    });
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal(['zz.rr:c:jar:1.5:compile']);
    expect(server.requests).to.include('/repo/zz/rr/c/maven-metadata.xml');
    const kept = path.join(f.repo, 'zz', 'rr', 'c', 'maven-metadata-rr.xml');
    expect(existsSync(kept)).to.equal(true);
    // Every version of the range is a node: its POM is read (1.0 too), 2.0 is outside.
    expect(existsSync(path.join(f.repo, 'zz', 'rr', 'c', '1.0', 'c-1.0.pom'))).to.equal(true);
    expect(existsSync(path.join(f.repo, 'zz', 'rr', 'c', '2.0'))).to.equal(false);
    expect(await f.resolve({ offline: true, settings: NO_CENTRAL })).to.deep.equal(['zz.rr:c:jar:1.5:compile']);
    publish(['1.0', '1.5', '1.8', '2.0']);
    const before = server.requests.length;
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL })).to.deep.equal(['zz.rr:c:jar:1.5:compile']);
    expect(server.requests.slice(before)).to.not.include('/repo/zz/rr/c/maven-metadata.xml');
    expect(await f.resolve({ offline: false, settings: NO_CENTRAL, updateSnapshots: true })).to.deep.equal([
      'zz.rr:c:jar:1.8:compile',
    ]);
  });
});
