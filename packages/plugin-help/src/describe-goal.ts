import * as fs from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalExecutionError, GoalFailureError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { describePlugin, UnknownGoalError } from '@goalhost/help';
import type { PluginDescriptor } from '@goalhost/model';

/** help:describe — prints a plugin's goals and parameters from its descriptor, as maven-help-plugin does. */
@Goal({
  name: 'describe',
  description:
    'Describes a plugin and its goals from the plugin descriptor: name, coordinates, goal prefix and, per goal, ' +
    'its description; with detail also each parameter, its default value and user property.',
  requiresProject: false,
  aggregator: true,
  threadSafe: false,
})
export class DescribeGoal {
  @Parameter({
    type: 'java.lang.String',
    property: 'plugin',
    alias: 'prefix',
    description: 'The plugin to describe: a goal prefix (cxx), groupId:artifactId, or groupId:artifactId:version.',
  })
  plugin?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'groupId',
    description: 'The groupId of the plugin to describe; used together with artifactId.',
  })
  groupId?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'artifactId',
    description: 'The artifactId of the plugin to describe; used together with groupId.',
  })
  artifactId?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'version',
    description: 'The version of the plugin to describe; used together with groupId and artifactId.',
  })
  version?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'goal',
    since: '2.1',
    description: 'Describe only this goal of the plugin instead of the whole plugin.',
  })
  goal?: string;

  @Parameter({
    type: 'boolean',
    property: 'detail',
    defaultValue: 'false',
    since: '2.1',
    description: 'Also list every parameter of each goal described.',
  })
  detail = false;

  @Parameter({
    type: 'boolean',
    property: 'minimal',
    defaultValue: 'false',
    since: '2.1',
    description: 'Describe the plugin only, without its goals.',
  })
  minimal = false;

  @Parameter({
    type: 'java.io.File',
    property: 'output',
    description: 'Write the description to this file instead of the log.',
  })
  output?: string;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  execute(): void {
    const descriptor = this.lookup();
    let text: string;
    try {
      text = describePlugin(descriptor, { goal: this.goal || undefined, detail: this.detail, minimal: this.minimal });
    } catch (e) {
      if (e instanceof UnknownGoalError) throw new GoalFailureError(e.message);
      throw e;
    }
    if (this.output) {
      try {
        fs.mkdirSync(path.dirname(this.output), { recursive: true });
        fs.writeFileSync(this.output, text);
      } catch (e) {
        throw new GoalExecutionError(
          `Cannot write plugin/goal description to output: ${this.output} (${(e as Error).message})`,
          { cause: e },
        );
      }
      this.context.log.info(`Wrote descriptions to: ${this.output}`);
    } else {
      this.context.log.info(text);
    }
  }

  private lookup(): PluginDescriptor {
    const plugins = this.context.plugins;
    if (!plugins) {
      throw new GoalExecutionError(
        'help:describe needs the plugin descriptors of the host (GoalContext.plugins), and this host provides none',
      );
    }
    const { prefix, key, version } = this.target();
    const found = plugins.find(prefix ?? key);
    if (!found) {
      const known = plugins
        .all()
        .map((d) => `${d.goalPrefix} (${d.groupId}:${d.artifactId}:${d.version})`)
        .sort();
      const what =
        prefix !== undefined ? `Unable to find the plugin with prefix: ${prefix}` : `Unable to find the plugin ${key}`;
      throw new GoalExecutionError(`${what}. Known plugins: ${known.join(', ') || 'none'}`);
    }
    if (version !== undefined && version !== found.version) {
      throw new GoalExecutionError(
        `Plugin ${key} is available in version ${found.version} only, not ${version}; ` +
          `run help:describe -Dplugin=${key} to describe it`,
      );
    }
    return found;
  }

  /** What `plugin` (or groupId/artifactId/version) names: a prefix or groupId:artifactId[:version]. */
  private target(): { prefix?: string; key: string; version?: string } {
    if (this.plugin) {
      if (!this.plugin.includes(':')) return { prefix: this.plugin, key: this.plugin };
      const parts = this.plugin.split(':');
      while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop(); // as Java's split
      if (parts.length === 1) return { prefix: parts[0], key: parts[0] };
      if (parts.length === 2 || parts.length === 3) {
        return { key: `${parts[0]}:${parts[1]}`, ...(parts[2] ? { version: parts[2] } : {}) };
      }
      throw new GoalFailureError(
        `plugin parameter must be a plugin prefix, or conform to: 'groupId:artifactId[:version]'.`,
      );
    }
    if (this.groupId && this.artifactId) {
      return { key: `${this.groupId}:${this.artifactId}`, ...(this.version ? { version: this.version } : {}) };
    }
    throw new GoalFailureError(
      [
        "You must specify either: both 'groupId' and 'artifactId' parameters OR a 'plugin' parameter. For instance:",
        '  # goalhost help:describe -Dplugin=cxx',
        'or',
        '  # goalhost help:describe -Dplugin=org.apache.maven.plugins:maven-help-plugin',
        'or',
        '  # goalhost help:describe -DgroupId=org.apache.maven.plugins -DartifactId=maven-help-plugin',
        '',
        "Try 'goalhost help:describe -Dplugin=help -Ddetail' for more information.",
      ].join('\n'),
    );
  }
}
