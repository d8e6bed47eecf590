import { GoalExecutionError } from './errors';
import { filterTokens, normalizeList } from './list-tokens';

/**
 * The artifact selection chain of maven-dependency-plugin 3.5.0 (maven-common-artifact-filters
 * 3.3.2), for every goal that selects dependencies the way its goals do: transitivity, scope,
 * type, classifier, groupId (string prefix), artifactId. Every filter keeps input order except
 * that an include list regroups its result by include token (which decides, e.g., unpack order).
 */
export interface ArtifactFilterOptions {
  readonly excludeTransitive?: boolean;
  readonly includeScope?: string;
  readonly excludeScope?: string;
  readonly includeTypes?: string;
  readonly excludeTypes?: string;
  readonly includeClassifiers?: string;
  readonly excludeClassifiers?: string;
  readonly includeGroupIds?: string;
  readonly excludeGroupIds?: string;
  readonly includeArtifactIds?: string;
  readonly excludeArtifactIds?: string;
}

/** What the filters look at; `scope` is null for an artifact that has none (a translated one). */
export interface FilterableArtifact {
  readonly groupId: string;
  readonly artifactId: string;
  readonly type: string;
  readonly classifier?: string;
  readonly scope: string | null;
}

export interface ArtifactFilterChain<T> {
  /** Whether `a` is a direct dependency of the project (what `excludeTransitive` keeps). */
  readonly isDirect: (a: T) => boolean;
  /** A step of the caller's own, run right after the classifier filter (e.g. cxx's regex classifiers). */
  readonly afterClassifiers?: (artifacts: T[]) => T[];
}

export const EXCLUDE_TEST_SCOPE_MESSAGE =
  "Excluding every artifact inside 'test' resolution scope means excluding everything: you probably want includeScope='compile', read parameters documentation for detailed explanations";

const SCOPES = new Set(['compile', 'test', 'provided', 'runtime', 'system']);

/** Which artifact scopes a classpath scope takes in (Maven's ScopeArtifactFilter). */
const CLASSPATH: Readonly<Record<string, ReadonlySet<string>>> = {
  compile: new Set(['compile', 'provided', 'system']),
  runtime: new Set(['compile', 'runtime']),
  test: new Set(['compile', 'provided', 'runtime', 'test', 'system']),
};

/** Maven's rule: a null or unknown artifact scope is always taken in by a classpath scope. */
function inClasspath(classpath: string, scope: string | null): boolean {
  if (scope === null || !SCOPES.has(scope)) return true;
  return CLASSPATH[classpath].has(scope);
}

/** `includeScope` wins over `excludeScope`; scope values are trimmed, never split on commas. */
export function filterByScope<T extends FilterableArtifact>(
  artifacts: readonly T[],
  includeScope: string,
  excludeScope: string,
): T[] {
  const include = normalizeList(includeScope);
  const exclude = normalizeList(excludeScope);
  if (include !== '') {
    if (!SCOPES.has(include)) throw new GoalExecutionError(`Invalid Scope in includeScope: ${include}`);
    if (include === 'provided' || include === 'system') return artifacts.filter((a) => a.scope === include);
    return artifacts.filter((a) => inClasspath(include, a.scope));
  }
  if (exclude !== '') {
    if (!SCOPES.has(exclude)) throw new GoalExecutionError(`Invalid Scope in excludeScope: ${exclude}`);
    if (exclude === 'test') throw new GoalExecutionError(" Can't exclude Test scope, this will exclude everything.");
    if (exclude === 'provided' || exclude === 'system') return artifacts.filter((a) => a.scope !== exclude);
    return artifacts.filter((a) => !inClasspath(exclude, a.scope));
  }
  return [...artifacts];
}

/** Include (regrouped by entry, first position wins) then exclude (any entry drops). */
export function includeExclude<T, E>(
  artifacts: readonly T[],
  includes: readonly E[],
  excludes: readonly E[],
  matches: (a: T, entry: E) => boolean,
): T[] {
  let result: T[] = [...artifacts];
  if (includes.length > 0) {
    const picked = new Set<T>();
    for (const entry of includes) for (const a of result) if (matches(a, entry)) picked.add(a);
    result = [...picked];
  }
  if (excludes.length > 0) result = result.filter((a) => !excludes.some((entry) => matches(a, entry)));
  return result;
}

function byFeature<T>(
  artifacts: readonly T[],
  feature: (a: T) => string | undefined,
  include: string | undefined,
  exclude: string | undefined,
  prefix = false,
): T[] {
  const matches = (a: T, token: string): boolean => {
    const value = feature(a);
    return value !== undefined && (prefix ? value.startsWith(token) : value === token);
  };
  return includeExclude(artifacts, filterTokens(include), filterTokens(exclude), matches);
}

/** The whole chain, in Maven's order. */
export function filterArtifacts<T extends FilterableArtifact>(
  artifacts: readonly T[],
  o: ArtifactFilterOptions,
  chain: ArtifactFilterChain<T>,
): T[] {
  let result: T[] = o.excludeTransitive ? artifacts.filter(chain.isDirect) : [...artifacts];
  result = filterByScope(result, o.includeScope ?? '', o.excludeScope ?? '');
  result = byFeature(result, (a) => a.type, o.includeTypes, o.excludeTypes);
  result = byFeature(result, (a) => a.classifier, o.includeClassifiers, o.excludeClassifiers);
  if (chain.afterClassifiers) result = chain.afterClassifiers(result);
  result = byFeature(result, (a) => a.groupId, o.includeGroupIds, o.excludeGroupIds, true);
  return byFeature(result, (a) => a.artifactId, o.includeArtifactIds, o.excludeArtifactIds);
}
