import {
  stylesOf,
  Container,
  TOKENS,
  goalMetadataOf,
  isDecoratedGoal,
  isGoalError,
  type GoalClass,
  type GoalContext,
  type GoalInstance,
  type Log,
  type Session,
} from '@goalhost/api';
import type { Artifact, PluginDescriptor, Project } from '@goalhost/model';
import type { BuildListener } from './build-events';
import { repositoryFor, type BuildServices } from './build-services';
import { BuildError } from './errors';
import { ExpressionEvaluator } from './expression-evaluator';
import { executionLabel, type ExecutionPlan, type GoalExecution } from './goal-execution';
import { bindParameters, isSecretParameter, type BoundParameters } from './parameter-binder';
import type { LoadedPlugin, PluginRegistry } from './plugin-registry';

/**
 * A goal failed: carries the execution and Maven's message for it, and the exception Maven's
 * LifecycleExecutionException would wrap (the one its error summary links).
 */
export class ExecutionFailure extends BuildError {
  constructor(
    message: string,
    readonly execution: GoalExecution | undefined,
    detail: readonly string[] = [],
    cause?: unknown,
    mavenException?: string,
  ) {
    super(message, detail, { cause, ...(mavenException ? { mavenException } : {}) });
    this.name = 'ExecutionFailure';
  }
}

/**
 * Runs a plan: for each execution, resolves dependencies when the goal asks, binds its
 * parameters, builds the goal in a child container of the build's container and executes it.
 */
export class Executor {
  private readonly resolved = new Map<string, Promise<Artifact[]>>();

  constructor(
    private readonly container: Container,
    private readonly registry: PluginRegistry,
    private readonly session: Session,
    private readonly services: BuildServices,
    private readonly log: Log,
    private readonly reactorProjects?: readonly Project[],
    private readonly listener: BuildListener = () => {},
  ) {}

  async run(plan: ExecutionPlan): Promise<void> {
    for (const execution of plan.executions) await this.runOne(plan.project, execution);
  }

  private async runOne(project: Project, execution: GoalExecution): Promise<void> {
    // As Maven's MojoExecutor: the project's dependencies are resolved first (their warnings and
    // failures come before the goal's header), then the goal starts and is configured.
    const scope = execution.mojo.requiresDependencyResolution;
    let artifacts: Artifact[] = [];
    if (scope && scope !== 'none') {
      try {
        artifacts = await this.resolve(project, scope);
      } catch (e) {
        throw new ExecutionFailure(
          this.failedGoal(undefined, project, messageOf(e)),
          execution,
          [],
          e,
          DEPENDENCY_RESOLUTION,
        );
      }
    } else if (
      execution.mojo.requiresDependencyCollection &&
      execution.mojo.requiresDependencyCollection !== 'none' &&
      this.services.collectTree
    ) {
      try {
        await this.services.collectTree(project, execution.mojo.requiresDependencyCollection);
      } catch (e) {
        throw new ExecutionFailure(
          this.failedGoal(undefined, project, messageOf(e)),
          execution,
          [],
          e,
          DEPENDENCY_RESOLUTION,
        );
      }
    }
    this.listener({ type: 'MojoStarted', project, execution });
    try {
      await this.execute(project, execution, artifacts, scope);
    } catch (e) {
      this.listener({ type: 'MojoFailed', project, execution, error: e });
      throw e;
    }
    this.listener({ type: 'MojoSucceeded', project, execution });
  }

  /** Binds the goal's parameters, builds the goal in a child container and runs it. */
  private async execute(
    project: Project,
    execution: GoalExecution,
    artifacts: Artifact[],
    scope: string | undefined,
  ): Promise<void> {
    const d = execution.plugin.descriptor;
    const info = {
      id: execution.executionId,
      goal: execution.mojo.goal,
      goalPrefix: d.goalPrefix,
      pluginGroupId: d.groupId,
      pluginArtifactId: d.artifactId,
      pluginVersion: d.version,
      phase: execution.phase,
    };
    const label = executionLabel(execution);
    const evaluator = new ExpressionEvaluator({ session: this.session, project, execution: info });
    let parameters: BoundParameters;
    try {
      parameters = bindParameters({
        mojo: execution.mojo,
        configuration: execution.configuration,
        evaluator,
        basedir: project.basedir,
        executionLabel: label,
        pluginArtifactId: d.artifactId,
        pluginLabel: `${d.artifactId}:${d.version}:${execution.mojo.goal} (${execution.executionId})`,
        warn: (m) => this.log.warn(m),
      });
    } catch (e) {
      throw this.failure(e, execution, project);
    }
    this.debugConfiguration(label, parameters);
    const repository = repositoryFor(this.services, project);
    const context: GoalContext = {
      session: this.session,
      project,
      artifacts,
      execution: info,
      repository,
      log: this.log,
      plugins: this.pluginView(),
      ...(this.reactorProjects ? { reactorProjects: this.reactorProjects } : {}),
      evaluate: (text: string) => evaluator.evaluate(text),
      dependencyTree: this.services.collectTree
        ? (options?: { verbose?: boolean }) => this.services.collectTree!(project, scope ?? 'test', options)
        : undefined,
    } as GoalContext;
    let code: LoadedPlugin;
    try {
      code = execution.plugin.load();
    } catch (e) {
      throw this.failure(e, execution, project);
    }
    const goalClass = code.goalClasses.get(execution.mojo.goal) as GoalClass;
    const child = new Container({ defaultScope: 'Transient' });
    child.parent = this.container;
    if (code.containerModule) child.load(code.containerModule);
    child.bind(TOKENS.GoalContext).toConstantValue(context);
    child.bind(TOKENS.Log).toConstantValue(this.log);
    child.bind(TOKENS.Project).toConstantValue(project);
    child.bind(TOKENS.Session).toConstantValue(this.session);
    child.bind(TOKENS.Artifacts).toConstantValue(artifacts);
    child.bind(TOKENS.Repository).toConstantValue(repository);
    child.bind(goalClass).toSelf();
    try {
      const goal = child.get<GoalInstance>(goalClass);
      assignParameters(goal, goalClass, parameters);
      await goal.execute();
    } catch (e) {
      throw this.failure(e, execution, project);
    }
  }

