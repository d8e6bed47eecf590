import { OPT_FALSE, OPT_TRUE, walkConflicts, type ConflictItem, type ScopeModel } from './conflict-walk';
import { conflictKey, type GNode } from './graph';
import { compareVersions } from './version';
import { mediateAcyclic } from './tree-mediation';
import { rangeContains, type VersionRange } from './version-range';

/** No version satisfies every range of a conflict group (Maven's UnsolvableVersionConflictException). */
export class VersionConflictError extends Error {
  constructor(readonly key: string) {
    super('Could not resolve version conflict');
  }
}

export { OPT_FALSE, OPT_TRUE, type ConflictItem } from './conflict-walk';

/**
 * Picks the winner among a conflict group's items (nearest; between siblings the higher
 * version), gives it the selected scope and optionality, and removes the losers from the graph.
 */
export function settle(items: readonly ConflictItem[]): ConflictItem {
  const winner = selectVersion(items);
  const w = winner.node;
  const scope = w.dependency!.scope === 'system' ? 'system' : effectiveScope(items);
  w.dependency = { ...w.dependency!, scope, optional: effectiveOptional(items) };
  // Each parent's list is filtered once: a range of many versions puts them all under one parent.
  const losers = new Map<GNode[], Set<GNode>>();
  for (const item of items) {
    if (item === winner) continue;
    const gone = losers.get(item.parent!) ?? new Set<GNode>();
    losers.set(item.parent!, gone.add(item.node));
  }
  for (const [children, gone] of losers) {
    let kept = 0;
    for (const child of children) if (!gone.has(child)) children[kept++] = child;
    children.length = kept;
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
  walkConflicts(root, PLAIN_SCOPES, settle);
}

/** Scopes as the POM's strings. */
const PLAIN_SCOPES: ScopeModel<string, ConflictItem> = {
  own: (node) => node.dependency?.scope,
  derive: deriveScope,
  text: (scope) => scope,
  item: (parent, node, scope, optional) => ({ parent, node, depth: 0, scopes: new Set([scope]), optionalities: optional ? OPT_TRUE : OPT_FALSE }),
  addScope: (item, scope) => item.scopes.add(scope),
};
