import { isNameChar, isNameStartChar, isS, isValidCodePoint, printable, printableChar } from './xpp3-chars';
import { XPP3_ENTITIES } from './xpp3-entities';

export { printable } from './xpp3-chars';

/** Event types, numbered as XmlPullParser's. */
export const START_DOCUMENT = 0;
export const END_DOCUMENT = 1;
export const START_TAG = 2;
export const END_TAG = 3;
export const TEXT = 4;
const TYPES = ['START_DOCUMENT', 'END_DOCUMENT', 'START_TAG', 'END_TAG', 'TEXT'];

/** The name of an event type as XmlPullParser.TYPES gives it (it appears in Maven's messages). */
export function eventName(type: number): string {
  return TYPES[type];
}

/**
 * MXParser's XmlPullParserException for input that is not well-formed: the message as Maven
 * prints it (`what (position: TYPE seen ...... @line:column) [caused by: ...]`) and the place.
 */
export class XmlPullParserError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
    this.name = 'XmlPullParserError';
  }
}

/** MXParser's EOFException: the input ends inside the document. Maven takes it as an I/O failure ("Non-readable"). */
export class XmlEndOfInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlEndOfInput';
  }
}

/** Kept for callers that stop at input they do not follow; the scanner itself follows every input. */
export class ScanAbort extends Error {}

// MXParser's buffer: 8192 chars, refilled 8192 at a time, shifted or doubled past 95% (fillBuf()).
const CHUNK = 8192;
const LOAD_FACTOR = 0.95;

/**
 * The event stream plexus-utils' MXParser (3.4.x, the XML reader of Maven 3.8) delivers through
 * `next()` with namespaces off: START_TAG, END_TAG, TEXT (character data with comments, processing
 * instructions, CDATA and references merged in) and END_DOCUMENT, or the exception it throws for
 * input that is not well-formed, with its message. MXParser's messages print the line and column
 * and the piece of input before the position ("position: START_TAG seen ...<a>\n  <b>... @3:6"),
 * which depends on where its buffer starts, so the buffer's refills are followed too. Positions
 * here are absolute indexes into the text (MXParser's are relative to its buffer).
 */
export class Xpp3Scanner {
  type = START_DOCUMENT;
  /** START_TAG / END_TAG: the element name as written. */
  name = '';
  /** START_TAG: attribute names in document order. */
  attributeNames: string[] = [];
  private pos = 0;
  private posStart = 0;
  private posEnd = 0;
  private line = 1;
  private column = 1;
  private depth = 0;
  // Element names by depth: like MXParser's arrays, an entry outlives its element.
  private readonly names: string[] = [];
  private readonly nameLines: number[] = [];
  private seenRoot = false;
  private reachedEnd = false;
  private seenStartTag = false;
  private seenEndTag = false;
  private pastEndTag = false;
  private emptyElementTag = false;
  private seenDocdecl = false;
  // MXParser's pc buffer: the event's text when it is not one piece of the input.
  private usePC = false;
  private pc = '';
  // Set by parseEntityRef: the replacement, or undefined when the name is not defined.
  private resolved: string | undefined;
  // The buffer: absolute position of buf[0], where the event started, length, soft limit, end of the chars read.
  private bufAbsoluteStart = 0;
  private bufStart = 0;
  private bufLength = CHUNK;
  private bufSoftLimit = Math.trunc(CHUNK * LOAD_FACTOR);
  private bufEnd = 0;
  private preventBufferCompaction = false;

  constructor(private readonly text: string) {}

  next(): number {
    this.usePC = false;
    this.pc = '';
    this.bufStart = this.posEnd;
    if (this.pastEndTag) {
      this.pastEndTag = false;
      this.depth--;
    }
    if (this.emptyElementTag) {
      this.emptyElementTag = false;
      this.pastEndTag = true;
      this.name = this.names[this.depth];
      return (this.type = END_TAG);
    }
    if (this.depth > 0) return (this.type = this.content());
    return (this.type = this.seenRoot ? this.epilog() : this.prolog());
  }

