import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describePlugin, htmlToPlainText, toLines } from '@goalhost/help';
import { readPluginDescriptor, type PluginDescriptor } from '@goalhost/model';
import { ROOT } from '../support/paths';

const GOLDEN_DIR = path.join(ROOT, 'test', 'fixtures', 'help');

/**
 * Compares with test/fixtures/help/<name>; `GOALHOST_UPDATE_GOLDEN=1` rewrites the file instead
 * (after a deliberate descriptor change: review the diff before committing).
 */
function expectGolden(name: string, actual: string): void {
  const file = path.join(GOLDEN_DIR, name);
  if (process.env.GOALHOST_UPDATE_GOLDEN === '1') fs.writeFileSync(file, actual);
  expect(actual).to.equal(fs.readFileSync(file, 'utf8'));
}

describe('help: help:describe text from a descriptor', () => {
  const file = path.join(ROOT, 'plugin-descriptor.xml');
  const cxx: PluginDescriptor = readPluginDescriptor(fs.readFileSync(file, 'utf8'), file);

  it('plugin summary (-Dplugin=cxx)', () => {
    expectGolden('cxx-plugin.txt', describePlugin(cxx));
  });

  it('one goal (-Dplugin=cxx -Dgoal=unpack-dependencies)', () => {
    expectGolden('cxx-unpack-dependencies.txt', describePlugin(cxx, { goal: 'unpack-dependencies' }));
  });

  it('one goal in detail (-Dgoal=unpack-dependencies -Ddetail)', () => {
    expectGolden(
      'cxx-unpack-dependencies-detail.txt',
      describePlugin(cxx, { goal: 'unpack-dependencies', detail: true }),
    );
  });

  it('the whole plugin in detail (-Dplugin=cxx -Ddetail)', () => {
    expectGolden('cxx-plugin-detail.txt', describePlugin(cxx, { detail: true }));
  });

  it('minimal: the plugin summary without goals', () => {
    expect(describePlugin(cxx, { minimal: true, command: 'mvn' })).to.equal(
      [
        'org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT',
        '',
        'Name: cxx-maven-plugin Maven Mojo',
        'Description: A plugin to allow C++ code compilation and check under maven',
        'Group Id: org.codehaus.mojo',
        'Artifact Id: cxx-maven-plugin',
        'Version: 0.0.6-SNAPSHOT',
        'Goal Prefix: cxx',
        '',
        "For more information, run 'mvn help:describe [...] -Ddetail'",
        '',
      ].join('\n'),
    );
  });

  it('an unknown goal names the plugin and lists its goals', () => {
    expect(() => describePlugin(cxx, { goal: 'unpack' })).to.throw(
      "The goal 'unpack' does not exist in the plugin 'cxx'; it has: scm-dependencies, unpack-dependencies",
    );
  });

  it('a plugin without name, goals or descriptions: the id, "Unknown" and "(no description available)"', () => {
    const bare: PluginDescriptor = {
      name: '',
      description: '',
      groupId: 'g',
      artifactId: 'a',
      version: '1',
      goalPrefix: 'p',
      mojos: [],
      source: 'x',
    };
    expect(describePlugin(bare)).to.equal(
      'g:a:1\n\nName: g:a:1\nDescription: (no description available)\nGroup Id: g\nArtifact Id: a\nVersion: 1\nGoal Prefix: p\n\nThis plugin has no goals.\n',
    );
  });

  it("parameters as maven-help-plugin's own tests expect: a ${property} is a user property, anything else an expression", () => {
    const withParameter = (expression: string): PluginDescriptor => ({
      name: 'N',
      description: 'D',
      groupId: 'g',
      artifactId: 'a',
      version: '1',
      goalPrefix: 'p',
      source: 'x',
      mojos: [
        {
          goal: 'm',
          description: 'M',
          requiresProject: true,
          requiresOnline: false,
          aggregator: false,
          threadSafe: false,
          implementation: 'I',
          language: 'java',
          parameters: [
            { name: 'name', type: 'java.lang.String', required: false, editable: true, description: '', expression },
          ],
        },
      ],
    });
    const parametersOf = (d: PluginDescriptor): string =>
      describePlugin(d, { goal: 'm', detail: true }).split('\n\n').slice(1).join('\n\n');
    expect(parametersOf(withParameter('${valid.expression}'))).to.equal(
      '  Available parameters:\n\n    name\n      User property: valid.expression\n      (no description available)\n\n',
    );
    expect(parametersOf(withParameter('${project.build.directory}/generated-sources/foobar'))).to.equal(
      '  Available parameters:\n\n    name\n      Expression: ${project.build.directory}/generated-sources/foobar\n      (no description available)\n\n',
    );
  });

  it('details: alias, required, expressions that are not a plain property, deprecation, hidden read-only parameters, execute phase', () => {
    const d: PluginDescriptor = {
      name: 'N',
      description: 'D',
      groupId: 'g',
      artifactId: 'a',
      version: '1',
      goalPrefix: 'p',
      source: 'x',
      mojos: [
        {
          goal: 'run',
          description: 'Runs.',
          requiresProject: true,
          requiresOnline: false,
          aggregator: false,
          threadSafe: true,
          implementation: 'pkg#Run',
          language: 'typescript',
          deprecated: '',
          executePhase: 'compile',
          executeLifecycle: 'x',
          parameters: [
            {
              name: 'Zeta',
              type: 'int',
              required: true,
              editable: true,
              description: 'Last <i>one</i>.',
              alias: 'z',
              expression: '${a}-${b}',
            },
            {
              name: 'alpha',
              type: 'boolean',
              required: false,
              editable: true,
              description: '',
              deprecated: 'Use Zeta.',
              defaultValue: '',
            },
            { name: 'hidden', type: 'java.lang.String', required: true, editable: false, description: 'Read-only.' },
          ],
        },
      ],
    };
    expect(describePlugin(d, { goal: 'run', detail: true })).to.equal(
      [
        "Mojo: 'p:run'",
        'p:run',
        '  Description: Runs.',
        '  Deprecated. No reason given',
        '  Implementation: pkg#Run',
        '  Language: typescript',
        '  Before this goal executes, it will call:',
        "    Phase: 'compile' in Lifecycle Overlay: 'x'",
        '',
        '  Available parameters:',
        '',
        '    alpha',
        '      (no description available)',
        '      Deprecated. Use Zeta.',
        '',
        '    Zeta',
        '      Alias: z',
        '      Required: Yes',
        '      Expression: ${a}-${b}',
        '      Last one.',
        '',
        '',
      ].join('\n'),
    );
  });
});

