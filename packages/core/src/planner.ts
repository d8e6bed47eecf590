import type { Plugin, PluginExecution, Project, XmlElement } from '@goalhost/model';
import { mergeConfiguration } from './configuration-merge';
import { UnknownTaskError } from './errors';
import type { ExecutionPlan, GoalExecution } from './goal-execution';
import { allPhases, lifecycleOf, phasesUpTo } from './lifecycles';
import type { PluginRegistry, RegisteredPlugin } from './plugin-registry';

/** A goal named on the command line: `prefix:goal`, `g:a:goal` or `g:a:v:goal`, optionally `@id`. */
interface GoalTask {
  readonly pluginRef: { prefix: string } | { groupId: string; artifactId: string; version?: string };
  readonly goal: string;
  readonly executionId?: string;
}

/**
 * Turns the command line's tasks into an ordered plan for one project, in Maven's order:
 * phases in lifecycle order; within a phase, default bindings first, then the POM's plugins
 * in declaration order, their executions in order, and the goals of each execution in order.
 */
export class Planner {
  constructor(
    private readonly registry: PluginRegistry,
    private readonly warn: (message: string) => void,
  ) {}

  plan(tasks: readonly string[], project: Project): ExecutionPlan {
    const executions: GoalExecution[] = [];
    for (const task of tasks) {
      if (task.includes(':')) executions.push(this.goalTask(parseGoalTask(task), project));
      else executions.push(...this.phaseTask(task, project));
    }
    return { project, executions };
  }

  /** Checks tasks before any project is read: unknown phases and goals fail early. */
  validateTasks(tasks: readonly string[]): void {
    for (const task of tasks) {
      if (task.includes(':')) {
        const parsed = parseGoalTask(task);
        this.registry.goal(this.pluginFor(parsed, task), parsed.goal);
      } else if (!lifecycleOf(task)) {
        throw new UnknownTaskError(
          `Unknown lifecycle phase "${task}". You must specify a valid lifecycle phase or a goal in the format ` +
            `<plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>. ` +
            `Available lifecycle phases are: ${allPhases().join(', ')}. Available goals are: ${this.registry.knownGoals().join(', ')}.`,
          [],
          { mavenException: 'LifecyclePhaseNotFoundException' },
        );
      }
    }
  }

  private goalTask(task: GoalTask, project: Project): GoalExecution {
    const plugin = this.pluginFor(task, formatTask(task));
    const { mojo } = this.registry.goal(plugin, task.goal);
    const declared = effectivePlugin(project, plugin);
    const executionId = task.executionId ?? 'default-cli';
    const execution = declared?.executions.find((e) => e.id === executionId);
    if (task.executionId && !execution) {
      this.warn(
        `Execution '${task.executionId}' is not declared for plugin ${plugin.descriptor.artifactId}; running with the plugin-level configuration`,
      );
    }
    return {
      plugin,
      mojo,
      executionId,
      configuration: mergeConfiguration(execution?.configuration, declared?.configuration),
    };
  }

  private phaseTask(phase: string, project: Project): GoalExecution[] {
    if (!lifecycleOf(phase)) this.validateTasks([phase]);
    const lifecycle = lifecycleOf(phase)!;
    const phases = phasesUpTo(phase);
    const byPhase = new Map<string, GoalExecution[]>(phases.map((p) => [p, []]));
    for (const [boundPhase, goal] of Object.entries(lifecycle.defaultBindings)) {
      if (!byPhase.has(boundPhase)) continue;
      const [prefix, goalName] = goal.split(':');
      const plugin = this.registry.byPrefix(prefix);
      if (!plugin) continue;
      const { mojo } = this.registry.goal(plugin, goalName);
      const declared = effectivePlugin(project, plugin);
      const executionId = `default-${goalName}`;
      const execution = declared?.executions.find((e) => e.id === executionId);
      byPhase.get(boundPhase)!.push({
        plugin,
        mojo,
        executionId,
        phase: boundPhase,
        configuration: mergeConfiguration(execution?.configuration, declared?.configuration),
      });
    }
    for (const declared of project.build.plugins.map((p) => withManagement(project, p))) {
      for (const execution of declared.executions) {
        for (const goal of execution.goals) this.bind(declared, execution, goal, lifecycle.phases, byPhase);
      }
    }
    return phases.flatMap((p) => byPhase.get(p) ?? []);
  }

