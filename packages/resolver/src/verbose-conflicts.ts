import { markConflicts, sortConflictIds } from './conflict-ids';
import { effectiveOptional, OPT_FALSE, OPT_TRUE, selectVersion, type ConflictItem } from './conflict-resolver';
import { MANAGED_OPTIONAL, MANAGED_SCOPE, type GNode } from './graph';
import { chooseJavaScope, deriveJavaScope, ItemScopes, reducedScope, scopeOf as ownScope, type JScope } from './java-scopes';

interface NodeInfo {
  minDepth: number;
  derivedScopes: Set<string | undefined>;
  derivedOptionalities: number;
  children?: VerboseItem[];
}

interface VerboseItem extends ConflictItem {
  readonly javaScopes: ItemScopes;
}

/**
 * Maven resolver 1.6's ConflictResolver in verbose mode, as maven-dependency-tree 3.2.1 runs it
 * for `dependency:tree -Dverbose` (nearest version, VerboseJavaScopeSelector, simple
 * optionality, Java scope deriver): the first loser of each children list that is not the
 * winner's own list stays as a childless copy pointing at its winner, and a winner records the
 * wider scope it did not take. Scopes are tracked with their Java identity (see JScope).
 */
export function resolveConflictsVerbose(root: GNode): void {
  const ids = markConflicts(root);
  const { sorted, cyclicPredecessors, hasCycles } = sortConflictIds(root, ids);
  const resolved = new Map<number, GNode | null>();
  const potentialAncestors = new Set<number>();
  let items: VerboseItem[] = [];
  let infos = new Map<GNode[], NodeInfo>();
  const stack = new Set<GNode[]>();
  const parentNodes: GNode[] = [];
  const parentScopes: Array<JScope | undefined> = [];
  const parentOptionals: boolean[] = [];
  const parentInfos: Array<NodeInfo | null> = [];
  let current: number | undefined;

  const scopeOf = (node: GNode, id: number | undefined): JScope | undefined => {
    if (!node.dependency) return undefined;
    const own = ownScope(node.dependency);
    if ((node.managedBits & MANAGED_SCOPE) !== 0 || (id !== undefined && resolved.has(id))) return own;
    const depth = parentNodes.length;
    return depth > 0 ? deriveJavaScope(parentScopes[depth - 1], own) : own;
  };
  const optionalOf = (node: GNode, id: number | undefined): boolean => {
    const optional = node.dependency?.optional ?? false;
    if (optional || (node.managedBits & MANAGED_OPTIONAL) !== 0 || (id !== undefined && resolved.has(id))) return optional;
    const depth = parentNodes.length;
    return depth > 0 ? parentOptionals[depth - 1] : false;
  };
  const newItem = (parent: GNode, node: GNode): VerboseItem => {
    const scope = scopeOf(node, undefined)!;
    return {
      parent: parent.children, node, depth: 0, scopes: new Set([scope.value]),
      optionalities: optionalOf(node, undefined) ? OPT_TRUE : OPT_FALSE, javaScopes: new ItemScopes(scope),
    };
  };
  const addScope = (item: VerboseItem, scope: JScope): void => {
    item.scopes.add(scope.value);
    item.javaScopes.add(scope);
  };
  const add = (node: GNode): void => {
    const info = parentInfos[parentInfos.length - 1];
    if (parentNodes.length === 0 || !info) return;
    const item = newItem(parentNodes[parentNodes.length - 1], node);
    (info.children ??= []).push(item);
    items.push(item);
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
      const created: NodeInfo = { minDepth: depth, derivedScopes: new Set([scope?.value]), derivedOptionalities: optional ? OPT_TRUE : OPT_FALSE };
      infos.set(graphNode, created);
      parentInfos.push(created);
    } else {
      if (depth < info.minDepth) info.minDepth = depth;
      let scopeChanged = false;
      if (!info.derivedScopes.has(scope?.value)) {
        info.derivedScopes.add(scope?.value);
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
      if (scopeChanged) for (let i = children.length - 1; i >= 0; i--) addScope(children[i], scopeOf(children[i].node, undefined)!);
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
    // A kept loser: no conflict id, never a parent.
    if (node.winner) return true;
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
    const winner = items.length > 0 ? settleVerbose(items) : undefined;
    resolved.set(id, winner ? winner.node : null);
    if (index === sorted.length - 1 && hasCycles && winner) {
      prepare(undefined, undefined);
      current = -1;
      gather(winner.node);
    }
  }
}

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
  let previousParent: GNode[] | null = null;
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
