import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { descriptorFromGoals, goalMetadataOf, type GoalContext } from '@goalhost/api';
import { describePlugin } from '@goalhost/help';
import { readPluginDescriptor, type PluginDescriptor } from '@goalhost/model';
import { plugin as cleanPlugin } from '@goalhost/plugin-clean';
import { DescribeGoal, plugin as helpPlugin } from '@goalhost/plugin-help';
import { ROOT } from '../support/paths';
import { RecordingLog } from './recording-log';

/** The host's view of registered plugins: by prefix or groupId:artifactId[:version]. */
function pluginView(descriptors: PluginDescriptor[]): NonNullable<GoalContext['plugins']> {
  return {
    find(ref: string) {
      const parts = ref.split(':');
      return parts.length >= 2
        ? descriptors.find((d) => d.groupId === parts[0] && d.artifactId === parts[1])
        : descriptors.find((d) => d.goalPrefix === ref);
    },
    all: () => descriptors,
  };
}

describe('help: the help:describe goal', () => {
  const file = path.join(ROOT, 'plugin-descriptor.xml');
  const cxx = readPluginDescriptor(fs.readFileSync(file, 'utf8'), file);
  const clean = descriptorFromGoals(cleanPlugin, { packageName: '@goalhost/plugin-clean' });
  const help = descriptorFromGoals(helpPlugin, { packageName: '@goalhost/plugin-help' });
  let log: RecordingLog;

  /** `plugins: null` runs the goal in a host that provides no descriptors. */
  function run(
    parameters: Partial<DescribeGoal>,
    plugins: GoalContext['plugins'] | null = pluginView([clean, cxx, help]),
  ): void {
    log = new RecordingLog();
    const goal = new DescribeGoal({ log, plugins: plugins ?? undefined } as unknown as GoalContext);
    Object.assign(goal, { detail: false, minimal: false }, parameters);
    goal.execute();
  }

  function failure(parameters: Partial<DescribeGoal>, plugins?: GoalContext['plugins'] | null): string {
    try {
      run(parameters, plugins);
    } catch (e) {
      return `${(e as Error).name}: ${(e as Error).message}`;
    }
    return 'no failure';
  }

  it('is declared as maven-help-plugin 3.4.0 declares describe: no project needed, an aggregator', () => {
    const meta = goalMetadataOf(DescribeGoal);
    expect([meta.name, meta.requiresProject, meta.aggregator]).to.deep.equal(['describe', false, true]);
    expect(
      help.mojos
        .find((m) => m.goal === 'describe')!
        .parameters.map((p) => `${p.name}${p.alias ? `/${p.alias}` : ''}=${p.expression ?? ''}`),
    ).to.deep.equal([
      'artifactId=${artifactId}',
      'detail=${detail}',
      'goal=${goal}',
      'groupId=${groupId}',
      'minimal=${minimal}',
      'output=${output}',
      'plugin/prefix=${plugin}',
      'version=${version}',
    ]);
  });

  it('logs the description of a plugin found by prefix as one message', () => {
    run({ plugin: 'cxx' });
    expect(log.entries).to.deep.equal([`[INFO] ${describePlugin(cxx)}`]);
  });

  it('finds a plugin by groupId:artifactId, groupId:artifactId:version, or the groupId/artifactId parameters', () => {
    const expected = [`[INFO] ${describePlugin(cxx, { goal: 'unpack-dependencies', detail: true })}`];
    run({ plugin: 'org.codehaus.mojo:cxx-maven-plugin', goal: 'unpack-dependencies', detail: true });
    expect(log.entries).to.deep.equal(expected);
    run({ plugin: 'org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT', goal: 'unpack-dependencies', detail: true });
    expect(log.entries).to.deep.equal(expected);
    run({ groupId: 'org.codehaus.mojo', artifactId: 'cxx-maven-plugin', goal: 'unpack-dependencies', detail: true });
    expect(log.entries).to.deep.equal(expected);
  });

  it('describes itself and the clean plugin from their decorators', () => {
    run({ plugin: 'clean', goal: 'clean' });
    expect(log.entries).to.deep.equal([
      [
        "[INFO] Mojo: 'clean:clean'",
        'clean:clean',
        "  Description: Deletes what the build made in the project's directory: by",
        '    default the build directory (project.build.directory) and the main and test',
        '    output directories, without following symbolic links out of them.',
        '',
        "For more information, run 'goalhost help:describe [...] -Ddetail'",
        '',
      ].join('\n'),
    ]);
    run({ plugin: 'help', minimal: true });
    expect(log.entries[0].split('\n').slice(0, 3)).to.deep.equal([
      '[INFO] org.apache.maven.plugins:maven-help-plugin:3.4.0',
      '',
      'Name: Apache Maven Help Plugin',
    ]);
  });

  it('writes to -Doutput instead of the log, creating parent directories', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-describe-'));
    try {
      const output = path.join(dir, 'sub', 'cxx.txt');
      run({ plugin: 'cxx', output });
      expect(log.entries).to.deep.equal([`[INFO] Wrote descriptions to: ${output}`]);
      expect(fs.readFileSync(output, 'utf8')).to.equal(describePlugin(cxx));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an unknown prefix or key fails, listing the known plugins', () => {
    const known =
      'Known plugins: clean (org.apache.maven.plugins:maven-clean-plugin:3.2.0), cxx (org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT), help (org.apache.maven.plugins:maven-help-plugin:3.4.0)';
    expect(failure({ plugin: 'cpp' })).to.equal(
      `GoalExecutionError: Unable to find the plugin with prefix: cpp. ${known}`,
    );
    expect(failure({ plugin: 'org.example:nothing-maven-plugin' })).to.equal(
      `GoalExecutionError: Unable to find the plugin org.example:nothing-maven-plugin. ${known}`,
    );
  });

  it('an unknown goal fails, naming the plugin and listing its goals', () => {
    expect(failure({ plugin: 'cxx', goal: 'unpack' })).to.equal(
      "GoalFailureError: The goal 'unpack' does not exist in the plugin 'cxx'; it has: scm-dependencies, unpack-dependencies",
    );
  });

  it('another version than the registered one fails, saying which version there is', () => {
    expect(failure({ plugin: 'org.codehaus.mojo:cxx-maven-plugin:0.0.5' })).to.equal(
      'GoalExecutionError: Plugin org.codehaus.mojo:cxx-maven-plugin is available in version 0.0.6-SNAPSHOT only, not 0.0.5; run help:describe -Dplugin=org.codehaus.mojo:cxx-maven-plugin to describe it',
    );
  });

  it('no plugin named, or a malformed one, fails with the forms that work', () => {
    expect(failure({})).to.equal(
      [
        "GoalFailureError: You must specify either: both 'groupId' and 'artifactId' parameters OR a 'plugin' parameter. For instance:",
        '  # goalhost help:describe -Dplugin=cxx',
        'or',
        '  # goalhost help:describe -Dplugin=org.apache.maven.plugins:maven-help-plugin',
        'or',
        '  # goalhost help:describe -DgroupId=org.apache.maven.plugins -DartifactId=maven-help-plugin',
        '',
        "Try 'goalhost help:describe -Dplugin=help -Ddetail' for more information.",
      ].join('\n'),
    );
    expect(failure({ plugin: 'a:b:c:d' })).to.equal(
      "GoalFailureError: plugin parameter must be a plugin prefix, or conform to: 'groupId:artifactId[:version]'.",
    );
  });

  it('a host without plugin descriptors is reported as such', () => {
    expect(failure({ plugin: 'cxx' }, null)).to.equal(
      'GoalExecutionError: help:describe needs the plugin descriptors of the host (GoalContext.plugins), and this host provides none',
    );
  });
});
