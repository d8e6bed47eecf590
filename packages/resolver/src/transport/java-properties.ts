/**
 * Java's `.properties` text, as Maven's resolver writes its records (`_remote.repositories`,
 * `*.lastUpdated`): `key=value` lines with `\`-escapes, `#` comments.
 */

/** Escapes as java.util.Properties.store does (`=`, `:`, `#`, `!` always; spaces in keys; non-ASCII as \uXXXX). */
function escape(text: string, isKey: boolean): string {
  let out = '';
  for (const [i, ch] of [...text].entries()) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === ' ' && (isKey || i === 0)) out += '\\ ';
    else if (ch === '\t') out += '\\t';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\f') out += '\\f';
    else if ('=:#!'.includes(ch)) out += `\\${ch}`;
    else if (code < 0x20 || code > 0x7e) {
      for (const unit of ch.split('')) out += `\\u${unit.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
    } else out += ch;
  }
  return out;
}

const UNESCAPED: Readonly<Record<string, string>> = { t: '\t', n: '\n', r: '\r', f: '\f' };

function unescape(text: string): string {
  return text.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_, e: string) =>
    e.length === 5 ? String.fromCharCode(parseInt(e.slice(1), 16)) : (UNESCAPED[e] ?? e),
  );
}

/** Parses the text (continuation lines are not needed by the resolver's files and not supported). */
export function parseProperties(text: string): Map<string, string> {
  const result = new Map<string, string>();
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^[ \t\f]+/, '');
    if (line === '' || line.startsWith('#') || line.startsWith('!')) continue;
    // The key ends at the first '=', ':' or blank that no backslash escapes.
    let end = 0;
    while (end < line.length && !'=: \t\f'.includes(line[end])) end += line[end] === '\\' ? 2 : 1;
    const value = line.slice(end).replace(/^[ \t\f]*[=:]?[ \t\f]*/, '');
    result.set(unescape(line.slice(0, end)), unescape(value));
  }
  return result;
}

/** The text Properties.store writes: the comment, the date line, then `key=value` lines (here sorted, for stable files). */
export function formatProperties(entries: ReadonlyMap<string, string>, comment: string, date = new Date()): string {
  const lines = [`#${comment}`, `#${javaDate(date)}`];
  for (const [k, v] of [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    lines.push(`${escape(k, true)}=${escape(v, false)}`);
  return `${lines.join('\n')}\n`;
}

/** java.util.Date.toString() in UTC: `Wed Nov 25 06:18:42 UTC 2026`. */
function javaDate(d: Date): string {
  // toUTCString: "Wed, 25 Nov 2026 06:18:42 GMT"
  const [day, date, month, year, time] = d.toUTCString().replace(',', '').split(' ');
  return `${day} ${month} ${date} ${time} UTC ${year}`;
}