  /** TEXT: the content as MXParser's getText() gives it. */
  textValue(): string {
    return this.usePC ? this.pc : this.text.slice(this.posStart, this.posEnd);
  }

  /** TEXT: whether its content is only spaces, tabs and line breaks (MXParser.isWhitespace). */
  get whitespace(): boolean {
    const s = this.textValue();
    for (let i = 0; i < s.length; i++) if (!isS(s.charCodeAt(i))) return false;
    return true;
  }

  /** MXParser.getPositionDescription(): ` TYPE seen <input before>... @line:column`. */
  positionDescription(): string {
    let fragment: string | undefined;
    if (this.posStart <= this.pos) {
      const start = this.findFragment(this.bufAbsoluteStart, this.posStart, this.pos);
      let piece: string | null = null;
      if (start < this.pos) piece = this.text.slice(start, this.pos);
      // As in Java, "..." + a null piece reads "...null".
      if (this.bufAbsoluteStart > 0 || start > this.bufAbsoluteStart) piece = `...${piece}`;
      if (piece !== null) fragment = piece;
    }
    return ` ${eventName(this.type)}${fragment !== undefined ? ` seen ${printable(fragment)}...` : ''} @${this.line}:${this.column}`;
  }

  /** Line and column after the last character read (tab = one column). */
  location(): { line: number; column: number } {
    return { line: this.line, column: this.column };
  }

  private findFragment(min: number, start: number, end: number): number {
    if (start < min) return Math.min(min, end);
    if (end - start > 65) start = end - 10;
    let i = start + 1;
    while (--i > min) {
      if (end - i > 65) break;
      if (this.text.charCodeAt(i) === 0x3c && start - i > 10) break;
    }
    return i;
  }

  /** An XmlPullParserException as MXParser builds it: the message, the position, the cause. */
  private fail(message: string, cause?: XmlEndOfInput): XmlPullParserError {
    const chain = cause ? `caused by: java.io.EOFException: ${cause.message}` : '';
    return new XmlPullParserError(
      `${message} (position:${this.positionDescription()}) ${chain}`,
      this.line,
      this.column,
    );
  }

  private more(): number {
    if (this.pos >= this.bufEnd) {
      this.fillBuf();
      if (this.reachedEnd) throw new XmlEndOfInput(`no more data available${this.positionDescription()}`);
    }
    const c = this.text.charCodeAt(this.pos++);
    if (c === 0x0a) {
      this.line++;
      this.column = 1;
    } else this.column++;
    return c;
  }

  private fillBuf(): void {
    if (this.bufEnd - this.bufAbsoluteStart > this.bufSoftLimit) {
      const start = this.bufStart - this.bufAbsoluteStart;
      const compact = !this.preventBufferCompaction && (start > this.bufSoftLimit || start >= this.bufLength / 2);
      if (!compact) {
        this.bufLength *= 2;
        this.bufSoftLimit = Math.trunc(this.bufLength * LOAD_FACTOR);
      }
      this.bufAbsoluteStart = this.bufStart;
    }
    const room = Math.min(this.bufLength - (this.bufEnd - this.bufAbsoluteStart), CHUNK);
    const read = Math.min(room, this.text.length - this.bufEnd);
    if (read > 0) {
      this.bufEnd += read;
      return;
    }
    if (this.bufAbsoluteStart === 0 && this.pos === 0) throw new XmlEndOfInput('input contained no data');
    if (this.seenRoot && this.depth === 0) {
      this.reachedEnd = true;
      return;
    }
    throw new XmlEndOfInput(`no more data available${this.expectedEndTags()}${this.positionDescription()}`);
  }

