import type { Project } from '@goalhost/model';
import { artifactType } from '../artifact-types';
import { baseVersionOf } from '../transport';
import type { DependencyNode } from './dependency-node';
import type { GraphNode } from './graph';

/**
 * The tree dependency:tree prints from a mediated graph: every node, whatever its scope, with
 * what Maven's tree shows about management and (`verbose`) the conflicts it settled.
 */
export function dependencyTree(project: Project, root: GraphNode, verbose: boolean): DependencyNode {
  // Built without recursion: a dependency chain thousands deep is legal (Maven resolves one).
  const top: DependencyNode[] = [];
  const work: [GraphNode, DependencyNode[]][] = root.children
    .map((c): [GraphNode, DependencyNode[]] => [c, top])
    .reverse();
  for (let item = work.pop(); item; item = work.pop()) {
    const [node, into] = item;
    const d = node.dependency!;
    const children: DependencyNode[] = [];
    into.push({
      groupId: d.groupId,
      artifactId: d.artifactId,
      version: d.version,
      type: d.type,
      ...(d.classifier ? { classifier: d.classifier } : {}),
      extension: d.extension,
      scope: d.scope,
      optional: d.optional,
      children,
      relocations: node.relocationIds,
      ...(node.premanagedVersion !== undefined && (verbose || node.premanagedVersion !== d.version)
        ? { premanagedVersion: node.premanagedVersion }
        : {}),
      ...(node.premanagedScope !== undefined ? { premanagedScope: node.premanagedScope } : {}),
      ...(node.winner ? { winnerVersion: baseVersionOf(node.winner.dependency!.version) } : {}),
      ...(!node.winner && node.reducedScope !== undefined ? { ignoredScope: node.reducedScope } : {}),
    });
    for (let i = node.children.length - 1; i >= 0; i--) work.push([node.children[i], children]);
  }
  return {
    groupId: project.groupId,
    artifactId: project.artifactId,
    version: project.version,
    type: project.packaging,
    extension: artifactType(project.packaging).extension,
    optional: false,
    children: top,
    relocations: [],
  };
}
