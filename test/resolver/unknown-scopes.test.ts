import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Sandbox } from '../hostile/sandbox';

/**
 * A plain dependency in a scope Maven does not know (`import` outside dependencyManagement, as
 * Debian's rdf4j parent has once its dependencyManagement is commented out): Maven 3.8.7 warns,
 * collects it like any other, derives runtime for its children, and no scope filter leaves it
 * out (they exclude only the known scopes not asked for). Outputs recorded with real mvn 3.8.7
 * and maven-dependency-plugin 3.5.0 on the same POMs.
 */
describe('resolver: dependencies in a scope Maven does not know (recorded with Maven 3.8.7)', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  before(() => {
    sandbox = Sandbox.create('unknown-scopes');
    const pom = (a: string, body = '', packaging = 'jar'): string =>
      `<project><modelVersion>4.0.0</modelVersion><groupId>zz.imp</groupId><artifactId>${a}</artifactId><version>1.0</version><packaging>${packaging}</packaging>${body}</project>\n`;
    const dep = (a: string, extra = ''): string =>
      `<dependency><groupId>zz.imp</groupId><artifactId>${a}</artifactId><version>1.0</version>${extra}</dependency>`;
    sandbox.install(
      { groupId: 'zz.imp', artifactId: 'bom', type: 'pom' },
      Buffer.from(pom('bom', `<dependencies>${dep('lib')}</dependencies>`, 'pom')),
    );
    for (const a of ['lib', 'dep']) {
      sandbox.install({ groupId: 'zz.imp', artifactId: a, type: 'pom' }, Buffer.from(pom(a)));
      sandbox.install({ groupId: 'zz.imp', artifactId: a, type: 'jar' }, Buffer.from('x\n'));
    }
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>zz.imp</groupId><artifactId>p</artifactId><version>1.0</version>\n' +
        `<dependencies>\n${dep('bom', '<type>pom</type><scope>import</scope>')}\n${dep('dep')}\n</dependencies></project>\n`,
    );
  });
  after(() => sandbox.dispose());

  const goal = async (name: string, ...args: string[]): Promise<string> => {
    const out = path.join(sandbox.proj, `${name}.txt`);
    const run = await sandbox.run([
      '-o',
      '-B',
      `-Dmaven.repo.local=${sandbox.repo}`,
      `dependency:${name}`,
      `-DoutputFile=${out}`,
      ...args,
    ]);
    expect(run.status, run.stdout).to.equal(0);
    expect(run.stdout).to.contain(
      "[WARNING] 'dependencies.dependency.scope' for zz.imp:bom:pom must be one of [provided, compile, runtime, test, system] but is 'import'. @ line 3, column 111\n",
    );
    return fs.readFileSync(out, 'utf8');
  };

  it('dependency:tree shows it with its children in runtime scope', async () => {
    expect(await goal('tree')).to.equal(
      'zz.imp:p:jar:1.0\n+- zz.imp:bom:pom:1.0:import\n|  \\- zz.imp:lib:jar:1.0:runtime\n\\- zz.imp:dep:jar:1.0:compile\n',
    );
  });

  it('dependency:list resolves it, with or without includeScope=test', async () => {
    const listed =
      '\nThe following files have been resolved:\n   zz.imp:bom:pom:1.0:import\n   zz.imp:lib:jar:1.0:runtime\n   zz.imp:dep:jar:1.0:compile\n\n';
    expect(await goal('list')).to.equal(listed);
    expect(await goal('list', '-DincludeScope=test')).to.equal(listed);
  });
});
