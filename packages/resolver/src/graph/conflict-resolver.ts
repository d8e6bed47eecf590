import { OPT_FALSE, OPT_TRUE, walkConflicts, type ConflictItem, type ScopeModel } from './conflict-walk';
import { conflictKey, type GraphNode } from './graph';
import { deriveScope } from './java-scopes';
import { settleConflict } from './settle-conflict';
import { mediateAcyclic } from './tree-mediation';
import { rangeText } from '../version';

/** The message of a conflict: every path to the group's nodes, as Maven writes them. */
export function describeConflict(root: GraphNode, key: string): string {
  const paths = new Set<string>();
  const path: GraphNode[] = [];
  const visit = (node: GraphNode): void => {
    for (const child of node.children) {
      if (path.includes(child)) continue;
      path.push(child);
      if (conflictKey(child.dependency!) === key) paths.add(path.map(constraintId).join(' -> '));
      else visit(child);
      path.pop();
    }
  };
  visit(root);
  return `Could not resolve version conflict among [${[...paths].join(', ')}]`;
}

function constraintId(n: GraphNode): string {
  const d = n.dependency!;
  return `${d.groupId}:${d.artifactId}:${d.extension}${d.classifier ? `:${d.classifier}` : ''}:${n.range ? rangeText(n.range) : d.version}`;
}

/**
 * Maven resolver 1.6's ConflictResolver with the nearest-version, Java-scope and
 * simple-optionality selectors, ported closely so that ties, shared subtrees and cycles come
 * out as in Maven: one winner per conflict group, its scope widened over all occurrences,
 * losers removed from the graph (in place).
 */
export function resolveConflicts(root: GraphNode): void {
  if (mediateAcyclic(root)) return;
  walkConflicts(root, PLAIN_SCOPES, settleConflict);
}

/** Scopes as the POM's strings. */
const PLAIN_SCOPES: ScopeModel<string, ConflictItem> = {
  own: (node) => node.dependency?.scope,
  derive: deriveScope,
  text: (scope) => scope,
  item: (parent, node, scope, optional) => ({
    parent,
    node,
    depth: 0,
    scopes: new Set([scope]),
    optionalities: optional ? OPT_TRUE : OPT_FALSE,
  }),
  addScope: (item, scope) => item.scopes.add(scope),
};
