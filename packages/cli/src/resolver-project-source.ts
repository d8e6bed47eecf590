import * as path from 'node:path';
import { GoalExecutionError, PomReadError, type Log, type Session } from '@goalhost/api';
import { BuildError, type BuildServices, type ProjectSource } from '@goalhost/core';
import type { Project } from '@goalhost/model';
import {
  createRepositorySystem,
  DependencyLocks,
  descriptorProblem,
  LockError,
  LockOrigins,
  LOCK_FILE_NAME,
  OsDetectionError,
  upstreamProjects,
  type RepositorySystem,
} from '@goalhost/resolver';
import type { CliRequest } from './cli-request';
import { cacheBase, digestsFile, lockedOrigins, lockMode, verifiedLocksFile, warnWeakenedLock } from './lock-options';

/**
 * The build's project reading and the goals' resolution: the resolver configured from the
 * request and session, every goal's look-up going through the lock files. Throws on an invalid
 * lock option.
 */
export function resolverProjectSource(
  request: CliRequest,
  session: Session,
  propertyOrigins: Readonly<Record<string, string>>,
  log: Log,
): ProjectSource & { readonly endSession: () => void } {
  const mode = lockMode(session);
  // Only a build that verifies goes by the locks' origins: an update or ignore takes what is served.
  const origins =
    lockedOrigins(session) && mode === 'verify' ? new LockOrigins(topLockFile(request, session)) : undefined;
  const system = createRepositorySystem({
    // As Maven: -nsu wins over -U.
    localRepository: session.localRepository,
    offline: session.offline,
    updateSnapshots: request.updateSnapshots && !request.noSnapshotUpdates,
    noSnapshotUpdates: request.noSnapshotUpdates,
    legacyLocalRepository: request.legacyLocalRepository,
    ...(request.checksumPolicy ? { checksumPolicy: request.checksumPolicy } : {}),
    settings: session.settings,
    userProperties: { ...session.userProperties },
    env: session.env,
    launcherProperties: { ...session.launcherProperties },
    activeProfiles: [...request.activeProfiles],
    inactiveProfiles: [...request.inactiveProfiles],
    log,
    settingsSecurityFile: session.settingsSecurityFile,
    noTransferProgress: request.noTransferProgress,
    downloadThreads: threadsProperty(session.userProperties['maven.artifact.threads']),
    ...resolutionCache(session),
    ...(origins ? { originGuard: (id: string, url: string) => origins.check(id, url) } : {}),
  });
  const locks = new DependencyLocks(system, {
    mode,
    localRepository: session.localRepository,
    digestsFile: digestsFile(session),
    verifiedLocksFile: verifiedLocksFile(session),
    log,
    ...(origins ? { origins } : {}),
  });
  warnWeakenedLock(session, propertyOrigins, log);
  return {
    buildProject: (pom) => system.buildProject(pom),
    buildReactor: (pom) => system.buildReactor(pom),
    setWorkspace: (projects) => system.setWorkspace(projects),
    applyBuildExtensions: (projects) => applyBuildExtensions(system, projects),
    resolveMissingPluginVersions: (project, runsOwn) => system.resolveMissingPluginVersions(project, runsOwn),
    upstreamProjects: (projects) => upstreamProjects(projects),
    servicesFor: (projectLog) => services(locks.withLog(projectLog), system),
    endSession: () => system.endSession(),
  };
}

/** The resolver's build extensions; their failure is a build error, ending the build before any project starts. */
function applyBuildExtensions(system: RepositorySystem, projects: readonly Project[]): Project[] {
  try {
    return system.applyBuildExtensions(projects);
  } catch (e) {
    // os-maven-plugin's extension fails with a MavenExecutionException.
    throw e instanceof OsDetectionError
      ? new BuildError(e.message, e.detail, { cause: e, mavenException: 'MavenExecutionException' })
      : e;
  }
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
    readProject: (coordinates, project) => asPomReadError(asGoalError(locks.readProject(coordinates, project))),
    writeDependencyLock: (project) => locks.writeLock(project),
    lockSources: (project, sources, dryRun) => asGoalError(locks.lockSources(project, sources, dryRun)),
    lockedFiles: (project) => asGoalError(locks.lockedFiles(project)),
    // A lone coordinate is no dependency of the project: its lock does not cover it.
    resolveCoordinate: (request, project, options) =>
      system.resolveCoordinate(request, {
        project,
        transitive: options.transitive,
        extraRepositories: options.repositories ?? [],
        pluginRepositories: options.pluginRepositories ?? false,
      }),
    forgetResolvedFiles: () => system.forgetResolvedFiles(),
    collectionRepositories: (project) => system.collectionRepositories(project),
    withLocalRepository: (directory) =>
      services(locks.withLocalRepository(directory), system.withLocalRepository(directory)),
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

/** A POM that cannot be read is told apart as Maven's artifact descriptor reader does (PomReadError). */
async function asPomReadError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    const problem = descriptorProblem(e);
    if (!problem) throw e;
    throw new PomReadError(problem.kind === 'unreadable' ? problem.reason : (e as Error).message, problem.kind, {
      cause: e,
    });
  }
}

/** The lock file beside the POM the build starts from (`-f`, else the working directory's). */
function topLockFile(request: CliRequest, session: Session): string {
  const given = request.file ? path.resolve(session.workingDirectory, request.file) : session.workingDirectory;
  const dir = given.endsWith('.xml') ? path.dirname(given) : given;
  return path.join(dir, LOCK_FILE_NAME);
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
