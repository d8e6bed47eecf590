import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { ProjectBuildingError, ResolutionError } from '@goalhost/resolver';
import { failure, FixtureRepo, pomXml } from './support/fixture-repo';

describe('resolver: project model and POMs from the repository', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
  });
  afterEach(() => f.cleanup());

  it('inherits properties, dependencies and management from parents; the child property wins; own dependencies come first', async () => {
    f.artifact('pp:parent:1.0', {
      packaging: 'pom',
      properties: { 'v.a': '1.0', 'v.b': '1.0' },
      managed: ['pp:m:2.0'],
      dependencies: [{ gav: 'pp:b:${v.b}' }, 'pp:a:${v.a}', { gav: 'pp:c:1.0', scope: 'test' }],
    });
    for (const a of ['a', 'b', 'c', 'm']) f.artifact(`pp:${a}:1.0`).artifact(`pp:${a}:2.0`);
    f.artifact('pp:x:1.0', { dependencies: ['pp:m:1.0', 'pp:b:1.0'] });
    f.projectPom('pp:root:1.0', {
      parent: 'pp:parent:1.0',
      relativePath: '',
      properties: { 'v.b': '2.0' },
      dependencies: ['pp:x:1.0', { gav: 'pp:c:1.0', scope: 'runtime' }],
    });
    expect(await f.resolve()).to.deep.equal([
      'pp:x:jar:1.0:compile',
      'pp:m:jar:2.0:compile',
      'pp:c:jar:1.0:runtime',
      'pp:b:jar:2.0:compile',
      'pp:a:jar:1.0:compile',
    ]);
  });

  it('reads parents by relativePath (default ../pom.xml) and dependency POMs with their parent chains', async () => {
    mkdirSync(path.join(f.project, 'child'), { recursive: true });
    writeFileSync(
      path.join(f.project, 'pom.xml'),
      pomXml('rp:parent:1.0', { packaging: 'pom', properties: { lib: '1.0' }, dependencies: ['rp:lib:${lib}'] }),
    );
    writeFileSync(
      path.join(f.project, 'child', 'pom.xml'),
      pomXml(':child', { parent: 'rp:parent:1.0', dependencies: ['rp:dep:${project.version}'] }),
    );
    f.artifact('rp:libparent:1.0', {
      packaging: 'pom',
      properties: { t: '2.0' },
      dependencies: ['rp:fromlibparent:${t}'],
    })
      .artifact('rp:dep:1.0', { parent: 'rp:libparent:1.0', dependencies: ['rp:own:${t}'] })
      .artifact('rp:lib:1.0')
      .artifact('rp:own:2.0')
      .artifact('rp:fromlibparent:2.0');
    const system = f.system();
    const project = await system.buildProject(path.join(f.project, 'child', 'pom.xml'));
    expect([project.groupId, project.artifactId, project.version, project.packaging]).to.deep.equal([
      'rp',
      'child',
      '1.0',
      'jar',
    ]);
    expect(project.build.directory).to.equal(path.join(f.project, 'child', 'target'));
    expect(project.build.outputDirectory).to.equal(path.join(f.project, 'child', 'target', 'classes'));
    expect(project.build.finalName).to.equal('child-1.0');
    const lines = (await system.resolveDependencies(project, 'test')).map(
      (a) => `${a.groupId}:${a.artifactId}:${a.version}:${a.scope}`,
    );
    expect(lines).to.deep.equal([
      'rp:dep:1.0:compile',
      'rp:own:2.0:compile',
      'rp:fromlibparent:2.0:compile',
      'rp:lib:1.0:compile',
    ]);
  });

  it("keeps the last content of a duplicate declaration at the first position, with Maven's warning", async () => {
    f.artifact('dup:x:1.0').artifact('dup:x:2.0').artifact('dup:y:1.0');
    f.projectPom('dup:root:1.0', { dependencies: ['dup:x:1.0', 'dup:y:1.0', { gav: 'dup:x:2.0', scope: 'runtime' }] });
    expect(await f.resolve()).to.deep.equal(['dup:x:jar:2.0:runtime', 'dup:y:jar:1.0:compile']);
    expect(f.warnings).to.deep.equal([
      '',
      'Some problems were encountered while building the effective model for dup:root:jar:1.0',
      "'dependencies.dependency.(groupId:artifactId:type:classifier)' must be unique: dup:x:jar -> version 1.0 vs 2.0 @ line 10, column 17",
      '',
      'It is highly recommended to fix these problems because they threaten the stability of your build.',
      '',
      'For this reason, future Maven versions might no longer support building such malformed projects.',
      '',
    ]);
  });

  it("warns about build plugins no POM gives a version, as Maven's model builder (its HashMap order, the last declaration's place), and goes on", async () => {
    // Recorded with Maven 3.8.7 (mvn -o dependency:list on the same POMs, which then fails to resolve the plugin versions offline).
    const plugin = (a: string, version = ''): string =>
      `<plugin><groupId>zz.pv</groupId><artifactId>${a}</artifactId>${version}</plugin>`;
    const parent = pomXml('zz.pv:par:1', {
      packaging: 'pom',
      extra:
        `<build><plugins>${plugin('p1')}${plugin('s')}${plugin('p2')}${plugin('versioned', '<version>1</version>')}${plugin('managed')}` +
        '<plugin><artifactId>maven-dependency-plugin</artifactId></plugin></plugins>' +
        `<pluginManagement><plugins>${plugin('managed', '<version>2</version>')}</plugins></pluginManagement></build>`,
    });
    mkdirSync(path.join(f.project, 'child'), { recursive: true });
    writeFileSync(path.join(f.project, 'pom.xml'), parent);
    writeFileSync(
      path.join(f.project, 'child', 'pom.xml'),
      pomXml(':child', {
        parent: 'zz.pv:par:1',
        extra: `<build><plugins>${plugin('c1')}${plugin('s')}${plugin('c2')}${plugin('versioned')}</plugins></build>`,
      }),
    );
    const parentFile = path.join(f.project, 'pom.xml');
    const project = await f.system().buildProject(path.join(f.project, 'child', 'pom.xml'));
    expect(project.artifactId).to.equal('child');
    expect(f.warnings).to.deep.equal([
      '',
      'Some problems were encountered while building the effective model for zz.pv:child:jar:1',
      `'build.plugins.plugin.version' for zz.pv:p1 is missing. @ zz.pv:par:1, ${parentFile}, line 8, column 25`,
      "'build.plugins.plugin.version' for zz.pv:c2 is missing. @ line 6, column 160",
      "'build.plugins.plugin.version' for zz.pv:c1 is missing. @ line 6, column 25",
      "'build.plugins.plugin.version' for zz.pv:s is missing. @ line 6, column 93",
      `'build.plugins.plugin.version' for zz.pv:p2 is missing. @ zz.pv:par:1, ${parentFile}, line 8, column 160`,
      '',
      'It is highly recommended to fix these problems because they threaten the stability of your build.',
      '',
      'For this reason, future Maven versions might no longer support building such malformed projects.',
      '',
    ]);
  });

  it('follows relocations (omitted fields keep the original) and warns about direct ones', async () => {
    f.artifact('rl:old:1.0', {
      relocation: { groupId: 'rl.new', artifactId: 'new', message: 'moved for good' },
      files: [],
    })
      .artifact('rl.new:new:1.0', { dependencies: ['rl:n1:1.0'] })
      .artifact('rl:n1:1.0')
      .artifact('rl:a:1.0', { dependencies: ['rl:moved:1.0'] })
      .artifact('rl:moved:1.0', { relocation: { version: '2.0' }, files: [] })
      .artifact('rl:moved:2.0');
    f.projectPom('rl:root:1.0', { dependencies: ['rl:old:1.0', 'rl:a:1.0'] });
    expect(await f.resolve()).to.deep.equal([
      'rl.new:new:jar:1.0:compile',
      'rl:n1:jar:1.0:compile',
      'rl:a:jar:1.0:compile',
      'rl:moved:jar:2.0:compile',
    ]);
    expect(f.warnings).to.deep.equal([
      'The artifact rl:old:jar:1.0 has been relocated to rl.new:new:jar:1.0: moved for good',
    ]);
  });

  it('resolves system dependencies from systemPath without reading their POM, and fails naming a missing file', async () => {
    const jar = f.file('lib/s.jar');
    f.artifact('sy:a:1.0', {
      dependencies: [{ gav: 'sy:t:1.0', scope: 'system', systemPath: '${sysdir}/t.jar' }],
      properties: { sysdir: path.dirname(jar) },
    }).artifact('sy:s:1.0', { dependencies: ['sy:never:1.0'] });
    f.file('lib/t.jar');
    f.projectPom('sy:root:1.0', { dependencies: [{ gav: 'sy:s:1.0', scope: 'system', systemPath: jar }, 'sy:a:1.0'] });
    expect(await f.resolve()).to.deep.equal(['sy:s:jar:1.0:system', 'sy:a:jar:1.0:compile', 'sy:t:jar:1.0:system']);
    f.projectPom('sy:root:1.0', {
      dependencies: [{ gav: 'sy:s:1.0', scope: 'system', systemPath: path.join(f.root, 'nofile.jar') }],
    });
    const error = await failure(f.resolve());
    expect(error).to.be.instanceOf(ResolutionError);
    expect((error as Error).message).to.equal(
      `Could not resolve dependencies for project sy:root:jar:1.0: Could not find artifact sy:s:jar:1.0 at specified path ${path.join(f.root, 'nofile.jar')}`,
    );
  });

  it('warns about a missing POM and fails on a missing file naming every missing artifact', async () => {
    f.artifact('mi:nopom:1.0', { noPom: true })
      .artifact('mi:nojar:1.0', { files: [] })
      .artifact('mi:nojar2:1.0', { files: [] });
    f.projectPom('mi:root:1.0', { dependencies: ['mi:nopom:1.0'] });
    expect(await f.resolve()).to.deep.equal(['mi:nopom:jar:1.0:compile']);
    expect(f.warnings).to.deep.equal(['The POM for mi:nopom:jar:1.0 is missing, no dependency information available']);
    f.projectPom('mi:root:1.0', { dependencies: ['mi:nojar:1.0', 'mi:nojar2:1.0'] });
    const error = await failure(f.resolve());
    expect((error as Error).message).to.equal(
      'Could not resolve dependencies for project mi:root:jar:1.0: The following artifacts could not be resolved: mi:nojar:jar:1.0, mi:nojar2:jar:1.0: ' +
        'Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact mi:nojar:jar:1.0 has not been downloaded from it before.',
    );
  });

  it("locates an invalid project id where it was written: the POM's own element, or an inherited groupId in the parent", async () => {
    // Recorded with Maven 3.8.7 (mvn validate on the same files).
    const parentDir = path.join(f.project, 'ids');
    mkdirSync(path.join(parentDir, 'child'), { recursive: true });
    const head = '<project>\n<modelVersion>4.0.0</modelVersion>\n';
    writeFileSync(
      path.join(parentDir, 'pom.xml'),
      `${head}<groupId>a b</groupId>\n<artifactId>par</artifactId>\n<version>1</version>\n<packaging>pom</packaging>\n</project>\n`,
    );
    const child = path.join(parentDir, 'child', 'pom.xml');
    writeFileSync(
      child,
      `${head}<parent>\n<groupId>a b</groupId><artifactId>par</artifactId><version>1</version></parent>\n<artifactId>c d</artifactId>\n</project>\n`,
    );
    const error = await failure(f.system().buildProject(child));
    expect((error as Error).message).to.equal(
      `The project a b:c d:1 (${child}) has 2 errors\n` +
        `    'groupId' with value 'a b' does not match a valid id pattern. @ a b:par:1, ${path.join(parentDir, 'pom.xml')}, line 3, column 10\n` +
        "    'artifactId' with value 'c d' does not match a valid id pattern. @ line 5, column 13",
    );
  });

  it('reports model errors like Maven: unresolvable ${...} in a version, missing version, located in the POM', async () => {
    const pom = f.projectPom('er:root:1.0', {
      dependencies: ['er:x:${undefined.prop}', { gav: 'er:y:1.0', noVersion: true }],
    });
    const error = await failure(f.system().buildProject(pom));
    expect(error).to.be.instanceOf(ProjectBuildingError);
    expect((error as Error).message).to.equal(
      `The project er:root:1.0 (${pom}) has 2 errors\n` +
        "    'dependencies.dependency.version' for er:x:jar must be a valid version but is '${undefined.prop}'. @ line 8, column 73\n" +
        "    'dependencies.dependency.version' for er:y:jar is missing. @ line 9, column 17",
    );
  });

  it('names what was tried when a parent cannot be found', async () => {
    const pom = f.projectPom(':child:1.0', { parent: 'er:gone:1.0' });
    const error = await failure(f.system().buildProject(pom));
    expect(
      (error as ProjectBuildingError).problems.map((p) => `${p.severity} ${p.message} @ ${p.line}:${p.column}`),
    ).to.deep.equal([
      'FATAL Non-resolvable parent POM for er:child:1.0: Cannot access central (https://repo.maven.apache.org/maven2) in offline mode ' +
        "and the artifact er:gone:pom:1.0 has not been downloaded from it before. and 'parent.relativePath' points at wrong local POM @ 4:11",
    ]);
  });

  it('fails on XML that is not well-formed as Maven 3.8.7 does: Non-parseable POM, MXParser message and place', async () => {
    mkdirSync(f.project, { recursive: true });
    const pom = path.join(f.project, 'pom.xml');
    writeFileSync(
      pom,
      '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <dependencies>\n    <dependency>\n  </dependencies>\n</project>\n',
    );
    const error = await failure(f.system().buildProject(pom));
    expect(
      (error as ProjectBuildingError).problems.map((p) => `${p.severity} ${p.message} @ ${p.line}:${p.column}`),
    ).to.deep.equal([
      `FATAL Non-parseable POM ${pom}: end tag name </dependencies> must match start tag name <dependency> from line 4 ` +
        '(position: TEXT seen ...<dependency>\\n  </dependencies>... @5:18)  @ 5:18',
    ]);
  });

  it('fails the collection when a dependency POM cannot get its parent', async () => {
    f.artifact('cp:withparent:1.0', { parent: 'cp:gone:1.0' });
    f.projectPom('cp:root:1.0', { dependencies: ['cp:withparent:1.0'] });
    const error = await failure(f.resolve());
    expect((error as Error).message).to.equal(
      'Could not resolve dependencies for project cp:root:jar:1.0: Failed to collect dependencies at cp:withparent:jar:1.0: ' +
        'Failed to read artifact descriptor for cp:withparent:jar:1.0: Cannot access central (https://repo.maven.apache.org/maven2) ' +
        'in offline mode and the artifact cp:gone:pom:1.0 has not been downloaded from it before.',
    );
  });

  it('keeps plugins with raw configuration, executions, scm and properties in the project', async () => {
    const pom = f.projectPom('pl:root:1.0', {
      properties: { out: '${project.build.directory}/out' },
      extra: [
        '  <scm><connection>scm:svn:http://svn.example.com/root</connection><tag>HEAD</tag></scm>',
        '  <build><directory>build</directory><pluginManagement><plugins>',
        '    <plugin><groupId>org.codehaus.mojo</groupId><artifactId>cxx-maven-plugin</artifactId><version>0.0.6-SNAPSHOT</version>',
        '      <configuration><a>managed</a><b>managed</b></configuration></plugin>',
        '  </plugins></pluginManagement><plugins>',
        '    <plugin><groupId>org.codehaus.mojo</groupId><artifactId>cxx-maven-plugin</artifactId>',
        '      <configuration><a>${out}</a></configuration>',
        '      <executions><execution><id>u</id><phase>process-sources</phase><goals><goal>unpack-dependencies</goal></goals></execution></executions>',
        '    </plugin>',
        '  </plugins></build>',
      ].join('\n'),
    });
    const project = await f.system().buildProject(pom);
    expect(project.build.directory).to.equal(path.join(f.project, 'build'));
    expect(project.properties.out).to.equal(path.join(f.project, 'build', 'out'));
    expect(project.scm).to.deep.equal({ connection: 'scm:svn:http://svn.example.com/root', tag: 'HEAD' });
    const plugin = project.build.plugins[0];
    expect([plugin.groupId, plugin.artifactId, plugin.version]).to.deep.equal([
      'org.codehaus.mojo',
      'cxx-maven-plugin',
      '0.0.6-SNAPSHOT',
    ]);
    expect(plugin.configuration?.children.map((c) => `${c.name}=${c.text}`)).to.deep.equal(['a=${out}', 'b=managed']);
    expect(plugin.executions).to.deep.equal([{ id: 'u', phase: 'process-sources', goals: ['unpack-dependencies'] }]);
  });
});