  /** What fillBuf() says at the end of input inside elements. */
  private expectedEndTags(): string {
    const d = this.depth;
    if (d === 0) return '';
    // The start tag whose name is being read: no name stored at this depth yet.
    const opening = (): string => this.text.slice(this.posStart + 1, this.pos);
    if (this.names[d] === undefined) return ` - expected the opening tag <${opening()}...>`;
    let ends = '';
    let starts = '';
    for (let i = d; i > 0; i--) {
      const name = this.names[i];
      ends += name === undefined ? ` - expected the opening tag <${opening()}...>` : `</${name}>`;
      starts += `${i !== d ? ' and' : ''} start tag <${name ?? opening()}> from line ${this.nameLines[i]}`;
    }
    return ` - expected end tag${d > 1 ? 's' : ''} ${ends} to close${starts}, parser stopped on`;
  }

  private prolog(): number {
    let ch = this.more();
    if (this.type === START_DOCUMENT) {
      if (ch === 0xfffe) {
        throw this.fail('first character in input was UNICODE noncharacter (0xFFFE)- input requires int swapping');
      }
      if (ch === 0xfeff) ch = this.more();
      else if (ch === 0xfffd) {
        // A UTF-16 byte order mark decoded as UTF-8.
        ch = this.more();
        if (ch === 0xfffd) throw this.fail('UTF-16 BOM in a UTF-8 encoded file is incompatible');
      }
    }
    this.posStart = this.pos - 1;
    for (;;) {
      if (ch === 0x3c) {
        ch = this.more();
        if (ch === 0x3f /* ? */) this.parsePI();
        else if (ch === 0x21 /* ! */) {
          ch = this.more();
          if (ch === 0x44 /* D */) {
            if (this.seenDocdecl) throw this.fail('only one docdecl allowed in XML document');
            this.seenDocdecl = true;
            this.parseDocdecl();
          } else if (ch === 0x2d) this.parseComment();
          else throw this.fail(`unexpected markup <!${printableChar(ch)}`);
        } else if (isNameStartChar(ch)) {
          this.seenRoot = true;
          return this.parseStartTag();
        } else throw this.fail(`expected start tag name and not ${printableChar(ch)}`);
      } else if (!isS(ch)) {
        throw this.fail(`only whitespace content allowed before start tag and not ${printableChar(ch)}`);
      }
      ch = this.more();
    }
  }

  private epilog(): number {
    if (this.type === END_DOCUMENT) throw this.fail('already reached end of XML input');
    if (this.reachedEnd) return END_DOCUMENT;
    try {
      let ch = this.more();
      this.posStart = this.pos - 1;
      for (;;) {
        if (ch === 0x3c) {
          ch = this.more();
          if (ch === 0x3f) this.parsePI();
          else if (ch === 0x21) {
            ch = this.more();
            if (ch === 0x44) this.parseDocdecl();
            else if (ch === 0x2d) this.parseComment();
            else throw this.fail(`unexpected markup <!${printableChar(ch)}`);
          } else if (ch === 0x2f) throw this.fail(`end tag not allowed in epilog but got ${printableChar(ch)}`);
          else if (isNameStartChar(ch)) throw this.fail(`start tag not allowed in epilog but got ${printableChar(ch)}`);
          else throw this.fail(`in epilog expected ignorable content and not ${printableChar(ch)}`);
        } else if (!isS(ch)) {
          throw this.fail(`in epilog non whitespace content is not allowed but got ${printableChar(ch)}`);
        }
        ch = this.more();
      }
    } catch (e) {
      if (!(e instanceof XmlEndOfInput)) throw e;
      this.reachedEnd = true;
    }
    return END_DOCUMENT;
  }

