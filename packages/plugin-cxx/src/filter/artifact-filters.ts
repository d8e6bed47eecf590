import {
  filterArtifacts as mavenFilterChain,
  filterTokens,
  GoalExecutionError,
  includeExclude,
  type ArtifactFilterOptions,
} from '@goalhost/api';
import type { UnpackArtifact } from '@goalhost/unpack';

/**
 * maven-dependency-plugin's selection chain (from @goalhost/api) with the cxx addition: the
 * regex classifier filter, right after the classifier filter.
 */
export interface CxxArtifactFilterOptions extends ArtifactFilterOptions {
  readonly includeRegexClassifiers?: string;
  readonly excludeRegexClassifiers?: string;
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

/** The whole chain, in Maven's order (regex classifiers right after classifiers, as cxx does). */
export function filterArtifacts(artifacts: readonly UnpackArtifact[], o: CxxArtifactFilterOptions): UnpackArtifact[] {
  const includes = compileClassifierRegexes(o.includeRegexClassifiers, 'includeRegexClassifiers');
  const excludes = compileClassifierRegexes(o.excludeRegexClassifiers, 'excludeRegexClassifiers');
  // A regex never matches an artifact without a classifier.
  const matches = (a: UnpackArtifact, re: RegExp): boolean => a.classifier !== undefined && re.test(a.classifier);
  return mavenFilterChain(artifacts, o, {
    isDirect: (a) => a.direct,
    afterClassifiers: (list) => includeExclude(list, includes, excludes, matches),
  });
}
