import * as fs from 'node:fs';
import * as path from 'node:path';
import { ownValue, XmlSyntaxError, type Artifact, type Coordinates, type Project, type RawRepository, type Repository } from '@goalhost/model';
import { artifactType } from './artifact-types';
import { ArtifactResolver, artifactString, type ResolvedFile } from './artifact-resolver';
import { DependencyCollector, type DependencyPool, type ListVersions } from './collector';
import { listVersions } from './version-listing';
import { describeConflict, resolveConflicts, VersionConflictError } from './conflict-resolver';
import { resolveConflictsVerbose } from './verbose-conflicts';
import type { DependencyNode } from './dependency-node';
import { DescriptorReader, toGDependency } from './descriptor-reader';
import { ArtifactResolutionError, formatProblem, ProjectBuildingError, ResolutionError } from './errors';
import { uncacheable } from './file-observations';
import { gdepId, type GDependency, type GNode } from './graph';
import { baseVersionOf, isFile, LocalRepository } from './local-repository';
import { ModelBuilder, ModelBuildingFailure, type BuiltModel } from './model-builder';
import { toProject } from './project-factory';
import { buildReactor } from './reactor';
import { aggregateRepositories, fromRaw, fromRepository, type RemoteRepository } from './remote-repository';
import { RecordingLog } from './recording-log';
import { ResolutionCache, resolutionKey, type LoggedLine } from './resolution-cache';
import { settingsProfiles, systemProperties, type ResolverConfig } from './resolver-config';
import { SUPER_POM_MANAGED_PLUGINS, superModel } from './super-pom';
import { lifecyclePlugins } from './lifecycle-plugins';
import { PluginVersionResolutionError, PluginVersionResolver, type VersionlessPlugin } from './plugin-versions';
import { MAVEN_PLUGINS, pluginKey, type WPlugin } from './work-model';
import type { LockableArtifact, LockableFile, LockablePom, PinnedVersion } from './lock/lockable-artifact';
import type { ResolvedEntry } from './lock/lock-diff';
import { createRemoteFetcher } from './transport-factory';
import { isInside } from './real-path';
import { isProvidedExtension, runOsDetectExtension } from './os-detect-extension';
import { legacyRangeText } from './legacy-version-range';
import { isVersionRange } from './version-range';

export interface ArtifactRequest extends Coordinates {
  readonly type?: string;
  readonly classifier?: string;
  readonly extension?: string;
}

export interface RepositorySystem {
  /** The effective model of a project on disk. */
  buildProject(pomFile: string): Promise<Project>;
  /** The project and its modules, sorted like Maven's reactor (the root alone without modules). */
  buildReactor(pomFile: string): Promise<Project[]>;
  /**
   * What goalhost provides of the session projects' build extensions once they are all read (as
   * Maven's afterProjectsRead): os-maven-plugin's properties (see os-detect-extension.ts). Returns
   * the projects as the extensions leave them (new objects when changed). Throws OsDetectionError.
   */
  applyBuildExtensions(projects: readonly Project[]): Project[];
  /** Resolved dependencies in Maven's order (pre-order of the mediated tree), files downloaded. */
  resolveDependencies(project: Project, scope: string): Promise<Artifact[]>;
  /** The mediated dependency tree (collection only: files are not resolved). */
  /** The mediated tree; `verbose`: with the losers Maven's verbose tree keeps (dependency:tree -Dverbose). */
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
  collectForLock(project: Project): Promise<ResolvedEntry[]>;
  /** `resolveArtifact` with the repository the file came from. */
  resolveArtifactForLock(request: ArtifactRequest, project: Project): Promise<LockableFile>;
  /** `readProject` with every POM file the model was built from (the POM, its parents, imported BOMs). */
  readProjectForLock(coordinates: Coordinates, project: Project): Promise<{ readonly project: Project; readonly poms: readonly LockablePom[] }>;
  /**
   * Maven's check before a project's goals (and, for goal tasks, the top-level project's before
   * any): every build plugin and managed plugin without a version gets one from the plugin
   * repositories' metadata, or the build fails (PluginVersionResolutionError). Plugins for which
   * `runsOwn` is true are goalhost's own: the version registered is the one that runs.
   */
  resolveMissingPluginVersions(project: Project, runsOwn: (groupId: string, artifactId: string) => boolean): Promise<void>;
  /**
   * `request` from the repositories `project` sees (the base ones without a project) followed by
   * `extraRepositories` (mirrors applied); with `transitive`, its compile and runtime
   * dependencies too, as Maven resolves a lone coordinate (dependency:get). Files in pre-order.
   */
  resolveCoordinate(request: ArtifactRequest, options: CoordinateResolution): Promise<Artifact[]>;
  /** Forgets every file resolved so far in this process (after files were deleted from the local repository). */
  forgetResolvedFiles(): void;
  /**
   * The remote repositories a collection of `project`'s dependencies starts from, as Maven's
   * dependency collector lists them: the session's (settings, super POM), then the project's own.
   */
  collectionRepositories(project: Project): Promise<Repository[]>;
}

