import { expect } from 'chai';
import { descriptorFromGoals, IMPLEMENTATION_KEY, type Session } from '@goalhost/api';
import { ExpressionEvaluator, bindParameters } from '@goalhost/core';
import { EMPTY_SETTINGS, type MojoDescriptor } from '@goalhost/model';
import { plugin as sample } from '../fixtures/plugins/sample-plugin';
import { projectWith, xml } from '../support/project';

const descriptor = descriptorFromGoals(sample);
const mojo = (goal: string) => descriptor.mojos.find((m) => m.goal === goal) as MojoDescriptor;

function session(userProperties: Record<string, string> = {}): Session {
  return {
    offline: true,
    debug: false,
    quiet: false,
    batchMode: true,
    showErrors: false,
    userProperties,
    settings: EMPTY_SETTINGS,
    localRepository: '/repo',
    workingDirectory: '/work',
    startTime: new Date(0),
    env: { HOME: '/home/u' },
    settingsSecurityFile: '/nope',
  };
}

function bind(
  goal: string,
  options: { configuration?: string; props?: Record<string, string>; properties?: Record<string, string> } = {},
) {
  const project = projectWith([], { properties: options.properties ?? {} });
  const warnings: string[] = [];
  const values = bindParameters({
    mojo: mojo(goal),
    configuration: options.configuration ? xml(options.configuration) : undefined,
    evaluator: new ExpressionEvaluator({ session: session(options.props), project }),
    basedir: project.basedir,
    executionLabel: `org.example:sample-maven-plugin:1.0:${goal} (default-cli)`,
    pluginArtifactId: 'sample-maven-plugin',
    pluginLabel: `sample-maven-plugin:1.0:${goal} (default-cli)`,
    warn: (m) => warnings.push(m),
  });
  return { values: Object.fromEntries([...values].map(([k, v]) => [k, v.value])), warnings };
}

describe('core: parameter binder', () => {
  it('uses defaults, evaluating ${...} expressions and resolving Files against basedir', () => {
    expect(bind('generate').values).to.deep.equal({
      message: 'hello from demo',
      skip: false,
      count: 1,
      outputDirectory: '/work/proj/target/generated',
    });
  });

  it("takes Maven's precedence: <configuration>, then -D, then project <properties>, then default", () => {
    const props = { 'sample.message': 'from -D', 'sample.count': '5' };
    const properties = { 'sample.message': 'from properties', 'sample.count': '9', 'sample.skip': 'true' };
    const { values } = bind('generate', {
      configuration: '<configuration><count>3</count></configuration>',
      props,
      properties,
    });
    expect(values).to.include({ message: 'from -D', count: 3, skip: true });
  });

  it('binds lists from child elements or a comma list, and object arrays from nested elements', () => {
    const configuration = `<configuration>
      <names><name> a </name><name>\${project.version}</name></names>
      <targets><target><dependency><groupId>g</groupId><artifactId>x</artifactId></dependency><targetDir>lib/x</targetDir></target></targets>
    </configuration>`;
    expect(bind('generate', { configuration }).values).to.deep.include({
      names: ['a', '1.0'],
      targets: [{ dependency: { groupId: 'g', artifactId: 'x' }, targetDir: 'lib/x' }],
    });
    expect(bind('generate', { props: { 'sample.names': 'a, b,c' } }).values.names).to.deep.equal(['a', 'b', 'c']);
  });

  it('object-array items carry the class Maven would instantiate: a dotted element name or an implementation attribute', () => {
    const configuration = `<configuration><targets>
      <org.example.Special><targetDir>a</targetDir></org.example.Special>
      <target implementation="org.example.Other"><targetDir>b</targetDir></target>
      <org.example.Empty/>
      <target implementation="org.example.Target"><targetDir>c</targetDir></target>
    </targets></configuration>`;
    expect(bind('generate', { configuration }).values.targets).to.deep.equal([
      { [IMPLEMENTATION_KEY]: 'org.example.Special', targetDir: 'a' },
      { [IMPLEMENTATION_KEY]: 'org.example.Other', targetDir: 'b' },
      { [IMPLEMENTATION_KEY]: 'org.example.Empty' },
      { targetDir: 'c' },
    ]);
  });

  it('evaluates nested expressions', () => {
    const { values } = bind('generate', {
      props: { 'sample.message': '${greeting.${lang}}', lang: 'fr', 'greeting.fr': 'bonjour' },
    });
    expect(values.message).to.equal('bonjour');
  });

  it('names the parameter, the value and the allowed form for values that do not fit', () => {
    expect(() => bind('generate', { props: { 'sample.skip': 'maybe', 'sample.count': 'many' } })).to.throw(
      'Invalid parameter values for goal org.example:sample-maven-plugin:1.0:generate (default-cli): ' +
        "parameter 'count' has value 'many' (from ${sample.count}) but must be a whole number, e.g. 3; " +
        "parameter 'skip' has value 'maybe' (from ${sample.skip}) but must be a boolean: true or false",
    );
  });

  it('reports all missing required parameters together, with the configuration and -D to set them', () => {
    try {
      bind('check');
      expect.fail('should have thrown');
    } catch (e) {
      const error = e as Error & { detail: string[] };
      expect(error.message).to.equal(
        "The parameters 'other', 'thing' for goal org.example:sample-maven-plugin:1.0:check (default-cli) are missing or invalid",
      );
      expect(error.detail).to.deep.equal([
        '',
        "Inside the definition for plugin 'sample-maven-plugin', specify the following:",
        '',
        '<configuration>',
        '  ...',
        '  <other>VALUE</other>',
        '  <thing>VALUE</thing>',
        '</configuration>',
        '',
        '-or-',
        '',
        "on the command line, specify: '-Dsample.thing=VALUE'",
      ]);
    }
  });

  it('warns about unknown parameters in <configuration>, naming the execution', () => {
    const { warnings } = bind('generate', { configuration: '<configuration><mesage>typo</mesage></configuration>' });
    expect(warnings).to.deep.equal([
      "Parameter 'mesage' is unknown for plugin 'sample-maven-plugin:1.0:generate (default-cli)'",
    ]);
  });
});