  /** Inside the root element: MXParser.nextImpl() at depth > 0. */
  private content(): number {
    if (this.seenStartTag) {
      this.seenStartTag = false;
      return this.parseStartTag();
    }
    if (this.seenEndTag) {
      this.seenEndTag = false;
      return this.parseEndTag();
    }
    let ch = this.more();
    this.posStart = this.pos - 1;
    let hadCharData = false;
    let needsMerging = false;
    for (;;) {
      if (ch === 0x3c /* < */) {
        ch = this.more();
        if (ch === 0x2f /* / */) {
          if (hadCharData) {
            this.seenEndTag = true;
            return TEXT;
          }
          return this.parseEndTag();
        } else if (ch === 0x21 /* ! */) {
          ch = this.more();
          if (ch === 0x2d) {
            this.parseComment();
            if (!this.usePC && hadCharData) needsMerging = true;
            else this.posStart = this.pos;
          } else if (ch === 0x5b /* [ */) {
            this.parseCDSect(hadCharData);
            if (this.posEnd - this.posStart > 0) {
              hadCharData = true;
              if (!this.usePC) needsMerging = true;
            }
          } else throw this.fail(`unexpected character in markup ${printableChar(ch)}`);
        } else if (ch === 0x3f /* ? */) {
          this.parsePI();
          if (!this.usePC && hadCharData) needsMerging = true;
          else this.posStart = this.pos;
        } else if (isNameStartChar(ch)) {
          if (hadCharData) {
            this.seenStartTag = true;
            return TEXT;
          }
          return this.parseStartTag();
        } else throw this.fail(`unexpected character in markup ${printableChar(ch)}`);
      } else if (ch === 0x26 /* & */) {
        const oldStart = this.posStart;
        const oldEnd = this.posEnd;
        this.parseEntityRef();
        if (this.resolved === undefined) {
          throw this.fail(`could not resolve entity named '${printable(this.text.slice(this.posStart, this.posEnd))}'`);
        }
        this.posStart = oldStart;
        this.posEnd = oldEnd;
        if (!this.usePC) {
          if (hadCharData) {
            this.joinPC();
            needsMerging = false;
          } else {
            this.usePC = true;
            this.pc = '';
          }
        }
        this.pc += this.resolved;
        hadCharData = true;
      } else {
        if (needsMerging) {
          this.joinPC();
          needsMerging = false;
        }
        hadCharData = true;
        ch = this.charData(ch);
        continue;
      }
      ch = this.more();
    }
  }

  /** A run of character data from `ch` up to the next `<` or `&`, which it returns. */
  private charData(first: number): number {
    let ch = first;
    let normalizedCR = false;
    let seenBracket = false;
    let seenBracketBracket = false;
    do {
      if (ch === 0x5d /* ] */) {
        if (seenBracket) seenBracketBracket = true;
        else seenBracket = true;
      } else if (seenBracketBracket && ch === 0x3e) {
        throw this.fail('characters ]]> are not allowed in content');
      } else if (seenBracket) seenBracketBracket = seenBracket = false;
      normalizedCR = this.normalizeLineEnd(ch, normalizedCR);
      ch = this.more();
    } while (ch !== 0x3c && ch !== 0x26);
    this.posEnd = this.pos - 1;
    return ch;
  }

  /**
   * One character of text into the collected text, line ends normalised as MXParser does (CR LF
   * and a lone CR become LF); answers whether this character was a CR.
   */
  private normalizeLineEnd(ch: number, afterCR: boolean): boolean {
    if (ch === 0x0d) {
      this.posEnd = this.pos - 1;
      if (!this.usePC) {
        if (this.posEnd > this.posStart) this.joinPC();
        else {
          this.usePC = true;
          this.pc = '';
        }
      }
      this.pc += '\n';
      return true;
    }
    if (ch === 0x0a) {
      if (!afterCR && this.usePC) this.pc += '\n';
    } else if (this.usePC) this.pc += String.fromCharCode(ch);
    return false;
  }

  private joinPC(): void {
    this.pc += this.text.slice(this.posStart, this.posEnd);
    this.usePC = true;
  }