export interface CoordinateResolution {
  readonly project?: Project;
  readonly extraRepositories?: readonly RawRepository[];
  readonly transitive: boolean;
}

export function createRepositorySystem(config: ResolverConfig): RepositorySystem {
  return new DefaultRepositorySystem(config);
}

/** Scopes included by Maven's `requiresDependencyResolution` values. */
export const SCOPES: Record<string, readonly string[]> = {
  compile: ['compile', 'system', 'provided'],
  runtime: ['compile', 'runtime'],
  'compile+runtime': ['compile', 'system', 'provided', 'runtime'],
  'runtime+system': ['compile', 'runtime', 'system'],
  test: ['compile', 'system', 'provided', 'runtime', 'test'],
};

/**
 * Maven's resolution filter leaves out the known scopes a resolution scope does not take in
 * (LifecycleDependencyResolver negates them): a scope Maven does not know, such as `import` on a
 * plain dependency, is always taken in.
 */
function takenBy(scopes: readonly string[], scope: string): boolean {
  const known = SCOPES.test; // every scope Maven knows
  return !known.includes(scope) || scopes.includes(scope);
}

class DefaultRepositorySystem implements RepositorySystem {
  private readonly local: LocalRepository;
  private readonly resolver: ArtifactResolver;
  private readonly builder: ModelBuilder<readonly RemoteRepository[]>;
  private readonly descriptors: DescriptorReader;
  private readonly built = new WeakMap<Project, BuiltModel>();
  /** Projects built so far by POM file: parents in the reactor are not built again. */
  private readonly projectFiles = new Set<string>();
  private readonly graphs = new Map<Project, Promise<GNode>>();
  private readonly verboseGraphs = new Map<Project, Promise<GNode>>();
  private readonly treeGraphs = new Map<Project, Promise<GNode>>();
  /** Maven interns equal dependencies session-wide; only verbose trees can tell (scope strings). */
  private readonly verbosePool: DependencyPool = new Map();
  /** Repositories from active settings profiles and the super POM, mirrors applied. */
  private readonly baseRepositories: RemoteRepository[];
  private readonly config: ResolverConfig;
  /** Every line logged goes through it, so a resolution's lines can be kept with its result. */
  private readonly log: RecordingLog;
  private readonly cache?: ResolutionCache;
  private systemProperties: Record<string, string>;
  private readonly listVersions: ListVersions;
  private readonly pluginVersions: PluginVersionResolver;
  /** Plugin repositories from active settings profiles and the super POM, mirrors applied. */
  private readonly basePluginRepositories: RemoteRepository[];

  constructor(config: ResolverConfig) {
    this.log = new RecordingLog(config.log);
    this.config = config = { ...config, log: this.log };
    if (config.resolutionCacheDirectory && !config.updateSnapshots) {
      this.cache = new ResolutionCache(config.resolutionCacheDirectory, (m) => this.log.debug(m));
    }
    this.systemProperties = systemProperties(config.env, config.userProperties, config.launcherProperties);
    this.local = new LocalRepository(config.localRepository);
    const remote = createRemoteFetcher(config, this.local);
    this.listVersions = (d, repositories) => listVersions(this.local.basedir, remote, config.offline, d, repositories);
    this.resolver = new ArtifactResolver(this.local, config.offline, remote, config.updateSnapshots);
    const profiles = settingsProfiles(config.settings);
    const active = profiles.filter((p) => config.settings.activeProfiles.includes(p.id) || p.activation?.activeByDefault === 'true');
    const declared = [...active.flatMap((p) => p.base.repositories), ...superModel().base.repositories].map(fromRaw);
    this.baseRepositories = aggregateRepositories([], declared, config.settings.mirrors, true);
    const declaredPlugin = [...active.flatMap((p) => p.base.pluginRepositories), ...superModel().base.pluginRepositories].map(fromRaw);
    this.basePluginRepositories = aggregateRepositories([], declaredPlugin, config.settings.mirrors, true);
    this.pluginVersions = new PluginVersionResolver(this.local.basedir, remote, config.offline, this.resolver, (m) => this.log.debug(m));
    const activeIds = [...config.activeProfiles, ...config.settings.activeProfiles.filter((p) => !config.inactiveProfiles.includes(p))];
    /** The repositories a parent or import is looked up in: the ones its child declares first. */
    const withDeclared = (context: readonly RemoteRepository[], declared: readonly RawRepository[]): readonly RemoteRepository[] => {
      if (declared.length === 0) return context;
      const own = aggregateRepositories([], declared.map(fromRaw), config.settings.mirrors, true);
      return aggregateRepositories(own, context, config.settings.mirrors, false);
    };
    this.builder = new ModelBuilder<readonly RemoteRepository[]>({
      userProperties: config.userProperties,
      systemProperties: this.systemProperties,
      activeProfileIds: activeIds,
      inactiveProfileIds: config.inactiveProfiles,
      externalProfiles: profiles,
      buildStartTime: new Date(),
      resolvePom: (g, a, v, context, declaredRepos) =>
        this.resolver.resolve({ groupId: g, artifactId: a, version: v, classifier: '', extension: 'pom' }, withDeclared(context, declaredRepos)),
      listVersions: (g, a, range, context, declaredRepos) =>
        listVersions(this.local.basedir, remote, config.offline, { groupId: g, artifactId: a, version: range }, withDeclared(context, declaredRepos)),
      isRepositoryFile: (file) => isInside(file, this.local.basedir),
    });
    this.descriptors = new DescriptorReader((g, a, v, repos) => this.builder.repositoryModel(g, a, v, repos));
  }

