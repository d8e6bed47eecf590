import { statSync } from 'node:fs';
import * as path from 'node:path';
import type { Artifact, Coordinates, Project, Repository } from '@goalhost/model';
import type { ArtifactRequest } from './artifact-request';
import { CoordinateResolver, type CoordinateResolution } from './coordinate-resolution';
import { DependencyResolver } from './dependency-resolver';
import type { DependencyNode } from './graph';
import { LockResolution } from './lock-resolution';
import type {
  LockableArtifact,
  LockableDependency,
  LockableFile,
  LockablePom,
  PinnedVersion,
} from './lockable-artifact';
import { BuildPluginVersions, ProjectBuilder, ProjectRepositories, ReactorWorkspace } from './project';
import { ProjectGraphs } from './project-graphs';
import { RecordingLog } from './recording-log';
import { ResolutionCache } from './resolution-cache';
import type { ResolverConfig } from './resolver-config';
import { createRemoteFetcher, LocalRepository, type RemoteRepository } from './transport';
import {
  TrustedChecksums,
  trustedChecksumsConfig,
  VerifyingArtifactResolver,
  type TrustedArtifact,
  type TrustedChecksum,
} from './trusted';
import { listVersions, PluginVersionResolver } from './version';

export interface RepositorySystem {
  /** The effective model of a project on disk. */
  buildProject(pomFile: string): Promise<Project>;
  /** The project and its modules, sorted like Maven's reactor (the root alone without modules). */
  buildReactor(pomFile: string): Promise<Project[]>;
  /**
   * The session's projects (those selected), whose POMs resolution reads from the build from now
   * on (Maven's reactor reader, set up once the projects are read and selected).
   */
  setWorkspace(projects: readonly Project[]): void;
  /**
   * The same resolution with another local repository (Maven's setLocalRepositoryBasedir on a
   * copy of the session): the projects and workspace known here, files and POMs read from and
   * downloaded into `directory`. One per directory.
   */
  withLocalRepository(directory: string): RepositorySystem;
  /**
   * What goalhost provides of the session projects' build extensions once they are all read (as
   * Maven's afterProjectsRead): os-maven-plugin's properties (see os-detect-extension.ts). Returns
   * the projects as the extensions leave them (new objects when changed). Throws OsDetectionError.
   */
  applyBuildExtensions(projects: readonly Project[]): Project[];
  /** Resolved dependencies in Maven's order (pre-order of the mediated tree), files downloaded. */
  resolveDependencies(project: Project, scope: string): Promise<Artifact[]>;
  /** The mediated tree, files not resolved; `verbose`: with the losers Maven's verbose tree keeps (dependency:tree -Dverbose). */
  collectTree(project: Project, scope: string, options?: { readonly verbose?: boolean }): Promise<DependencyNode>;
  /**
   * Path of an artifact file in the local repository, downloading it when needed from the
   * repositories `project` sees (settings' and central only without a project).
   */
  resolveArtifact(request: ArtifactRequest, project?: Project): Promise<string>;
  /** The effective model of a POM in the repositories `project` sees (as resolveArtifact). */
  readProject(coordinates: Coordinates, project?: Project): Promise<Project>;
  /** Every dependency of every scope, files resolved, with where each came from (see lock/). */
  resolveForLock(project: Project, pinned?: PinnedVersion): Promise<LockableArtifact[]>;
  /** The same dependencies, collected only (no file resolved; versions as collected, a snapshot's not timestamped). */
  collectForLock(project: Project): Promise<LockableDependency[]>;
  /** `resolveArtifact` with the repository the file came from. */
  resolveArtifactForLock(request: ArtifactRequest, project: Project): Promise<LockableFile>;
  /** `readProject` with every POM file the model was built from (the POM, its parents, imported BOMs). */
  readProjectForLock(
    coordinates: Coordinates,
    project: Project,
  ): Promise<{ readonly project: Project; readonly poms: readonly LockablePom[] }>;
  /**
   * Every POM read from the local repository to build the project's model and collect its
   * dependencies (parents, imports, the dependencies' POMs and theirs), named by their place.
   */
  pomsForLock(project: Project): Promise<LockablePom[]>;
  /**
   * Maven's check before a project's goals (and, for goal tasks, the top-level project's before
   * any): every build plugin and managed plugin without a version gets one from the plugin
   * repositories' metadata, or the build fails (PluginVersionResolutionError). Plugins for which
   * `runsOwn` is true are goalhost's own: the version registered is the one that runs.
   */
  resolveMissingPluginVersions(
    project: Project,
    runsOwn: (groupId: string, artifactId: string) => boolean,
  ): Promise<void>;
  /**
   * `request` from the repositories `project` sees (the base ones without a project) followed by
   * `extraRepositories` (mirrors applied); with `transitive`, its compile and runtime
   * dependencies too, as Maven resolves a lone coordinate (dependency:get). Files in pre-order.
   */
  resolveCoordinate(request: ArtifactRequest, options: CoordinateResolution): Promise<Artifact[]>;
  /** Forgets every file resolved so far in this process (after files were deleted from the local repository). */
  forgetResolvedFiles(): void;
  /**
   * The remote repositories of `project`'s dependency collection, as maven-dependency-plugin's
   * list-repositories prints them: the project's and those the dependencies' POMs add for their
   * own dependencies, in Maven's hash order.
   */
  collectionRepositories(project: Project): Promise<Repository[]>;
  /**
   * The trusted SHA-256 of an artifact or POM from `repositoryId` (`local` when installed
   * locally), when trusted checksums are verified with SHA-256 and a source holds one.
   */
  trustedSha256(artifact: TrustedArtifact, repositoryId: string): TrustedChecksum | undefined;
  /** Whether trusted checksums are verified or recorded on every resolution (no resolution may then be skipped). */
  readonly checksTrustedChecksums: boolean;
  /** The session's end (Maven's repository system shutdown): recorded trusted checksums are written. */
  endSession(): void;
}

