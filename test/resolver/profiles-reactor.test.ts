import { expect } from 'chai';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { EMPTY_SETTINGS, type Settings } from '@goalhost/model';
import { ProjectBuildingError } from '@goalhost/resolver';
import { failure, FixtureRepo, pomXml } from './support/fixture-repo';

const profile = (id: string, activation: string, deps: string[], props = ''): string =>
  `    <profile><id>${id}</id><activation>${activation}</activation>${props}<dependencies>${deps
    .map((d) => `<dependency><groupId>pr</groupId><artifactId>${d}</artifactId><version>1.0</version></dependency>`)
    .join('')}</dependencies></profile>`;

describe('resolver: profiles and the reactor', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
    for (const a of [
      'default',
      'explicit',
      'prop',
      'notprop',
      'value',
      'notvalue',
      'exists',
      'missing',
      'jdk',
      'os',
      'off',
      'settings',
    ])
      f.artifact(`pr:${a}:1.0`);
  });
  afterEach(() => f.cleanup());

  const pomWithProfiles = (): void => {
    f.projectPom('pr:root:1.0', {
      extra: [
        '  <profiles>',
        profile('by-default', '<activeByDefault>true</activeByDefault>', ['default']),
        profile('explicit', '', ['explicit']),
        profile('prop', '<property><name>flag</name></property>', ['prop']),
        profile('notprop', '<property><name>!flag</name></property>', ['notprop']),
        profile('value', '<property><name>env</name><value>ci</value></property>', ['value']),
        profile('notvalue', '<property><name>env</name><value>!ci</value></property>', ['notvalue']),
        profile('exists', '<file><exists>${basedir}/marker.txt</exists></file>', ['exists']),
        profile('missing', '<file><missing>${basedir}/marker.txt</missing></file>', ['missing']),
        profile('jdk', '<jdk>[1.8,)</jdk>', ['jdk']),
        profile('os', '<os><family>unix</family></os>', ['os']),
        profile('off', '<property><name>flag</name></property><jdk>1.4</jdk>', ['off']),
        '  </profiles>',
      ].join('\n'),
    });
  };

  it('activates POM profiles by property, file, JDK and OS; activeByDefault only when no other POM profile is active', async () => {
    pomWithProfiles();
    expect(await f.resolve()).to.deep.equal([
      'pr:notprop:jar:1.0:compile',
      'pr:notvalue:jar:1.0:compile',
      'pr:missing:jar:1.0:compile',
      'pr:jdk:jar:1.0:compile',
      'pr:os:jar:1.0:compile',
    ]);
    writeFileSync(path.join(f.project, 'marker.txt'), '');
    expect(await f.resolve({ userProperties: { flag: 'x', env: 'ci' } })).to.deep.equal([
      'pr:prop:jar:1.0:compile',
      'pr:value:jar:1.0:compile',
      'pr:exists:jar:1.0:compile',
      'pr:jdk:jar:1.0:compile',
      'pr:os:jar:1.0:compile',
    ]);
  });

  it('honours -P id and -P !id', async () => {
    pomWithProfiles();
    const system = f.system({
      activeProfiles: ['explicit'],
      inactiveProfiles: ['jdk', 'os', 'notprop', 'notvalue', 'missing'],
    });
    const project = await system.buildProject(path.join(f.project, 'pom.xml'));
    expect(project.activeProfiles).to.deep.equal(['explicit']);
    expect((await system.resolveDependencies(project, 'test')).map((a) => a.artifactId)).to.deep.equal(['explicit']);
    const none = f.system({ inactiveProfiles: ['jdk', 'os', 'notprop', 'notvalue', 'missing'] });
    expect((await none.buildProject(path.join(f.project, 'pom.xml'))).activeProfiles).to.deep.equal(['by-default']);
  });

  it('applies active settings.xml profiles: their properties and repositories', async () => {
    f.projectPom('pr:root:1.0', { dependencies: ['pr:${which}:1.0'] });
    const settings: Settings = {
      ...EMPTY_SETTINGS,
      profiles: [
        {
          id: 'corp',
          activeByDefault: false,
          properties: { which: 'settings' },
          repositories: [
            {
              id: 'corp-repo',
              url: 'http://127.0.0.1:9/corp',
              releases: { enabled: true },
              snapshots: { enabled: false },
            },
          ],
        },
      ],
      activeProfiles: ['corp'],
    };
    const system = f.system({ settings });
    const project = await system.buildProject(path.join(f.project, 'pom.xml'));
    expect(project.activeProfiles).to.deep.equal(['corp']);
    expect(project.repositories.map((r) => r.id)).to.deep.equal(['corp-repo', 'central']);
    expect((await system.resolveDependencies(project, 'test')).map((a) => a.artifactId)).to.deep.equal(['settings']);
  });

  it("builds modules in Maven's reactor order (modules collected first, then dependency and parent edges), each with its own basedir", async () => {
    const write = (dir: string, text: string): void => {
      mkdirSync(path.join(f.project, dir), { recursive: true });
      writeFileSync(path.join(f.project, dir, 'pom.xml'), text);
    };
    write(
      '.',
      pomXml('re:parent:1.0', {
        packaging: 'pom',
        extra: '  <modules><module>app</module><module>lib</module><module>tools</module></modules>',
      }),
    );
    write('app', pomXml(':app', { parent: 're:parent:1.0', dependencies: ['re:lib:${project.version}'] }));
    write('lib', pomXml(':lib', { parent: 're:parent:1.0', dependencies: ['re:core:1.0'] }));
    write('tools', pomXml('re:tools:1.0'));
    write('lib/core', pomXml('re:core:1.0'));
    writeFileSync(
      path.join(f.project, 'lib', 'pom.xml'),
      pomXml(':lib', {
        parent: 're:parent:1.0',
        dependencies: ['re:core:1.0'],
        extra: '  <modules><module>core</module></modules>',
        packaging: 'pom',
      }),
    );
    const projects = await f.system().buildReactor(path.join(f.project, 'pom.xml'));
    expect(projects.map((p) => `${p.artifactId}@${path.relative(f.project, p.basedir) || '.'}`)).to.deep.equal([
      'core@lib/core',
      'parent@.',
      'lib@lib',
      'app@app',
      'tools@tools',
    ]);
  });

  it('reports a cycle between modules', async () => {
    mkdirSync(path.join(f.project, 'a'), { recursive: true });
    mkdirSync(path.join(f.project, 'b'), { recursive: true });
    writeFileSync(
      path.join(f.project, 'pom.xml'),
      pomXml('cy:parent:1.0', { packaging: 'pom', extra: '  <modules><module>a</module><module>b</module></modules>' }),
    );
    writeFileSync(path.join(f.project, 'a', 'pom.xml'), pomXml('cy:a:1.0', { dependencies: ['cy:b:1.0'] }));
    writeFileSync(path.join(f.project, 'b', 'pom.xml'), pomXml('cy:b:1.0', { dependencies: ['cy:a:1.0'] }));
    const error = await failure(f.system().buildReactor(path.join(f.project, 'pom.xml')));
    expect(error).to.be.instanceOf(ProjectBuildingError);
    expect(error.message).to.equal(
      "The projects in the reactor contain a cyclic reference: Edge between 'Vertex{label='cy:b:1.0'}' and 'Vertex{label='cy:a:1.0'}' " +
        'introduces to cycle in the graph cy:a:1.0 --> cy:b:1.0 --> cy:a:1.0',
    );
  });
});