  private resolve(project: Project, scope: string): Promise<Artifact[]> {
    const key = `${project.file}|${scope}`;
    let pending = this.resolved.get(key);
    if (!pending) {
      pending = this.services.resolveDependencies(project, scope);
      this.resolved.set(key, pending);
    }
    return pending;
  }

  private pluginView(): { find(ref: string): PluginDescriptor | undefined; all(): PluginDescriptor[] } {
    const registry = this.registry;
    return {
      find(ref: string) {
        const parts = ref.split(':');
        const p = parts.length >= 2 ? registry.byKey(parts[0], parts[1]) : registry.byPrefix(ref);
        return p?.descriptor;
      },
      all: () => registry.all().map((p) => p.descriptor),
    };
  }

  private debugConfiguration(label: string, parameters: BoundParameters): void {
    if (!this.log.isDebugEnabled()) return;
    this.log.debug(`Configuring mojo ${label} with basic configurator -->`);
    for (const [name, { value }] of [...parameters].sort(([a], [b]) => a.localeCompare(b))) {
      const shown = isSecretParameter(name)
        ? '***'
        : Array.isArray(value) || typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
      this.log.debug(`  (f) ${name} = ${shown}`);
    }
    this.log.debug('-- end configuration --');
  }

  private failure(e: unknown, execution: GoalExecution, project: Project): ExecutionFailure {
    if (e instanceof ExecutionFailure) return e;
    const detail = e instanceof BuildError ? e.detail : [];
    if (isGoalError(e)) {
      const kind = e.name === 'GoalFailureError' ? 'MojoFailureException' : 'MojoExecutionException';
      return new ExecutionFailure(this.failedGoal(execution, project, e.message), execution, detail, e, kind);
    }
    if (e instanceof BuildError)
      return new ExecutionFailure(
        this.failedGoal(execution, project, e.message),
        execution,
        detail,
        e,
        e.mavenException,
      );
    // Maven: anything else a goal throws is a PluginExecutionException ("Execution ... failed").
    const d = execution.plugin.descriptor;
    const message = `Execution ${execution.executionId} of goal ${d.groupId}:${d.artifactId}:${d.version}:${execution.mojo.goal} failed: ${messageOf(e)}`;
    return new ExecutionFailure(
      this.failedGoal(execution, project, message),
      execution,
      [],
      e,
      'PluginExecutionException',
    );
  }

  /** Maven's `Failed to execute goal G:A:V:goal (id) on project P: message`, styled as Maven styles it. */
  private failedGoal(execution: GoalExecution | undefined, project: Project, message: string): string {
    const style = stylesOf(this.log);
    const d = execution?.plugin.descriptor;
    const goal =
      execution && d
        ? `${style.mojo(`${d.groupId}:${d.artifactId}:${d.version}:${execution.mojo.goal}`)} ${style.strong(`(${execution.executionId})`)} `
        : '';
    return `Failed to execute goal ${goal}on project ${style.project(project.artifactId)}: ${style.failure(message)}`;
  }
}

function assignParameters(goal: GoalInstance, goalClass: GoalClass, parameters: BoundParameters): void {
  // A goal described only by an XML descriptor has no decorators: its fields carry the parameter names.
  const fields = isDecoratedGoal(goalClass)
    ? new Map(goalMetadataOf(goalClass).parameters.map((p) => [p.name, p.field]))
    : new Map<string, string>();
  for (const [name, { value }] of parameters) {
    const field = fields.get(name) ?? name;
    // A descriptor may name a parameter `__proto__`: it is a field, never the goal's prototype.
    if (field === '__proto__')
      Object.defineProperty(goal, field, { value, writable: true, enumerable: true, configurable: true });
    else (goal as unknown as Record<string, unknown>)[field] = value;
  }
}

/** Maven's exception for a project whose dependencies cannot be resolved before its goal runs. */
const DEPENDENCY_RESOLUTION = 'DependencyResolutionException';

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
