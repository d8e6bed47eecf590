import type { MojoDescriptor, Project, XmlElement } from '@goalhost/model';
import type { RegisteredPlugin } from './plugin-registry';

/** One planned run of a goal: what Maven calls a MojoExecution. */
export interface GoalExecution {
  readonly plugin: RegisteredPlugin;
  readonly mojo: MojoDescriptor;
  readonly executionId: string;
  /** The lifecycle phase it runs in; undefined for a goal given on the command line. */
  readonly phase?: string;
  /** Execution configuration merged over the plugin-level configuration. */
  readonly configuration?: XmlElement;
}

/** The ordered executions of one project for the tasks given. */
export interface ExecutionPlan {
  readonly project: Project;
  readonly executions: readonly GoalExecution[];
}

/** `prefix:goal@id`, the form plans are compared in. */
export function executionKey(e: GoalExecution): string {
  return `${e.plugin.descriptor.goalPrefix}:${e.mojo.goal}@${e.executionId}`;
}

/** `groupId:artifactId:version:goal (id)` as in Maven's error lines. */
export function executionLabel(e: GoalExecution): string {
  const d = e.plugin.descriptor;
  return `${d.groupId}:${d.artifactId}:${d.version}:${e.mojo.goal} (${e.executionId})`;
}
