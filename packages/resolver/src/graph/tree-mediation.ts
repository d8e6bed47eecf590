import { OPT_FALSE, OPT_TRUE, type ConflictItem } from './conflict-walk';
import { conflictKey, MANAGED_OPTIONAL, MANAGED_SCOPE, type GraphNode } from './graph';
import { deriveScope } from './java-scopes';
import { settleConflict } from './settle-conflict';

function comparePaths(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * Maven's conflict resolution for a graph whose conflict groups form no cycle, in one pass over
 * the nodes instead of Maven's walk of the graph for every group. Returns false (graph untouched)
 * when the groups form a cycle or relocations link groups: then Maven's algorithm runs as is.
 *
 * Why the results are the same: groups are settled parents-first, so when a group comes up every
 * node above its occurrences already belongs to a settled group, and what is still attached to
 * the root is a tree of winners. Maven's walk for the group finds exactly the occurrences whose
 * children list belongs to an attached winner (or the root), in the tree's pre-order, each with
 * the depth, scope and optionality derived from that winner. Any parents-first order gives these
 * same inputs, so a plain topological order of the groups serves.
 */
export function mediateAcyclic(root: GraphNode): boolean {
  // Bookkeeping in arrays indexed by node number (node.mark).
  const nodes: GraphNode[] = [];
  const groupOf: number[] = [];
  const listOf: GraphNode[][] = [];
  const position: number[] = [];
  const owners = new Map<GraphNode[], GraphNode[]>();
  const groups = new Map<string, number>();
  const occurrences: number[][] = [];
  const edges = new Set<number>();
  const children: number[][] = [];
  const indegree: number[] = [];
  const roots: number[] = [];
  let relocated = false;
  const visit = (owner: GraphNode, ownerGroup: number): void => {
    const list = owner.children;
    const known = owners.get(list);
    if (known) {
      known.push(owner);
      return;
    }
    owners.set(list, [owner]);
    for (let index = 0; index < list.length; index++) {
      const child = list[index];
      if (child.relocations.length > 0) relocated = true;
      const key = conflictKey(child.dependency!);
      let group = groups.get(key);
      if (group === undefined) {
        group = groups.size;
        groups.set(key, group);
        occurrences.push([]);
        children.push([]);
        indegree.push(0);
      }
      child.mark = nodes.length;
      nodes.push(child);
      groupOf.push(group);
      listOf.push(list);
      position.push(index);
      occurrences[group].push(child.mark);
      if (ownerGroup < 0) {
        if (!edges.has(-1 - group)) {
          edges.add(-1 - group);
          roots.push(group);
        }
      } else {
        const edge = ownerGroup * 0x100000 + group;
        if (!edges.has(edge)) {
          edges.add(edge);
          children[ownerGroup].push(group);
          indegree[group]++;
        }
      }
      visit(child, group);
    }
  };
  visit(root, -1);
  if (relocated) return false;
  // Kahn's algorithm; leftovers mean a cycle between groups.
  const order: number[] = [];
  for (let g = 0; g < indegree.length; g++) if (indegree[g] === 0) order.push(g);
  for (let i = 0; i < order.length; i++) {
    for (const c of children[order[i]]) if (--indegree[c] === 0) order.push(c);
  }
  if (order.length < groups.size) return false;

  const winners: Array<GraphNode | null | undefined> = new Array(groups.size);
  const depthOf: number[] = new Array(nodes.length);
  const scopeOf: Array<string | undefined> = new Array(nodes.length);
  const optionalOf: boolean[] = new Array(nodes.length);
  const pathOf: Array<number[] | undefined> = new Array(nodes.length);
  const rootPath: number[] = [];
  /** The attached owner of `list`: the root, or the winner of its group that is itself attached. */
  const ownerOf = (list: GraphNode[]): GraphNode | undefined => {
    for (const o of owners.get(list)!) {
      if (o === root) return o;
      if (winners[groupOf[o.mark]] === o && pathOf[o.mark] !== undefined) return o;
    }
    return undefined;
  };
  for (const group of order) {
    const items: Array<ConflictItem & { path: number[] }> = [];
    for (const n of occurrences[group]) {
      const list = listOf[n];
      const owner = ownerOf(list);
      if (!owner) continue;
      const node = nodes[n];
      const d = node.dependency!;
      const top = owner === root;
      const ownerScope = top ? undefined : scopeOf[owner.mark];
      const scope = (node.managedBits & MANAGED_SCOPE) !== 0 || top ? d.scope : deriveScope(ownerScope, d.scope);
      const optional =
        d.optional || (node.managedBits & MANAGED_OPTIONAL) !== 0 || top ? d.optional : optionalOf[owner.mark];
      items.push({
        parent: list,
        node,
        depth: (top ? 0 : depthOf[owner.mark]) + 1,
        scopes: new Set([scope]),
        optionalities: optional ? OPT_TRUE : OPT_FALSE,
        path: [...(top ? rootPath : pathOf[owner.mark]!), position[n]],
      });
    }
    if (items.length === 0) {
      winners[group] = null;
      continue;
    }
    if (items.length > 1) items.sort((x, y) => comparePaths(x.path, y.path));
    const winner = settleConflict(items) as (typeof items)[number];
    const w = winner.node;
    winners[group] = w;
    depthOf[w.mark] = winner.depth;
    scopeOf[w.mark] = w.dependency!.scope;
    optionalOf[w.mark] = w.dependency!.optional;
    pathOf[w.mark] = winner.path;
  }
  return true;
}
