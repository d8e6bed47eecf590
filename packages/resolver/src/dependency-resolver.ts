import * as path from 'node:path';
import { ownValue, type Artifact, type Project, type Repository } from '@goalhost/model';
import type { ArtifactRequest } from './artifact-request';
import { artifactType } from './artifact-types';
import { ArtifactResolutionError, projectId, ResolutionError } from './errors';
import { uncacheable } from './file-observations';
import { dependencyTree, SCOPES, takenBy, type DependencyNode, type GraphDependency, type GraphNode } from './graph';
import { toGraphDependency, type ProjectBuilder, type ProjectRepositories } from './project';
import type { ProjectGraphs } from './project-graphs';
import type { RecordingLog } from './recording-log';
import { resolutionKey, type LoggedLine, type ResolutionCache } from './resolution-cache';
import type { ResolverConfig } from './resolver-config';
import { usedRepositories } from './used-repositories';
import { artifactString, baseVersionOf, isFile, type ArtifactResolver, type ResolvedFile } from './transport';

/**
 * A project's dependencies with their files (as Maven's LifecycleDependencyResolver asks for
 * them, through the resolution cache when there is one), its dependency tree, and the artifacts
 * its goals ask for.
 */
export class DependencyResolver {
  constructor(
    private readonly config: ResolverConfig,
    /** Every line logged goes through it, so a resolution's lines can be kept with its result. */
    private readonly log: RecordingLog,
    private readonly projects: ProjectBuilder,
    private readonly repositories: ProjectRepositories,
    private readonly graphs: ProjectGraphs,
    private readonly artifacts: ArtifactResolver,
    private readonly cache: ResolutionCache | undefined,
  ) {}

  /**
   * Resolved through the cache when there is one: a result is reused only when the resolution
   * would run from scratch here (this project's graph not collected yet in this process, so its
   * log lines are all its own) and stored only when nothing made it unrepeatable.
   */
  async resolveDependencies(project: Project, scope: string): Promise<Artifact[]> {
    if (!this.cache || this.graphs.has(project) || this.log.recording) return this.resolveNow(project, scope);
    const key = await this.cacheKey(project, scope);
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

  /**
   * Every collected node, whatever its scope (`scope` is the goal's collection scope, which the
   * tree does not filter by): maven-dependency-tree builds the tree from an unfiltered collection,
   * so a dependency in a scope Maven does not know (`import` outside dependencyManagement) is a
   * node too, its children in runtime scope.
   */
  async collectTree(
    project: Project,
    _scope: string,
    options: { readonly verbose?: boolean } = {},
  ): Promise<DependencyNode> {
    const verbose = options.verbose === true;
    const root = await (verbose ? this.graphs.verbose(project) : this.graphs.tree(project));
    return dependencyTree(project, root, verbose);
  }

  /** The repositories of every node of the project's collected graph, in Maven's order (dependency:list-repositories). */
  async usedRepositories(project: Project): Promise<Repository[]> {
    return usedRepositories(await this.graphs.resolved(project));
  }

  async resolveArtifact(request: ArtifactRequest, project?: Project): Promise<string> {
    const t = artifactType(request.type ?? 'jar');
    const coords = {
      groupId: request.groupId,
      artifactId: request.artifactId,
      version: request.version,
      classifier: request.classifier ?? t.classifier,
      extension: request.extension ?? t.extension,
    };
    return this.artifacts.resolve(coords, await this.projects.repositoriesOf(project));
  }

  /** The file of a graph node (at `version` instead of its own when given): its system path, or from its repositories. */
  resolveFile(node: GraphNode, version?: string): Promise<ResolvedFile> {
    const d = version === undefined ? node.dependency! : { ...node.dependency!, version };
    if (d.systemPath !== undefined) {
      if (isFile(d.systemPath)) return Promise.resolve({ file: path.resolve(d.systemPath), version: d.version });
      const name = artifactString(d);
      return Promise.reject(
        new ArtifactResolutionError(`Could not find artifact ${name} at specified path ${d.systemPath}`, name, true),
      );
    }
    return this.artifacts.resolveFull(d, node.repositories);
  }

  /** Everything besides files that decides a project's resolution. */
  private async cacheKey(project: Project, scope: string): Promise<string> {
    const built = await this.projects.modelOf(project);
    const c = this.config;
    const m = built.model;
    return resolutionKey({
      localRepository: c.localRepository,
      offline: c.offline,
      settings: c.settings,
      userProperties: c.userProperties,
      systemProperties: this.projects.systemProperties,
      activeProfiles: c.activeProfiles,
      inactiveProfiles: c.inactiveProfiles,
      debug: this.log.isDebugEnabled(),
      scope,
      pom: project.file,
      project: [project.groupId, project.artifactId, project.version, project.packaging, m.packaging ?? 'jar'],
      dependencies: m.dependencies.map(toGraphDependency),
      managed: m.dependencyManagement.map(toGraphDependency),
      repositories: this.repositories.of(built),
    });
  }

  private async resolveNow(project: Project, scope: string): Promise<Artifact[]> {
    const root = await this.graphs.resolved(project);
    const scopes = ownValue(SCOPES, scope) ?? SCOPES.test;
    const nodes: Array<{ node: GraphNode; depth: number }> = [];
    const walk = (node: GraphNode, depth: number): void => {
      for (const child of node.children) {
        if (takenBy(scopes, child.dependency!.scope)) nodes.push({ node: child, depth });
        walk(child, depth + 1);
      }
    };
    walk(root, 1);
    const outcomes = await Promise.all(
      nodes.map(({ node }) =>
        this.resolveFile(node).then(
          (file) => ({ file }),
          (error: unknown) => ({ error }),
        ),
      ),
    );
    const failures: Array<{ node: GraphNode; error: unknown }> = [];
    outcomes.forEach((o, i) => {
      if ('error' in o) failures.push({ node: nodes[i].node, error: o.error });
    });
    if (failures.length > 0) {
      const cause = failures[0].error;
      if (!(cause instanceof ArtifactResolutionError)) throw cause;
      const detail =
        failures.length === 1
          ? cause.message
          : `The following artifacts could not be resolved: ${failures.map((f) => artifactString(f.node.dependency!)).join(', ')}: ${cause.message}`;
      throw new ResolutionError(projectId(project), detail, { cause });
    }
    return nodes.map(({ node, depth }, i) => {
      const resolved = (outcomes[i] as { file: ResolvedFile }).file;
      return toArtifact({ ...node.dependency!, version: resolved.version }, resolved.file, depth);
    });
  }
}

/** A graph dependency with its file, as goals see it. */
export function toArtifact(d: GraphDependency, file: string, depth: number): Artifact {
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
