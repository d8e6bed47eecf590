import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Container, GoalExecutionError, stylesOf, type Log, type Session } from '@goalhost/api';
import { BuildError, Executor, Planner, PluginRegistry, type BuildServices } from '@goalhost/core';
import type { Project } from '@goalhost/model';
import { createRepositorySystem, DependencyLocks, LockError, OsDetectionError, upstreamProjects, type RepositorySystem } from '@goalhost/resolver';
import { logBuildResult, logReactorBuildOrder, logReactorSummary } from './build-log';
import { CliUsageError, usage, type CliRequest } from './cli-request';
import { configureRequest, type ConfiguredRequest } from './project-config';
import { consoleColor } from './console-color';
import { ConsoleLog } from './console-log';
import { cacheBase, digestsFile, lockMode, verifiedLocksFile, warnWeakenedLock } from './lock-options';
import { GroupedLog } from './grouped-log';
import { threadCount, warnNotThreadSafe } from './parallel-build';
import { buildReactorProjects } from './reactor-build';
import { BUILT_IN_PLUGINS, registerPluginModule } from './plugin-loader';
import { pluginModules } from './plugin-sources';
import { createSession } from './session-factory';
import { selectProjects, standaloneProject } from './reactor';
import { VERSION_TEXT } from './version';

export interface CliIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly out: NodeJS.WritableStream & { isTTY?: boolean };
  readonly err: NodeJS.WritableStream & { columns?: number; isTTY?: boolean };
}

/** The directory Maven's launcher finds (`.mvn`), as a system property POMs and parameters can use. */
const MULTI_MODULE_PROJECT_DIRECTORY = 'maven.multiModuleProjectDirectory';

/** Runs goalhost for `argv`; resolves to the process exit code (0 success, 1 failure). */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let configured: ConfiguredRequest;
  try {
    configured = configureRequest(argv, io.cwd, io.env);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.out.write(`[ERROR] ${e.message}\n${usage()}\n`);
    return 1;
  }
  const request = configured.request;
  if (request.help) return write(io, usage());
  if (request.version) return write(io, VERSION_TEXT);
  let color: boolean;
  try {
    color = consoleColor(request.userProperties, io.env, request.batchMode, io.out.isTTY === true);
  } catch (e) {
    io.out.write(`[ERROR] ${(e as Error).message}\n`);
    return 1;
  }
  const consoleLog = new ConsoleLog({
    debug: request.debug, quiet: request.quiet, out: io.out, err: io.err, color,
    progress: !request.batchMode && !request.noTransferProgress && io.err.isTTY === true,
  });
  let threads: number;
  try {
    threads = threadCount(request.threads, os.availableParallelism());
  } catch (e) {
    return fail(consoleLog, request, e);
  }
  const log = threads > 1 ? new GroupedLog(consoleLog) : consoleLog;
  for (const line of configured.debugLines) log.debug(line);
  if (request.tasks.length === 0) {
    log.error(
      'No goals have been specified for this build. You must specify a valid lifecycle phase or a goal in the format ' +
        '<plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>.',
    );
    return 1;
  }
  let session: Session;
  try {
    session = createSession(request, io.cwd, io.env, { [MULTI_MODULE_PROJECT_DIRECTORY]: configured.multiModuleProjectDirectory });
  } catch (e) {
    return fail(log, request, e);
  }
  logSettingsWarnings(log, session.settings.warnings ?? []);
  return build(request, configured.propertyOrigins, session, log, io, threads);
}

/** As Maven's settings processor: what the settings files' strict reading found, before the build. */
function logSettingsWarnings(log: Log, warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  log.warn('');
  log.warn('Some problems were encountered while building the effective settings');
  for (const w of warnings) log.warn(w);
  log.warn('');
}

