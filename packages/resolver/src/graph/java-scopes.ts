import { javaHashMapOrder } from '../java-hash-order';
import type { GraphDependency, ScopeOrigin } from './graph';

/**
 * A scope string with its Java identity. Maven's verbose tree compares scope strings by
 * reference (`!=`), so one object stands for one Java string: a literal (defaults and
 * JavaScopes constants, interned by the JVM) or one written `<scope>`.
 */
export interface ScopeString {
  readonly value: string;
  /** The written declaration; undefined for a literal. */
  readonly ref?: ScopeOrigin;
}

const literals = new Map<string, ScopeString>();
const written = new WeakMap<ScopeOrigin, ScopeString>();

export function literalScope(value: string): ScopeString {
  let s = literals.get(value);
  if (!s) literals.set(value, (s = { value }));
  return s;
}

/** The scope string a dependency carries. */
export function scopeOf(d: GraphDependency): ScopeString {
  const ref = d.scopeRef;
  if (!ref) return literalScope(d.scope);
  let s = written.get(ref);
  if (!s || s.value !== d.scope) written.set(ref, (s = { value: d.scope, ref }));
  return s;
}

/** Maven's JavaScopeDeriver: the scope of a child under a parent of the given scope. */
export function deriveScope(parent: string | undefined, child: string | undefined): string | undefined {
  if (child === 'system' || child === 'test') return child;
  if (!parent || parent === 'compile') return child;
  if (parent === 'test' || parent === 'runtime') return parent;
  if (parent === 'system' || parent === 'provided') return 'provided';
  return 'runtime';
}

/** Maven's JavaScopeDeriver, keeping which string it returns. */
export function deriveJavaScope(parent: ScopeString | undefined, child: ScopeString): ScopeString {
  const c = child.value;
  if (c === 'system' || c === 'test') return child;
  const p = parent?.value;
  if (!p || p === 'compile') return child;
  if (p === 'test' || p === 'runtime') return parent!;
  if (p === 'system' || p === 'provided') return literalScope('provided');
  return literalScope('runtime');
}

/**
 * A conflict item's scopes as Java keeps them: one string, then a HashSet (equal strings keep
 * the first one added); `list` iterates in Java's order.
 */
export class ItemScopes {
  private readonly added: ScopeString[];

  constructor(first: ScopeString) {
    this.added = [first];
  }

  add(s: ScopeString): boolean {
    if (this.added.some((a) => a.value === s.value)) return false;
    this.added.push(s);
    return true;
  }

  list(): readonly ScopeString[] {
    if (this.added.length === 1) return this.added;
    const order = javaHashMapOrder(this.added.map((s) => s.value));
    return order.map((v) => this.added.find((s) => s.value === v)!);
  }
}

const ORDER = ['compile', 'runtime', 'provided', 'test'];

/** maven-dependency-tree's VerboseJavaScopeSelector.ScopeComparator: > 0 when `a` is wider. */
function compareWidth(a: ScopeString, b: ScopeString): number {
  return ORDER.indexOf(b.value) - ORDER.indexOf(a.value);
}

/**
 * The widest scope of the items (the first string of each value, ties to the earlier), when
 * it is not the very string chosen: what maven-dependency-tree 3.2.1 calls REDUCED_SCOPE.
 */
export function reducedScope(
  itemScopes: ReadonlyArray<readonly ScopeString[]>,
  chosen: ScopeString,
): ScopeString | undefined {
  const seen = new Set<string>();
  let max: ScopeString | undefined;
  for (const scopes of itemScopes) {
    for (const s of scopes) {
      if (seen.has(s.value)) continue;
      seen.add(s.value);
      if (!max || compareWidth(max, s) < 0) max = s;
    }
  }
  return max && max !== chosen ? max : undefined;
}

/** Maven's JavaScopeSelector choice over the items (the winner's own scope when system). */
export function chooseJavaScope(
  winner: GraphDependency,
  items: ReadonlyArray<{ readonly depth: number; readonly own: ScopeString; readonly scopes: readonly ScopeString[] }>,
): ScopeString {
  const own = scopeOf(winner);
  if (own.value === 'system') return own;
  const set = new Map<string, ScopeString>();
  for (const item of items) {
    if (item.depth <= 1) return item.own;
    for (const s of item.scopes) if (!set.has(s.value)) set.set(s.value, s);
  }
  if (set.size > 1) set.delete('system');
  if (set.size === 1) return [...set.values()][0];
  for (const v of ORDER) if (set.has(v)) return literalScope(v);
  return literalScope('');
}
