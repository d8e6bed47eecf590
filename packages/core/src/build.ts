import * as fs from 'node:fs';
import * as path from 'node:path';
import { Container, type Session } from '@goalhost/api';
import type { Project } from '@goalhost/model';
import type { BuildComponents } from './build-components';
import type { ProjectOutcome } from './build-events';
import { BUILDERS, type BuildRequest } from './build-request';
import { BuildError } from './errors';
import { Executor } from './executor';
import { allPhases } from './lifecycles';
import { Planner } from './planner';
import { PluginRegistry } from './plugin-registry';
import { selectProjects } from './project-selection';
import { buildReactorProjects } from './reactor-builder';
import { standaloneProject } from './standalone-project';
import { warnNotThreadSafe } from './thread-safety';

/** What failed a build: an error, and the reactor project whose build it failed, if it was one's. */
export interface BuildFailure {
  readonly error: unknown;
  readonly project?: Project;
}

/** How a build ended. */
export interface BuildResult {
  /** The session's projects in build order; empty when the build failed before they were read. */
  readonly projects: readonly Project[];
  /** In the order they happened (several with fail-at-end and fail-never); empty when the build succeeded. */
  readonly failures: readonly BuildFailure[];
}

/** Maven's NoGoalSpecifiedException: no task, or no project left to build (every one excluded). */
function noGoals(): BuildError {
  return new BuildError(
    'No goals have been specified for this build. You must specify a valid lifecycle phase or a goal in the format ' +
      '<plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>. ' +
      `Available lifecycle phases are: ${allPhases().join(', ')}.`,
    [],
    { mavenException: 'NoGoalSpecifiedException' },
  );
}

/** The reactor of a session: its projects in build order and Maven's top-level project. */
interface Reactor {
  readonly projects: Project[];
  /** The project of the POM the build started from, selected or not; absent without a POM. */
  readonly topLevel?: Project;
}

/**
 * Runs a build as Maven's DefaultMaven and LifecycleStarter do: checks the tasks, reads and
 * selects the reactor's projects, settles the top-level project's plugin versions for goal
 * tasks, then has the reactor builder plan and run each project's goals. Everything it does is
 * told to `components.listener`; nothing here formats the console.
 */
export async function build(
  request: BuildRequest,
  session: Session,
  components: BuildComponents,
): Promise<BuildResult> {
  const { log, listener } = components;
  const registry = new PluginRegistry();
  const planner = new Planner(registry, (m) => log.warn(m));
  let reactor: Reactor;
  try {
    reactor = await readReactor(request, registry, planner, components);
  } catch (e) {
    return { projects: [], failures: [{ error: e }] };
  }
  const { projects, topLevel } = reactor;
  listener({ type: 'SessionStarted', projects });
  const end = (outcomes: readonly ProjectOutcome[], failures: readonly BuildFailure[]): BuildResult => {
    listener({
      type: 'SessionEnded',
      projects,
      outcomes,
      success: failures.length === 0,
      startTime: session.startTime,
      threads: request.threads,
    });
    return { projects, failures };
  };
  const skipped = (error: unknown) =>
    end(
      projects.map((project) => ({ project, status: 'SKIPPED', millis: 0 })),
      [{ error }],
    );
  const runsOwn = (groupId: string, artifactId: string): boolean => registry.byKey(groupId, artifactId) !== undefined;
  // As Maven's task segments: a goal task first settles the top-level project's plugin versions.
  if (topLevel && request.tasks.some((t) => t.includes(':'))) {
    try {
      await components.projects.resolveMissingPluginVersions(topLevel, runsOwn);
    } catch (e) {
      return skipped(e);
    }
  }
  if (projects.length === 0 || request.tasks.length === 0) return skipped(noGoals());
  const builder = request.builder ?? (request.threads > 1 ? 'multithreaded' : 'singlethreaded');
  if (!(BUILDERS as readonly string[]).includes(builder)) {
    return skipped(
      new BuildError(
        `The builder requested using id = ${builder} cannot be found`,
        [`Known builders (-b): ${BUILDERS.join(', ')}.`],
        { mavenException: 'BuilderNotFoundException' },
      ),
    );
  }
  if (request.threads >= 2) {
    log.info('');
    log.info(
      `Using the ${builder === 'multithreaded' ? 'MultiThreadedBuilder' : 'SingleThreadedBuilder'} implementation with a thread count of ${request.threads}`,
    );
  }
  // As Maven's MultiThreadedBuilder: never more threads than projects.
  const threads = builder === 'multithreaded' ? Math.min(request.threads, projects.length) : 1;
  // As Maven's BuilderCommon: the thread-safety warning goes with -T over several projects, whatever the builder.
  const parallel = request.threads > 1 && projects.length > 1;
  const { outcomes, failures } = await buildReactorProjects(
    projects,
    {
      threads,
      failureBehavior: request.failureBehavior,
      upstream: components.projects.upstreamProjects(projects),
      ...(components.group ? { group: components.group } : {}),
      // As Maven: when every task is an aggregator goal, it runs once, for the first project.
      ...(projects.length > 1 && onlyAggregators(planner, request.tasks, projects[0]) ? { only: projects[0] } : {}),
    },
    log,
    listener,
    async (project, projectLog) => {
      // The stub project of a run without a POM has no plugins.
      if (topLevel) await components.projects.resolveMissingPluginVersions(project, runsOwn);
      const plan = planner.plan(request.tasks, project);
      if (parallel) warnNotThreadSafe(projectLog, project, plan);
      const services = components.projects.servicesFor(projectLog);
      await new Executor(new Container(), registry, session, services, projectLog, projects, listener).run(plan);
    },
  );
  return end(outcomes, failures);
}

