import { conflictKey, type GraphNode } from './graph';

/**
 * Conflict groups and their processing order, as Maven resolver 1.6 computes them
 * (ConflictMarker + ConflictIdSorter): nodes of the same groupId:artifactId:classifier:extension
 * (or linked by a relocation) share an id; ids are sorted parents-first, nearest first.
 */
export interface ConflictIds {
  readonly ids: Map<GraphNode, number>;
  readonly sorted: number[];
  /** For each id on a cycle of ids: every id on its cycles. */
  readonly cyclicPredecessors: Map<number, Set<number>>;
  readonly hasCycles: boolean;
}

interface Group {
  keys: Set<string>;
  index: number;
}

export function markConflicts(root: GraphNode): Map<GraphNode, number> {
  const visited = new Set<GraphNode>();
  const groups = new Map<string, Group>();
  let counter = 0;
  const nodes: GraphNode[] = [];
  const nodeKeys: string[] = [];
  const analyze = (node: GraphNode): void => {
    if (visited.has(node)) return;
    visited.add(node);
    if (node.dependency) {
      const main = conflictKey(node.dependency);
      nodes.push(node);
      nodeKeys.push(main);
      if (node.relocations.length === 0) {
        // The common case: one key, joining its group or starting one.
        if (!groups.has(main)) groups.set(main, { keys: new Set([main]), index: counter++ });
        for (const child of node.children) analyze(child);
        return;
      }
      const keys = new Set([main, ...node.relocations]);
      let group: Group | undefined;
      let fix = false;
      for (const key of keys) {
        const g = groups.get(key);
        if (group === g) continue;
        if (!group) {
          const merged = merge(g!.keys, keys);
          if (merged === g!.keys) {
            group = g;
            break;
          }
          group = { keys: merged, index: counter++ };
          fix = true;
        } else if (!g) fix = true;
        else {
          const merged = merge(g.keys, group.keys);
          if (merged === g.keys) {
            group = g;
            fix = false;
            break;
          } else if (merged !== group.keys) {
            group = { keys: merged, index: counter++ };
            fix = true;
          }
        }
      }
      if (!group) {
        group = { keys, index: counter++ };
        fix = true;
      }
      if (fix) for (const k of group.keys) groups.set(k, group);
    }
    for (const child of node.children) analyze(child);
  };
  analyze(root);
  const ids = new Map<GraphNode, number>();
  nodes.forEach((n, i) => ids.set(n, groups.get(nodeKeys[i])!.index));
  return ids;
}

function merge(a: Set<string>, b: Set<string>): Set<string> {
  if (a.size < b.size) {
    if ([...a].every((k) => b.has(k))) return b;
  } else if ([...b].every((k) => a.has(k))) return a;
  return new Set([...a, ...b]);
}

class ConflictId {
  readonly children: ConflictId[] = [];
  inDegree = 0;
  constructor(
    readonly key: number,
    public minDepth: number,
  ) {}

  add(child: ConflictId): void {
    if (this.children.includes(child)) return;
    this.children.push(child);
    child.inDegree++;
  }

  pullup(depth: number): void {
    if (depth < this.minDepth) {
      this.minDepth = depth;
      for (const c of javaHashOrder(this.children)) c.pullup(depth + 1);
    }
  }
}

/**
 * The iteration order of a java.util.HashSet of conflict ids (Integer hash codes, default
 * capacity and load factor): by bucket, then insertion order. The resolver iterates such sets,
 * so following their order keeps ties decided as Maven decides them.
 */
function javaHashOrder(items: readonly ConflictId[]): ConflictId[] {
  if (items.length <= 1) return items as ConflictId[];
  let capacity = 16;
  while (items.length > capacity * 0.75) capacity *= 2;
  const bucket = (id: ConflictId): number => (id.key ^ (id.key >>> 16)) & (capacity - 1);
  return items
    .map((item, i) => ({ item, i, b: bucket(item) }))
    .sort((x, y) => x.b - y.b || x.i - y.i)
    .map((x) => x.item);
}

export function sortConflictIds(root: GraphNode, ids: Map<GraphNode, number>): ConflictIds {
  const byKey = new Map<number, ConflictId>();
  const visited = new Set<GraphNode>();
  const build = (node: GraphNode, id: ConflictId | undefined, depth: number): void => {
    if (visited.has(node)) return;
    visited.add(node);
    depth++;
    for (const child of node.children) {
      const key = ids.get(child)!;
      let childId = byKey.get(key);
      if (!childId) {
        childId = new ConflictId(key, depth);
        byKey.set(key, childId);
      } else childId.pullup(depth);
      id?.add(childId);
      build(child, childId, depth);
    }
  };
  build(root, undefined, 0);
  const all = [...byKey.values()];
  const sorted: number[] = [];
  const queue: ConflictId[] = [];
  const enqueue = (id: ConflictId): void => {
    let i = queue.length - 1;
    while (i >= 0 && id.minDepth < queue[i].minDepth) i--;
    queue.splice(i + 1, 0, id);
  };
  const processRoots = (): void => {
    while (queue.length > 0) {
      const r = queue.shift()!;
      sorted.push(r.key);
      for (const c of javaHashOrder(r.children)) {
        c.inDegree--;
        if (c.inDegree === 0) enqueue(c);
      }
    }
  };
  for (const id of all) if (id.inDegree <= 0) enqueue(id);
  processRoots();
  const hasCycles = sorted.length < all.length;
  while (sorted.length < all.length) {
    let nearest: ConflictId | undefined;
    for (const id of all) {
      if (id.inDegree <= 0) continue;
      if (
        !nearest ||
        id.minDepth < nearest.minDepth ||
        (id.minDepth === nearest.minDepth && id.inDegree < nearest.inDegree)
      )
        nearest = id;
    }
    nearest!.inDegree = 0;
    enqueue(nearest!);
    processRoots();
  }
  const cyclicPredecessors = new Map<number, Set<number>>();
  if (hasCycles) {
    for (const cycle of findCycles(all)) {
      for (const k of cycle) {
        let set = cyclicPredecessors.get(k);
        if (!set) cyclicPredecessors.set(k, (set = new Set()));
        for (const x of cycle) set.add(x);
      }
    }
  }
  return { ids, sorted, cyclicPredecessors, hasCycles };
}

function findCycles(all: readonly ConflictId[]): Set<number>[] {
  const cycles: Set<number>[] = [];
  const stack = new Map<number, number>();
  const visited = new Set<ConflictId>();
  const visit = (id: ConflictId): void => {
    const depth = stack.get(id.key);
    if (depth !== undefined) {
      const cycle = new Set<number>();
      for (const [k, d] of stack) if (d >= depth) cycle.add(k);
      cycles.push(cycle);
      return;
    }
    stack.set(id.key, stack.size);
    if (!visited.has(id)) {
      visited.add(id);
      for (const c of javaHashOrder(id.children)) visit(c);
    }
    stack.delete(id.key);
  };
  for (const id of all) visit(id);
  return cycles;
}