  async buildProject(pomFile: string): Promise<Project> {
    const file = path.resolve(pomFile);
    let built: BuiltModel;
    try {
      built = await this.builder.buildProject(file, this.baseRepositories);
    } catch (e) {
      if (e instanceof ModelBuildingFailure) throw new ProjectBuildingError(file, e.modelId, e.problems);
      throw e;
    }
    this.projectFiles.add(file);
    await this.resolveExtensionVersions(built, file);
    await this.checkParentProject(built);
    this.logModelWarnings(built);
    const project = toProject(built, file);
    this.built.set(project, built);
    return project;
  }

  /**
   * Maven also builds a project's parent as a project (unless it is in the reactor) and only
   * warns when that fails, e.g. for a parent whose dependencies need the child's properties.
   */
  private async checkParentProject(built: BuiltModel): Promise<void> {
    const parentFile = built.parentFile;
    if (!parentFile || this.projectFiles.has(parentFile)) return;
    try {
      await this.builder.buildProject(parentFile, this.baseRepositories, !built.parentLocal);
    } catch (e) {
      if (!(e instanceof ModelBuildingFailure) && !(e instanceof XmlSyntaxError)) throw e;
      const m = built.model;
      this.config.log.warn(`Failed to build parent project for ${m.groupId}:${m.artifactId}:${m.packaging ?? 'jar'}:${m.version}`);
    }
  }

  /**
   * A build plugin with `<extensions>true</extensions>` is loaded while the project is built, so
   * a version no POM gives it is resolved then (after pluginManagement, before the lifecycle's
   * versions): failing, the project cannot be read ("Unresolveable build extension").
   */
  private async resolveExtensionVersions(built: BuiltModel, file: string): Promise<void> {
    for (const p of built.model.build.plugins) {
      if (p.extensions?.toLowerCase() !== 'true' || p.version !== undefined || SUPER_POM_MANAGED_PLUGINS.has(pluginKey(p))) continue;
      if (isProvidedExtension(p)) continue;
      try {
        await this.pluginVersions.resolve(versionless(p), this.pluginRepositories(built));
      } catch (e) {
        if (!(e instanceof PluginVersionResolutionError)) throw e;
        const problem = { severity: 'ERROR' as const, message: `Unresolveable build extension: ${e.message}`, modelId: built.id };
        throw new ProjectBuildingError(file, built.id, [...built.problems, problem]);
      }
    }
  }

  async resolveMissingPluginVersions(project: Project, runsOwn: (groupId: string, artifactId: string) => boolean): Promise<void> {
    const built = await this.modelOf(project);
    const { plugins, pluginManagement } = built.model.build;
    const lifecycle = new Set<string>(lifecyclePlugins(built.model.packaging ?? 'jar').map((d) => `${MAVEN_PLUGINS}:${d.artifactId}`));
    const repositories = this.pluginRepositories(built);
    const needed = (p: WPlugin): boolean =>
      !SUPER_POM_MANAGED_PLUGINS.has(pluginKey(p)) && !runsOwn(p.groupId ?? MAVEN_PLUGINS, p.artifactId ?? '') && !isProvidedExtension(p);
    // The build's plugins as the lifecycle leaves them (its own plugins carry its versions), then the managed ones.
    const versioned = new Set(lifecycle);
    for (const p of plugins) {
      const key = pluginKey(p);
      if (p.version === undefined && !lifecycle.has(key) && needed(p)) await this.pluginVersions.resolve(versionless(p), repositories);
      versioned.add(key);
    }
    for (const p of pluginManagement) {
      if (p.version === undefined && !versioned.has(pluginKey(p)) && needed(p)) await this.pluginVersions.resolve(versionless(p), repositories);
    }
  }

