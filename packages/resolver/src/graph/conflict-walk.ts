import { markConflicts, sortConflictIds } from './conflict-ids';
import { MANAGED_OPTIONAL, MANAGED_SCOPE, type GraphNode } from './graph';

export const OPT_FALSE = 1;
export const OPT_TRUE = 2;

export interface ConflictItem {
  /** The children array the node sits in (nodes may share arrays). */
  readonly parent: GraphNode[] | null;
  readonly node: GraphNode;
  depth: number;
  readonly scopes: Set<string | undefined>;
  optionalities: number;
}

/**
 * How a walk treats scopes: the plain walk uses the scope strings, the verbose one Java scope
 * objects that remember their identity (see java-scopes.ts). `S` is the scope type.
 */
export interface ScopeModel<S, I extends ConflictItem> {
  /** The node's own scope as written (undefined for the root). */
  own(node: GraphNode): S | undefined;
  /** Maven's JavaScopeDeriver: the scope of a child under a parent of the given scope. */
  derive(parent: S | undefined, child: S | undefined): S | undefined;
  /** The scope's text, what tells derived scopes apart. */
  text(scope: S | undefined): string | undefined;
  /** A new item of a conflict group, with its first derived scope and optionality. */
  item(parent: GraphNode[] | null, node: GraphNode, scope: S | undefined, optional: boolean): I;
  /** Another scope the item is reached with. */
  addScope(item: I, scope: S | undefined): void;
}

interface NodeInfo<I> {
  minDepth: number;
  derivedScopes: Set<string | undefined>;
  derivedOptionalities: number;
  children?: I[];
}

/**
 * Maven resolver 1.6's ConflictResolver walk, ported closely so that ties, shared subtrees and
 * cycles come out as in Maven: for each conflict id in topological order, every occurrence is
 * gathered with its depth, derived scopes and optionalities, and `settle` picks the winner and
 * removes (or, verbose, keeps) the losers, in place. Kept losers (`node.winner`) are not walked.
 */
export function walkConflicts<S, I extends ConflictItem>(
  root: GraphNode,
  scopes: ScopeModel<S, I>,
  settle: (items: I[]) => I,
): void {
  const ids = markConflicts(root);
  const { sorted, cyclicPredecessors, hasCycles } = sortConflictIds(root, ids);
  const resolved = new Map<number, GraphNode | null>();
  const potentialAncestors = new Set<number>();
  let items: I[] = [];
  let infos = new Map<GraphNode[], NodeInfo<I>>();
  const stack = new Set<GraphNode[]>();
  const parentNodes: GraphNode[] = [];
  const parentScopes: Array<S | undefined> = [];
  const parentOptionals: boolean[] = [];
  const parentInfos: Array<NodeInfo<I> | null> = [];
  let current: number | undefined;

  const scopeOf = (node: GraphNode, id: number | undefined): S | undefined => {
    const own = scopes.own(node);
    if ((node.managedBits & MANAGED_SCOPE) !== 0 || (id !== undefined && resolved.has(id))) return own;
    const depth = parentNodes.length;
    return depth > 0 ? scopes.derive(parentScopes[depth - 1], own) : own;
  };
  const optionalOf = (node: GraphNode, id: number | undefined): boolean => {
    const optional = node.dependency?.optional ?? false;
    if (optional || (node.managedBits & MANAGED_OPTIONAL) !== 0 || (id !== undefined && resolved.has(id)))
      return optional;
    const depth = parentNodes.length;
    return depth > 0 ? parentOptionals[depth - 1] : false;
  };
  const newItem = (parent: GraphNode | null, node: GraphNode): I =>
    scopes.item(parent ? parent.children : null, node, scopeOf(node, undefined), optionalOf(node, undefined));
  const add = (node: GraphNode): void => {
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
  const enter = (node: GraphNode, scope: S | undefined, optional: boolean): void => {
    parentNodes.push(node);
    parentScopes.push(scope);
    parentOptionals.push(optional);
  };
  const push = (node: GraphNode, id: number | undefined): boolean => {
    if (id !== undefined && !potentialAncestors.has(id)) return false;
    const graphNode = node.children;
    if (stack.has(graphNode)) return false;
    stack.add(graphNode);
    const depth = parentNodes.length;
    const scope = scopeOf(node, id);
    const text = scopes.text(scope);
    const optional = optionalOf(node, id);
    const info = infos.get(graphNode);
    if (!info) {
      const created: NodeInfo<I> = {
        minDepth: depth,
        derivedScopes: new Set([text]),
        derivedOptionalities: optional ? OPT_TRUE : OPT_FALSE,
      };
      infos.set(graphNode, created);
      parentInfos.push(created);
      enter(node, scope, optional);
      return true;
    }
    if (depth < info.minDepth) info.minDepth = depth;
    let scopeChanged = false;
    if (!info.derivedScopes.has(text)) {
      info.derivedScopes.add(text);
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
    enter(node, scope, optional);
    const children = info.children ?? [];
    if (scopeChanged)
      for (let i = children.length - 1; i >= 0; i--) scopes.addScope(children[i], scopeOf(children[i].node, undefined));
    if (optionalChanged) {
      for (let i = children.length - 1; i >= 0; i--)
        children[i].optionalities |= optionalOf(children[i].node, undefined) ? OPT_TRUE : OPT_FALSE;
    }
    return true;
  };
  const pop = (): void => {
    parentInfos.pop();
    parentScopes.pop();
    parentOptionals.pop();
    const node = parentNodes.pop()!;
    stack.delete(node.children);
  };
  const gather = (node: GraphNode): boolean => {
    // A kept loser (verbose): no conflict id, never a parent.
    if (node.winner) return true;
    const id = ids.get(node);
    if (current !== undefined && id === current) add(node);
    else if (id !== undefined && resolved.get(id) && resolved.get(id) !== node) return false;
    else if (push(node, id)) {
      const children = node.children;
      for (let i = 0; i < children.length;) {
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
    let previousParent: GraphNode[] | null = null;
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