  private parseStartTag(): number {
    this.depth++;
    this.posStart = this.pos - 2;
    this.emptyElementTag = false;
    this.attributeNames = [];
    const nameStart = this.pos - 1;
    let ch: number;
    do ch = this.more();
    while (isNameChar(ch));
    this.name = this.text.slice(nameStart, this.pos - 1);
    this.names[this.depth] = this.name;
    this.nameLines[this.depth] = this.line;
    for (;;) {
      while (isS(ch)) ch = this.more();
      if (ch === 0x3e /* > */) break;
      if (ch === 0x2f /* / */) {
        this.emptyElementTag = true;
        ch = this.more();
        if (ch !== 0x3e) throw this.fail(`expected > to end empty tag not ${printableChar(ch)}`);
        break;
      }
      if (!isNameStartChar(ch)) throw this.fail(`start tag unexpected character ${printableChar(ch)}`);
      this.parseAttribute();
      ch = this.more();
    }
    const names = this.attributeNames;
    for (let i = 1; i < names.length; i++) {
      for (let j = 0; j < i; j++) {
        if (names[j] === names[i]) throw this.fail(`duplicated attributes ${names[j]} and ${names[i]}`);
      }
    }
    this.posEnd = this.pos;
    return START_TAG;
  }

  private parseAttribute(): void {
    const prevPosStart = this.posStart;
    const nameStart = this.pos - 1;
    let ch = this.more();
    while (isNameChar(ch)) ch = this.more();
    this.attributeNames.push(this.text.slice(nameStart, this.pos - 1));
    while (isS(ch)) ch = this.more();
    if (ch !== 0x3d /* = */) throw this.fail('expected = after attribute name');
    ch = this.more();
    while (isS(ch)) ch = this.more();
    const delimit = ch;
    if (delimit !== 0x22 && delimit !== 0x27) {
      throw this.fail(`attribute value must start with quotation or apostrophe not ${printableChar(delimit)}`);
    }
    this.usePC = false;
    this.posStart = this.pos;
    for (;;) {
      ch = this.more();
      if (ch === delimit) break;
      if (ch === 0x3c) throw this.fail('markup not allowed inside attribute value - illegal < ');
      if (ch === 0x26) {
        this.posEnd = this.pos - 1;
        this.parseEntityRef();
        if (this.resolved === undefined) {
          throw this.fail(`could not resolve entity named '${printable(this.text.slice(this.posStart, this.posEnd))}'`);
        }
      }
    }
    this.posStart = prevPosStart;
  }

  private parseEndTag(): number {
    let ch = this.more();
    if (!isNameStartChar(ch)) throw this.fail(`expected name start and not ${printableChar(ch)}`);
    this.posStart = this.pos - 3;
    const nameStart = this.pos - 1;
    do ch = this.more();
    while (isNameChar(ch));
    const end = this.text.slice(nameStart, this.pos - 1);
    const start = this.names[this.depth];
    const from = this.nameLines[this.depth];
    if (start.length !== end.length) {
      throw this.fail(`end tag name </${end}> must match start tag name <${start}> from line ${from}`);
    }
    if (start !== end)
      throw this.fail(`end tag name </${end}> must be the same as start tag <${start}> from line ${from}`);
    while (isS(ch)) ch = this.more();
    if (ch !== 0x3e) throw this.fail(`expected > to finsh end tag not ${printableChar(ch)} from line ${from}`);
    this.name = start;
    this.posEnd = this.pos;
    this.pastEndTag = true;
    return END_TAG;
  }