describe('help: Maven help line wrapping', () => {
  it('wraps before the word that would reach the line length, continuing at the indentation', () => {
    const text = 'aaaa bbbb cccc dddd';
    // "    aaaa bbbb" is 13 long; 13 + "cccc".length reaches 15, so "cccc" starts a line.
    expect(toLines(text, 2, 2, 15)).to.deep.equal(['    aaaa bbbb', '    cccc dddd']);
    expect(toLines(text, 0, 2, 10)).to.deep.equal(['aaaa bbbb', 'cccc dddd']);
    expect(toLines(text, 0, 2, 9)).to.deep.equal(['aaaa bbbb', 'cccc dddd']);
    expect(toLines(text, 0, 2, 8)).to.deep.equal(['aaaa', 'bbbb', 'cccc', 'dddd']);
  });

  it('keeps a word longer than the line whole, splits text lines and drops trailing empty ones', () => {
    expect(toLines('x averyveryverylongword y', 1, 2, 10)).to.deep.equal(['  x', '  averyveryverylongword', '  y']);
    expect(toLines('one\n\ntwo\n\n', 1, 2, 80)).to.deep.equal(['  one', '  ', '  two']);
    expect(toLines('a  \u00a0b', 0, 2, 80)).to.deep.equal(['a  b']);
  });
});

describe('help: HTML descriptions as plain text', () => {
  it('collapses whitespace and breaks lines around paragraphs, lists and <br>', () => {
    expect(htmlToPlainText('First   line\n  continues.<p>Second <code>para</code>.</p>Tail<br/>end')).to.equal(
      'First line continues.\nSecond para.\nTail\nend',
    );
    expect(htmlToPlainText('Kinds:<ul><li>one</li><li>two</ul>')).to.equal('Kinds:\n* one\n* two');
  });

  it('shows absolute link targets, decodes entities and keeps non-HTML placeholders', () => {
    expect(
      htmlToPlainText('See <a href="https://maven.apache.org/x">the docs</a> or <a href="y.html">here</a>.'),
    ).to.equal('See the docs <https://maven.apache.org/x> or here.');
    expect(htmlToPlainText('&lt;dir&gt; &amp; <outputDirectory>/<group path>')).to.equal(
      '<dir> & <outputDirectory>/<group path>',
    );
  });
});
