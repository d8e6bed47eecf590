import { markConflicts, sortConflictIds } from './conflict-ids';
import { conflictKey, MANAGED_OPTIONAL, MANAGED_SCOPE, type GNode } from './graph';
import { compareVersions } from './version';
import { mediateAcyclic } from './tree-mediation';
import { rangeContains, type VersionRange } from './version-range';

/** No version satisfies every range of a conflict group (Maven's UnsolvableVersionConflictException). */
export class VersionConflictError extends Error {
  constructor(readonly key: string) {
    super('Could not resolve version conflict');
  }
}

export const OPT_FALSE = 1;
export const OPT_TRUE = 2;

interface NodeInfo {
  minDepth: number;
  derivedScopes: Set<string | undefined>;
  derivedOptionalities: number;
  children?: ConflictItem[];
}

export interface ConflictItem {
  /** The children array the node sits in (nodes may share arrays). */
  readonly parent: GNode[] | null;
  readonly node: GNode;
  depth: number;
  readonly scopes: Set<string | undefined>;
  optionalities: number;
}

/**
 * Picks the winner among a conflict group's items (nearest; between siblings the higher
 * version), gives it the selected scope and optionality, and removes the losers from the graph.
 */
export function settle(items: readonly ConflictItem[]): ConflictItem {
  const winner = selectVersion(items);
  const w = winner.node;
  const scope = w.dependency!.scope === 'system' ? 'system' : effectiveScope(items);
  w.dependency = { ...w.dependency!, scope, optional: effectiveOptional(items) };
  for (const item of items) {
    if (item === winner) continue;
    const at = item.parent!.indexOf(item.node);
    if (at >= 0) item.parent!.splice(at, 1);
  }
  return winner;
}

/** Maven's NearestVersionSelector: the winning item. */
export function selectVersion(items: readonly ConflictItem[]): ConflictItem {
  return items.some((i) => i.node.range !== undefined) ? selectWithRanges(items) : selectNearest(items);
}

function selectNearest(items: readonly ConflictItem[]): ConflictItem {
  let winner = items[0];
  for (const item of items) {
    if (item !== winner && isNearer(item, winner)) winner = item;
  }
  return winner;
}

const isNearer = (item: ConflictItem, other: ConflictItem): boolean =>
  item.parent === other.parent ? compareVersions(item.node.dependency!.version, other.node.dependency!.version) > 0 : item.depth < other.depth;

/**
 * Maven's NearestVersionSelector with ranges: each range is a hard constraint on the winner;
 * when a new one excludes the winner so far, the nearest acceptable candidate seen takes its
 * place (a range beats a plain version however near); none left is a conflict.
 */
function selectWithRanges(items: readonly ConflictItem[]): ConflictItem {
  const constraints: VersionRange[] = [];
  const candidates: ConflictItem[] = [];
  let winner: ConflictItem | undefined;
  const acceptable = (item: ConflictItem): boolean => constraints.every((c) => rangeContains(c, item.node.dependency!.version));
  const backtrack = (): void => {
    winner = undefined;
    for (let i = 0; i < candidates.length; ) {
      const c = candidates[i];
      if (!acceptable(c)) {
        candidates.splice(i, 1);
        continue;
      }
      if (!winner || isNearer(c, winner)) winner = c;
      i++;
    }
    if (!winner) throw new VersionConflictError(conflictKey(items[0].node.dependency!));
  };
  for (const item of items) {
    const range = item.node.range;
    let back = false;
    if (range && !constraints.some((c) => c.spec === range.spec)) {
      constraints.push(range);
      back = winner !== undefined && !rangeContains(range, winner.node.dependency!.version);
    }
    if (acceptable(item)) {
      candidates.push(item);
      if (back) backtrack();
      else if (!winner || isNearer(item, winner)) winner = item;
    } else if (back) backtrack();
  }
  if (!winner) throw new VersionConflictError(conflictKey(items[0].node.dependency!));
  return winner;
}