  /** MXParser.parseEntityRef(): after `&`; sets `resolved` and leaves the name between posStart and posEnd. */
  private parseEntityRef(): void {
    this.posStart = this.pos;
    this.resolved = undefined;
    let ch = this.more();
    if (ch === 0x23 /* # */) {
      ch = this.more();
      const hex = ch === 0x78; /* x */
      let digits = '';
      if (hex) {
        for (;;) {
          ch = this.more();
          if ((ch >= 0x30 && ch <= 0x39) || (ch >= 0x61 && ch <= 0x66) || (ch >= 0x41 && ch <= 0x46)) {
            digits += String.fromCharCode(ch);
          } else if (ch === 0x3b) break;
          else throw this.fail(`character reference (with hex value) may not contain ${printableChar(ch)}`);
        }
      } else {
        for (;;) {
          if (ch >= 0x30 && ch <= 0x39) digits += String.fromCharCode(ch);
          else if (ch === 0x3b) break;
          else throw this.fail(`character reference (with decimal value) may not contain ${printableChar(ch)}`);
          ch = this.more();
        }
      }
      // Integer.parseInt: no digits, or more than an int holds, is invalid too.
      const value = digits === '' ? NaN : parseInt(digits, hex ? 16 : 10);
      if (!(value <= 0x7fffffff) || !isValidCodePoint(value)) {
        throw this.fail(`character reference (with ${hex ? 'hex' : 'decimal'} value ${digits}) is invalid`);
      }
      this.resolved = String.fromCodePoint(value);
    } else {
      if (!isNameStartChar(ch)) {
        throw this.fail(`entity reference names can not start with character '${printableChar(ch)}'`);
      }
      for (;;) {
        ch = this.more();
        if (ch === 0x3b) break;
        if (!isNameChar(ch)) throw this.fail(`entity reference name can not contain character ${printableChar(ch)}'`);
      }
      const name = this.text.slice(this.posStart, this.pos - 1);
      if (Object.hasOwn(PREDEFINED, name)) this.resolved = PREDEFINED[name];
      else {
        const code = XPP3_ENTITIES.get(name);
        if (code !== undefined) this.resolved = String.fromCharCode(code);
      }
    }
    // The name, without the `;`.
    this.posEnd = this.pos - 1;
  }

  private parseComment(): void {
    let ch = this.more();
    if (ch !== 0x2d) throw this.fail('expected <!-- for comment start');
    const line = this.line;
    const column = this.column - 4;
    try {
      let seenDash = false;
      let seenDashDash = false;
      for (;;) {
        ch = this.more();
        if (seenDashDash && ch !== 0x3e) {
          throw this.fail(`in comment after two dashes (--) next character must be > not ${printableChar(ch)}`);
        }
        if (ch === 0x2d) {
          if (seenDash) seenDashDash = true;
          else seenDash = true;
        } else if (ch === 0x3e) {
          if (seenDashDash) break;
          seenDash = false;
        } else if (isValidCodePoint(ch)) seenDash = false;
        else throw this.fail(`Illegal character 0x${ch.toString(16)} found in comment`);
      }
    } catch (e) {
      if (!(e instanceof XmlEndOfInput)) throw e;
      throw this.fail(`comment started on line ${line} and column ${column} was not closed`, e);
    }
  }

  private parsePI(): void {
    const line = this.line;
    const column = this.column - 2;
    const targetStart = this.pos;
    // MXParser checks the position in its buffer: `<?xml` is allowed among its first characters only.
    const targetStartInBuffer = this.pos - this.bufAbsoluteStart;
    let targetEnd = -1;
    try {
      let seenTarget = false;
      let seenInnerTag = false;
      let seenQ = false;
      let ch = this.more();
      if (isS(ch)) {
        throw this.fail('processing instruction PITarget must be exactly after <? and not white space character');
      }
      for (;;) {
        if (ch === 0x3f) {
          if (!seenTarget) throw this.fail('processing instruction PITarget name not found');
          seenQ = true;
        } else if (ch === 0x3e) {
          if (seenQ) break;
          if (!seenTarget) throw this.fail('processing instruction PITarget name not found');
          if (!seenInnerTag) {
            throw this.fail(`processing instruction started on line ${line} and column ${column} was not closed`);
          }
          seenInnerTag = false;
        } else if (ch === 0x3c) seenInnerTag = true;
        else {
          if (targetEnd === -1 && isS(ch)) {
            targetEnd = this.pos - 1;
            if (targetEnd - targetStart >= 3 && /^xml/i.test(this.text.slice(targetStart, targetStart + 3))) {
              if (targetStartInBuffer > 3) {
                throw this.fail('processing instruction can not have PITarget with reserved xml name');
              }
              const t = this.text;
              if (t[targetStart] !== 'x' && t[targetStart + 1] !== 'm' && t[targetStart + 2] !== 'l') {
                throw this.fail('XMLDecl must have xml name in lowercase');
              }
              this.parseXmlDecl(ch);
              return;
            }
          }
          seenQ = false;
        }
        seenTarget = true;
        ch = this.more();
      }
    } catch (e) {
      if (!(e instanceof XmlEndOfInput)) throw e;
      throw this.fail(`processing instruction started on line ${line} and column ${column} was not closed`, e);
    }
  }

