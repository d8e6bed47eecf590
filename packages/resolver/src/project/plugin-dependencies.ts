import type { Coordinates, Mirror } from '@goalhost/model';
import { ArtifactResolutionError } from '../errors';
import {
  DependencyCollector,
  describeConflict,
  resolveConflicts,
  VersionConflictError,
  type GraphDependency,
  type GraphNode,
  type ListVersions,
} from '../graph';
import { aggregateRepositories, artifactString, type ArtifactResolver, type RemoteRepository } from '../transport';
import { toGraphDependency, type DescriptorReader } from './descriptor-reader';
import type { BuiltModel } from './model-building';
import type { WorkingDependency } from './working-model';

/** A plugin to resolve: its coordinates and the `<dependencies>` the POM adds to it. */
export interface PluginToResolve extends Coordinates {
  readonly dependencies: readonly WorkingDependency[];
}

/** The plugin or one of its dependencies cannot be resolved (Maven's PluginResolutionException). */
export class PluginResolutionError extends Error {
  constructor(plugin: Coordinates, cause: string) {
    super(
      `Plugin ${plugin.groupId}:${plugin.artifactId}:${plugin.version} or one of its dependencies could not be resolved: ${cause}`,
    );
    this.name = 'PluginResolutionError';
  }
}

/** What Maven adds to a plugin's class path when nothing brings plexus-utils (its PlexusUtilsInjector). */
const PLEXUS_UTILS = { groupId: 'org.codehaus.plexus', artifactId: 'plexus-utils', version: '1.1' };

export interface PluginDependenciesParts {
  readonly descriptors: DescriptorReader;
  /** The effective model of a POM in the repositories (the plugin's dependencyManagement). */
  readonly model: (coordinates: Coordinates, repositories: readonly RemoteRepository[]) => Promise<BuiltModel>;
  readonly artifacts: ArtifactResolver;
  readonly mirrors: readonly Mirror[];
  readonly listVersions: ListVersions;
  readonly warn: (message: string) => void;
}

/**
 * Maven's DefaultPluginDependenciesResolver: the plugin's jar and its runtime dependencies, from
 * the plugin repositories (the graph rooted at the plugin, the POM's `<dependencies>` of the
 * plugin added in runtime scope, plexus-utils 1.1 when nothing brings it), every file
 * downloaded. Once per plugin and repositories.
 */
export class PluginDependencies {
  private readonly resolved = new Map<string, Promise<void>>();

  constructor(private readonly parts: PluginDependenciesParts) {}

  resolve(plugin: PluginToResolve, repositories: readonly RemoteRepository[]): Promise<void> {
    const key = `${plugin.groupId}:${plugin.artifactId}:${plugin.version}|${repositories.map((r) => `${r.id}=${r.url}`).join(',')}`;
    let work = this.resolved.get(key);
    if (!work) {
      work = this.resolveNow(plugin, repositories);
      this.resolved.set(key, work);
    }
    return work;
  }

  private async resolveNow(plugin: PluginToResolve, repositories: readonly RemoteRepository[]): Promise<void> {
    const root = await this.collect(plugin, repositories);
    const nodes: GraphNode[] = [root];
    const walk = (node: GraphNode): void => {
      for (const child of node.children) {
        if (child.dependency!.scope !== 'provided' && child.dependency!.scope !== 'test') nodes.push(child);
        walk(child);
      }
    };
    walk(root);
    // One after the other, in the graph's order: the transfer lines come in Maven's order.
    const failed: Array<{ node: GraphNode; error: unknown }> = [];
    for (const node of nodes) {
      try {
        await this.parts.artifacts.resolveFull(node.dependency!, node.repositories);
      } catch (error) {
        failed.push({ node, error });
      }
    }
    if (failed.length === 0) return;
    const cause = failed[0].error;
    if (!(cause instanceof ArtifactResolutionError)) throw cause;
    const detail =
      failed.length === 1
        ? cause.message
        : `The following artifacts could not be resolved: ${failed.map((f) => artifactString(f.node.dependency!)).join(', ')}: ${cause.message}`;
    throw new PluginResolutionError(plugin, detail);
  }

