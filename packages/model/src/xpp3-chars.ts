/** Character classes and escapes of plexus-utils' MXParser (3.4.x), as its messages and checks use them. */

const LOOKUP_MAX = 0x400;
const nameStart = new Uint8Array(LOOKUP_MAX);
const nameChar = new Uint8Array(LOOKUP_MAX);

function mark(from: number, to: number, start: boolean): void {
  for (let c = from; c <= to; c++) {
    nameChar[c] = 1;
    if (start) nameStart[c] = 1;
  }
}
mark(0x3a, 0x3a, true); // ':'
mark(0x41, 0x5a, true);
mark(0x5f, 0x5f, true); // '_'
mark(0x61, 0x7a, true);
mark(0xc0, 0x2ff, true);
mark(0x370, 0x37d, true);
mark(0x37f, 0x3ff, true);
mark(0x2d, 0x2e, false); // '-', '.'
mark(0x30, 0x39, false);
mark(0xb7, 0xb7, false);
mark(0x300, 0x36f, false);

/** Above its table MXParser takes most UTF-16 units as name characters (surrogates included). */
function wideName(c: number): boolean {
  return c <= 0x2027 || (c >= 0x202a && c <= 0x218f) || (c >= 0x2800 && c <= 0xffef);
}

export function isNameStartChar(c: number): boolean {
  return c < LOOKUP_MAX ? nameStart[c] === 1 : wideName(c);
}

export function isNameChar(c: number): boolean {
  return c < LOOKUP_MAX ? nameChar[c] === 1 : wideName(c);
}

export function isS(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** XML's Char production, which character references and comments must stay within. */
export function isValidCodePoint(c: number): boolean {
  return (
    c === 0x9 ||
    c === 0xa ||
    c === 0xd ||
    (c >= 0x20 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

/** MXParser.printable(char): line breaks, tabs and quotes escaped, other non-ASCII as `\uXXXX` (unpadded hex). */
export function printableChar(c: number): string {
  if (c === 0x0a) return '\\n';
  if (c === 0x0d) return '\\r';
  if (c === 0x09) return '\\t';
  if (c === 0x27) return "\\'";
  if (c > 127 || c < 32) return `\\u${c.toString(16)}`;
  return String.fromCharCode(c);
}

/** MXParser.printable(String). */
export function printable(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += printableChar(s.charCodeAt(i));
  return out;
}
