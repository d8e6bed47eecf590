import { expect } from 'chai';
import { FixtureRepo } from './support/fixture-repo';

/**
 * Which POMs the command line's `-D` properties reach, and how (recorded with Maven 3.8.7 and
 * maven-dependency-plugin 3.5.0, `mvn -o dependency:list -Dv=98.76 -Dc.version=2.0 -Dact` on the
 * same local repository; core IT mng-4913). A project and the BOMs it imports see them first, before
 * their own properties; a dependency's POM (Maven's artifact descriptor request) gets them as
 * system properties, after its own: its `${v}` keeps its value, while a profile it activates by
 * a property it does not define is active.
 */
describe('resolver: the -D properties a dependency POM sees (Maven 3.8.7 recording)', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
    f.artifact('zz.up:b:1', {
      properties: { v: '0.1' },
      dependencies: ['zz.up:a:${v}'],
      extra:
        '  <profiles><profile><id>extra</id><activation><property><name>act</name></property></activation>\n' +
        '    <dependencies><dependency><groupId>zz.up</groupId><artifactId>d</artifactId><version>1</version></dependency></dependencies>\n' +
        '  </profile></profiles>',
    });
    f.artifact('zz.up:bom:1', {
      packaging: 'pom',
      properties: { 'c.version': '1.0' },
      managed: ['zz.up:c:${c.version}'],
    });
    for (const gav of ['zz.up:a:0.1', 'zz.up:a:98.76', 'zz.up:c:1.0', 'zz.up:c:2.0', 'zz.up:d:1']) f.artifact(gav);
    f.projectPom('zz.up:p:1', {
      managed: [{ gav: 'zz.up:bom:1', type: 'pom', scope: 'import' }],
      dependencies: ['zz.up:b:1', { gav: 'zz.up:c:x', noVersion: true }],
    });
  });
  afterEach(() => f.cleanup());

  it("a dependency POM's own property wins over -D, a project's import takes the -D one, -D activates a dependency POM's profile", async () => {
    expect(await f.resolve({ userProperties: { v: '98.76', 'c.version': '2.0', act: 'true' } })).to.deep.equal([
      'zz.up:b:jar:1:compile',
      'zz.up:a:jar:0.1:compile',
      'zz.up:d:jar:1:compile',
      'zz.up:c:jar:2.0:compile',
    ]);
  });
});
