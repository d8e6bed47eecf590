/**
 * Include/exclude selection of archive entries with the rules of plexus-io's
 * IncludeExcludeFileSelector and plexus-utils' MatchPattern: Ant patterns matched segment by
 * segment (case-sensitive; `*`/`?` within a segment, `**` across segments), `%regex[...]` and
 * `%ant[...]` forms, a trailing separator meaning `/**`, and the default excludes switched on by
 * any exclude. Entries are matched by their original names, before any mapping.
 */

/** plexus-utils 3.x `DirectoryScanner.DEFAULTEXCLUDES`, verbatim. */
export const DEFAULT_EXCLUDES: readonly string[] = [
  '**/*~',
  '**/#*#',
  '**/.#*',
  '**/%*%',
  '**/._*',
  '**/CVS',
  '**/CVS/**',
  '**/.cvsignore',
  '**/RCS',
  '**/RCS/**',
  '**/SCCS',
  '**/SCCS/**',
  '**/vssver.scc',
  '**/project.pj',
  '**/.svn',
  '**/.svn/**',
  '**/.arch-ids',
  '**/.arch-ids/**',
  '**/.bzr',
  '**/.bzr/**',
  '**/.MySCMServerInfo',
  '**/.DS_Store',
  '**/.metadata',
  '**/.metadata/**',
  '**/.hg',
  '**/.hg/**',
  '**/.git',
  '**/.git/**',
  '**/BitKeeper',
  '**/BitKeeper/**',
  '**/ChangeSet',
  '**/ChangeSet/**',
  '**/_darcs',
  '**/_darcs/**',
  '**/.darcsrepo',
  '**/.darcsrepo/**',
  '**/-darcs-backup*',
  '**/.darcs-temp-mail',
];

type Matcher = (name: string, segments: readonly string[]) => boolean;

/** Backslashes are separators for matching (also inside `%regex[...]`, a plexus quirk kept on purpose). */
function toSlashes(value: string): string {
  return value.replace(/\\/g, '/');
}

function segmentsOf(value: string): string[] {
  return value.split('/').filter((s) => s !== '');
}

/** One path segment of an Ant pattern: `*` any run, `?` one character, the rest literal. */
function segmentMatcher(pattern: string): (segment: string) => boolean {
  if (!pattern.includes('*') && !pattern.includes('?')) return (s) => s === pattern;
  let source = '^';
  for (const ch of pattern) {
    if (ch === '*') source += '[\\s\\S]*';
    else if (ch === '?') source += '[\\s\\S]';
    else source += ch.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  const re = new RegExp(`${source}$`);
  return (s) => re.test(s);
}

/** Ant-style path match over whole segments, `**` matching zero or more of them. */
function antMatcher(pattern: string): Matcher {
  const parts = segmentsOf(pattern);
  const matchers = parts.map((p) => (p === '**' ? null : segmentMatcher(p)));
  const match = (pi: number, si: number, segments: readonly string[]): boolean => {
    for (;;) {
      if (pi === matchers.length) return si === segments.length;
      const m = matchers[pi];
      if (m === null) {
        // Collapse consecutive `**` and try every split point.
        while (pi + 1 < matchers.length && matchers[pi + 1] === null) pi++;
        if (pi + 1 === matchers.length) return true;
        for (let k = si; k <= segments.length; k++) if (match(pi + 1, k, segments)) return true;
        return false;
      }
      if (si === segments.length || !m(segments[si])) return false;
      pi++;
      si++;
    }
  };
  return (_name, segments) => match(0, 0, segments);
}

/** A pattern that cannot be compiled, named with where it came from. */
export class InvalidPatternError extends Error {}

/** Where the patterns come from (a parameter, say), for messages. */
export interface PatternSources {
  readonly includes: string;
  readonly excludes: string;
}

/** Prepares one user pattern like plexus: trim, unify separators, trailing `/` means `/**`. */
function compilePattern(raw: string, source: string): Matcher {
  let pattern = toSlashes(raw.trim());
  if (pattern.endsWith('/')) pattern += '**';
  if (pattern.startsWith('%regex[') && pattern.endsWith(']')) {
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${pattern.slice(7, -1)})$`);
    } catch (e) {
      throw new InvalidPatternError(
        `Invalid pattern '${raw.trim()}' in ${source}: ${(e as Error).message}` +
          ' (backslashes are turned into / before a %regex[...] is read, as plexus does)',
      );
    }
    // The regex sees the whole name, separators and a directory's trailing `/` included.
    return (name) => re.test(name);
  }
  if (pattern.startsWith('%ant[') && pattern.endsWith(']')) return antMatcher(pattern.slice(5, -1));
  return antMatcher(pattern);
}

export class EntrySelector {
  private readonly includes: Matcher[] | null;
  private readonly excludes: Matcher[];

  /**
   * With neither list every entry is selected; `includes` keep only the entries one of them
   * matches; `excludes`, when given at all (even empty), switch the plexus default excludes on
   * beside their own. An invalid pattern throws an InvalidPatternError naming its source.
   */
  constructor(
    includes: readonly string[] | undefined,
    excludes: readonly string[] | undefined,
    sources: PatternSources,
  ) {
    this.includes = includes === undefined ? null : includes.map((p) => compilePattern(p, sources.includes));
    this.excludes =
      excludes === undefined ? [] : [...excludes, ...DEFAULT_EXCLUDES].map((p) => compilePattern(p, sources.excludes));
  }

  get selectsEverything(): boolean {
    return this.includes === null && this.excludes.length === 0;
  }

  isSelected(entryName: string): boolean {
    if (this.selectsEverything) return true;
    const name = toSlashes(entryName);
    const segments = segmentsOf(name);
    if (this.includes !== null && !this.includes.some((m) => m(name, segments))) return false;
    return !this.excludes.some((m) => m(name, segments));
  }
}