  /** Maven's remote plugin repositories of a project: its own (mirrored), then the settings' and the super POM's. */
  private pluginRepositories(built: BuiltModel): RemoteRepository[] {
    const own = aggregateRepositories([], built.model.pluginRepositories.map(fromRaw), this.config.settings.mirrors, true);
    return aggregateRepositories(own, this.basePluginRepositories, this.config.settings.mirrors, false);
  }

  buildReactor(pomFile: string): Promise<Project[]> {
    return buildReactor(pomFile, (f) => this.buildProject(f));
  }

  applyBuildExtensions(projects: readonly Project[]): Project[] {
    const built = projects.map((p) => this.built.get(p));
    const models = built.flatMap((b) => (b ? [b.model] : []));
    const added = runOsDetectExtension(models, {
      userProperties: this.config.userProperties,
      systemProperties: this.systemProperties,
      readFile: readTextOrUndefined,
      info: (line) => this.log.info(line),
    });
    if (!added) return [...projects];
    this.systemProperties = { ...this.systemProperties, ...added };
    this.builder.addSystemProperties(added);
    return projects.map((p, i) => {
      const b = built[i];
      if (!b) return p;
      const changed = toProject(b, p.file);
      this.built.set(changed, b);
      return changed;
    });
  }

  private logModelWarnings(built: BuiltModel): void {
    const warnings = built.problems.filter((p) => p.severity === 'WARNING');
    if (warnings.length === 0) return;
    const m = built.model;
    const log = this.config.log;
    log.warn('');
    log.warn(`Some problems were encountered while building the effective model for ${m.groupId}:${m.artifactId}:${m.packaging ?? 'jar'}:${m.version}`);
    for (const w of warnings) log.warn(formatProblem(w, built.id));
    log.warn('');
    log.warn('It is highly recommended to fix these problems because they threaten the stability of your build.');
    log.warn('');
    log.warn('For this reason, future Maven versions might no longer support building such malformed projects.');
    log.warn('');
  }

  private async modelOf(project: Project): Promise<BuiltModel> {
    const known = this.built.get(project);
    if (known) return known;
    const rebuilt = await this.builder.buildProject(project.file, this.baseRepositories);
    this.built.set(project, rebuilt);
    return rebuilt;
  }

  /** The remote repositories a project's goals resolve from; the base ones for no project. */
  private async repositoriesOf(project: Project | undefined): Promise<RemoteRepository[]> {
    // The stub project of a run without a POM (standalone-pom) has no file to build: it sees the base ones.
    if (!project || (!this.built.has(project) && !fs.existsSync(project.file))) return this.baseRepositories;
    return this.projectRepositories(await this.modelOf(project));
  }

  private projectRepositories(built: BuiltModel): RemoteRepository[] {
    const own = aggregateRepositories([], built.model.repositories.map(fromRaw), this.config.settings.mirrors, true);
    return aggregateRepositories(own, this.baseRepositories, this.config.settings.mirrors, false);
  }

  /** The collected and mediated graph of a project (computed once per project). */
  private graph(project: Project): Promise<GNode> {
    let graph = this.graphs.get(project);
    if (!graph) {
      graph = this.collect(project);
      this.graphs.set(project, graph);
    }
    return graph;
  }

  /**
   * The graph dependency:tree -Dverbose prints: collected again (after the plain graph, whose
   * warnings and failures come first, as Maven's core collects before the goal runs) and
   * mediated in verbose mode.
   */
  private verboseGraph(project: Project): Promise<GNode> {
    let graph = this.verboseGraphs.get(project);
    if (!graph) {
      graph = this.graph(project).then(() => this.collect(project, true));
      this.verboseGraphs.set(project, graph);
    }
    return graph;
  }

