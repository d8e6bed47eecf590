import type { Artifact, Project, RawRepository } from '@goalhost/model';
import type { ArtifactRequest } from './artifact-request';
import { artifactType } from './artifact-types';
import { toArtifact, type DependencyResolver } from './dependency-resolver';
import { ResolutionError } from './errors';
import {
  DependencyCollector,
  resolveConflicts,
  SCOPES,
  takenBy,
  type GraphDependency,
  type GraphNode,
  type ListVersions,
} from './graph';
import { DescriptorReader, type ProjectBuilder, type ProjectRepositories } from './project';
import type { ResolverConfig } from './resolver-config';
import { aggregateRepositories, artifactString, fromRaw, type ArtifactResolver } from './transport';

export interface CoordinateResolution {
  readonly project?: Project;
  readonly extraRepositories?: readonly RawRepository[];
  readonly transitive: boolean;
  /** The project's plugin repositories (its own, the settings' and the super POM's) instead of its repositories. */
  readonly pluginRepositories?: boolean;
}

/**
 * A lone coordinate resolved as maven-dependency-plugin's get and purge goals ask for one: from
 * the repositories a project sees plus extra ones, alone or with its compile and runtime
 * dependencies (a nameless root whose only dependency it is).
 */
export class CoordinateResolver {
  private readonly descriptors: DescriptorReader;

  constructor(
    private readonly config: ResolverConfig,
    private readonly projects: ProjectBuilder,
    private readonly repositories: ProjectRepositories,
    private readonly dependencies: DependencyResolver,
    private readonly artifacts: ArtifactResolver,
    private readonly listVersions: ListVersions,
  ) {
    this.descriptors = new DescriptorReader((g, a, v, repos) =>
      projects.repositoryModel({ groupId: g, artifactId: a, version: v }, repos),
    );
  }

  async resolve(request: ArtifactRequest, options: CoordinateResolution): Promise<Artifact[]> {
    const own = options.pluginRepositories
      ? await this.projects.pluginRepositoriesOf(options.project)
      : await this.projects.repositoriesOf(options.project);
    const extra = (options.extraRepositories ?? []).map(fromRaw);
    const repositories = aggregateRepositories(own, extra, this.config.settings.mirrors, true);
    const t = artifactType(request.type ?? 'jar');
    const dependency: GraphDependency = {
      groupId: request.groupId,
      artifactId: request.artifactId,
      version: request.version,
      type: request.type ?? 'jar',
      classifier: request.classifier ?? t.classifier,
      extension: request.extension ?? t.extension,
      scope: 'compile',
      optional: false,
      exclusions: [],
    };
    if (!options.transitive) {
      // Maven reads the artifact's POM on the way (relocations): a missing one is only a warning.
      const descriptor = await this.descriptors.read(dependency, repositories);
      if (descriptor.warning) this.config.log.warn(descriptor.warning);
      const file = await this.artifacts.resolve(dependency, repositories);
      return [toArtifact(dependency, file, 1)];
    }
    // The coordinate as the only dependency of a nameless root: its own dependencies are then
    // transitive ones, whose test and provided scopes and optional ones Maven leaves out.
    const root: GraphDependency = {
      groupId: '',
      artifactId: '',
      version: '',
      type: 'pom',
      classifier: '',
      extension: 'pom',
      scope: '',
      optional: false,
      exclusions: [],
    };
    const collector = new DependencyCollector(
      (d, repos) => this.descriptors.read(d, repos),
      this.config.settings.mirrors,
      [],
      (message) => this.config.log.warn(message),
      this.listVersions,
    );
    const result = await collector.collect(root, [dependency], repositories);
    if (result.errors.length > 0) {
      const first = result.errors[0];
      throw new ResolutionError(
        artifactString(dependency),
        `Failed to collect dependencies at ${first.path}: ${first.error.message}`,
        { cause: first.error },
      );
    }
    resolveConflicts(result.root);
    const nodes: Array<{ node: GraphNode; depth: number }> = [];
    const walk = (node: GraphNode, depth: number): void => {
      for (const child of node.children) {
        if (takenBy(SCOPES.runtime, child.dependency!.scope)) nodes.push({ node: child, depth });
        walk(child, depth + 1);
      }
    };
    walk(result.root, 1);
    const files = await Promise.all(nodes.map(({ node }) => this.dependencies.resolveFile(node)));
    return nodes.map(({ node, depth }, i) =>
      toArtifact({ ...node.dependency!, version: files[i].version }, files[i].file, depth),
    );
  }

  /** Forgets every file resolved so far (after files were deleted from the local repository). */
  forgetResolvedFiles(): void {
    this.artifacts.forget();
  }
}
