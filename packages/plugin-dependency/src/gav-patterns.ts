import { compareVersionsLoosely } from './loose-versions';

/**
 * Maven Resolver's pattern dependency filters (PatternInclusions/ExclusionsDependencyFilter):
 * `groupId[:artifactId[:extension[:version]]]`, each token `*`, `*x`, `x*`, `*x*`, a version
 * range (for the version) or the exact text; a shorter pattern matches on its tokens only.
 */
export function matchesPattern(
  a: { groupId: string; artifactId: string; extension: string; version: string },
  pattern: string,
): boolean {
  const tokens = [a.groupId, a.artifactId, a.extension, a.version];
  const parts = pattern.split(':');
  if (parts.length > tokens.length) return false;
  return parts.every((p, i) => matchesToken(tokens[i], p));
}

function matchesToken(token: string, pattern: string): boolean {
  if (pattern === '*') return true;
  if (pattern.length > 1 && pattern.startsWith('*') && pattern.endsWith('*'))
    return token.includes(pattern.slice(1, -1));
  if (pattern.startsWith('*')) return token.endsWith(pattern.slice(1));
  if (pattern.endsWith('*')) return token.startsWith(pattern.slice(0, -1));
  const range = /^([[(])([^,]*),([^,]*)([\])])$/.exec(pattern);
  if (range) {
    const [, open, low, high, close] = range;
    const aboveLow =
      low === '' || (open === '[' ? compareVersionsLoosely(token, low) >= 0 : compareVersionsLoosely(token, low) > 0);
    const belowHigh =
      high === '' ||
      (close === ']' ? compareVersionsLoosely(token, high) <= 0 : compareVersionsLoosely(token, high) < 0);
    return aboveLow && belowHigh;
  }
  return token === pattern;
}