  /**
   * The graph plain dependency:tree prints. Maven's core gives the project's dependency
   * artifacts the versions resolution picked, and the tree collects again from those: a direct
   * dependency that lost to a range elsewhere comes back at its own place with the winning
   * version. The resolved graph itself when no direct version changes (nearly always).
   */
  private treeGraph(project: Project): Promise<GNode> {
    let graph = this.treeGraphs.get(project);
    if (!graph) {
      graph = this.graph(project).then(async (root) => {
        // One winner per conflict: every children list once, without recursion.
        const resolved = new Map<string, string>();
        const seen = new Set<GNode[]>([root.children]);
        for (const work = [root]; work.length > 0; ) {
          for (const child of work.pop()!.children) {
            const d = child.dependency!;
            resolved.set(dependencyConflictId(d), d.version);
            if (!seen.has(child.children)) {
              seen.add(child.children);
              work.push(child);
            }
          }
        }
        const built = await this.modelOf(project);
        const changed = built.model.dependencies.map(toGDependency).some((d) => {
          const v = resolved.get(dependencyConflictId(d));
          return v !== undefined && v !== d.version;
        });
        return changed ? this.collect(project, false, resolved) : root;
      });
      this.treeGraphs.set(project, graph);
    }
    return graph;
  }

  /** Collects and mediates; `verbose` and `directVersions` (the trees' second collections) log nothing. */
  private async collect(project: Project, verbose = false, directVersions?: ReadonlyMap<string, string>): Promise<GNode> {
    const quiet = verbose || directVersions !== undefined;
    const built = await this.modelOf(project);
    const m = built.model;
    const id = projectId(project);
    const repositories = this.projectRepositories(built);
    const t = artifactType(m.packaging ?? 'jar');
    const rootArtifact: GDependency = {
      groupId: project.groupId, artifactId: project.artifactId, version: project.version, type: project.packaging,
      classifier: '', extension: t.extension, scope: '', optional: false, exclusions: [],
    };
    const collector = new DependencyCollector(
      (d, repos) => this.descriptors.read(d, repos),
      this.config.settings.mirrors,
      m.dependencyManagement.map(toGDependency),
      quiet ? () => undefined : (message) => this.config.log.warn(message),
      this.listVersions,
      verbose ? this.verbosePool : undefined,
      quiet ? undefined : (text) => this.config.log.progress?.(text),
    );
    let result;
    try {
      // The project's own ranges reach the collector as Maven 3's project artifacts write them.
      let dependencies = m.dependencies.map(toGDependency).map((d) => {
        const legacy = isVersionRange(d.version) ? legacyRangeText(d.version) : undefined;
        return legacy === undefined ? d : { ...d, version: legacy };
      });
      if (directVersions) dependencies = dependencies.map((d) => ({ ...d, version: directVersions.get(dependencyConflictId(d)) ?? d.version }));
      result = await collector.collect(rootArtifact, dependencies, repositories);
    } catch (e) {
      if (e instanceof XmlSyntaxError) throw new ResolutionError(id, e.message, { cause: e });
      throw e;
    } finally {
      if (!quiet) this.config.log.progressDone?.();
    }
    if (result.errors.length > 0) {
      const first = result.errors[0];
      throw new ResolutionError(id, `Failed to collect dependencies at ${first.path}: ${first.error.message}`, { cause: first.error });
    }
    if (verbose) {
      resolveConflictsVerbose(result.root);
      return result.root;
    }
    try {
      resolveConflicts(result.root);
    } catch (e) {
      if (!(e instanceof VersionConflictError)) throw e;
      throw new ResolutionError(id, `Failed to collect dependencies for ${gdepId(rootArtifact)}: ${describeConflict(result.root, e.key)}`, { cause: e });
    }
    for (const child of quiet ? [] : result.root.children) {
      if (child.relocationIds.length === 0) continue;
      const message = await this.descriptors.relocationMessage(toFrom(child), repositories);
      this.config.log.warn(`The artifact ${child.relocationIds[0]} has been relocated to ${gdepId(child.dependency!)}${message ? `: ${message}` : ''}`);
    }
    return result.root;
  }

  /**
   * Resolved through the cache when there is one: a result is reused only when the resolution
   * would run from scratch here (this project's graph not collected yet in this process, so its
   * log lines are all its own) and stored only when nothing made it unrepeatable.
   */
  async resolveDependencies(project: Project, scope: string): Promise<Artifact[]> {
    if (!this.cache || this.graphs.has(project) || this.log.recording) return this.resolveNow(project, scope);
    const built = await this.modelOf(project);
    const key = this.cacheKey(project, built, scope);
    const hit = this.cache.lookup(project.file, scope, key);
    if (hit) {
      for (const line of hit.log) this.log[line.level](line.message);
      return hit.artifacts;
    }
    const lines: LoggedLine[] = [];
    this.log.recording = lines;
    let artifacts: Artifact[];
    try {
      artifacts = await this.resolveNow(project, scope);
    } finally {
      this.log.recording = undefined;
    }
    const reason = uncacheable();
    if (reason) this.log.debug(`Resolution cache: not storing the resolution of ${project.file}: ${reason}`);
    else this.cache.store(project.file, scope, key, { artifacts, log: lines });
    return artifacts;
  }

