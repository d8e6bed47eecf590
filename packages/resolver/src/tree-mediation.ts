import { deriveScope, OPT_FALSE, OPT_TRUE, settle, type ConflictItem } from './conflict-resolver';
import { MANAGED_OPTIONAL, MANAGED_SCOPE, type GNode } from './graph';

interface Anchor {
  readonly depth: number;
  readonly scope: string | undefined;
  readonly optional: boolean;
  /** Child positions from the root: the pre-order rank of the node in the mediated tree. */
  readonly path: readonly number[];
}

function comparePaths(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/**
 * Maven's conflict resolution for a graph without cycles, computed without its repeated walks.
 * Conflict ids are settled parents-first, so when an id comes up every node above its
 * occurrences is already a settled winner, and what is still attached to the root is a tree.
 * The walk Maven makes for each id therefore finds exactly the occurrences whose list belongs
 * to an attached winner, in the tree's pre-order, each with the depth, scope and optionality
 * derived from that winner. This visits each occurrence once instead of the graph once per id,
 * with identical results (the general algorithm still handles graphs with cycles).
 */
export function resolveAcyclic(root: GNode, ids: Map<GNode, number>, sorted: readonly number[]): void {
  // Where each node sits, kept in arrays indexed by the node's visit number (no per-node objects).
  const order = new Map<GNode, number>();
  const lists: GNode[][] = [];
  const positions: number[] = [];
  const owners = new Map<GNode[], GNode[]>();
  const occurrences = new Map<number, GNode[]>();
  const collect = (owner: GNode): void => {
    const list = owner.children;
    const known = owners.get(list);
    if (known) {
      known.push(owner);
      return;
    }
    owners.set(list, [owner]);
    for (let index = 0; index < list.length; index++) {
      const child = list[index];
      order.set(child, lists.length);
      lists.push(list);
      positions.push(index);
      const id = ids.get(child)!;
      const at = occurrences.get(id);
      if (at) at.push(child);
      else occurrences.set(id, [child]);
      collect(child);
    }
  };
  collect(root);

  const winners = new Map<number, GNode | null>();
  const anchors = new Map<GNode, Anchor>([[root, { depth: 0, scope: undefined, optional: false, path: [] }]]);
  /** The attached winner owning `list` (the root for the root's list), if any. */
  const ownerOf = (list: GNode[]): GNode | undefined => {
    for (const o of owners.get(list) ?? []) {
      if (o === root) return o;
      if (winners.get(ids.get(o)!) === o && anchors.has(o)) return o;
    }
    return undefined;
  };
  for (const id of sorted) {
    const items: Array<ConflictItem & { path: number[] }> = [];
    for (const node of occurrences.get(id) ?? []) {
      const at = order.get(node)!;
      const place = { list: lists[at], index: positions[at] };
      const owner = ownerOf(place.list);
      if (!owner) continue;
      const a = anchors.get(owner)!;
      const d = node.dependency!;
      const scope = (node.managedBits & MANAGED_SCOPE) !== 0 ? d.scope : a.depth > 0 ? deriveScope(a.scope, d.scope) : d.scope;
      const optional = d.optional || (node.managedBits & MANAGED_OPTIONAL) !== 0 ? d.optional : a.optional;
      items.push({ parent: place.list, node, depth: a.depth + 1, scopes: new Set([scope]), optionalities: optional ? OPT_TRUE : OPT_FALSE, path: [...a.path, place.index] });
    }
    if (items.length === 0) {
      winners.set(id, null);
      continue;
    }
    items.sort((x, y) => comparePaths(x.path, y.path));
    const winner = settle(items) as (typeof items)[number];
    const w = winner.node.dependency!;
    winners.set(id, winner.node);
    anchors.set(winner.node, { depth: winner.depth, scope: w.scope, optional: w.optional, path: winner.path });
  }
}
