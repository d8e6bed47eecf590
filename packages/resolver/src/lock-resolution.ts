import * as path from 'node:path';
import type { Coordinates, Project } from '@goalhost/model';
import type { ArtifactRequest } from './artifact-request';
import { toArtifact, type DependencyResolver } from './dependency-resolver';
import { ArtifactResolutionError, projectId, ResolutionError } from './errors';
import type { GraphNode } from './graph';
import type {
  LockableArtifact,
  LockableDependency,
  LockableFile,
  LockablePom,
  PinnedVersion,
} from './lockable-artifact';
import type { ProjectBuilder } from './project';
import type { ProjectGraphs } from './project-graphs';
import { baseVersionOf, type LocalRepository, type ResolvedFile } from './transport';

/**
 * Resolution with what a lock records besides the artifacts (see lock/): which repository each
 * file came from, which POM brought each dependency, the POM files a model was built from.
 */
export class LockResolution {
  constructor(
    private readonly local: LocalRepository,
    private readonly projects: ProjectBuilder,
    private readonly graphs: ProjectGraphs,
    private readonly dependencies: DependencyResolver,
  ) {}

  async collectForLock(project: Project): Promise<LockableDependency[]> {
    return (await this.lockNodes(project)).map(({ node, depth, parent }) => {
      const d = node.dependency!;
      const p = parent.dependency;
      return {
        groupId: d.groupId,
        artifactId: d.artifactId,
        type: d.type,
        classifier: d.classifier,
        version: d.version,
        extension: d.extension,
        scope: d.scope,
        depth,
        optional: d.optional,
        ...(p ? { via: `${p.groupId}:${p.artifactId}:${p.version}` } : {}),
        ...(node.premanagedVersion !== undefined && node.premanagedVersion !== d.version
          ? { premanagedVersion: node.premanagedVersion }
          : {}),
      };
    });
  }

  async resolveForLock(project: Project, pinned?: PinnedVersion): Promise<LockableArtifact[]> {
    const found = await this.lockNodes(project);
    let resolved: ResolvedFile[];
    try {
      resolved = await Promise.all(
        found.map(({ node }) => this.dependencies.resolveFile(node, pinned?.(node.dependency!))),
      );
    } catch (e) {
      if (e instanceof ArtifactResolutionError) throw new ResolutionError(projectId(project), e.message, { cause: e });
      throw e;
    }
    return found.map(({ node, depth, parent }, i) => {
      const d = node.dependency!;
      const { file, version } = resolved[i];
      // A snapshot stays on its timestamped file: the -SNAPSHOT copy moves with the next deployment.
      const exact =
        d.systemPath === undefined && version !== baseVersionOf(version)
          ? this.local.pathOf({ ...d, version, baseVersion: baseVersionOf(version) })
          : file;
      const from =
        d.systemPath === undefined
          ? this.local.find(
              exact,
              node.repositories.map((r) => r.id),
            ).repository
          : undefined;
      const p = parent.dependency;
      return {
        artifact: toArtifact({ ...d, version }, exact, depth),
        ...(from !== undefined ? { repository: from } : {}),
        ...(p ? { via: `${p.groupId}:${p.artifactId}:${p.version}` } : {}),
        ...(node.premanagedVersion !== undefined && node.premanagedVersion !== d.version
          ? { premanagedVersion: node.premanagedVersion }
          : {}),
      };
    });
  }

  async resolveArtifactForLock(request: ArtifactRequest, project: Project): Promise<LockableFile> {
    const repositories = await this.projects.repositoriesOf(project);
    const file = await this.dependencies.resolveArtifact(request, project);
    const from = this.local.find(
      file,
      repositories.map((r) => r.id),
    ).repository;
    return { file, ...(from !== undefined ? { repository: from } : {}) };
  }

  async readProjectForLock(
    coordinates: Coordinates,
    project: Project,
  ): Promise<{ readonly project: Project; readonly poms: readonly LockablePom[] }> {
    const repositories = await this.projects.repositoriesOf(project);
    const read = await this.projects.readProject(coordinates, project);
    const built = await this.projects.repositoryModel(coordinates, repositories);
    const ids = repositories.map((r) => r.id);
    const poms = built.sources.map(({ id, file }) => {
      const [groupId, artifactId, version] = id.split(':');
      const from = this.local.find(file, ids).repository;
      return { groupId, artifactId, version, file, ...(from !== undefined ? { repository: from } : {}) };
    });
    return { project: read, poms };
  }

  /**
   * Every POM read from the local repository for the project: the parents and imports of its
   * model, then those its resolved graph was collected from (each dependency's POM, relocations,
   * parents, imports), once each, in that order. Each is named by its place in the local
   * repository, never by what it says: a POM cannot claim other coordinates in a lock.
   */
  async pomsForLock(project: Project): Promise<LockablePom[]> {
    const own = (await this.projects.modelOf(project)).sources;
    const collected = await this.graphs.sourcesOf(project);
    const poms: LockablePom[] = [];
    const seen = new Set<string>();
    for (const { file } of [...own, ...collected]) {
      if (seen.has(file)) continue;
      seen.add(file);
      const coordinates = this.pomCoordinates(file);
      if (!coordinates) continue;
      const from = this.local.origin(file);
      poms.push({ ...coordinates, file, ...(from !== undefined ? { repository: from } : {}) });
    }
    return poms;
  }

  /** `g:a:version` of a POM by its place in the local repository; undefined for a file elsewhere (a project on disk). */
  private pomCoordinates(file: string): Coordinates | undefined {
    const relative = path.relative(path.resolve(this.local.basedir), path.resolve(file));
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return undefined;
    const parts = relative.split(path.sep);
    const [artifactId, directory, name] = parts.slice(-3);
    const version = name?.startsWith(`${artifactId}-`) ? name.slice(artifactId.length + 1, -'.pom'.length) : '';
    if (parts.length < 4 || !name.endsWith('.pom') || version === '' || baseVersionOf(version) !== directory)
      throw new Error(`The POM ${file} is not in its place in the local repository ${this.local.basedir}`);
    return { groupId: parts.slice(0, -3).join('.'), artifactId, version };
  }

  /** Every node of the mediated graph in pre-order, whatever its scope, with its depth and parent. */
  private async lockNodes(project: Project): Promise<Array<{ node: GraphNode; depth: number; parent: GraphNode }>> {
    const root = await this.graphs.resolved(project);
    const found: Array<{ node: GraphNode; depth: number; parent: GraphNode }> = [];
    const walk = (node: GraphNode, depth: number): void => {
      for (const child of node.children) {
        found.push({ node: child, depth, parent: node });
        walk(child, depth + 1);
      }
    };
    walk(root, 1);
    return found;
  }
}
