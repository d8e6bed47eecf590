/**
 * Text from an input file as an error message may quote it: control characters, NULs and line
 * separators escaped (a terminal never receives them raw), and at most `max` characters, the rest
 * replaced by `…`. A file that is not what it claims to be (`goalhost.lock` linked to
 * `/proc/self/environ`) must not end up printed whole in a parse error.
 */
export const EXCERPT_LENGTH = 80;

export function excerpt(text: string, max = EXCERPT_LENGTH): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    if (out.length >= max) return `${out}…`;
    out += escapeChar(text.charCodeAt(i), text[i]);
  }
  return out;
}

function escapeChar(code: number, char: string): string {
  if (code === 0x0a) return '\\n';
  if (code === 0x0d) return '\\r';
  if (code === 0x09) return '\\t';
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code === 0x2028 || code === 0x2029) return `\\u${code.toString(16)}`;
  return char;
}

/**
 * A parser's message with every `'quoted'` part of the input cut to an excerpt and control
 * characters escaped; the whole message is cut at four excerpts' length (an unbalanced quote).
 */
export function withExcerpts(message: string, max = EXCERPT_LENGTH): string {
  return excerpt(
    message.replace(/'([^']*)'/g, (_, quoted: string) => `'${excerpt(quoted, max)}'`),
    4 * max,
  );
}
