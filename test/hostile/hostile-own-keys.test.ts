import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { descriptorFromGoals, type Session } from '@goalhost/api';
import { bindParameters, ExpressionEvaluator } from '@goalhost/core';
import { EMPTY_SETTINGS, parseXml, parseXmlFast, type MojoDescriptor } from '@goalhost/model';
import { plugin as sample } from '../fixtures/plugins/sample-plugin';
import { projectWith } from '../support/project';
import { Sandbox, STACK_FRAME } from './sandbox';

/**
 * Names that are members of every JavaScript object (`constructor`, `toString`,
 * `hasOwnProperty`, `valueOf`, `__proto__`) are plain names in a POM, on the command line, in
 * settings.xml and in coordinates. Maven treats them like any other name; goalhost used to answer
 * them from Object.prototype (`${constructor}` failed every build with
 * `f.value.indexOf is not a function`). Every expected line below is what Maven 3.8.7 (and
 * maven-dependency-plugin 3.5.0) printed for the same files.
 */

const HEAD =
  '<modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>';

function building(stdout: string): string {
  return stdout.split('\n').find((l) => l.startsWith('[INFO] Building ')) ?? stdout.slice(0, 2000);
}

function listed(stdout: string): string[] {
  return stdout.split('\n').filter((l) => l.startsWith('[INFO]    '));
}

