import { GoalExecutionError, javaSplitComma, normalizeList } from '@goalhost/api';
import { EntrySelector, InvalidPatternError } from '@goalhost/archive';

const SOURCES = { includes: 'mdep.unpack.includes', excludes: 'mdep.unpack.excludes' } as const;

/**
 * The entries `includes`/`excludes` (maven-dependency-plugin's comma lists) select, as
 * UnpackUtil hands them to plexus: normalised and split like Java's `split(",")`, an empty list
 * meaning none was given. An invalid pattern fails the goal.
 */
export function entrySelector(includes: string | undefined, excludes: string | undefined): EntrySelector {
  const inc = normalizeList(includes);
  const exc = normalizeList(excludes);
  try {
    return new EntrySelector(
      inc === '' ? undefined : javaSplitComma(inc),
      exc === '' ? undefined : javaSplitComma(exc),
      SOURCES,
    );
  } catch (e) {
    if (e instanceof InvalidPatternError) throw new GoalExecutionError(e.message);
    throw e;
  }
}

/** A pattern list as Maven prints it in its `Unpacking` line. */
export function describePatterns(value: string | undefined): string {
  return normalizeList(value);
}