  /** The plugin's graph, mediated, with plexus-utils injected as Maven does. */
  private async collect(plugin: PluginToResolve, repositories: readonly RemoteRepository[]): Promise<GraphNode> {
    const rootArtifact: GraphDependency = {
      groupId: plugin.groupId,
      artifactId: plugin.artifactId,
      version: plugin.version,
      type: 'maven-plugin',
      classifier: '',
      extension: 'jar',
      scope: '',
      optional: false,
      exclusions: [],
    };
    const descriptor = await this.parts.descriptors.read(rootArtifact, repositories);
    if (descriptor.warning) this.parts.warn(descriptor.warning);
    if ('error' in descriptor) throw new PluginResolutionError(plugin, descriptor.error.message);
    const managed = await this.managedOf(plugin, repositories);
    // The POM's <dependencies> of the plugin come first and win; runtime scope unless system.
    const declared = plugin.dependencies
      .map(toGraphDependency)
      .map((d) => (d.scope === 'system' ? d : { ...d, scope: 'runtime' }));
    const key = (d: GraphDependency): string => `${d.groupId}:${d.artifactId}:${d.extension}:${d.classifier}`;
    const dependencies = [
      ...declared,
      ...descriptor.dependencies.filter((d) => !declared.some((x) => key(x) === key(d))),
    ];
    const collector = new DependencyCollector(
      (d, repos) => this.parts.descriptors.read(d, repos),
      this.parts.mirrors,
      managed,
      this.parts.warn,
      this.parts.listVersions,
    );
    const result = await collector.collect(
      rootArtifact,
      dependencies,
      aggregateRepositories(repositories, descriptor.repositories, this.parts.mirrors, true),
      {
        rootDependency: true,
      },
    );
    if (result.errors.length > 0) {
      const first = result.errors[0];
      throw new PluginResolutionError(
        plugin,
        `Failed to collect dependencies at ${artifactString(rootArtifact)} -> ${first.path}: ${first.error.message}`,
      );
    }
    try {
      resolveConflicts(result.root);
    } catch (e) {
      if (!(e instanceof VersionConflictError)) throw e;
      throw new PluginResolutionError(
        plugin,
        `Failed to collect dependencies for ${artifactString(rootArtifact)}: ${describeConflict(result.root, e.key)}`,
      );
    }
    const root: GraphNode = { ...result.root, dependency: rootArtifact };
    if (!hasPlexusUtils(root)) {
      const dependency: GraphDependency = {
        ...PLEXUS_UTILS,
        type: 'jar',
        classifier: '',
        extension: 'jar',
        scope: 'runtime',
        optional: false,
        exclusions: [],
      };
      const injected: GraphNode = {
        dependency,
        children: [],
        managedBits: 0,
        relocations: [],
        relocationIds: [],
        premanagedVersion: undefined,
        premanagedScope: undefined,
        repositories: root.repositories,
        mark: -1,
      };
      root.children = [...root.children, injected];
    }
    return root;
  }

  /** The plugin POM's dependencyManagement (the collection's root manages its graph). */
  private async managedOf(plugin: Coordinates, repositories: readonly RemoteRepository[]): Promise<GraphDependency[]> {
    try {
      return (await this.parts.model(plugin, repositories)).model.dependencyManagement.map(toGraphDependency);
    } catch {
      return []; // the descriptor read already reported a POM that cannot be used
    }
  }
}

function hasPlexusUtils(node: GraphNode, seen = new Set<GraphNode>()): boolean {
  if (seen.has(node)) return false;
  seen.add(node);
  const d = node.dependency;
  if (
    d &&
    d.groupId === PLEXUS_UTILS.groupId &&
    d.artifactId === PLEXUS_UTILS.artifactId &&
    d.extension === 'jar' &&
    d.classifier === ''
  )
    return true;
  return node.children.some((c) => hasPlexusUtils(c, seen));
}
