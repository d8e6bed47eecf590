import { XmlSyntaxError, type Mirror, type Project } from '@goalhost/model';
import { artifactType } from './artifact-types';
import { projectId, ResolutionError } from './errors';
import {
  describeConflict,
  DependencyCollector,
  resolveConflicts,
  resolveConflictsVerbose,
  VersionConflictError,
  type DependencyPool,
  type DescriptorResult,
  type DescriptorSource,
  type GraphDependency,
  type GraphNode,
  type ListVersions,
} from './graph';
import { DescriptorReader, toGraphDependency, type ProjectBuilder, type ProjectRepositories } from './project';
import type { ResolverLog } from './resolver-config';
import { artifactString } from './transport';
import { isVersionRange, legacyRangeText } from './version';

/**
 * The dependency graphs of projects, collected and mediated once per project (as Maven's core
 * resolves a project's dependencies once per build): the resolved graph, and the two graphs
 * dependency:tree prints, made from it.
 */
export class ProjectGraphs {
  private readonly graphs = new Map<Project, Promise<GraphNode>>();
  private readonly verboseGraphs = new Map<Project, Promise<GraphNode>>();
  private readonly treeGraphs = new Map<Project, Promise<GraphNode>>();
  /** Maven interns equal dependencies session-wide; only verbose trees can tell (scope strings). */
  private readonly verbosePool: DependencyPool = new Map();
  private readonly descriptors: DescriptorReader;
  /** The descriptors each project's resolved graph was collected from. */
  private readonly descriptorsRead = new Map<Project, Array<Promise<DescriptorResult>>>();

  constructor(
    private readonly projects: ProjectBuilder,
    private readonly repositories: ProjectRepositories,
    private readonly mirrors: readonly Mirror[],
    private readonly listVersions: ListVersions,
    private readonly log: ResolverLog,
  ) {
    this.descriptors = new DescriptorReader((g, a, v, repos) =>
      projects.repositoryModel({ groupId: g, artifactId: a, version: v }, repos),
    );
  }

  /** Whether the project's graph was asked for already (its collection logged its lines then). */
  has(project: Project): boolean {
    return this.graphs.has(project);
  }

  /** The collected and mediated graph of a project (computed once per project). */
  resolved(project: Project): Promise<GraphNode> {
    let graph = this.graphs.get(project);
    if (!graph) {
      graph = this.collect(project);
      this.graphs.set(project, graph);
    }
    return graph;
  }

  /** Every POM file the project's resolved graph was collected from (dependencies' POMs, their parents and imports). */
  async sourcesOf(project: Project): Promise<DescriptorSource[]> {
    await this.resolved(project);
    const results = await Promise.allSettled(this.descriptorsRead.get(project) ?? []);
    return results.flatMap((r) => (r.status === 'fulfilled' ? (r.value.sources ?? []) : []));
  }

