import type { ContainerModule, GoalClass, GoalhostPlugin } from '@goalhost/api';
import type { MojoDescriptor, PluginDescriptor } from '@goalhost/model';
import { DuplicateGoalError, UnknownTaskError } from './errors';

/** The code of a plugin, loaded when one of its goals runs. */
export interface LoadedPlugin {
  readonly goalClasses: ReadonlyMap<string, GoalClass>;
  readonly containerModule?: ContainerModule;
}

/** A plugin known to the host: its descriptor (read as data) and a loader for its code. */
export interface RegisteredPlugin {
  readonly descriptor: PluginDescriptor;
  /** Where the plugin came from (package name or module path), for messages. */
  readonly source: string;
  /** Loads the plugin's module (once) and matches its goal classes to the descriptor. */
  load(): LoadedPlugin;
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

  /** Registers a loaded plugin; its goal classes are checked against the descriptor now. */
  register(plugin: GoalhostPlugin, descriptor: PluginDescriptor, source: string): RegisteredPlugin {
    const registered = this.registerLazy(descriptor, source, () => plugin);
    registered.load();
    return registered;
  }

  /**
   * Registers a plugin from its descriptor alone; `loadPlugin` runs the first time one of its
   * goals is executed, so plugins that take no part in a build cost no module loading.
   */
  registerLazy(descriptor: PluginDescriptor, source: string, loadPlugin: () => GoalhostPlugin): RegisteredPlugin {
    this.checkUnique(descriptor, source);
    let loaded: LoadedPlugin | undefined;
    const registered: RegisteredPlugin = {
      descriptor,
      source,
      load: () => (loaded ??= matchGoalClasses(loadPlugin(), descriptor, source)),
    };
    this.plugins.push(registered);
    return registered;
  }

  private checkUnique(descriptor: PluginDescriptor, source: string): void {
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
        [],
        { mavenException: 'MojoNotFoundException' },
      );
    }
    return { plugin, mojo };
  }

  /** Every `prefix:goal`, sorted, for "unknown goal" messages. */
  knownGoals(): string[] {
    return this.plugins.flatMap((p) => p.descriptor.mojos.map((m) => `${p.descriptor.goalPrefix}:${m.goal}`)).sort();
  }
}

function matchGoalClasses(plugin: GoalhostPlugin, descriptor: PluginDescriptor, source: string): LoadedPlugin {
  const goalClasses = new Map<string, GoalClass>();
  for (const goalClass of plugin.goals) {
    const mojo = descriptor.mojos.find((m) => implementationMatches(m.implementation, goalClass));
    if (mojo) goalClasses.set(mojo.goal, goalClass);
  }
  for (const mojo of descriptor.mojos) {
    if (!goalClasses.has(mojo.goal)) {
      throw new DuplicateGoalError(
        `Plugin ${source} declares goal '${descriptor.goalPrefix}:${mojo.goal}' in its descriptor ` +
          `(implementation '${mojo.implementation}') but exports no goal class for it`,
      );
    }
  }
  return { goalClasses, containerModule: plugin.containerModule };
}

/** A descriptor names its implementation `module#ClassName` or just `ClassName`. */
function implementationMatches(implementation: string, goalClass: GoalClass): boolean {
  const name = implementation.includes('#')
    ? implementation.slice(implementation.lastIndexOf('#') + 1)
    : implementation;
  return name === goalClass.name || name.endsWith(`.${goalClass.name}`);
}