async function build(
  request: CliRequest,
  propertyOrigins: Readonly<Record<string, string>>,
  session: Session,
  log: Log,
  io: CliIo,
  threads: number,
): Promise<number> {
  const system = createRepositorySystem({
    localRepository: session.localRepository, offline: session.offline, updateSnapshots: request.updateSnapshots,
    settings: session.settings, userProperties: { ...session.userProperties }, env: session.env, launcherProperties: { ...session.launcherProperties },
    activeProfiles: [...request.activeProfiles], inactiveProfiles: [...request.inactiveProfiles], log,
    settingsSecurityFile: session.settingsSecurityFile, noTransferProgress: request.noTransferProgress,
    downloadThreads: threadsProperty(session.userProperties['maven.artifact.threads']),
    ...resolutionCache(session),
  });
  let locks: DependencyLocks;
  try {
    locks = new DependencyLocks(system, {
      mode: lockMode(session), localRepository: session.localRepository, digestsFile: digestsFile(session), verifiedLocksFile: verifiedLocksFile(session), log,
    });
    warnWeakenedLock(session, propertyOrigins, log);
  } catch (e) {
    return fail(log, request, e);
  }
  const registry = new PluginRegistry();
  const planner = new Planner(registry, (m) => log.warn(m));
  let projects: Project[];
  /** Maven's top-level project: the one of the POM the build started from, selected or not. */
  let topLevel: Project | undefined;
  try {
    for (const spec of BUILT_IN_PLUGINS) registerPluginModule(registry, { spec, origin: 'goalhost itself' }, __dirname, session.localRepository);
    planner.validateTasks(request.tasks.filter((t) => !t.includes(':') || registry.byPrefix(t.split(':')[0]) || t.split(':').length > 2));
    const pom = pomFile(request, io.cwd);
    log.info('Scanning for projects...');
    if (!pom) {
      if (needsProject(request, registry)) {
        throw new BuildError(
          `The goal you specified requires a project to execute but there is no POM in this directory (${io.cwd}). ` +
            'Please verify you invoked goalhost from the correct directory.',
        );
      }
      projects = [standaloneProject(io.cwd)];
    } else {
      projects = request.nonRecursive ? [await system.buildProject(pom)] : await system.buildReactor(pom);
      topLevel = projects.find((p) => p.file === path.resolve(io.cwd, pom)) ?? projects[0];
      const selected = selectProjects(projects, request);
      projects = applyBuildExtensions(system, selected);
      topLevel = projects[selected.indexOf(topLevel)] ?? topLevel;
    }
    for (const module of pluginModules(session, propertyOrigins, pom ? projects[0] : undefined, log)) {
      if (!registry.all().some((p) => p.source === module.spec)) registerPluginModule(registry, module, projects[0].basedir, session.localRepository);
    }
    planner.validateTasks(request.tasks);
  } catch (e) {
    return fail(log, request, e);
  }
  const parallel = threads > 1;
  if (projects.length > 1) logReactorBuildOrder(log, projects);
  const runsOwn = (groupId: string, artifactId: string): boolean => registry.byKey(groupId, artifactId) !== undefined;
  // As Maven's task segments: a goal task first settles the top-level project's plugin versions.
  if (topLevel && request.tasks.some((t) => t.includes(':'))) {
    try {
      await system.resolveMissingPluginVersions(topLevel, runsOwn);
    } catch (e) {
      if (projects.length > 1) logReactorSummary(log, projects[0], projects.map((project) => ({ project, status: 'SKIPPED', millis: 0 })));
      return fail(log, request, e, session.startTime, parallel);
    }
  }
  if (parallel) {
    log.info('');
    log.info(`Using the MultiThreadedBuilder implementation with a thread count of ${threads}`);
  }
  const { outcomes, failure, failedProject } = await buildReactorProjects(
    projects,
    {
      threads, failAtEnd: request.failAtEnd, upstream: upstreamProjects(projects),
      ...(log instanceof GroupedLog ? { group: (work) => log.group(work) } : {}),
      // As Maven: when every task is an aggregator goal, it runs once, for the first project.
      ...(projects.length > 1 && onlyAggregators(planner, request.tasks, projects[0]) ? { only: projects[0] } : {}),
    },
    log,
    async (project, projectLog) => {
      // The stub project of a run without a POM has no plugins.
      if (topLevel) await system.resolveMissingPluginVersions(project, runsOwn);
      const plan = planner.plan(request.tasks, project);
      if (parallel) warnNotThreadSafe(projectLog, project, plan);
      await new Executor(new Container(), registry, session, services(locks.withLog(projectLog), system), projectLog, projects).run(plan);
    },
  );
  if (projects.length > 1) logReactorSummary(log, projects[0], outcomes);
  if (failure) {
    const code = fail(log, request, failure, session.startTime, parallel);
    if (failedProject && failedProject !== projects[0]) logResumeHint(log, projects, failedProject);
    return code;
  }
  logBuildResult(log, true, session.startTime, parallel);
  return 0;
}

/**
 * The build extensions goalhost provides, run over the session's projects once they are read
 * (Maven's afterProjectsRead); their failure ends the build before any project starts.
 */
