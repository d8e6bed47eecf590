/** Scopes included by Maven's `requiresDependencyResolution` values. */
export const SCOPES: Record<string, readonly string[]> = {
  compile: ['compile', 'system', 'provided'],
  runtime: ['compile', 'runtime'],
  'compile+runtime': ['compile', 'system', 'provided', 'runtime'],
  'runtime+system': ['compile', 'runtime', 'system'],
  test: ['compile', 'system', 'provided', 'runtime', 'test'],
};

/**
 * Maven's resolution filter leaves out the known scopes a resolution scope does not take in
 * (LifecycleDependencyResolver negates them): a scope Maven does not know, such as `import` on a
 * plain dependency, is always taken in.
 */
export function takenBy(scopes: readonly string[], scope: string): boolean {
  const known = SCOPES.test; // every scope Maven knows
  return !known.includes(scope) || scopes.includes(scope);
}