export type { CoordinateResolution };

export function createRepositorySystem(config: ResolverConfig): RepositorySystem {
  return new DefaultRepositorySystem(config);
}

/**
 * The repository system as maven-resolver's DefaultRepositorySystem is one: a front door that
 * wires the components once and hands each request to the one that serves it.
 */
class DefaultRepositorySystem implements RepositorySystem {
  private readonly projects: ProjectBuilder;
  private readonly pluginVersions: BuildPluginVersions;
  private readonly dependencies: DependencyResolver;
  private readonly locks: LockResolution;
  private readonly coordinates: CoordinateResolver;
  private readonly artifacts: VerifyingArtifactResolver;
  private readonly trusted: TrustedChecksums;
  private readonly others = new Map<string, DefaultRepositorySystem>();
  private workspace?: readonly Project[];

  constructor(private readonly config: ResolverConfig) {
    // Every line logged goes through it, so a resolution's lines can be kept with its result.
    const log = new RecordingLog(config.log);
    config = { ...config, log };
    const root = config.launcherProperties?.['maven.multiModuleProjectDirectory'];
    this.trusted = new TrustedChecksums(
      trustedChecksumsConfig(config.userProperties, config.localRepository, root && hasDotMvn(root) ? root : undefined),
      log,
    );
    // The cache's results were made under the usual update policy and local repository bookkeeping;
    // trusted checksums are verified (or recorded) on every resolution, so none is skipped.
    const cacheable =
      !config.updateSnapshots && !config.noSnapshotUpdates && !config.legacyLocalRepository && !this.trusted.enabled;
    const cache =
      config.resolutionCacheDirectory && cacheable
        ? new ResolutionCache(config.resolutionCacheDirectory, (m) => log.debug(m))
        : undefined;
    const local = new LocalRepository(config.localRepository, config.legacyLocalRepository === true);
    const remote = createRemoteFetcher(config, local);
    const versionsOf = (d: Coordinates, repositories: readonly RemoteRepository[]): Promise<string[]> =>
      listVersions(local.basedir, remote, config.offline, d, repositories, (m) => log.warn(m));
    const artifacts = new VerifyingArtifactResolver(
      local,
      config.offline,
      remote,
      config.updateSnapshots,
      config.noSnapshotUpdates === true,
    );
    this.artifacts = artifacts;
    artifacts.verifyWith(this.trusted);
    const repositories = new ProjectRepositories(config.settings);
    const pluginVersionResolver = new PluginVersionResolver(local.basedir, remote, config.offline, artifacts, (m) =>
      log.debug(m),
    );
    this.pluginVersions = new BuildPluginVersions(pluginVersionResolver, repositories, (project) =>
      this.projects.modelOf(project),
    );
    this.projects = new ProjectBuilder(config, {
      local,
      artifacts,
      listVersions: versionsOf,
      repositories,
      pluginVersions: pluginVersionResolver,
    });
    const graphs = new ProjectGraphs(this.projects, repositories, config.settings.mirrors, versionsOf, log);
    this.dependencies = new DependencyResolver(config, log, this.projects, repositories, graphs, artifacts, cache);
    this.locks = new LockResolution(local, this.projects, graphs, this.dependencies);
    this.coordinates = new CoordinateResolver(
      config,
      this.projects,
      repositories,
      this.dependencies,
      artifacts,
      versionsOf,
    );
  }