  private parseXmlDecl(first: number): void {
    this.preventBufferCompaction = true;
    this.bufStart = this.bufAbsoluteStart;
    let ch = this.skipS(first);
    ch = this.requireInput(ch, 'version');
    ch = this.skipS(ch);
    if (ch !== 0x3d) throw this.fail(`expected equals sign (=) after version and not ${printableChar(ch)}`);
    ch = this.skipS(this.more());
    if (ch !== 0x27 && ch !== 0x22) {
      throw this.fail(`expected apostrophe (') or quotation mark (") after version and not ${printableChar(ch)}`);
    }
    const quote = ch;
    const versionStart = this.pos;
    ch = this.more();
    while (ch !== quote) {
      if (!isAsciiAlnum(ch) && ch !== 0x5f && ch !== 0x2e && ch !== 0x3a && ch !== 0x2d) {
        throw this.fail(`<?xml version value expected to be in ([a-zA-Z0-9_.:] | '-') not ${printableChar(ch)}`);
      }
      ch = this.more();
    }
    const version = this.text.slice(versionStart, this.pos - 1);
    if (version !== '1.0') throw this.fail(`only 1.0 is supported as <?xml version not '${printable(version)}'`);
    this.xmlDeclRest();
    this.preventBufferCompaction = false;
  }

  /** After `<?xml version="1.0"`: the encoding and standalone pseudo-attributes, then `?>`. */
  private xmlDeclRest(): void {
    let last = 'version';
    let ch = this.more();
    let prev = ch;
    ch = this.skipS(ch);
    if (ch !== 0x65 && ch !== 0x73 && ch !== 0x3f && ch !== 0x3e)
      throw this.fail(`unexpected character ${printableChar(ch)}`);
    if (ch === 0x65 /* e */) {
      if (!isS(prev)) throw this.fail(`expected a space after ${last} and not ${printableChar(ch)}`);
      ch = this.skipS(this.requireInput(this.more(), 'ncoding'));
      if (ch !== 0x3d) throw this.fail(`expected equals sign (=) after encoding and not ${printableChar(ch)}`);
      ch = this.skipS(this.more());
      if (ch !== 0x27 && ch !== 0x22) {
        throw this.fail(`expected apostrophe (') or quotation mark (") after encoding and not ${printableChar(ch)}`);
      }
      const quote = ch;
      ch = this.more();
      if (!isAsciiLetter(ch))
        throw this.fail(`<?xml encoding name expected to start with [A-Za-z] not ${printableChar(ch)}`);
      ch = this.more();
      while (ch !== quote) {
        if (!isAsciiAlnum(ch) && ch !== 0x2e && ch !== 0x5f && ch !== 0x2d) {
          throw this.fail(`<?xml encoding value expected to be in ([A-Za-z0-9._] | '-') not ${printableChar(ch)}`);
        }
        ch = this.more();
      }
      last = 'encoding';
      ch = this.more();
      prev = ch;
      ch = this.skipS(ch);
    }
    if (ch === 0x73 /* s */) {
      if (!isS(prev)) throw this.fail(`expected a space after ${last} and not ${printableChar(ch)}`);
      ch = this.skipS(this.requireInput(this.more(), 'tandalone'));
      if (ch !== 0x3d) throw this.fail(`expected equals sign (=) after standalone and not ${printableChar(ch)}`);
      ch = this.skipS(this.more());
      if (ch !== 0x27 && ch !== 0x22) {
        throw this.fail(`expected apostrophe (') or quotation mark (") after standalone and not ${printableChar(ch)}`);
      }
      const quote = ch;
      ch = this.more();
      if (ch === 0x79 /* y */) ch = this.requireInput(ch, 'yes');
      else if (ch === 0x6e /* n */) ch = this.requireInput(ch, 'no');
      else throw this.fail(`expected 'yes' or 'no' after standalone and not ${printableChar(ch)}`);
      if (ch !== quote) {
        throw this.fail(`expected ${String.fromCharCode(quote)} after standalone value not ${printableChar(ch)}`);
      }
      ch = this.skipS(this.more());
    }
    if (ch !== 0x3f) throw this.fail(`expected ?> as last part of <?xml not ${printableChar(ch)}`);
    ch = this.more();
    if (ch !== 0x3e) throw this.fail(`expected ?> as last part of <?xml not ${printableChar(ch)}`);
  }