/**
 * Registers the plugins, checks the tasks and reads the projects: the reactor of the POM the
 * build starts from (its modules unless `-N`), selected by `-pl`/`-rf`, as the build extensions
 * leave it; the stub project when there is no POM and no task needs one.
 */
async function readReactor(
  request: BuildRequest,
  registry: PluginRegistry,
  planner: Planner,
  components: BuildComponents,
): Promise<Reactor> {
  const source = components.projects;
  components.plugins.registerBuiltIn(registry);
  planner.validateTasks(
    request.tasks.filter((t) => !t.includes(':') || registry.byPrefix(t.split(':')[0]) || t.split(':').length > 2),
  );
  components.listener({ type: 'ProjectDiscoveryStarted' });
  const pom = pomFile(request);
  let reactor: Reactor;
  if (!pom) {
    if (needsProject(request, registry)) {
      throw new BuildError(
        `The goal you specified requires a project to execute but there is no POM in this directory (${request.baseDirectory}). ` +
          'Please verify you invoked goalhost from the correct directory.',
        [],
        { mavenException: 'MissingProjectException' },
      );
    }
    reactor = { projects: [standaloneProject(request.baseDirectory)] };
  } else {
    const all = request.nonRecursive ? [await source.buildProject(pom)] : await source.buildReactor(pom);
    const topLevel = all.find((p) => p.file === path.resolve(pom)) ?? all[0];
    const selected = selectProjects(all, source.upstreamProjects(all), request, path.dirname(path.resolve(pom)));
    // As DefaultMaven: the reactor reader is set up before the extensions' afterProjectsRead.
    source.setWorkspace(selected);
    const projects = source.applyBuildExtensions(selected);
    reactor = { projects, topLevel: projects[selected.indexOf(topLevel)] ?? topLevel };
  }
  components.plugins.registerNamed(registry, reactor.projects[0] ?? reactor.topLevel!, pom !== undefined);
  planner.validateTasks(request.tasks);
  return reactor;
}

/** Whether every task is an aggregator goal for the project. */
function onlyAggregators(planner: Planner, tasks: readonly string[], project: Project): boolean {
  try {
    const executions = planner.plan(tasks, project).executions;
    return executions.length > 0 && executions.every((x) => x.mojo.aggregator);
  } catch {
    return false; // the build reports it, project by project
  }
}

/**
 * The absolute path of the POM the build starts from: `-f` (a file or a directory), else pom.xml
 * if there is one. A `-f` naming nothing is read all the same: Maven's project building fails on it.
 */
function pomFile(request: BuildRequest): string | undefined {
  const cwd = request.baseDirectory;
  if (request.file) {
    const f = path.resolve(cwd, request.file);
    return fs.existsSync(f) && fs.statSync(f).isDirectory() ? path.join(f, 'pom.xml') : f;
  }
  const file = path.join(cwd, 'pom.xml');
  return fs.existsSync(file) ? file : undefined;
}

function needsProject(request: BuildRequest, registry: PluginRegistry): boolean {
  return request.tasks.some((task) => {
    if (!task.includes(':')) return true;
    const parts = task.split('@')[0].split(':');
    const plugin = parts.length === 2 ? registry.byPrefix(parts[0]) : registry.byKey(parts[0], parts[1]);
    return plugin?.descriptor.mojos.find((m) => m.goal === parts[parts.length - 1])?.requiresProject ?? true;
  });
}