/** The message of a conflict: every path to the group's nodes, as Maven writes them. */
export function describeConflict(root: GNode, key: string): string {
  const paths = new Set<string>();
  const path: GNode[] = [];
  const visit = (node: GNode): void => {
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

function constraintId(n: GNode): string {
  const d = n.dependency!;
  return `${d.groupId}:${d.artifactId}:${d.extension}${d.classifier ? `:${d.classifier}` : ''}:${n.range?.spec ?? d.version}`;
}

/** Maven's JavaScopeDeriver: the scope of a child under a parent of the given scope. */
export function deriveScope(parent: string | undefined, child: string | undefined): string | undefined {
  if (child === 'system' || child === 'test') return child;
  if (!parent || parent === 'compile') return child;
  if (parent === 'test' || parent === 'runtime') return parent;
  if (parent === 'system' || parent === 'provided') return 'provided';
  return 'runtime';
}

export function effectiveScope(items: readonly ConflictItem[]): string {
  const scopes = new Set<string | undefined>();
  for (const item of items) {
    if (item.depth <= 1) return item.node.dependency!.scope;
    for (const s of item.scopes) scopes.add(s);
  }
  if (scopes.size > 1) scopes.delete('system');
  if (scopes.size === 1) return [...scopes][0] ?? '';
  for (const s of ['compile', 'runtime', 'provided', 'test']) if (scopes.has(s)) return s;
  return '';
}

export function effectiveOptional(items: readonly ConflictItem[]): boolean {
  let optional = true;
  for (const item of items) {
    if (item.depth <= 1) return item.node.dependency!.optional;
    if (item.optionalities & OPT_FALSE) optional = false;
  }
  return optional;
}

/**
 * Maven resolver 1.6's ConflictResolver with the nearest-version, Java-scope and
 * simple-optionality selectors, ported closely so that ties, shared subtrees and cycles come
 * out as in Maven: one winner per conflict group, its scope widened over all occurrences,
 * losers removed from the graph (in place).
 */
export function resolveConflicts(root: GNode): void {
  if (mediateAcyclic(root)) return;
  const ids = markConflicts(root);
  const { sorted, cyclicPredecessors, hasCycles } = sortConflictIds(root, ids);
  const resolved = new Map<number, GNode | null>();
  const potentialAncestors = new Set<number>();
  let items: ConflictItem[] = [];
  let infos = new Map<GNode[], NodeInfo>();
  const stack = new Set<GNode[]>();
  const parentNodes: GNode[] = [];
  const parentScopes: Array<string | undefined> = [];
  const parentOptionals: boolean[] = [];
  const parentInfos: Array<NodeInfo | null> = [];
  let current: number | undefined;

  const scopeOf = (node: GNode, id: number | undefined): string | undefined => {
    if ((node.managedBits & MANAGED_SCOPE) !== 0 || (id !== undefined && resolved.has(id))) return node.dependency?.scope;
    const depth = parentNodes.length;
    const child = node.dependency?.scope;
    return depth > 0 ? deriveScope(parentScopes[depth - 1], child) : child;
  };
  const optionalOf = (node: GNode, id: number | undefined): boolean => {
    const optional = node.dependency?.optional ?? false;
    if (optional || (node.managedBits & MANAGED_OPTIONAL) !== 0 || (id !== undefined && resolved.has(id))) return optional;
    const depth = parentNodes.length;
    return depth > 0 ? parentOptionals[depth - 1] : false;
  };
  const newItem = (parent: GNode | null, node: GNode): ConflictItem => {
    const opt = optionalOf(node, undefined);
    return { parent: parent ? parent.children : null, node, depth: 0, scopes: new Set([scopeOf(node, undefined)]), optionalities: opt ? OPT_TRUE : OPT_FALSE };
  };
  const add = (node: GNode): void => {
    const parent = parentNodes.length > 0 ? parentNodes[parentNodes.length - 1] : null;
    if (!parent) {
      items.push(newItem(null, node));
      return;
    }
    const info = parentInfos[parentInfos.length - 1];
    if (info) {
      const item = newItem(parent, node);
      (info.children ??= []).push(item);
      items.push(item);
    }
  };
  const push = (node: GNode, id: number | undefined): boolean => {
    if (id !== undefined && !potentialAncestors.has(id)) return false;
    const graphNode = node.children;
    if (stack.has(graphNode)) return false;
    stack.add(graphNode);
    const depth = parentNodes.length;
    const scope = scopeOf(node, id);
    const optional = optionalOf(node, id);
    const info = infos.get(graphNode);
    if (!info) {
      const created: NodeInfo = { minDepth: depth, derivedScopes: new Set([scope]), derivedOptionalities: optional ? OPT_TRUE : OPT_FALSE };
      infos.set(graphNode, created);
      parentInfos.push(created);
    } else {
      if (depth < info.minDepth) info.minDepth = depth;
      let scopeChanged = false;
      if (!info.derivedScopes.has(scope)) {
        info.derivedScopes.add(scope);
        scopeChanged = true;
      }
      const bit = optional ? OPT_TRUE : OPT_FALSE;
      const optionalChanged = (info.derivedOptionalities & bit) === 0;
      info.derivedOptionalities |= bit;
      if (!scopeChanged && !optionalChanged) {
        stack.delete(graphNode);
        return false;
      }
      parentInfos.push(null);
      parentNodes.push(node);
      parentScopes.push(scope);
      parentOptionals.push(optional);
      const children = info.children ?? [];
      if (scopeChanged) for (let i = children.length - 1; i >= 0; i--) children[i].scopes.add(scopeOf(children[i].node, undefined));
      if (optionalChanged) {
        for (let i = children.length - 1; i >= 0; i--) children[i].optionalities |= optionalOf(children[i].node, undefined) ? OPT_TRUE : OPT_FALSE;
      }
      return true;
    }
    parentNodes.push(node);
    parentScopes.push(scope);
    parentOptionals.push(optional);
    return true;
  };
  const pop = (): void => {
    parentInfos.pop();
    parentScopes.pop();
    parentOptionals.pop();
    const node = parentNodes.pop()!;
    stack.delete(node.children);
  };
  const gather = (node: GNode): boolean => {
    const id = ids.get(node);
    if (current !== undefined && id === current) add(node);
    else if (id !== undefined && resolved.get(id) && resolved.get(id) !== node) return false;
    else if (push(node, id)) {
      const children = node.children;
      for (let i = 0; i < children.length; ) {
        if (!gather(children[i])) children.splice(i, 1);
        else i++;
      }
      pop();
    }
    return true;
  };
  const prepare = (id: number | undefined, cyclic: Set<number> | undefined): void => {
    current = id;
    items = [];
    infos = new Map();
    if (cyclic) for (const c of cyclic) potentialAncestors.add(c);
  };
  const finish = (): void => {
    let previousParent: GNode[] | null = null;
    let previousDepth = 0;
    for (let i = items.length - 1; i >= 0; i--) {
      const item = items[i];
      if (item.parent === previousParent) item.depth = previousDepth;
      else if (item.parent) {
        previousParent = item.parent;
        previousDepth = infos.get(item.parent)!.minDepth + 1;
        item.depth = previousDepth;
      }
    }
    if (current !== undefined) potentialAncestors.add(current);
  };

  for (let index = 0; index < sorted.length; index++) {
    const id = sorted[index];
    prepare(id, cyclicPredecessors.get(id));
    gather(root);
    finish();
    const winner = items.length > 0 ? settle(items) : undefined;
    resolved.set(id, winner ? winner.node : null);
    if (index === sorted.length - 1 && hasCycles && winner) {
      prepare(undefined, undefined);
      current = -1;
      gather(winner.node);
    }
  }
}
