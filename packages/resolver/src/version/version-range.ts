import { compareVersions } from './version';

interface Bound {
  readonly version: string;
  readonly inclusive: boolean;
}

/** One interval of a range; an absent bound is unbounded. */
interface Interval {
  readonly lower?: Bound;
  readonly upper?: Bound;
}

/** A `<version>` that is a range (Maven's hard version constraint): `[1.0,2.0)`, `(,1.0]`, `[1.2]`, unions. */
export interface VersionRange {
  /** As written (trimmed), how Maven names the constraint in paths and messages. */
  readonly spec: string;
  readonly intervals: readonly Interval[];
}

/** A range is a version that starts with `[` or `(` (anything else is a plain, soft version). */
export function isVersionRange(version: string): boolean {
  return version.startsWith('[') || version.startsWith('(');
}

export class InvalidVersionRangeError extends Error {}

/** Parses a range the way Maven resolver's generic version scheme does, with its messages. */
export function parseVersionRange(spec: string): VersionRange {
  const intervals: Interval[] = [];
  let rest = spec;
  while (rest.startsWith('[') || rest.startsWith('(')) {
    const paren = rest.indexOf(')');
    const bracket = rest.indexOf(']');
    const end = bracket < 0 || (paren >= 0 && paren < bracket) ? paren : bracket;
    if (end < 0) throw new InvalidVersionRangeError(`Unbounded version range ${spec}`);
    intervals.push(parseInterval(rest.slice(0, end + 1)));
    rest = rest.slice(end + 1).trim();
    if (rest.startsWith(',')) rest = rest.slice(1).trim();
  }
  if (rest.length > 0)
    throw new InvalidVersionRangeError(`Invalid version range ${spec}, expected [ or ( but got ${rest}`);
  return { spec, intervals };
}

function parseInterval(text: string): Interval {
  const lowerInclusive = text.startsWith('[');
  const upperInclusive = text.endsWith(']');
  const inner = text.slice(1, -1).trim();
  const comma = inner.indexOf(',');
  if (comma < 0) {
    if (!lowerInclusive || !upperInclusive)
      throw new InvalidVersionRangeError(`Invalid version range ${text}, single version must be surrounded by []`);
    return { lower: { version: inner, inclusive: true }, upper: { version: inner, inclusive: true } };
  }
  const low = inner.slice(0, comma).trim();
  const high = inner.slice(comma + 1).trim();
  if (high.includes(','))
    throw new InvalidVersionRangeError(`Invalid version range ${text}, bounds may not contain additional ','`);
  const lower = low ? { version: low, inclusive: lowerInclusive } : undefined;
  const upper = high ? { version: high, inclusive: upperInclusive } : undefined;
  if (lower && upper && compareVersions(upper.version, lower.version) < 0) {
    throw new InvalidVersionRangeError(
      `Invalid version range ${text}, lower bound must not be greater than upper bound`,
    );
  }
  return { ...(lower ? { lower } : {}), ...(upper ? { upper } : {}) };
}

/**
 * The range as maven-resolver's VersionConstraint prints it in messages: each interval with both
 * bounds (`[1.0]` is `[1.0,1.0]`), an open end `(` or `)`; a union's intervals as written,
 * comma-separated.
 */
export function rangeText(range: VersionRange): string {
  return range.intervals
    .map(
      (i) =>
        `${i.lower ? `${i.lower.inclusive ? '[' : '('}${i.lower.version}` : '('},${i.upper ? `${i.upper.version}${i.upper.inclusive ? ']' : ')'}` : ')'}`,
    )
    .join(', ');
}

export function rangeContains(range: VersionRange, version: string): boolean {
  return range.intervals.some((i) => {
    if (i.lower) {
      const c = compareVersions(version, i.lower.version);
      if (c < 0 || (c === 0 && !i.lower.inclusive)) return false;
    }
    if (i.upper) {
      const c = compareVersions(version, i.upper.version);
      if (c > 0 || (c === 0 && !i.upper.inclusive)) return false;
    }
    return true;
  });
}