function applyBuildExtensions(system: RepositorySystem, projects: readonly Project[]): Project[] {
  try {
    return system.applyBuildExtensions(projects);
  } catch (e) {
    throw e instanceof OsDetectionError ? new BuildError(e.message, e.detail, { cause: e }) : e;
  }
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

/** Maven's hint after a reactor project other than the first failed: how to go on from it. */
function logResumeHint(log: Log, projects: readonly Project[], failed: Project): void {
  const ambiguous = projects.filter((p) => p.artifactId === failed.artifactId).length > 1;
  log.error('');
  log.error('After correcting the problems, you can resume the build with the command');
  log.error(`  ${stylesOf(log).strong(`goalhost <args> -rf ${ambiguous ? failed.groupId : ''}:${failed.artifactId}`)}`);
}

/**
 * Resolution for the goals: dependencies, the tree, artifact files and POMs go through the lock
 * file of the project a goal runs for. A lock refusing a file a goal asked for fails the goal (a
 * goal error, which goals let through where they skip an artifact that is missing).
 */
function services(locks: DependencyLocks, system: RepositorySystem): BuildServices {
  return {
    resolveDependencies: (project, scope) => locks.resolveDependencies(project, scope),
    collectTree: (project, scope, options) => locks.collectTree(project, scope, options),
    resolveArtifact: (request, project) => asGoalError(locks.resolveArtifact(request, project)),
    readProject: (coordinates, project) => asGoalError(locks.readProject(coordinates, project)),
    writeDependencyLock: (project) => locks.writeLock(project),
    // A lone coordinate is no dependency of the project: its lock does not cover it.
    resolveCoordinate: (request, project, options) =>
      system.resolveCoordinate(request, { project, transitive: options.transitive, extraRepositories: options.repositories ?? [] }),
    forgetResolvedFiles: () => system.forgetResolvedFiles(),
    collectionRepositories: (project) => system.collectionRepositories(project),
  };
}

async function asGoalError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof LockError) throw new GoalExecutionError(e.message, { cause: e });
    throw e;
  }
}

/** `-Dgoalhost.resolution.cache=false` turns the resolution cache off. */
const RESOLUTION_CACHE_PROPERTY = 'goalhost.resolution.cache';

/** The resolution cache's directory: `$XDG_CACHE_HOME/goalhost/resolution` (`~/.cache` by default). */
function resolutionCache(session: Session): { resolutionCacheDirectory?: string } {
  if (session.userProperties[RESOLUTION_CACHE_PROPERTY] === 'false') return {};
  return { resolutionCacheDirectory: path.join(cacheBase(session), 'goalhost', 'resolution') };
}

/** `-Dmaven.artifact.threads=N` (Maven's parallel download count), when it is a positive number. */
function threadsProperty(value: string | undefined): number | undefined {
  const n = value === undefined ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

function pomFile(request: CliRequest, cwd: string): string | undefined {
  if (request.file) {
    const f = path.resolve(cwd, request.file);
    const file = fs.existsSync(f) && fs.statSync(f).isDirectory() ? path.join(f, 'pom.xml') : f;
    if (!fs.existsSync(file)) throw new BuildError(`The specified POM file does not exist: ${file}`);
    return file;
  }
  const file = path.join(cwd, 'pom.xml');
  return fs.existsSync(file) ? file : undefined;
}

function needsProject(request: CliRequest, registry: PluginRegistry): boolean {
  return request.tasks.some((task) => {
    if (!task.includes(':')) return true;
    const parts = task.split('@')[0].split(':');
    const plugin = parts.length === 2 ? registry.byPrefix(parts[0]) : registry.byKey(parts[0], parts[1]);
    return plugin?.descriptor.mojos.find((m) => m.goal === parts[parts.length - 1])?.requiresProject ?? true;
  });
}

function fail(log: Log, request: CliRequest, e: unknown, started?: Date, wallClock = false): number {
  if (started) logBuildResult(log, false, started, wallClock);
  const message = e instanceof Error ? e.message : String(e);
  log.error(message);
  if (e instanceof BuildError) for (const line of e.detail) log.error(line);
  if (request.showErrors && e instanceof Error) {
    log.error('');
    for (let c: unknown = e; c instanceof Error; c = c.cause) log.error(c.stack ?? String(c));
  }
  log.error('');
  const style = stylesOf(log);
  if (!request.showErrors) log.error(`To see the full stack trace of the errors, re-run goalhost with the ${style.strong('-e')} switch.`);
  if (!request.debug) log.error(`Re-run goalhost using the ${style.strong('-X')} switch to enable full debug logging.`);
  return 1;
}

function write(io: CliIo, text: string): number {
  io.out.write(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}
