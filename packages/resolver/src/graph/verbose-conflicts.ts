import { OPT_FALSE, OPT_TRUE, walkConflicts, type ConflictItem, type ScopeModel } from './conflict-walk';
import type { GraphNode } from './graph';
import { selectVersion } from './nearest-version-selector';
import { effectiveOptional } from './settle-conflict';
import {
  chooseJavaScope,
  deriveJavaScope,
  ItemScopes,
  reducedScope,
  scopeOf as ownScope,
  type ScopeString,
} from './java-scopes';

interface VerboseItem extends ConflictItem {
  readonly javaScopes: ItemScopes;
}

/**
 * Maven resolver 1.6's ConflictResolver in verbose mode, as maven-dependency-tree 3.2.1 runs it
 * for `dependency:tree -Dverbose` (nearest version, VerboseJavaScopeSelector, simple
 * optionality, Java scope deriver): the first loser of each children list that is not the
 * winner's own list stays as a childless copy pointing at its winner, and a winner records the
 * wider scope it did not take. Scopes are tracked with their Java identity (see ScopeString).
 */
export function resolveConflictsVerbose(root: GraphNode): void {
  walkConflicts(root, JAVA_SCOPES, settleVerbose);
}

/** Scopes as Java objects: the text and where the string came from. */
const JAVA_SCOPES: ScopeModel<ScopeString, VerboseItem> = {
  own: (node) => (node.dependency ? ownScope(node.dependency) : undefined),
  derive: (parent, child) => (child ? deriveJavaScope(parent, child) : undefined),
  text: (scope) => scope?.value,
  item: (parent, node, scope, optional) => ({
    parent,
    node,
    depth: 0,
    scopes: new Set([scope!.value]),
    optionalities: optional ? OPT_TRUE : OPT_FALSE,
    javaScopes: new ItemScopes(scope!),
  }),
  addScope: (item, scope) => {
    item.scopes.add(scope!.value);
    item.javaScopes.add(scope!);
  },
};

/** Version, scope (with REDUCED_SCOPE) and optionality of the winner, then the losers removed or kept. */
function settleVerbose(items: readonly VerboseItem[]): VerboseItem {
  const winner = selectVersion(items) as VerboseItem;
  const w = winner.node;
  const scopes = items.map((i) => i.javaScopes.list());
  const chosen = chooseJavaScope(
    w.dependency!,
    items.map((i, n) => ({ depth: i.depth, own: ownScope(i.node.dependency!), scopes: scopes[n] })),
  );
  const reduced = reducedScope(scopes, chosen);
  if (reduced) w.reducedScope = reduced.value;
  let d = w.dependency!;
  if (d.scope !== chosen.value) {
    const { scopeRef: _old, ...rest } = d;
    d = { ...rest, scope: chosen.value, ...(chosen.ref ? { scopeRef: chosen.ref } : {}) };
  }
  w.dependency = { ...d, optional: effectiveOptional(items) };
  removeLosers(items, winner);
  return winner;
}

/** ConflictResolver.removeLosers in verbose mode, walking each children list as Java's list iterator does. */
function removeLosers(items: readonly VerboseItem[], winner: VerboseItem): void {
  let previousParent: GraphNode[] | null = null;
  let cursor = 0;
  let visualized = false;
  for (const item of items) {
    if (item === winner) continue;
    const list = item.parent!;
    if (list !== previousParent) {
      previousParent = list;
      cursor = 0;
      visualized = false;
    }
    let found = false;
    while (cursor < list.length) {
      const child = list[cursor++];
      if (child !== item.node) continue;
      found = true;
      if (!visualized && list !== winner.parent) {
        visualized = true;
        const first = item.javaScopes.list()[0];
        const { scopeRef: _old, ...rest } = child.dependency!;
        const dependency = first.value === rest.scope ? child.dependency! : { ...rest, scope: first.value };
        list[cursor - 1] = { ...child, dependency, children: [], mark: -1, winner: winner.node };
      } else {
        list.splice(--cursor, 1);
      }
      break;
    }
    if (!found) cursor = list.length;
  }
}