  /** Everything besides files that decides a project's resolution. */
  private cacheKey(project: Project, built: BuiltModel, scope: string): string {
    const c = this.config;
    const m = built.model;
    return resolutionKey({
      localRepository: c.localRepository, offline: c.offline, settings: c.settings, userProperties: c.userProperties,
      systemProperties: this.systemProperties, activeProfiles: c.activeProfiles, inactiveProfiles: c.inactiveProfiles,
      debug: this.log.isDebugEnabled(), scope, pom: project.file,
      project: [project.groupId, project.artifactId, project.version, project.packaging, m.packaging ?? 'jar'],
      dependencies: m.dependencies.map(toGDependency), managed: m.dependencyManagement.map(toGDependency),
      repositories: this.projectRepositories(built),
    });
  }

  private async resolveNow(project: Project, scope: string): Promise<Artifact[]> {
    const root = await this.graph(project);
    const scopes = ownValue(SCOPES, scope) ?? SCOPES.test;
    const nodes: Array<{ node: GNode; depth: number }> = [];
    const walk = (node: GNode, depth: number): void => {
      for (const child of node.children) {
        if (takenBy(scopes, child.dependency!.scope)) nodes.push({ node: child, depth });
        walk(child, depth + 1);
      }
    };
    walk(root, 1);
    const outcomes = await Promise.all(nodes.map(({ node }) => this.resolveFile(node).then((file) => ({ file }), (error: unknown) => ({ error }))));
    const failures: Array<{ node: GNode; error: unknown }> = [];
    outcomes.forEach((o, i) => {
      if ('error' in o) failures.push({ node: nodes[i].node, error: o.error });
    });
    if (failures.length > 0) {
      const cause = failures[0].error;
      if (!(cause instanceof ArtifactResolutionError)) throw cause;
      const detail = failures.length === 1
        ? cause.message
        : `The following artifacts could not be resolved: ${failures.map((f) => gdepId(f.node.dependency!)).join(', ')}: ${cause.message}`;
      throw new ResolutionError(projectId(project), detail, { cause });
    }
    return nodes.map(({ node, depth }, i) => {
      const resolved = (outcomes[i] as { file: ResolvedFile }).file;
      return toArtifact({ ...node.dependency!, version: resolved.version }, resolved.file, depth);
    });
  }

  /** Every node of the mediated graph in pre-order, whatever its scope, with its depth and parent. */
  private async lockNodes(project: Project): Promise<Array<{ node: GNode; depth: number; parent: GNode }>> {
    const root = await this.graph(project);
    const found: Array<{ node: GNode; depth: number; parent: GNode }> = [];
    const walk = (node: GNode, depth: number): void => {
      for (const child of node.children) {
        found.push({ node: child, depth, parent: node });
        walk(child, depth + 1);
      }
    };
    walk(root, 1);
    return found;
  }

  async collectForLock(project: Project): Promise<ResolvedEntry[]> {
    return (await this.lockNodes(project)).map(({ node, depth, parent }) => {
      const d = node.dependency!;
      const p = parent.dependency;
      return {
        groupId: d.groupId, artifactId: d.artifactId, type: d.type, classifier: d.classifier, version: d.version, extension: d.extension,
        scope: d.scope, depth, optional: d.optional,
        ...(p ? { via: `${p.groupId}:${p.artifactId}:${p.version}` } : {}),
        ...(node.premanagedVersion !== undefined && node.premanagedVersion !== d.version ? { premanagedVersion: node.premanagedVersion } : {}),
      };
    });
  }

  async resolveForLock(project: Project, pinned?: PinnedVersion): Promise<LockableArtifact[]> {
    const found = await this.lockNodes(project);
    let resolved: ResolvedFile[];
    try {
      resolved = await Promise.all(found.map(({ node }) => this.resolveFile(node, pinned?.(node.dependency!))));
    } catch (e) {
      if (e instanceof ArtifactResolutionError) throw new ResolutionError(projectId(project), e.message, { cause: e });
      throw e;
    }
    return found.map(({ node, depth, parent }, i) => {
      const d = node.dependency!;
      const { file, version } = resolved[i];
      // A snapshot stays on its timestamped file: the -SNAPSHOT copy moves with the next deployment.
      const exact = d.systemPath === undefined && version !== baseVersionOf(version) ? this.local.pathOf({ ...d, version, baseVersion: baseVersionOf(version) }) : file;
      const from = d.systemPath === undefined ? this.local.find(exact, node.repositories.map((r) => r.id)).repository : undefined;
      const p = parent.dependency;
      return {
        artifact: toArtifact({ ...d, version }, exact, depth),
        ...(from !== undefined ? { repository: from } : {}),
        ...(p ? { via: `${p.groupId}:${p.artifactId}:${p.version}` } : {}),
        ...(node.premanagedVersion !== undefined && node.premanagedVersion !== d.version ? { premanagedVersion: node.premanagedVersion } : {}),
      };
    });
  }