  private requireInput(first: number, input: string): number {
    let ch = first;
    for (let i = 0; i < input.length; i++) {
      const expected = input.charCodeAt(i);
      if (ch !== expected) {
        throw this.fail(`expected ${printableChar(expected)} in ${input} and not ${printableChar(ch)}`);
      }
      ch = this.more();
    }
    return ch;
  }

  private skipS(first: number): number {
    let ch = first;
    while (isS(ch)) ch = this.more();
    return ch;
  }

  /** After `<!D`: the declaration is skipped up to its `>` (brackets counted); references in it must be well-formed. */
  private parseDocdecl(): void {
    for (const expected of 'OCTYPE') {
      if (this.more() !== expected.charCodeAt(0)) throw this.fail('expected <!DOCTYPE');
    }
    this.posStart = this.pos;
    let level = 0;
    for (;;) {
      const ch = this.more();
      if (ch === 0x5b) level++;
      else if (ch === 0x5d) level--;
      else if (ch === 0x3e && level === 0) break;
      else if (ch === 0x26) {
        this.posEnd = this.pos - 1;
        const prevPosStart = this.posStart;
        this.parseEntityRef();
        this.posStart = prevPosStart;
      }
    }
    this.posEnd = this.pos - 1;
  }

  /** After `<![`: a CDATA section, its content added to the text being gathered. */
  private parseCDSect(hadCharData: boolean): void {
    for (const expected of 'CDATA') {
      if (this.more() !== expected.charCodeAt(0)) throw this.fail('expected <[CDATA[ for comment start');
    }
    if (this.more() !== 0x5b) throw this.fail('expected <![CDATA[ for comment start');
    const cdStart = this.pos;
    const line = this.line;
    const column = this.column;
    try {
      if (hadCharData && !this.usePC) {
        if (this.posEnd > this.posStart) this.joinPC();
        else {
          this.usePC = true;
          this.pc = '';
        }
      }
      let seenBracket = false;
      let seenBracketBracket = false;
      let normalizedCR = false;
      for (;;) {
        const ch = this.more();
        if (ch === 0x5d) {
          if (!seenBracket) seenBracket = true;
          else seenBracketBracket = true;
        } else if (ch === 0x3e) {
          if (seenBracket && seenBracketBracket) break;
          seenBracketBracket = false;
          seenBracket = false;
        } else if (seenBracket) seenBracket = false;
        if (ch === 0x0d) this.posStart = cdStart;
        normalizedCR = this.normalizeLineEnd(ch, normalizedCR);
      }
    } catch (e) {
      if (!(e instanceof XmlEndOfInput)) throw e;
      throw this.fail(`CDATA section started on line ${line} and column ${column} was not closed`, e);
    }
    // The `]]` went into pc with the content.
    if (this.usePC) this.pc = this.pc.slice(0, -2);
    this.posStart = cdStart;
    this.posEnd = this.pos - 3;
  }
}

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function isAsciiLetter(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a);
}

function isAsciiAlnum(c: number): boolean {
  return isAsciiLetter(c) || (c >= 0x30 && c <= 0x39);
}