  /**
   * The graph dependency:tree -Dverbose prints: collected again (after the plain graph, whose
   * warnings and failures come first, as Maven's core collects before the goal runs) and
   * mediated in verbose mode.
   */
  verbose(project: Project): Promise<GraphNode> {
    let graph = this.verboseGraphs.get(project);
    if (!graph) {
      graph = this.resolved(project).then(() => this.collect(project, true));
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
  tree(project: Project): Promise<GraphNode> {
    let graph = this.treeGraphs.get(project);
    if (!graph) {
      graph = this.resolved(project).then(async (root) => {
        // One winner per conflict: every children list once, without recursion.
        const resolved = new Map<string, string>();
        const seen = new Set<GraphNode[]>([root.children]);
        for (const work = [root]; work.length > 0;) {
          for (const child of work.pop()!.children) {
            const d = child.dependency!;
            resolved.set(dependencyConflictId(d), d.version);
            if (!seen.has(child.children)) {
              seen.add(child.children);
              work.push(child);
            }
          }
        }
        const built = await this.projects.modelOf(project);
        const changed = built.model.dependencies.map(toGraphDependency).some((d) => {
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
  private async collect(
    project: Project,
    verbose = false,
    directVersions?: ReadonlyMap<string, string>,
  ): Promise<GraphNode> {
    const quiet = verbose || directVersions !== undefined;
    const built = await this.projects.modelOf(project);
    const m = built.model;
    const id = projectId(project);
    const repositories = this.repositories.of(built);
    const t = artifactType(m.packaging ?? 'jar');
    const rootArtifact: GraphDependency = {
      groupId: project.groupId,
      artifactId: project.artifactId,
      version: project.version,
      type: project.packaging,
      classifier: '',
      extension: t.extension,
      scope: '',
      optional: false,
      exclusions: [],
    };
    // The resolved graph's reads are kept: a lock pins the POMs they came from.
    const read: Array<Promise<DescriptorResult>> = [];
    if (!quiet) this.descriptorsRead.set(project, read);
    const collector = new DependencyCollector(
      (d, repos) => {
        const result = this.descriptors.read(d, repos);
        if (!quiet) read.push(result);
        return result;
      },
      this.mirrors,
      m.dependencyManagement.map(toGraphDependency),
      quiet ? () => undefined : (message) => this.log.warn(message),
      this.listVersions,
      verbose ? this.verbosePool : undefined,
      quiet ? undefined : (text) => this.log.progress?.(text),
    );
    let result;
    try {
      // The project's own ranges reach the collector as Maven 3's project artifacts write them.
      let dependencies = m.dependencies.map(toGraphDependency).map((d) => {
        const legacy = isVersionRange(d.version) ? legacyRangeText(d.version) : undefined;
        return legacy === undefined ? d : { ...d, version: legacy };
      });
      if (directVersions)
        dependencies = dependencies.map((d) => ({
          ...d,
          version: directVersions.get(dependencyConflictId(d)) ?? d.version,
        }));
      result = await collector.collect(rootArtifact, dependencies, repositories);
    } catch (e) {
      if (e instanceof XmlSyntaxError) throw new ResolutionError(id, e.message, { cause: e });
      throw e;
    } finally {
      if (!quiet) this.log.progressDone?.();
    }
    if (result.errors.length > 0) {
      const first = result.errors[0];
      throw new ResolutionError(id, `Failed to collect dependencies at ${first.path}: ${first.error.message}`, {
        cause: first.error,
      });
    }
    if (verbose) {
      resolveConflictsVerbose(result.root);
      return result.root;
    }
    try {
      resolveConflicts(result.root);
    } catch (e) {
      if (!(e instanceof VersionConflictError)) throw e;
      throw new ResolutionError(
        id,
        `Failed to collect dependencies for ${artifactString(rootArtifact)}: ${describeConflict(result.root, e.key)}`,
        { cause: e },
      );
    }
    for (const child of quiet ? [] : result.root.children) {
      if (child.relocationIds.length === 0) continue;
      const message = await this.descriptors.relocationMessage(relocatedFrom(child), repositories);
      this.log.warn(
        `The artifact ${child.relocationIds[0]} has been relocated to ${artifactString(child.dependency!)}${message ? `: ${message}` : ''}`,
      );
    }
    return result.root;
  }
}

/** The first artifact a node was relocated from. */
function relocatedFrom(node: GraphNode): GraphDependency {
  const [g, a, , ...rest] = node.relocationIds[0].split(':');
  const v = rest[rest.length - 1];
  return { ...node.dependency!, groupId: g, artifactId: a, version: v };
}

/** Maven's Artifact.getDependencyConflictId(): `groupId:artifactId:type[:classifier]`. */
function dependencyConflictId(d: GraphDependency): string {
  return `${d.groupId}:${d.artifactId}:${d.type}${d.classifier ? `:${d.classifier}` : ''}`;
}
