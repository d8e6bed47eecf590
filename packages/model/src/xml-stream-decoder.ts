/**
 * An XML file's bytes could not be turned into text as Maven's XmlStreamReader does (plexus-utils
 * 3.4.x XmlReader): its IOException message, which Maven prints after "Non-readable POM <file>: ".
 */
export class XmlStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlStreamError';
  }
}

const UTF_8 = 'UTF-8';
const UTF_16BE = 'UTF-16BE';
const UTF_16LE = 'UTF-16LE';
// How far XmlReader looks for the end of the XML declaration.
const PROLOG_BYTES = 4096;
// Java's \s, not JavaScript's.
const ENCODING = /<\?xml.*encoding[ \t\n\x0B\f\r]*=[ \t\n\x0B\f\r]*((?:".[^"]*")|(?:'.[^']*'))/;

/**
 * The text of an XML file as Maven's XmlStreamReader decodes it (lenient, as ReaderFactory.newXmlReader
 * makes it): a byte order mark (UTF-8, UTF-16BE/LE) wins, else the encoding the XML declaration
 * names, else UTF-8; the mark itself is dropped. Throws XmlStreamError as XmlReader fails: an
 * `<?xml` with no `>` in the file, an encoding Java does not know, a UTF-16 mark before a
 * declaration written in another encoding.
 */
export function decodeXmlStream(bytes: Uint8Array): string {
  const bom = bomEncoding(bytes);
  const start = bom === UTF_8 ? 3 : bom ? 2 : 0;
  const guess = guessEncoding(bytes, start);
  const declared = guess ? declaredEncoding(bytes, start, guess) : undefined;
  return decode(bytes.subarray(start), rawEncoding(bom, guess, declared));
}

function bomEncoding(b: Uint8Array): string | undefined {
  if (b[0] === 0xfe && b[1] === 0xff) return UTF_16BE;
  if (b[0] === 0xff && b[1] === 0xfe) return UTF_16LE;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return UTF_8;
  return undefined;
}

/** How `<?` looks in the first four bytes (XmlReader.getXMLGuessEncoding). */
function guessEncoding(b: Uint8Array, at: number): string | undefined {
  const [b0, b1, b2, b3] = [b[at], b[at + 1], b[at + 2], b[at + 3]];
  if (b0 === 0x00 && b1 === 0x3c && b2 === 0x00 && b3 === 0x3f) return UTF_16BE;
  if (b0 === 0x3c && b1 === 0x00 && b2 === 0x3f && b3 === 0x00) return UTF_16LE;
  if (b0 === 0x3c && b1 === 0x3f && b2 === 0x78 && b3 === 0x6d) return UTF_8;
  if (b0 === 0x4c && b1 === 0x6f && b2 === 0xa7 && b3 === 0x94) return 'CP1047';
  return undefined;
}

/** The encoding the XML declaration names (upper case), read from up to the first `>`. */
function declaredEncoding(b: Uint8Array, at: number, guess: string): string | undefined {
  const window = b.subarray(at, at + PROLOG_BYTES);
  const text = decode(window, guess);
  const gt = text.indexOf('>');
  if (gt < 0) {
    if (b.length - at < PROLOG_BYTES) throw new XmlStreamError('Unexpected end of XML stream');
    throw new XmlStreamError(`XML prolog or ROOT element not found on first ${window.length} bytes`);
  }
  // XmlReader joins the lines of the declaration before matching.
  const prolog = text.slice(0, gt + 1).replace(/\r\n|\r|\n/g, '');
  const m = ENCODING.exec(prolog);
  return m ? m[1].toUpperCase().slice(1, -1) : undefined;
}

/** XmlReader.calculateRawEncoding, lenient: a mismatch falls back on the declared encoding, else UTF-8. */
function rawEncoding(bom: string | undefined, guess: string | undefined, declared: string | undefined): string {
  if (bom === undefined) {
    if (guess === undefined || declared === undefined) return UTF_8;
    if (declared === 'UTF-16' && (guess === UTF_16BE || guess === UTF_16LE)) return guess;
    return declared;
  }
  if (bom === UTF_8) {
    const mismatch = (guess !== undefined && guess !== UTF_8) || (declared !== undefined && declared !== UTF_8);
    return mismatch ? (declared ?? UTF_8) : UTF_8;
  }
  if (guess !== undefined && guess !== bom) {
    // Not lenient here: XmlReader throws a plain IOException.
    throw new XmlStreamError(
      `Invalid encoding, BOM [${bom}] XML guess [${guess}] XML prolog [${declared ?? ''}] encoding mismatch`,
    );
  }
  if (declared !== undefined && declared !== 'UTF-16' && declared !== bom) return declared;
  return bom;
}

// Java charset names and aliases goalhost decodes itself (TextDecoder's labels follow the WHATWG
// Encoding standard, where ISO-8859-1 and US-ASCII mean windows-1252).
const LATIN_1 = new Set([
  'ISO-8859-1',
  'ISO8859_1',
  'ISO8859-1',
  'ISO_8859-1',
  'LATIN1',
  'L1',
  'ISO-LATIN-1',
  'CP819',
  'IBM819',
  '8859_1',
]);
const ASCII = new Set(['US-ASCII', 'ASCII', 'ASCII7', 'ISO646-US', 'US', 'IBM367', 'CP367', 'DEFAULT', '646']);
const UTF_8_NAMES = new Set(['UTF-8', 'UTF8', 'UNICODE-1-1-UTF-8']);

function decode(bytes: Uint8Array, encoding: string): string {
  const name = encoding.toUpperCase();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (UTF_8_NAMES.has(name)) return buffer.toString('utf8');
  if (LATIN_1.has(name)) return buffer.toString('latin1');
  if (ASCII.has(name)) {
    let out = '';
    for (const byte of bytes) out += byte < 0x80 ? String.fromCharCode(byte) : '\ufffd';
    return out;
  }
  if (name === UTF_16LE || name === 'UTF-16') {
    // Java's UTF-16 without a mark reads big-endian.
    if (name === 'UTF-16') return decodeWith('utf-16be', bytes, encoding);
    return decodeWith('utf-16le', bytes, encoding);
  }
  if (name === UTF_16BE) return decodeWith('utf-16be', bytes, encoding);
  return decodeWith(name.toLowerCase(), bytes, encoding);
}

function decodeWith(label: string, bytes: Uint8Array, encoding: string): string {
  let decoder: { decode(input: Uint8Array): string };
  try {
    decoder = new TextDecoder(label, { ignoreBOM: true });
  } catch {
    // Java's UnsupportedEncodingException: its message is the name.
    throw new XmlStreamError(encoding);
  }
  return decoder.decode(bytes);
}
