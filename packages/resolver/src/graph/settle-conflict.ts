import { OPT_FALSE, type ConflictItem } from './conflict-walk';
import type { GraphNode } from './graph';
import { selectVersion } from './nearest-version-selector';

/**
 * Picks the winner among a conflict group's items (nearest; between siblings the higher
 * version), gives it the selected scope and optionality, and removes the losers from the graph.
 */
export function settleConflict(items: readonly ConflictItem[]): ConflictItem {
  const winner = selectVersion(items);
  const w = winner.node;
  const scope = w.dependency!.scope === 'system' ? 'system' : effectiveScope(items);
  w.dependency = { ...w.dependency!, scope, optional: effectiveOptional(items) };
  // Each parent's list is filtered once: a range of many versions puts them all under one parent.
  const losers = new Map<GraphNode[], Set<GraphNode>>();
  for (const item of items) {
    if (item === winner) continue;
    const gone = losers.get(item.parent!) ?? new Set<GraphNode>();
    losers.set(item.parent!, gone.add(item.node));
  }
  for (const [children, gone] of losers) {
    let kept = 0;
    for (const child of children) if (!gone.has(child)) children[kept++] = child;
    children.length = kept;
  }
  return winner;
}

/** Maven's JavaScopeSelector: a direct dependency keeps its scope, else the widest scope it is reached with. */
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

/** Maven's SimpleOptionalitySelector: a direct dependency keeps its own, else optional only when reached only optionally. */
export function effectiveOptional(items: readonly ConflictItem[]): boolean {
  let optional = true;
  for (const item of items) {
    if (item.depth <= 1) return item.node.dependency!.optional;
    if (item.optionalities & OPT_FALSE) optional = false;
  }
  return optional;
}