  buildProject(pomFile: string): Promise<Project> {
    return this.projects.buildProject(pomFile);
  }

  buildReactor(pomFile: string): Promise<Project[]> {
    return this.projects.buildReactor(pomFile);
  }

  setWorkspace(projects: readonly Project[]): void {
    this.workspace = projects;
    this.artifacts.setWorkspace(new ReactorWorkspace(projects));
    for (const other of this.others.values()) other.setWorkspace(projects);
  }

  withLocalRepository(directory: string): RepositorySystem {
    const basedir = path.resolve(directory);
    if (basedir === path.resolve(this.config.localRepository)) return this;
    let other = this.others.get(basedir);
    if (!other) {
      // The resolution cache holds results made with the build's local repository.
      const { resolutionCacheDirectory: _unused, ...config } = this.config;
      other = new DefaultRepositorySystem({ ...config, localRepository: basedir });
      other.projects.adoptProjectsOf(this.projects);
      if (this.workspace) other.setWorkspace(this.workspace);
      this.others.set(basedir, other);
    }
    return other;
  }

  applyBuildExtensions(projects: readonly Project[]): Project[] {
    return this.projects.applyBuildExtensions(projects);
  }

  readProject(coordinates: Coordinates, project?: Project): Promise<Project> {
    return this.projects.readProject(coordinates, project);
  }

  resolveMissingPluginVersions(
    project: Project,
    runsOwn: (groupId: string, artifactId: string) => boolean,
  ): Promise<void> {
    return this.pluginVersions.resolveMissing(project, runsOwn);
  }

  resolveDependencies(project: Project, scope: string): Promise<Artifact[]> {
    return this.dependencies.resolveDependencies(project, scope);
  }

  collectTree(project: Project, scope: string, options?: { readonly verbose?: boolean }): Promise<DependencyNode> {
    return this.dependencies.collectTree(project, scope, options);
  }

  resolveArtifact(request: ArtifactRequest, project?: Project): Promise<string> {
    return this.dependencies.resolveArtifact(request, project);
  }

  resolveCoordinate(request: ArtifactRequest, options: CoordinateResolution): Promise<Artifact[]> {
    return this.coordinates.resolve(request, options);
  }

  forgetResolvedFiles(): void {
    this.coordinates.forgetResolvedFiles();
  }

  collectionRepositories(project: Project): Promise<Repository[]> {
    return this.dependencies.usedRepositories(project);
  }

  resolveForLock(project: Project, pinned?: PinnedVersion): Promise<LockableArtifact[]> {
    return this.locks.resolveForLock(project, pinned);
  }

  collectForLock(project: Project): Promise<LockableDependency[]> {
    return this.locks.collectForLock(project);
  }

  resolveArtifactForLock(request: ArtifactRequest, project: Project): Promise<LockableFile> {
    return this.locks.resolveArtifactForLock(request, project);
  }

  readProjectForLock(
    coordinates: Coordinates,
    project: Project,
  ): Promise<{ readonly project: Project; readonly poms: readonly LockablePom[] }> {
    return this.locks.readProjectForLock(coordinates, project);
  }

  pomsForLock(project: Project): Promise<LockablePom[]> {
    return this.locks.pomsForLock(project);
  }

  get checksTrustedChecksums(): boolean {
    return this.trusted.enabled;
  }

  trustedSha256(artifact: TrustedArtifact, repositoryId: string): TrustedChecksum | undefined {
    return this.trusted.sha256(artifact, repositoryId);
  }

  endSession(): void {
    this.trusted.save();
  }
}

function hasDotMvn(dir: string): boolean {
  return statSync(path.join(dir, '.mvn'), { throwIfNoEntry: false })?.isDirectory() === true;
}