describe('hostile inputs: prototype member names are plain names, as in Maven (CLI)', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  beforeEach(() => (sandbox = Sandbox.create('own-keys')));
  afterEach(() => sandbox.dispose());

  const pom = (body: string): void =>
    fs.writeFileSync(path.join(sandbox.proj, 'pom.xml'), `<project>${HEAD}${body}</project>\n`);
  const run = (...args: string[]) => sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, ...args]);

  it('as <properties> and -D names; references to undefined ones stay as written', async () => {
    pom(
      '<name>N[${constructor}|${toString}|${hasOwnProperty}|${__proto__}|${valueOf}|${x}|${project.constructor}|${env.constructor}|${project.__proto__}]</name>' +
        '<properties><x>${toString}/${__proto__}</x><__proto__>P</__proto__><constructor>C</constructor></properties>',
    );
    const plain = await run('validate');
    expect(plain.status, plain.stdout.slice(0, 2000)).to.equal(0);
    expect(building(plain.stdout)).to.equal(
      '[INFO] Building N[C|${toString}|${hasOwnProperty}|P|${valueOf}|${toString}/P|${project.constructor}|${env.constructor}|${project.__proto__}] 1',
    );
    const defined = await run('-DtoString=DT', '-D__proto__=DP', 'validate');
    expect(defined.status, defined.stdout.slice(0, 2000)).to.equal(0);
    expect(building(defined.stdout)).to.equal(
      '[INFO] Building N[C|DT|${hasOwnProperty}|DP|${valueOf}|DT/DP|${project.constructor}|${env.constructor}|${project.__proto__}] 1',
    );
  });

  it('in profile activation and settings.xml: an undefined name activates nothing and stays as written', async () => {
    pom(
      '<name>N[${pa}|${pb}|${pc}|${s}]</name><profiles>' +
        '<profile><id>a</id><activation><property><name>constructor</name></property></activation><properties><pa>A</pa></properties></profile>' +
        '<profile><id>b</id><activation><property><name>!toString</name></property></activation><properties><pb>B</pb></properties></profile>' +
        '<profile><id>c</id><activation><file><exists>${hasOwnProperty}</exists></file></activation><properties><pc>C</pc></properties></profile>' +
        '</profiles>',
    );
    const settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      '<settings><profiles><profile><id>s</id><properties><s>${constructor}|${env.constructor}|${__proto__}</s></properties></profile></profiles>' +
        '<activeProfiles><activeProfile>s</activeProfile></activeProfiles></settings>',
    );
    const r = await run('-s', settings, 'validate');
    expect(r.status, r.stdout.slice(0, 2000)).to.equal(0);
    expect(building(r.stdout)).to.equal(
      '[INFO] Building N[${pa}|B|${pc}|${constructor}|${env.constructor}|${__proto__}] 1',
    );
  });

  it('as parameter names in <configuration>, and in a parameter value', async () => {
    pom(
      '<properties><constructor>C</constructor></properties><build><plugins><plugin>' +
        '<groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId><version>3.5.0</version><configuration>' +
        '<constructor>x</constructor><__proto__>y</__proto__><toString><a>b</a></toString><hasOwnProperty/>' +
        '<outputFile>${project.build.directory}/${constructor}-${toString}.txt</outputFile>' +
        '</configuration></plugin></plugins></build>',
    );
    const r = await run('dependency:list');
    expect(r.status, r.stdout.slice(0, 2000)).to.equal(0);
    expect(r.stdout).not.to.match(STACK_FRAME);
    // Maven 3.8.7 says nothing of unknown parameters; goalhost warns, as Maven 3.9 does.
    expect(r.stdout.split('\n').filter((l) => l.startsWith('[WARNING]'))).to.deep.equal(
      ['constructor', '__proto__', 'toString', 'hasOwnProperty'].map(
        (n) => `[WARNING] Parameter '${n}' is unknown for plugin 'maven-dependency-plugin:3.5.0:list (default-cli)'`,
      ),
    );
    expect(fs.readdirSync(path.join(sandbox.proj, 'target'))).to.deep.equal(['C-${toString}.txt']);
  });

  it('as groupId, artifactId, version, classifier, type, scope and version qualifiers', async () => {
    const install = (g: string, a: string, v: string, files: Record<string, string>, deps = ''): void => {
      const dir = path.join(sandbox.repo, g, a, v);
      fs.mkdirSync(dir, { recursive: true });
      const project = `<project><modelVersion>4.0.0</modelVersion><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>${deps}</project>`;
      fs.writeFileSync(path.join(dir, `${a}-${v}.pom`), project);
      for (const [suffix, content] of Object.entries(files))
        fs.writeFileSync(path.join(dir, `${a}-${v}${suffix}`), content);
    };
    const dep = (g: string, a: string, v: string, extra = ''): string =>
      `<dependency><groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>${extra}</dependency>`;
    install(
      'constructor',
      'toString',
      'hasOwnProperty',
      { '.jar': 'j' },
      `<dependencies>${dep('__proto__', '__proto__', '__proto__')}</dependencies>`,
    );
    install('__proto__', '__proto__', '__proto__', { '.jar': 'j', '-constructor.jar': 'c', '-toString.jar': 't' });
    install('q', 't', '1', { '.constructor': 'c', '.toString': 't' });
    for (const v of ['1-constructor', '1-toString', '1-a']) install('q', 'v', v, { '.jar': 'j' });
    fs.writeFileSync(
      path.join(sandbox.repo, 'q', 'v', 'maven-metadata-local.xml'),
      '<metadata><groupId>q</groupId><artifactId>v</artifactId><versioning><versions>' +
        '<version>1-constructor</version><version>1-toString</version><version>1-a</version></versions></versioning></metadata>',
    );
    pom(
      '<dependencies>' +
        dep('constructor', 'toString', 'hasOwnProperty') +
        dep('__proto__', '__proto__', '__proto__', '<classifier>constructor</classifier>') +
        dep('__proto__', '__proto__', '__proto__', '<classifier>toString</classifier>') +
        dep('q', 't', '1', '<type>constructor</type>') +
        dep('q', 't', '1', '<type>toString</type><scope>constructor</scope>') +
        dep('q', 'v', '[1-a,2)') +
        '</dependencies>',
    );
    const r = await run('dependency:list', 'dependency:tree');
    expect(r.status, r.stdout.slice(0, 3000)).to.equal(0);
    expect(r.stdout).to.include(
      "[WARNING] 'dependencies.dependency.scope' for q:t:toString must be one of [provided, compile, runtime, test, system] but is 'constructor'.",
    );
    expect(listed(r.stdout)).to.deep.equal([
      '[INFO]    constructor:toString:jar:hasOwnProperty:compile',
      '[INFO]    __proto__:__proto__:jar:__proto__:compile',
      '[INFO]    __proto__:__proto__:jar:constructor:__proto__:compile',
      '[INFO]    __proto__:__proto__:jar:toString:__proto__:compile',
      '[INFO]    q:t:constructor:1:compile',
      '[INFO]    q:t:toString:1:constructor',
      '[INFO]    q:v:jar:1-toString:compile',
    ]);
    const tree = r.stdout.split('\n');
    const root = tree.indexOf('[INFO] t:p:pom:1');
    expect(tree.slice(root, root + 9)).to.deep.equal([
      '[INFO] t:p:pom:1',
      '[INFO] +- constructor:toString:jar:hasOwnProperty:compile',
      '[INFO] |  \\- __proto__:__proto__:jar:__proto__:compile',
      '[INFO] +- __proto__:__proto__:jar:constructor:__proto__:compile',
      '[INFO] +- __proto__:__proto__:jar:toString:__proto__:compile',
      '[INFO] +- q:t:constructor:1:compile',
      '[INFO] +- q:t:toString:1:constructor',
      '[INFO] \\- q:v:jar:1-toString:compile',
      '[INFO] ------------------------------------------------------------------------',
    ]);
  });
});

