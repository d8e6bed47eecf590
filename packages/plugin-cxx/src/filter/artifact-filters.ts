import { GoalExecutionError } from '@goalhost/api';
import { filterTokens, normalizeList } from './list-tokens';
import type { UnpackArtifact } from './unpack-artifact';

/**
 * The artifact selection chain of maven-dependency-plugin 3.5.0 (maven-common-artifact-filters
 * 3.3.2), plus the cxx regex-classifier filter: transitivity, scope, type, classifier, regex
 * classifier, groupId, artifactId. Every filter keeps input order except that an include list
 * regroups its result by include token, which decides the unpack order.
 */
export interface ArtifactFilterOptions {
  readonly excludeTransitive?: boolean;
  readonly includeScope?: string;
  readonly excludeScope?: string;
  readonly includeTypes?: string;
  readonly excludeTypes?: string;
  readonly includeClassifiers?: string;
  readonly excludeClassifiers?: string;
  readonly includeRegexClassifiers?: string;
  readonly excludeRegexClassifiers?: string;
  readonly includeGroupIds?: string;
  readonly excludeGroupIds?: string;
  readonly includeArtifactIds?: string;
  readonly excludeArtifactIds?: string;
}

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

export const EXCLUDE_TEST_SCOPE_MESSAGE =
  "Excluding every artifact inside 'test' resolution scope means excluding everything: you probably want includeScope='compile', read parameters documentation for detailed explanations";

export function filterByScope(
  artifacts: readonly UnpackArtifact[],
  includeScope: string,
  excludeScope: string,
): UnpackArtifact[] {
  // Scope values are single words: normalised (trimmed) but never split on commas.
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

type Matcher = (feature: string | undefined, token: string) => boolean;

const exact: Matcher = (feature, token) => feature !== undefined && feature === token;
const prefix: Matcher = (feature, token) => feature !== undefined && feature.startsWith(token);

/** Include (regrouped by token, first position wins) then exclude (any token drops). */
function featureFilter(
  artifacts: readonly UnpackArtifact[],
  feature: (a: UnpackArtifact) => string | undefined,
  includes: readonly string[],
  excludes: readonly string[],
  matches: Matcher,
): UnpackArtifact[] {
  let result: UnpackArtifact[] = [...artifacts];
  if (includes.length > 0) {
    const picked = new Set<UnpackArtifact>();
    for (const token of includes) for (const a of result) if (matches(feature(a), token)) picked.add(a);
    result = [...picked];
  }
  if (excludes.length > 0) result = result.filter((a) => !excludes.some((token) => matches(feature(a), token)));
  return result;
}

/** Compiles the cxx regex tokens: each must match the whole classifier; `(?i)` prefix is honoured. */
export function compileClassifierRegexes(value: string | undefined, parameter: string): RegExp[] {
  return filterTokens(value)
    .filter((token) => token !== '')
    .map((token) => {
      const caseless = token.startsWith('(?i)');
      const source = caseless ? token.slice(4) : token;
      try {
        // JavaScript reads a broken counted quantifier as literal text; Java rejects it.
        if (/(?<!\\)\{\d+(,\d*)?(?![\d,}])/.test(source)) throw new Error('Unclosed counted closure');
        return new RegExp(`^(?:${source})$`, caseless ? 'i' : '');
      } catch (e) {
        throw new GoalExecutionError(
          `Invalid regular expression '${token}' in ${parameter}: ${(e as Error).message}. ` +
            `Each comma-separated entry must be a regular expression (a comma cannot be part of one).`,
        );
      }
    });
}

function regexClassifierFilter(
  artifacts: readonly UnpackArtifact[],
  includes: readonly RegExp[],
  excludes: readonly RegExp[],
): UnpackArtifact[] {
  const matches = (a: UnpackArtifact, re: RegExp): boolean => a.classifier !== undefined && re.test(a.classifier);
  let result: UnpackArtifact[] = [...artifacts];
  if (includes.length > 0) {
    const picked = new Set<UnpackArtifact>();
    for (const re of includes) for (const a of result) if (matches(a, re)) picked.add(a);
    result = [...picked];
  }
  if (excludes.length > 0) result = result.filter((a) => !excludes.some((re) => matches(a, re)));
  return result;
}

/** The whole chain, in Maven's order (regex classifiers right after classifiers, as cxx does). */
export function filterArtifacts(artifacts: readonly UnpackArtifact[], o: ArtifactFilterOptions): UnpackArtifact[] {
  const includeRegexes = compileClassifierRegexes(o.includeRegexClassifiers, 'includeRegexClassifiers');
  const excludeRegexes = compileClassifierRegexes(o.excludeRegexClassifiers, 'excludeRegexClassifiers');
  let result: UnpackArtifact[] = o.excludeTransitive ? artifacts.filter((a) => a.direct) : [...artifacts];
  result = filterByScope(result, o.includeScope ?? '', o.excludeScope ?? '');
  result = featureFilter(result, (a) => a.type, filterTokens(o.includeTypes), filterTokens(o.excludeTypes), exact);
  result = featureFilter(
    result,
    (a) => a.classifier,
    filterTokens(o.includeClassifiers),
    filterTokens(o.excludeClassifiers),
    exact,
  );
  result = regexClassifierFilter(result, includeRegexes, excludeRegexes);
  result = featureFilter(
    result,
    (a) => a.groupId,
    filterTokens(o.includeGroupIds),
    filterTokens(o.excludeGroupIds),
    prefix,
  );
  return featureFilter(
    result,
    (a) => a.artifactId,
    filterTokens(o.includeArtifactIds),
    filterTokens(o.excludeArtifactIds),
    exact,
  );
}