  private resolveFile(node: GNode, version?: string): Promise<ResolvedFile> {
    const d = version === undefined ? node.dependency! : { ...node.dependency!, version };
    if (d.systemPath !== undefined) {
      if (isFile(d.systemPath)) return Promise.resolve({ file: path.resolve(d.systemPath), version: d.version });
      const name = gdepId(d);
      return Promise.reject(new ArtifactResolutionError(`Could not find artifact ${name} at specified path ${d.systemPath}`, name, true));
    }
    return this.resolver.resolveFull(d, node.repositories);
  }

  /**
   * Every collected node, whatever its scope (`scope` is the goal's collection scope, which the
   * tree does not filter by): maven-dependency-tree builds the tree from an unfiltered collection,
   * so a dependency in a scope Maven does not know (`import` outside dependencyManagement) is a
   * node too, its children in runtime scope.
   */
  async collectTree(project: Project, _scope: string, options: { readonly verbose?: boolean } = {}): Promise<DependencyNode> {
    const verbose = options.verbose === true;
    const root = await (verbose ? this.verboseGraph(project) : this.treeGraph(project));
    // Built without recursion: a dependency chain thousands deep is legal (Maven resolves one).
    const top: DependencyNode[] = [];
    const work: [GNode, DependencyNode[]][] = root.children.map((c): [GNode, DependencyNode[]] => [c, top]).reverse();
    for (let item = work.pop(); item; item = work.pop()) {
      const [node, into] = item;
      const d = node.dependency!;
      const children: DependencyNode[] = [];
      into.push({
        groupId: d.groupId, artifactId: d.artifactId, version: d.version, type: d.type,
        ...(d.classifier ? { classifier: d.classifier } : {}),
        extension: d.extension, scope: d.scope, optional: d.optional,
        children,
        relocations: node.relocationIds,
        ...(node.premanagedVersion !== undefined && (verbose || node.premanagedVersion !== d.version) ? { premanagedVersion: node.premanagedVersion } : {}),
        ...(node.premanagedScope !== undefined ? { premanagedScope: node.premanagedScope } : {}),
        ...(node.winner ? { winnerVersion: baseVersionOf(node.winner.dependency!.version) } : {}),
        ...(!node.winner && node.reducedScope !== undefined ? { ignoredScope: node.reducedScope } : {}),
      });
      for (let i = node.children.length - 1; i >= 0; i--) work.push([node.children[i], children]);
    }
    return {
      groupId: project.groupId, artifactId: project.artifactId, version: project.version, type: project.packaging,
      extension: artifactType(project.packaging).extension, optional: false,
      children: top, relocations: [],
    };
  }

  async resolveArtifact(request: ArtifactRequest, project?: Project): Promise<string> {
    const t = artifactType(request.type ?? 'jar');
    const coords = {
      groupId: request.groupId, artifactId: request.artifactId, version: request.version,
      classifier: request.classifier ?? t.classifier, extension: request.extension ?? t.extension,
    };
    return this.resolver.resolve(coords, await this.repositoriesOf(project));
  }