  private bind(
    declared: Plugin,
    execution: PluginExecution,
    goal: string,
    lifecyclePhases: readonly string[],
    byPhase: Map<string, GoalExecution[]>,
  ): void {
    const plugin = this.registry.byKey(declared.groupId, declared.artifactId);
    if (!plugin) {
      const phase = execution.phase;
      if (phase && byPhase.has(phase)) {
        throw new UnknownTaskError(
          `Plugin ${declared.groupId}:${declared.artifactId}${declared.version ? `:${declared.version}` : ''} ` +
            `(execution '${execution.id}', phase ${phase}) is not available in goalhost. Register it with the ` +
            `goalhost.plugins property (see README "Writing a plugin") or remove the execution. Available plugins: ` +
            this.registry
              .all()
              .map((p) => `${p.descriptor.groupId}:${p.descriptor.artifactId}`)
              .join(', '),
          [],
          { mavenException: 'PluginResolutionException' },
        );
      }
      return;
    }
    const { mojo } = this.registry.goal(plugin, goal);
    const phase = execution.phase ?? mojo.phase;
    if (!phase) return;
    if (!lifecycleOf(phase)) {
      this.warn(
        `Execution '${execution.id}' of ${declared.artifactId} is bound to unknown phase '${phase}'; it never runs`,
      );
      return;
    }
    if (!lifecyclePhases.includes(phase)) return;
    if (declared.version && declared.version !== plugin.descriptor.version) {
      this.warn(
        `${declared.groupId}:${declared.artifactId}:${declared.version} is declared in the POM; goalhost runs version ${plugin.descriptor.version}`,
      );
    }
    byPhase.get(phase)?.push({
      plugin,
      mojo,
      executionId: execution.id,
      phase,
      configuration: mergeConfiguration(execution.configuration, declared.configuration),
    });
  }

  private pluginFor(task: GoalTask, text: string): RegisteredPlugin {
    const ref = task.pluginRef;
    const plugin =
      'prefix' in ref ? this.registry.byPrefix(ref.prefix) : this.registry.byKey(ref.groupId, ref.artifactId);
    if (!plugin) {
      throw new UnknownTaskError(
        `No plugin found for ${'prefix' in ref ? `prefix '${ref.prefix}'` : `${ref.groupId}:${ref.artifactId}`} ` +
          `(task '${text}'). Available goals are: ${this.registry.knownGoals().join(', ')}`,
        [],
        { mavenException: 'prefix' in ref ? 'NoPluginFoundForPrefixException' : 'PluginResolutionException' },
      );
    }
    return plugin;
  }
}

function parseGoalTask(task: string): GoalTask {
  const at = task.indexOf('@');
  const executionId = at >= 0 ? task.slice(at + 1) : undefined;
  const parts = (at >= 0 ? task.slice(0, at) : task).split(':');
  if (parts.some((p) => p === '') || parts.length < 2 || parts.length > 4 || executionId === '') {
    throw new UnknownTaskError(
      `Invalid task '${task}': use <plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>, optionally followed by @<execution-id>`,
    );
  }
  const goal = parts[parts.length - 1];
  if (parts.length === 2) return { pluginRef: { prefix: parts[0] }, goal, executionId };
  return {
    pluginRef: { groupId: parts[0], artifactId: parts[1], version: parts.length === 4 ? parts[2] : undefined },
    goal,
    executionId,
  };
}

function formatTask(task: GoalTask): string {
  const ref = task.pluginRef;
  const plugin = 'prefix' in ref ? ref.prefix : `${ref.groupId}:${ref.artifactId}`;
  return `${plugin}:${task.goal}${task.executionId ? `@${task.executionId}` : ''}`;
}

/** The project's declaration of a plugin (build/plugins, else pluginManagement), with management applied. */
function effectivePlugin(project: Project, plugin: RegisteredPlugin): Plugin | undefined {
  const { groupId, artifactId } = plugin.descriptor;
  const same = (p: Plugin) => p.groupId === groupId && p.artifactId === artifactId;
  const declared = project.build.plugins.find(same);
  if (declared) return withManagement(project, declared);
  return project.build.pluginManagement.find(same);
}

/** Applies the matching pluginManagement entry to a declared plugin (Maven's management injection). */
function withManagement(project: Project, declared: Plugin): Plugin {
  const managed = project.build.pluginManagement.find(
    (p) => p.groupId === declared.groupId && p.artifactId === declared.artifactId,
  );
  if (!managed) return declared;
  const executions: PluginExecution[] = managed.executions.map((m) => {
    const own = declared.executions.find((e) => e.id === m.id);
    return own ? mergeExecution(own, m) : m;
  });
  for (const e of declared.executions) if (!executions.some((x) => x.id === e.id)) executions.push(e);
  return {
    ...declared,
    version: declared.version ?? managed.version,
    configuration: mergeConfiguration(declared.configuration, managed.configuration),
    executions,
  };
}

function mergeExecution(own: PluginExecution, managed: PluginExecution): PluginExecution {
  const configuration: XmlElement | undefined = mergeConfiguration(own.configuration, managed.configuration);
  return {
    id: own.id,
    phase: own.phase ?? managed.phase,
    goals: [...new Set([...managed.goals, ...own.goals])],
    configuration,
  };
}