describe('hostile inputs: prototype member names stay own keys (in process)', () => {
  const mojo = descriptorFromGoals(sample).mojos.find((m) => m.goal === 'generate') as MojoDescriptor;
  const session: Session = {
    offline: true,
    debug: false,
    quiet: false,
    batchMode: true,
    showErrors: false,
    userProperties: {},
    settings: EMPTY_SETTINGS,
    localRepository: '/repo',
    workingDirectory: '/work',
    startTime: new Date(0),
    env: {},
    settingsSecurityFile: '/nope',
  };
  const prototypeNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();
  const before = prototypeNames();
  afterEach(() => {
    expect(prototypeNames()).to.deep.equal(before);
    expect(({} as Record<string, unknown>).x).to.equal(undefined);
  });

  it('a <configuration> object keeps __proto__, constructor and toString as its own fields', () => {
    const configuration = parseXml(
      '<configuration><targets><target><__proto__><x>1</x></__proto__><constructor>c</constructor><toString>t</toString></target></targets></configuration>',
      'pom.xml',
    );
    const values = bindParameters({
      mojo,
      configuration,
      evaluator: new ExpressionEvaluator({ session, project: projectWith([]) }),
      basedir: '/work/proj',
      executionLabel: 'g:a:1:generate (default-cli)',
      pluginArtifactId: 'a',
      pluginLabel: 'a:1:generate (default-cli)',
      warn: () => undefined,
    });
    const [target] = values.get('targets')!.value as Record<string, unknown>[];
    expect(Object.keys(target)).to.deep.equal(['__proto__', 'constructor', 'toString']);
    expect(Object.getOwnPropertyDescriptor(target, '__proto__')?.value).to.deep.equal(
      Object.assign(Object.create(null), { x: '1' }),
    );
    expect(Object.getOwnPropertyDescriptor(target, 'constructor')?.value).to.equal('c');
    expect((target as { x?: unknown }).x).to.equal(undefined);
  });

  it('XML: __proto__ as an element or attribute name is kept by both readers; &constructor; is no entity', () => {
    for (const read of [parseXmlFast, parseXml]) {
      const root = read('<a><__proto__ __proto__="1" constructor="2">x</__proto__></a>', 'f.xml');
      expect(root.children[0].name).to.equal('__proto__');
      expect(Object.keys(root.children[0].attributes)).to.deep.equal(['__proto__', 'constructor']);
      expect(Object.getOwnPropertyDescriptor(root.children[0].attributes, '__proto__')?.value).to.equal('1');
    }
    expect(parseXmlFast('<a>&constructor;|&toString;</a>', 'f.xml').text).not.to.include('native code');
  });
});
