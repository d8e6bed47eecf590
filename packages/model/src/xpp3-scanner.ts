/** Event types, numbered as XmlPullParser's. */
export const START_TAG = 2;
export const END_TAG = 3;
export const TEXT = 4;
export const END_DOCUMENT = 1;
const TYPES = ['START_DOCUMENT', 'END_DOCUMENT', 'START_TAG', 'END_TAG', 'TEXT'];

/** The name of an event type as XmlPullParser.TYPES gives it (it appears in Maven's messages). */
export function eventName(type: number): string {
  return TYPES[type];
}

/** Input this scanner does not follow (not well-formed, or a DTD subset): the caller gives up checking. */
export class ScanAbort extends Error {}

// MXParser's buffer: 8192 chars, refilled 8192 at a time, shifted or doubled past 95% (fillBuf()).
const CHUNK = 8192;
const LOAD_FACTOR = 0.95;

/**
 * The event stream plexus-utils' MXParser (3.4.x, the XML reader of Maven 3.8) delivers through
 * `next()` with namespaces off: START_TAG, END_TAG, TEXT (character data with comments, processing
 * instructions, CDATA and references merged in) and END_DOCUMENT. Beside each event it keeps what
 * MXParser's messages print: the line and column after the event, and the piece of input before
 * it ("position: START_TAG seen ...<a>\n  <b>... @3:6"), which depends on where MXParser's buffer
 * starts, so the buffer's refills are followed too. Runs over text that already parsed as XML.
 */
export class Xpp3Scanner {
  type = 0;
  /** START_TAG / END_TAG: the element name as written. */
  name = '';
  /** START_TAG: attribute names in document order. */
  attributeNames: string[] = [];
  /** TEXT: whether its content is only spaces, tabs and line breaks (MXParser.isWhitespace). */
  whitespace = true;
  private textFrom = 0;
  private textTo = 0;
  // MXParser's posStart, pos, posEnd (absolute positions in `text`).
  private posStart = 0;
  private pos = 0;
  private posEnd = 0;
  private depth = 0;
  private started = false;
  private pendingEnd = false;
  private pendingTag = 0;
  // The buffer: absolute position of buf[0], its length, soft limit and end of the chars read.
  private bufAbsoluteStart = 0;
  private bufLength = CHUNK;
  private bufSoftLimit = Math.trunc(CHUNK * LOAD_FACTOR);
  private bufEnd = 0;

  constructor(private readonly text: string) {}

  next(): number {
    const bufStart = this.posEnd;
    this.type = this.advance();
    this.followBuffer(bufStart);
    return this.type;
  }

  /** TEXT: the content as MXParser's getText() gives it (references resolved, CDATA unwrapped, line ends normalized). */
  textValue(): string {
    return contentText(this.text.slice(this.textFrom, this.textTo));
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
    const { line, column } = this.location();
    return ` ${eventName(this.type)}${fragment !== undefined ? ` seen ${printable(fragment)}...` : ''} @${line}:${column}`;
  }

