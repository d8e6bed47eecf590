import { isUtf8 } from 'node:buffer';

/**
 * Decodes zip entry names like commons-compress: a name flagged UTF-8 (or carried in an
 * Info-ZIP Unicode path field) is UTF-8; any other name is read in the configured encoding,
 * UTF-8 by default, with every malformed byte sequence replaced by `?`.
 */
export type NameDecoder = (bytes: Buffer) => string;

const CP437_HIGH =
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀' +
  'αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0';

const utf8Lenient = new TextDecoder('utf-8');

const REPLACEMENT = Buffer.from('\uFFFD');

/**
 * UTF-8 with each malformed sequence read as '?' (Java's decoder with replacement '?' replaces
 * each maximal malformed subpart, as WHATWG does), while a U+FFFD the name really holds (bytes
 * EF BF BD, which never continue another sequence) stays one, as in Maven (recorded).
 */
export function decodeUtf8(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  let out = '';
  let from = 0;
  for (let at = bytes.indexOf(REPLACEMENT); at >= 0; at = bytes.indexOf(REPLACEMENT, from)) {
    out += utf8Lenient.decode(bytes.subarray(from, at)).replace(/\uFFFD/g, '?') + '\uFFFD';
    from = at + REPLACEMENT.length;
  }
  return out + utf8Lenient.decode(bytes.subarray(from)).replace(/\uFFFD/g, '?');
}

function decodeLatin1(bytes: Buffer): string {
  return bytes.toString('latin1');
}

function decodeAscii(bytes: Buffer): string {
  let out = '';
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : '?';
  return out;
}

function decodeCp437(bytes: Buffer): string {
  let out = '';
  for (const b of bytes) out += b < 0x80 ? String.fromCharCode(b) : CP437_HIGH[b - 0x80];
  return out;
}

/**
 * A decoder for a Java charset name as given to `mdep.unpack.encoding` (`UTF8`, `ISO-8859-1`,
 * `Cp437`, `windows-1252`, `native-encoding`, ...), or an error message when it is unknown.
 */
export function nameDecoderFor(encoding: string | undefined): NameDecoder | string {
  if (!encoding) return decodeUtf8;
  const key = encoding.trim().toLowerCase().replace(/_/g, '-');
  if (['utf8', 'utf-8', 'native-encoding', 'unicodebigunmarked'].includes(key)) return decodeUtf8;
  if (
    ['iso-8859-1', 'iso8859-1', 'latin1', 'iso-latin-1', '8859-1', 'iso8859-1', 'l1', 'cp819', 'ibm819'].includes(key)
  ) {
    return decodeLatin1;
  }
  if (['us-ascii', 'ascii', 'ascii7', 'iso646-us', '646'].includes(key)) return decodeAscii;
  if (['cp437', 'ibm437', '437', 'ibm-437', 'windows-437', 'cspc8codepage437'].includes(key)) return decodeCp437;
  const label = key.replace(/^cp(125\d)$/, 'windows-$1');
  try {
    const decoder = new TextDecoder(label);
    return (bytes) => decoder.decode(bytes).replace(/\uFFFD/g, '?');
  } catch {
    return `Unsupported encoding '${encoding}' in mdep.unpack.encoding: use a Java charset name such as UTF-8, ISO-8859-1, Cp437 or windows-1252`;
  }
}
