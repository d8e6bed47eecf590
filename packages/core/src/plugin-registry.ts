import type { ContainerModule } from 'inversify';
import type { GoalClass, GoalhostPlugin } from '@goalhost/api';
import type { MojoDescriptor, PluginDescriptor } from '@goalhost/model';
import { DuplicateGoalError, UnknownTaskError } from './errors';

/** A plugin known to the host: its descriptor (read as data) and the classes behind its goals. */
export interface RegisteredPlugin {
  readonly descriptor: PluginDescriptor;
  readonly goalClasses: ReadonlyMap<string, GoalClass>;
  readonly containerModule?: ContainerModule;
  /** Where the plugin came from (package name or module path), for messages. */
  readonly source: string;
}

/** A goal found in the registry. */
export interface ResolvedGoal {
  readonly plugin: RegisteredPlugin;
  readonly mojo: MojoDescriptor;
}

/**
 * Registry of plugins, one instance per build. Registering never overwrites: a second plugin
 * claiming a `prefix:goal` or a `groupId:artifactId` already taken is an error naming both.
 */
export class PluginRegistry {
  private readonly plugins: RegisteredPlugin[] = [];

  register(plugin: GoalhostPlugin, descriptor: PluginDescriptor, source: string): RegisteredPlugin {
    const classes = new Map<string, GoalClass>();
    for (const goalClass of plugin.goals) {
      const mojo = descriptor.mojos.find((m) => implementationMatches(m.implementation, goalClass));
      if (mojo) classes.set(mojo.goal, goalClass);
    }
    for (const mojo of descriptor.mojos) {
      if (!classes.has(mojo.goal)) {
        throw new DuplicateGoalError(
          `Plugin ${source} declares goal '${descriptor.goalPrefix}:${mojo.goal}' in its descriptor ` +
            `(implementation '${mojo.implementation}') but exports no goal class for it`,
        );
      }
    }
    for (const other of this.plugins) {
      const o = other.descriptor;
      if (o.groupId === descriptor.groupId && o.artifactId === descriptor.artifactId) {
        throw new DuplicateGoalError(
          `Plugin ${descriptor.groupId}:${descriptor.artifactId} is registered twice: by ${other.source} and by ${source}`,
        );
      }
      if (o.goalPrefix !== descriptor.goalPrefix) continue;
      for (const mojo of descriptor.mojos) {
        if (o.mojos.some((m) => m.goal === mojo.goal)) {
          throw new DuplicateGoalError(
            `Goal '${descriptor.goalPrefix}:${mojo.goal}' is provided twice: by ${other.source} ` +
              `(${o.groupId}:${o.artifactId}:${o.version}) and by ${source} ` +
              `(${descriptor.groupId}:${descriptor.artifactId}:${descriptor.version}); remove one of the plugins`,
          );
        }
      }
    }
    const registered = { descriptor, goalClasses: classes, containerModule: plugin.containerModule, source };
    this.plugins.push(registered);
    return registered;
  }

  all(): readonly RegisteredPlugin[] {
    return this.plugins;
  }

  byPrefix(prefix: string): RegisteredPlugin | undefined {
    return this.plugins.find((p) => p.descriptor.goalPrefix === prefix);
  }

  byKey(groupId: string, artifactId: string): RegisteredPlugin | undefined {
    return this.plugins.find((p) => p.descriptor.groupId === groupId && p.descriptor.artifactId === artifactId);
  }

  /** Finds a goal by prefix or `groupId:artifactId`; an unknown one lists what exists. */
  goal(plugin: RegisteredPlugin, goal: string): ResolvedGoal {
    const mojo = plugin.descriptor.mojos.find((m) => m.goal === goal);
    if (!mojo) {
      const known = plugin.descriptor.mojos.map((m) => `${plugin.descriptor.goalPrefix}:${m.goal}`).join(', ');
      throw new UnknownTaskError(
        `Could not find goal '${goal}' in plugin ${plugin.descriptor.groupId}:${plugin.descriptor.artifactId}:` +
          `${plugin.descriptor.version} among available goals ${known}`,
      );
    }
    return { plugin, mojo };
  }

  /** Every `prefix:goal`, sorted, for "unknown goal" messages. */
  knownGoals(): string[] {
    return this.plugins.flatMap((p) => p.descriptor.mojos.map((m) => `${p.descriptor.goalPrefix}:${m.goal}`)).sort();
  }
}

/** A descriptor names its implementation `module#ClassName` or just `ClassName`. */
function implementationMatches(implementation: string, goalClass: GoalClass): boolean {
  const name = implementation.includes('#') ? implementation.slice(implementation.lastIndexOf('#') + 1) : implementation;
  return name === goalClass.name || name.endsWith(`.${goalClass.name}`);
}
