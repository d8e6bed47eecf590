import type { MojoDescriptor, ParameterDescriptor, PluginDescriptor } from '@goalhost/model';
import { goalMetadataOf, type GoalMetadata, type ParameterMetadata } from './metadata';
import type { GoalClass, GoalhostPlugin } from './plugin';

export interface DescriptorFromGoalsOptions {
  /**
   * npm package (or module path) the goal classes come from; each goal's `implementation`
   * becomes `<packageName>#<ClassName>`, else just the class name.
   */
  readonly packageName?: string;
  /** Where the descriptor came from, for error messages (default: packageName or artifactId). */
  readonly source?: string;
}

/**
 * Builds the plugin descriptor from the `@Goal`/`@Parameter` decorators of a plugin's goal
 * classes: the same data `tools/generate-descriptor.js` writes to plugin.xml. Goals and
 * parameters come out sorted by name, as maven-plugin-tools sorts them.
 */
export function descriptorFromGoals(
  plugin: GoalhostPlugin,
  options: DescriptorFromGoalsOptions = {},
): PluginDescriptor {
  const source = options.source ?? options.packageName ?? `${plugin.groupId}:${plugin.artifactId}`;
  const mojos = plugin.goals.map((goalClass) => mojoFromGoal(goalClass, options.packageName));
  const owners = new Map<string, GoalClass>();
  plugin.goals.forEach((goalClass, i) => {
    const goal = mojos[i].goal;
    const other = owners.get(goal);
    if (other) {
      throw new Error(
        `${source}: goal '${plugin.goalPrefix}:${goal}' is declared by both ${other.name} and ${goalClass.name}; give each @Goal its own name`,
      );
    }
    owners.set(goal, goalClass);
  });
  return {
    name: plugin.name ?? '',
    description: plugin.description ?? '',
    groupId: plugin.groupId,
    artifactId: plugin.artifactId,
    version: plugin.version,
    goalPrefix: plugin.goalPrefix,
    mojos: mojos.sort((a, b) => compare(a.goal, b.goal)),
    source,
  };
}

function mojoFromGoal(goalClass: GoalClass, packageName: string | undefined): MojoDescriptor {
  const meta: GoalMetadata = goalMetadataOf(goalClass);
  return {
    goal: meta.name,
    description: meta.description,
    ...(meta.requiresDependencyResolution ? { requiresDependencyResolution: meta.requiresDependencyResolution } : {}),
    ...(meta.requiresDependencyCollection ? { requiresDependencyCollection: meta.requiresDependencyCollection } : {}),
    requiresProject: meta.requiresProject ?? true,
    requiresOnline: meta.requiresOnline ?? false,
    aggregator: meta.aggregator ?? false,
    threadSafe: meta.threadSafe ?? false,
    ...(meta.defaultPhase ? { phase: meta.defaultPhase } : {}),
    ...(meta.since ? { since: meta.since } : {}),
    implementation: packageName ? `${packageName}#${goalClass.name}` : goalClass.name,
    language: 'typescript',
    parameters: meta.parameters.map(parameterFromMetadata).sort((a, b) => compare(a.name, b.name)),
  };
}

function parameterFromMetadata(p: ParameterMetadata): ParameterDescriptor {
  return {
    name: p.name,
    ...(p.alias ? { alias: p.alias } : {}),
    type: p.type,
    ...(p.since ? { since: p.since } : {}),
    required: p.required ?? false,
    editable: !(p.readonly ?? false),
    description: p.description,
    ...(p.property ? { expression: `\${${p.property}}` } : {}),
    ...(p.defaultValue !== undefined ? { defaultValue: p.defaultValue } : {}),
  };
}

/** Code-unit order, as Java's String.compareTo: stable across locales. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
