import { expect } from 'chai';
import { FixtureRepo } from './support/fixture-repo';

function metadata(release: string, latest: string, lastUpdated: string): string {
  return (
    '<metadata><groupId>zz.meta</groupId><artifactId>a</artifactId><versioning>' +
    `<latest>${latest}</latest><release>${release}</release>` +
    '<versions><version>1.0</version><version>2.0</version><version>3.0</version></versions>' +
    `<lastUpdated>${lastUpdated}</lastUpdated></versioning></metadata>\n`
  );
}

/**
 * A dependency at version `RELEASE` or `LATEST` (core IT mng-3139): the graph keeps the
 * metaversion, the file resolved (and so dependency:list) is the version the metadata names,
 * from the most recently updated metadata, as Maven's version resolver picks it.
 */
describe('resolver: RELEASE and LATEST dependency versions (core IT mng-3139)', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
    for (const v of ['1.0', '2.0', '3.0']) f.artifact(`zz.meta:a:${v}`);
    // installed metadata, older; the kept copy of central's, newer: central's names the version
    f.file('repo/zz/meta/a/maven-metadata-local.xml', metadata('1.0', '3.0', '20200101000000'));
    f.file('repo/zz/meta/a/maven-metadata-central.xml', metadata('2.0', '3.0', '20210101000000'));
  });
  afterEach(() => f.cleanup());

  it('RELEASE resolves to the <release> of the most recently updated metadata', async () => {
    f.projectPom('zz.meta:p:1', { dependencies: ['zz.meta:a:RELEASE'] });
    expect(await f.resolve()).to.deep.equal(['zz.meta:a:jar:2.0:compile']);
  });

  it('LATEST resolves to its <latest>', async () => {
    f.projectPom('zz.meta:p:1', { dependencies: ['zz.meta:a:LATEST'] });
    expect(await f.resolve()).to.deep.equal(['zz.meta:a:jar:3.0:compile']);
  });
});
