/**
 * svn:externals values, read the way Subversion 1.14 reads them (libsvn_wc with APR's argv
 * tokenizer) and written so that svn reads back exactly what was meant. Every line keeps its raw
 * text, so lines the goal does not own are written back byte for byte.
 */

/** One external definition, in svn's meaning (quotes and escapes already removed). */
export interface ExternalDefinition {
  /** Operative revision (`-r N` / `-rN`): digits or `{DATE}`. */
  readonly revision?: string;
  /** URL without its peg: absolute, or relative (`^/`, `../`, `//`, `/`). */
  readonly url: string;
  /** Peg revision (`URL@PEG`). */
  readonly peg?: string;
  /** Directory relative to the directory carrying the property. */
  readonly target: string;
}

export type ExternalsLine =
  | { readonly kind: 'blank' | 'comment'; readonly raw: string }
  /** A line svn itself would reject; kept verbatim, never matched. */
  | { readonly kind: 'invalid'; readonly raw: string; readonly reason: string }
  | { readonly kind: 'entry'; readonly raw: string; readonly definition: ExternalDefinition };

/** APR's apr_tokenize_to_argv: blanks separate, "..." or '...' group, backslash escapes. */
export function tokenizeExternalsLine(line: string): string[] {
  const blank = (c: string | undefined): boolean => c === ' ' || c === '\t';
  const tokens: string[] = [];
  let i = 0;
  for (;;) {
    while (blank(line[i])) i++;
    if (i >= line.length) return tokens;
    const quote = line[i] === '"' || line[i] === "'" ? line[i++] : undefined;
    const start = i;
    for (; i < line.length; i++) {
      const c = line[i];
      // APR only treats a backslash before a blank or a quote as escaping (it skips that char).
      if (c === '\\' && (blank(line[i + 1]) || line[i + 1] === '"' || line[i + 1] === "'")) {
        i++;
        continue;
      }
      if (quote ? c === quote : blank(c)) break;
    }
    const dirty = line.slice(start, i);
    if (i < line.length) i++;
    // Then every unescaped backslash is removed from the token.
    let token = '';
    for (let j = 0, escaped = false; j < dirty.length; j++) {
      if (!escaped && dirty[j] === '\\') escaped = true;
      else {
        escaped = false;
        token += dirty[j];
      }
    }
    tokens.push(token);
  }
}

/** svn_path_is_url: a scheme (no `/` before the `:`) followed by `://`. */
export function isAbsoluteSvnUrl(value: string): boolean {
  const colon = value.indexOf(':');
  return colon > 0 && !value.slice(0, colon).includes('/') && value.startsWith('//', colon + 1);
}

const REVISION = /^(\d+|\{[^}]+\})$/;

/** Splits `URL@PEG` the way svn does: only an `@` in the last path segment counts. */
function splitPeg(value: string): { url: string; peg?: string } {
  const at = value.lastIndexOf('@');
  if (at < 0 || value.indexOf('/', at) >= 0) return { url: value };
  const peg = value.slice(at + 1);
  return peg === '' ? { url: value.slice(0, at) } : { url: value.slice(0, at), peg };
}

function parseLine(line: string): ExternalsLine {
  const trimmed = line.trim();
  if (trimmed === '') return { kind: 'blank', raw: line };
  if (trimmed.startsWith('#')) return { kind: 'comment', raw: line };
  const invalid = (reason: string): ExternalsLine => ({ kind: 'invalid', raw: line, reason });
  const parts = tokenizeExternalsLine(trimmed);
  if (parts.length < 2 || parts.length > 4) return invalid(`${parts.length} tokens (2 to 4 expected)`);
  let revision: string | undefined;
  let revisionFirst = false;
  for (let i = 0; i < 2; i++) {
    if (!parts[i].startsWith('-r')) continue;
    const separate = parts[i] === '-r';
    if (separate ? parts.length !== 4 : parts.length !== 3)
      return invalid(`'-r' needs ${separate ? '4' : '3'} tokens on the line`);
    revision = separate ? parts[i + 1] : parts[i].slice(2);
    parts.splice(i, separate ? 2 : 1);
    revisionFirst = i === 0;
    break;
  }
  if (parts.length !== 2) return invalid('expected an URL and a target directory');
  if (revision !== undefined && !REVISION.test(revision))
    return invalid(`revision '${revision}' is neither a number nor a {DATE}`);
  const [first, second] = parts;
  const firstIsUrl = isAbsoluteSvnUrl(first);
  const secondIsUrl = isAbsoluteSvnUrl(second);
  if (firstIsUrl && secondIsUrl) return invalid('two absolute URLs');
  if (revisionFirst && secondIsUrl) return invalid('an URL in the target directory position');
  if (revisionFirst || firstIsUrl || !secondIsUrl) {
    const { url, peg } = splitPeg(first);
    return {
      kind: 'entry',
      raw: line,
      definition: { ...(revision ? { revision } : {}), url, ...(peg ? { peg } : {}), target: second },
    };
  }
  // Pre-1.5 form `DIR [-r N] URL`: the revision is both operative and peg.
  return {
    kind: 'entry',
    raw: line,
    definition: { ...(revision ? { revision, peg: revision } : {}), url: second, target: first },
  };
}

/** Parses a property value; lines are split on LF, CR or CRLF as svn does. */
export function parseExternals(value: string): ExternalsLine[] {
  const lines = value.split(/\r\n|\r|\n/);
  if (lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
  return lines.map(parseLine);
}

/** Quotes a token only when svn would otherwise split or misread it. */
function quoteToken(value: string): string {
  return /[\s"']/.test(value) ? value.replace(/([ \t"'])/g, '\\$1') : value;
}

/** The 1.5+ form `[-rN ]URL[@PEG] DIR`. */
export function formatExternal(d: ExternalDefinition): string {
  const url = d.peg ? `${d.url}@${d.peg}` : d.url;
  return `${d.revision ? `-r${d.revision} ` : ''}${quoteToken(url)} ${quoteToken(d.target)}`;
}

/** The same definition, whatever the spelling (quotes, escapes, old or new form). */
export function sameDefinition(a: ExternalDefinition, b: ExternalDefinition): boolean {
  return (
    a.url === b.url &&
    canonicalTarget(a.target) === canonicalTarget(b.target) &&
    (a.revision ?? '') === (b.revision ?? '') &&
    (a.peg ?? '') === (b.peg ?? '')
  );
}

/**
 * A target directory as svn canonicalises it before comparing (`libs/a/`, `./libs/a` and
 * `libs//a` are all `libs/a`): empty and `.` segments dropped.
 */
export function canonicalTarget(target: string): string {
  return target
    .split('/')
    .filter((s) => s !== '' && s !== '.')
    .join('/');
}

/** The property value for these lines: one per line, each ended by LF (as svn stores it). */
export function formatExternals(lines: readonly string[]): string {
  return lines.map((l) => `${l}\n`).join('');
}