  async resolveCoordinate(request: ArtifactRequest, options: CoordinateResolution): Promise<Artifact[]> {
    const own = await this.repositoriesOf(options.project);
    const extra = (options.extraRepositories ?? []).map(fromRaw);
    const repositories = aggregateRepositories(own, extra, this.config.settings.mirrors, true);
    const t = artifactType(request.type ?? 'jar');
    const dependency: GDependency = {
      groupId: request.groupId, artifactId: request.artifactId, version: request.version, type: request.type ?? 'jar',
      classifier: request.classifier ?? t.classifier, extension: request.extension ?? t.extension, scope: 'compile', optional: false, exclusions: [],
    };
    const id = gdepId(dependency);
    if (!options.transitive) {
      // Maven reads the artifact's POM on the way (relocations): a missing one is only a warning.
      const descriptor = await this.descriptors.read(dependency, repositories);
      if (descriptor.warning) this.config.log.warn(descriptor.warning);
      const file = await this.resolver.resolve(dependency, repositories);
      return [toArtifact(dependency, file, 1)];
    }
    // The coordinate as the only dependency of a nameless root: its own dependencies are then
    // transitive ones, whose test and provided scopes and optional ones Maven leaves out.
    const root: GDependency = { groupId: '', artifactId: '', version: '', type: 'pom', classifier: '', extension: 'pom', scope: '', optional: false, exclusions: [] };
    const collector = new DependencyCollector(
      (d, repos) => this.descriptors.read(d, repos), this.config.settings.mirrors, [], (message) => this.config.log.warn(message), this.listVersions,
    );
    const result = await collector.collect(root, [dependency], repositories);
    if (result.errors.length > 0) {
      const first = result.errors[0];
      throw new ResolutionError(id, `Failed to collect dependencies at ${first.path}: ${first.error.message}`, { cause: first.error });
    }
    resolveConflicts(result.root);
    const nodes: Array<{ node: GNode; depth: number }> = [];
    const walk = (node: GNode, depth: number): void => {
      for (const child of node.children) {
        if (takenBy(SCOPES.runtime, child.dependency!.scope)) nodes.push({ node: child, depth });
        walk(child, depth + 1);
      }
    };
    walk(result.root, 1);
    const files = await Promise.all(nodes.map(({ node }) => this.resolveFile(node)));
    return nodes.map(({ node, depth }, i) => toArtifact({ ...node.dependency!, version: files[i].version }, files[i].file, depth));
  }

  forgetResolvedFiles(): void {
    this.resolver.forget();
  }

  async collectionRepositories(project: Project): Promise<Repository[]> {
    const own = await this.repositoriesOf(project);
    return aggregateRepositories(this.baseRepositories, own, this.config.settings.mirrors, false).map((r) => ({
      id: r.id, url: r.url, layout: r.layout, releases: r.releases, snapshots: r.snapshots,
    }));
  }

  async resolveArtifactForLock(request: ArtifactRequest, project: Project): Promise<LockableFile> {
    const repositories = await this.repositoriesOf(project);
    const file = await this.resolveArtifact(request, project);
    const from = this.local.find(file, repositories.map((r) => r.id)).repository;
    return { file, ...(from !== undefined ? { repository: from } : {}) };
  }

  async readProject(coordinates: Coordinates, project?: Project): Promise<Project> {
    const repositories = await this.repositoriesOf(project);
    const built = await this.builder.repositoryModel(coordinates.groupId, coordinates.artifactId, coordinates.version, repositories);
    const file = this.local.pathOf({ ...coordinates, baseVersion: baseVersionOf(coordinates.version), classifier: '', extension: 'pom' });
    return toProject(built, file);
  }

  async readProjectForLock(coordinates: Coordinates, project: Project): Promise<{ readonly project: Project; readonly poms: readonly LockablePom[] }> {
    const repositories = await this.repositoriesOf(project);
    const read = await this.readProject(coordinates, project);
    const built = await this.builder.repositoryModel(coordinates.groupId, coordinates.artifactId, coordinates.version, repositories);
    const ids = repositories.map((r) => r.id);
    const poms = built.sources.map(({ id, file }) => {
      const [groupId, artifactId, version] = id.split(':');
      const from = this.local.find(file, ids).repository;
      return { groupId, artifactId, version, file, ...(from !== undefined ? { repository: from } : {}) };
    });
    return { project: read, poms };
  }
}

function versionless(p: WPlugin): VersionlessPlugin {
  return { groupId: p.groupId ?? MAVEN_PLUGINS, artifactId: p.artifactId ?? '' };
}

function toFrom(node: GNode): GDependency {
  const [g, a, , ...rest] = node.relocationIds[0].split(':');
  const v = rest[rest.length - 1];
  return { ...node.dependency!, groupId: g, artifactId: a, version: v };
}

/** Maven's Artifact.getDependencyConflictId(): `groupId:artifactId:type[:classifier]`. */
function dependencyConflictId(d: GDependency): string {
  return `${d.groupId}:${d.artifactId}:${d.type}${d.classifier ? `:${d.classifier}` : ''}`;
}

function projectId(p: Project): string {
  return `${p.groupId}:${p.artifactId}:${p.packaging}:${p.version}`;
}

function toArtifact(d: GDependency, file: string, depth: number): Artifact {
  return {
    groupId: d.groupId,
    artifactId: d.artifactId,
    version: d.version,
    baseVersion: baseVersionOf(d.version),
    type: d.type,
    ...(d.classifier ? { classifier: d.classifier } : {}),
    extension: d.extension,
    scope: d.scope,
    optional: d.optional,
    file,
    depth,
  };
}

export { artifactString };

/** A file's text, undefined when it cannot be read (the extension's release files are optional). */
function readTextOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
