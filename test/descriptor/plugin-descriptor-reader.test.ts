import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readPluginDescriptor, writePluginDescriptorXml } from '@goalhost/model';
import { ROOT } from '../support/paths';

/** A hand-written plugin.xml in the shape Maven 2-era and 3.x tools write, with a few optional elements. */
const HAND_WRITTEN = `<?xml version="1.0" encoding="UTF-8"?>
<plugin>
  <name>Hand Plugin</name>
  <description>Does things by hand.</description>
  <groupId>org.example</groupId>
  <artifactId>hand-maven-plugin</artifactId>
  <version>2.0</version>
  <goalPrefix>hand</goalPrefix>
  <mojos>
    <mojo>
      <goal>wave</goal>
      <description>Waves.</description>
      <requiresDependencyResolution>runtime</requiresDependencyResolution>
      <requiresProject>false</requiresProject>
      <executePhase>validate</executePhase>
      <implementation>org.example.WaveMojo</implementation>
      <deprecated></deprecated>
      <parameters>
        <parameter>
          <name>speed</name>
          <alias>pace</alias>
          <type>int</type>
          <required>true</required>
          <description>How fast.</description>
        </parameter>
        <parameter>
          <name>hands</name>
          <type>java.util.List&lt;java.lang.String&gt;</type>
          <editable>false</editable>
        </parameter>
      </parameters>
      <configuration>
        <speed implementation="int" default-value="3">\${hand.speed}</speed>
        <hands implementation="java.util.List">\${project.build.directory}/hands</hands>
      </configuration>
      <requirements>
        <requirement><role>org.example.Helper</role><field-name>helper</field-name></requirement>
      </requirements>
    </mojo>
  </mojos>
</plugin>
`;

function errorOf(xml: string): string {
  try {
    readPluginDescriptor(xml, 'plugin.xml');
  } catch (e) {
    return (e as Error).message;
  }
  return 'no error';
}

