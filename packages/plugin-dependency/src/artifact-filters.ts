import { GoalExecutionError } from '@goalhost/api';
import type { Artifact, Dependency } from '@goalhost/model';

/** The filter parameters maven-dependency-plugin's resolving goals share. */
export interface FilterOptions {
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

const SCOPES = ['compile', 'test', 'provided', 'runtime', 'system'];

/** Maven's ScopeArtifactFilter: which scopes a classpath scope takes in. */
function scopeIncludes(scope: string, artifactScope: string): boolean {
  switch (scope) {
    case 'compile':
      return ['compile', 'provided', 'system'].includes(artifactScope);
    case 'runtime':
      return ['compile', 'runtime'].includes(artifactScope);
    case 'test':
      return true;
    default:
      return artifactScope === scope;
  }
}

/** `a , b,,c` → [a, b, c] (maven-dependency-plugin trims around commas and drops empty items). */
export function tokens(list: string | undefined): string[] {
  if (!list) return [];
  return list.trim().replace(/\s*,\s*/g, ',').split(',').filter((t) => t !== '');
}

function byFeature(artifacts: Artifact[], includes: string[], excludes: string[], feature: (a: Artifact) => string | undefined, matches: (value: string, pattern: string) => boolean): Artifact[] {
  let result = artifacts;
  if (includes.length > 0) {
    // Each include in turn takes the matching artifacts in order: the include list re-orders.
    const picked = new Set<Artifact>();
    for (const inc of includes) for (const a of artifacts) { const v = feature(a); if (v !== undefined && matches(v, inc)) picked.add(a); }
    result = [...picked];
  }
  if (excludes.length > 0) {
    result = result.filter((a) => { const v = feature(a); return !excludes.some((exc) => v !== undefined && matches(v, exc)); });
  }
  return result;
}

const exact = (v: string, p: string): boolean => v === p;

/**
 * maven-dependency-plugin 3.5.0's filter chain, in its order: transitivity, scope, type,
 * classifier, groupId (string prefix), artifactId. Errors carry the plugin's messages.
 */
export function filterArtifacts(artifacts: readonly Artifact[], direct: readonly Dependency[], o: FilterOptions): Artifact[] {
  let result = [...artifacts];
  if (o.excludeTransitive) {
    result = result.filter((a) => direct.some((d) => d.groupId === a.groupId && d.artifactId === a.artifactId));
  }
  if (o.excludeScope === 'test') {
    throw new GoalExecutionError(
      "Excluding every artifact inside 'test' resolution scope means excluding everything: you probably want includeScope='compile', read parameters documentation for detailed explanations",
    );
  }
  const includeScope = tokens(o.includeScope).join(',');
  const excludeScope = tokens(o.excludeScope).join(',');
  if (includeScope) {
    if (!SCOPES.includes(includeScope)) throw new GoalExecutionError(`Invalid Scope in includeScope: ${includeScope}`);
    result = result.filter((a) => scopeIncludes(includeScope, a.scope));
  } else if (excludeScope) {
    if (!SCOPES.includes(excludeScope)) throw new GoalExecutionError(`Invalid Scope in excludeScope: ${excludeScope}`);
    result = result.filter((a) => !scopeIncludes(excludeScope, a.scope));
  }
  result = byFeature(result, tokens(o.includeTypes), tokens(o.excludeTypes), (a) => a.type, exact);
  result = byFeature(result, tokens(o.includeClassifiers), tokens(o.excludeClassifiers), (a) => a.classifier, exact);
  result = byFeature(result, tokens(o.includeGroupIds), tokens(o.excludeGroupIds), (a) => a.groupId, (v, p) => v.startsWith(p));
  result = byFeature(result, tokens(o.includeArtifactIds), tokens(o.excludeArtifactIds), (a) => a.artifactId, exact);
  return result;
}