  /** Line and column just after the current event, counted as MXParser does (tab = one column). */
  location(): { line: number; column: number } {
    let line = 1;
    let lineStart = 0;
    for (let i = this.text.indexOf('\n'); i >= 0 && i < this.pos; i = this.text.indexOf('\n', i + 1)) {
      line++;
      lineStart = i + 1;
    }
    return { line, column: this.pos - lineStart + 1 };
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

  /** Refills MXParser made while reading the event's chars (each one shifts buf[0] to the event's start). */
  private followBuffer(bufStart: number): void {
    const n = this.text.length;
    while (this.bufEnd < this.pos && this.bufEnd < n) {
      if (this.bufEnd - this.bufAbsoluteStart > this.bufSoftLimit) {
        const start = bufStart - this.bufAbsoluteStart;
        const compact = start > this.bufSoftLimit || start >= this.bufLength / 2;
        if (!compact) {
          this.bufLength *= 2;
          this.bufSoftLimit = Math.trunc(this.bufLength * LOAD_FACTOR);
        }
        this.bufAbsoluteStart = bufStart;
      }
      const room = Math.min(this.bufLength - (this.bufEnd - this.bufAbsoluteStart), CHUNK);
      this.bufEnd = Math.min(n, this.bufEnd + room);
    }
  }

  private advance(): number {
    if (!this.started) {
      this.started = true;
      return this.prolog();
    }
    if (this.pendingEnd) {
      this.pendingEnd = false;
      return this.closeElement();
    }
    if (this.depth === 0) return END_DOCUMENT;
    if (this.pendingTag === START_TAG) {
      this.pendingTag = 0;
      return this.startTag(this.pos - 2);
    }
    if (this.pendingTag === END_TAG) {
      this.pendingTag = 0;
      return this.endTag(this.pos - 2);
    }
    return this.content();
  }

  private prolog(): number {
    const t = this.text;
    let p = 0;
    for (;;) {
      while (isSpace(t.charCodeAt(p))) p++;
      if (t.charCodeAt(p) !== 0x3c) throw new ScanAbort();
      if (t.startsWith('<?', p)) p = this.after(t.indexOf('?>', p + 2), 2);
      else if (t.startsWith('<!--', p)) p = this.after(t.indexOf('-->', p + 4), 3);
      else if (t.startsWith('<!DOCTYPE', p)) {
        const close = t.indexOf('>', p);
        if (close < 0 || t.slice(p, close).includes('[')) throw new ScanAbort();
        p = close + 1;
      } else {
        this.pos = p + 2;
        return this.startTag(p);
      }
    }
  }

  /** Character data up to the next start or end tag, or that tag itself when there is none. */
  private content(): number {
    const t = this.text;
    let p = this.pos;
    const eventStart = p;
    this.posStart = p;
    let hadCharData = false;
    let usePC = false;
    let needsMerging = false;
    let whitespace = true;
    for (;;) {
      const c = t.charCodeAt(p);
      if (Number.isNaN(c)) throw new ScanAbort();
      if (c === 0x3c /* < */) {
        const d = t.charCodeAt(p + 1);
        if (d === 0x2f /* / */ || isNameStart(d)) {
          const kind = d === 0x2f ? END_TAG : START_TAG;
          this.pos = p + 2;
          if (!hadCharData) return kind === END_TAG ? this.endTag(p) : this.startTag(p);
          this.pendingTag = kind;
          this.whitespace = whitespace;
          this.textFrom = eventStart;
          this.textTo = p;
          return TEXT;
        }
        if (t.startsWith('<!--', p) || t.startsWith('<?', p)) {
          p = t.startsWith('<!--', p) ? this.after(t.indexOf('-->', p + 4), 3) : this.after(t.indexOf('?>', p + 2), 2);
          // MXParser keeps text before it to merge with what follows, else starts the text after it.
          if (!usePC && hadCharData) needsMerging = true;
          else this.posStart = p;
          continue;
        }
        if (t.startsWith('<![CDATA[', p)) {
          const close = t.indexOf(']]>', p + 9);
          if (close < 0) throw new ScanAbort();
          if (hadCharData) usePC = true;
          if (t.slice(p + 9, close).includes('\r')) usePC = true;
          if (close > p + 9) {
            hadCharData = true;
            if (!usePC) needsMerging = true;
            whitespace &&= onlySpaces(t, p + 9, close);
          }
          this.posStart = p + 9;
          this.posEnd = close;
          p = close + 3;
          continue;
        }
        throw new ScanAbort();
      }
      if (c === 0x26 /* & */) {
        const semi = t.indexOf(';', p);
        if (semi < 0) throw new ScanAbort();
        const resolved = resolveReference(t.slice(p + 1, semi));
        if (resolved === undefined) throw new ScanAbort();
        whitespace &&= onlySpaces(resolved, 0, resolved.length);
        usePC = true;
        needsMerging = false;
        hadCharData = true;
        p = semi + 1;
        continue;
      }
      if (needsMerging) {
        usePC = true;
        needsMerging = false;
      }
      hadCharData = true;
      let q = p;
      for (;;) {
        const e = t.charCodeAt(q);
        if (e === 0x3c || e === 0x26 || Number.isNaN(e)) break;
        if (e === 0x0d) usePC = true;
        else if (whitespace && e !== 0x20 && e !== 0x0a && e !== 0x09) whitespace = false;
        q++;
      }
      this.posEnd = q;
      p = q;
    }
  }

  private startTag(lt: number): number {
    const t = this.text;
    this.posStart = lt;
    let p = lt + 1;
    while (isNameChar(t.charCodeAt(p))) p++;
    this.name = t.slice(lt + 1, p);
    this.attributeNames = [];
    for (;;) {
      while (isSpace(t.charCodeAt(p))) p++;
      const c = t.charCodeAt(p);
      if (c === 0x3e /* > */) {
        p++;
        break;
      }
      if (c === 0x2f /* / */ && t.charCodeAt(p + 1) === 0x3e) {
        p += 2;
        this.pendingEnd = true;
        break;
      }
      const nameStart = p;
      while (isNameChar(t.charCodeAt(p))) p++;
      if (p === nameStart) throw new ScanAbort();
      this.attributeNames.push(t.slice(nameStart, p));
      while (isSpace(t.charCodeAt(p))) p++;
      if (t.charCodeAt(p) !== 0x3d /* = */) throw new ScanAbort();
      p++;
      while (isSpace(t.charCodeAt(p))) p++;
      const quote = t[p];
      if (quote !== '"' && quote !== "'") throw new ScanAbort();
      const close = t.indexOf(quote, p + 1);
      if (close < 0) throw new ScanAbort();
      p = close + 1;
    }
    this.depth++;
    this.pos = p;
    this.posEnd = p;
    return START_TAG;
  }

  private endTag(lt: number): number {
    const t = this.text;
    this.posStart = lt;
    let p = lt + 2;
    while (isNameChar(t.charCodeAt(p))) p++;
    this.name = t.slice(lt + 2, p);
    while (isSpace(t.charCodeAt(p))) p++;
    if (t.charCodeAt(p) !== 0x3e) throw new ScanAbort();
    this.pos = p + 1;
    this.posEnd = p + 1;
    return this.closeElement();
  }

  private closeElement(): number {
    this.depth--;
    return END_TAG;
  }

  private after(index: number, length: number): number {
    if (index < 0) throw new ScanAbort();
    return index + length;
  }
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58 || c >= 0x80;
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;
}

function onlySpaces(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function resolveReference(ref: string): string | undefined {
  if (ref.startsWith('#x')) return codePoint(/^[0-9a-fA-F]+$/.test(ref.slice(2)) ? parseInt(ref.slice(2), 16) : NaN);
  if (ref.startsWith('#')) return codePoint(/^[0-9]+$/.test(ref.slice(1)) ? parseInt(ref.slice(1), 10) : NaN);
  return Object.hasOwn(ENTITIES, ref) ? ENTITIES[ref] : undefined;
}

function codePoint(value: number): string | undefined {
  return value > 0 && value <= 0x10ffff ? String.fromCodePoint(value) : undefined;
}

/** Character data as a reader gets it: comments and PIs dropped, CDATA unwrapped, references resolved, CR LF as LF. */
function contentText(raw: string): string {
  let out = '';
  let p = 0;
  while (p < raw.length) {
    const c = raw[p];
    if (raw.startsWith('<!--', p)) p = raw.indexOf('-->', p) + 3;
    else if (raw.startsWith('<?', p)) p = raw.indexOf('?>', p) + 2;
    else if (raw.startsWith('<![CDATA[', p)) {
      const close = raw.indexOf(']]>', p);
      out += raw.slice(p + 9, close);
      p = close + 3;
    } else if (c === '&') {
      const semi = raw.indexOf(';', p);
      out += resolveReference(raw.slice(p + 1, semi)) ?? '';
      p = semi + 1;
    } else {
      out += c;
      p++;
    }
  }
  return out.replace(/\r\n?/g, '\n');
}

/** MXParser.printable(): line breaks, tabs, quotes and non-ASCII characters escaped Java-style. */
export function printable(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c === 0x27) out += "\\'";
    else if (c > 127 || c < 32) out += `\\u${c.toString(16)}`;
    else out += s[i];
  }
  return out;
}