describe('descriptor: readPluginDescriptor', () => {
  it('merges each parameter with its <configuration> entry and applies Maven defaults', () => {
    expect(readPluginDescriptor(HAND_WRITTEN, 'hand.xml')).to.deep.equal({
      name: 'Hand Plugin',
      description: 'Does things by hand.',
      groupId: 'org.example',
      artifactId: 'hand-maven-plugin',
      version: '2.0',
      goalPrefix: 'hand',
      source: 'hand.xml',
      mojos: [
        {
          goal: 'wave',
          description: 'Waves.',
          requiresDependencyResolution: 'runtime',
          requiresProject: false,
          aggregator: false,
          requiresOnline: false,
          executePhase: 'validate',
          implementation: 'org.example.WaveMojo',
          language: 'java',
          deprecated: '',
          threadSafe: false,
          parameters: [
            {
              name: 'speed',
              alias: 'pace',
              type: 'int',
              required: true,
              editable: true,
              description: 'How fast.',
              expression: '${hand.speed}',
              defaultValue: '3',
            },
            {
              name: 'hands',
              type: 'java.util.List<java.lang.String>',
              required: false,
              editable: false,
              description: '',
              expression: '${project.build.directory}/hands',
              implementation: 'java.util.List',
            },
          ],
        },
      ],
    });
  });

  it('reads the committed plugin-descriptor.xml and writes it back byte for byte', () => {
    const file = path.join(ROOT, 'plugin-descriptor.xml');
    const xml = fs.readFileSync(file, 'utf8');
    const d = readPluginDescriptor(xml, file);
    expect([d.groupId, d.artifactId, d.version, d.goalPrefix]).to.deep.equal([
      'org.codehaus.mojo',
      'cxx-maven-plugin',
      '0.0.6-SNAPSHOT',
      'cxx',
    ]);
    expect(writePluginDescriptorXml(d, { generatedBy: 'goalhost tools/generate-descriptor.js' })).to.equal(xml);
  });

  it('rejects a file whose root is not <plugin>', () => {
    expect(errorOf('<project>\n  <modelVersion>4.0.0</modelVersion>\n</project>')).to.equal(
      "Invalid plugin descriptor plugin.xml:1:1 (in project): the root element is <project>; a plugin descriptor's root element is <plugin>",
    );
  });

  it('names the missing plugin coordinate and shows what to add', () => {
    const xml = HAND_WRITTEN.replace('  <goalPrefix>hand</goalPrefix>\n', '');
    expect(errorOf(xml)).to.equal(
      'Invalid plugin descriptor plugin.xml:2:1 (in plugin): missing <goalPrefix>; add e.g. <goalPrefix>example</goalPrefix>',
    );
  });

  it('names the mojo and the parameter whose <type> is missing', () => {
    const xml = HAND_WRITTEN.replace('<type>int</type>', '');
    expect(errorOf(xml)).to.equal(
      "Invalid plugin descriptor plugin.xml:19:9 (in plugin/mojos/mojo[goal='wave']/parameters/parameter[name='speed']): missing <type>; add e.g. <type>java.lang.String</type>",
    );
  });

  it('points at a mojo without <goal> by position', () => {
    const xml = HAND_WRITTEN.replace('<goal>wave</goal>', '<goal> </goal>');
    expect(errorOf(xml)).to.equal(
      'Invalid plugin descriptor plugin.xml:11:7 (in plugin/mojos/mojo[1]): <goal> is empty; add e.g. <goal>my-goal</goal>',
    );
  });

  it('rejects a boolean element that is neither true nor false', () => {
    const xml = HAND_WRITTEN.replace(
      '<requiresProject>false</requiresProject>',
      '<requiresProject>no</requiresProject>',
    );
    expect(errorOf(xml)).to.equal(
      "Invalid plugin descriptor plugin.xml:14:7 (in plugin/mojos/mojo[goal='wave']/requiresProject): 'no' is not a boolean; use true or false",
    );
  });

  it('rejects an unknown resolution scope, listing the valid ones', () => {
    const xml = HAND_WRITTEN.replace('>runtime<', '>everything<');
    expect(errorOf(xml)).to.equal(
      "Invalid plugin descriptor plugin.xml:13:7 (in plugin/mojos/mojo[goal='wave']/requiresDependencyResolution): 'everything' is not a resolution scope; use one of compile, compile+runtime, runtime, runtime+system, test",
    );
  });

  it('rejects a <configuration> entry for a parameter that is not declared', () => {
    const xml = HAND_WRITTEN.replace('<hands implementation', '<feet implementation').replace('</hands>', '</feet>');
    expect(errorOf(xml)).to.equal(
      "Invalid plugin descriptor plugin.xml:34:9 (in plugin/mojos/mojo[goal='wave']/configuration/feet): configuration entry <feet> has no matching <parameter> in plugin/mojos/mojo[goal='wave']/parameters; declare the parameter or remove the entry",
    );
  });

  it('rejects a goal declared twice', () => {
    const mojo = / {4}<mojo>[\s\S]*<\/mojo>\n/.exec(HAND_WRITTEN)![0];
    const xml = HAND_WRITTEN.replace(mojo, mojo + mojo);
    expect(errorOf(xml)).to.equal(
      "Invalid plugin descriptor plugin.xml:40:5 (in plugin/mojos/mojo[2]): goal 'wave' is declared twice; each <mojo> needs its own <goal>",
    );
  });

  it('reports malformed XML with file, line and element path', () => {
    const xml = HAND_WRITTEN.replace(
      '</description>\n      <requiresDependencyResolution>',
      '\n      <requiresDependencyResolution>',
    );
    expect(errorOf(xml)).to.match(/^Malformed XML in plugin\.xml:\d+:\d+ \(in plugin\/mojos\/mojo\/description\): /);
  });
});
