import type { ContainerModule } from './inversify';
import type { PluginDescriptor } from '@goalhost/model';

/** A goal's code: parameters are assigned to its fields, then `execute` runs. */
export interface GoalInstance {
  execute(): Promise<void> | void;
}

export type GoalClass = new (...args: never[]) => GoalInstance;

/**
 * What a plugin package exports (as `plugin` or default): its goal classes, its descriptor
 * (a path to plugin.xml, or the parsed descriptor; built from the decorators when absent),
 * and optionally a container module with the services its goals inject.
 */
export interface GoalhostPlugin {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly goalPrefix: string;
  readonly name?: string;
  readonly description?: string;
  readonly goals: readonly GoalClass[];
  readonly descriptor?: string | PluginDescriptor;
  readonly containerModule?: ContainerModule;
}
