import { dictionary, hasOwnKey, ownValue } from './own-keys';
import { parseXml, type XmlElement } from './xml';
import { isValidCodePoint } from './xpp3-chars';
import { XPP3_ENTITIES } from './xpp3-entities';

/**
 * A small, fast XML reader for POMs and settings files: one pass over the text, building the same
 * XmlElement tree as `parseXml`. Resolution reads thousands of POMs, where the general parser's
 * validation pass dominates. Anything this reader does not accept (malformed input, or a construct
 * it does not handle such as an internal DTD subset) is handed to `parseXml`, so errors carry the same
 * XmlSyntaxError with file, line, column and element path.
 */
export function parseXmlFast(source: string, file: string): XmlElement {
  return tryParseXmlFast(source) ?? parseXml(source, file);
}

/** The fast reader alone: the tree, or undefined for input it does not take (the caller decides what then). */
export function tryParseXmlFast(source: string): XmlElement | undefined {
  return tryParse(source.charCodeAt(0) === 0xfeff ? source.slice(1) : source);
}

/**
 * Elements from `parseXmlFast` also carry where their start tag ends (Maven reports model
 * problems at that position: the line and the column just after `>`).
 */
export interface LocatedXmlElement extends XmlElement {
  readonly tagEndLine: number;
  readonly tagEndColumn: number;
}

/** Maven-style location of an element: just after its start tag when known, else its start. */
export function tagEnd(el: XmlElement): { line: number; column: number } {
  const l = el as Partial<LocatedXmlElement>;
  return l.tagEndLine !== undefined
    ? { line: l.tagEndLine, column: l.tagEndColumn as number }
    : { line: el.line, column: el.column };
}

// Leaf elements (most of a POM) share these instead of allocating their own.
const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

interface Building {
  tagEndLine: number;
  tagEndColumn: number;
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
  column: number;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
/** End of an XML name starting at `pos` (pos itself when there is none). */
function nameEnd(text: string, pos: number): number {
  let p = pos;
  for (;;) {
    const c = text.charCodeAt(p);
    const letter = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58;
    if (letter || (p > pos && ((c >= 48 && c <= 57) || c === 46 || c === 45))) p++;
    else return p;
  }
}
// MXParser needs no space between one attribute's value and the next name.
const ATTRIBUTE = /\s*([A-Za-z_:][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

function tryParse(text: string): XmlElement | undefined {
  const stack: Building[] = [];
  let root: XmlElement | undefined;
  let seenDoctype = false;
  let line = 1;
  let lineStart = 0;
  let pos = 0;
  const n = text.length;
  // The first newline not yet counted (-1: none left). Kept between calls: searching afresh
  // from each position scanned to the next newline every time, quadratic on a one-line file.
  let newline = text.indexOf('\n');
  // Advances the line counter over text[from, to); calls come in text order.
  const countLines = (from: number, to: number): void => {
    if (newline >= 0 && newline < from) newline = text.indexOf('\n', from);
    while (newline >= 0 && newline < to) {
      line++;
      lineStart = newline + 1;
      newline = text.indexOf('\n', newline + 1);
    }
  };
  while (pos < n) {
    const lt = text.indexOf('<', pos);
    const end = lt < 0 ? n : lt;
    if (end > pos) {
      const raw = text.slice(pos, end);
      if (stack.length === 0) {
        if (!XML_SPACES.test(raw)) return undefined;
      } else {
        if (raw.includes(']]>')) return undefined;
        const decoded = decode(raw);
        if (decoded === undefined) return undefined;
        const top = stack[stack.length - 1];
        top.text = top.text === '' ? decoded : top.text + decoded;
      }
      countLines(pos, end);
    }
    if (lt < 0) break;
    pos = lt;
    const next = text.charCodeAt(pos + 1);
    if (next === 0x21 /* ! */) {
      if (text.startsWith('<!--', pos)) {
        const close = text.indexOf('-->', pos + 4);
        if (close < 0 || !commentBody(text.slice(pos + 4, close))) return undefined;
        countLines(pos, close);
        pos = close + 3;
      } else if (text.startsWith('<![CDATA[', pos)) {
        const close = text.indexOf(']]>', pos + 9);
        if (close < 0 || stack.length === 0) return undefined;
        stack[stack.length - 1].text += text.slice(pos + 9, close);
        countLines(pos, close);
        pos = close + 3;
      } else if (text.startsWith('<!DOCTYPE', pos)) {
        // One, before the root element, without an internal subset or references.
        const close = text.indexOf('>', pos);
        if (close < 0 || seenDoctype || root || stack.length > 0) return undefined;
        if (/[[&]/.test(text.slice(pos, close))) return undefined;
        seenDoctype = true;
        countLines(pos, close);
        pos = close + 1;
      } else return undefined;
    } else if (next === 0x3f /* ? */) {
      const close = text.indexOf('?>', pos + 2);
      if (close < 0 || !processingInstruction(text.slice(pos + 2, close), pos <= 1)) return undefined;
      countLines(pos, close);
      pos = close + 2;
    } else if (next === 0x2f /* / */) {
      const end = nameEnd(text, pos + 2);
      if (end === pos + 2) return undefined;
      const top = stack.pop();
      if (!top || top.name.length !== end - pos - 2 || !text.startsWith(top.name, pos + 2)) return undefined;
      let p = end;
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      if (text.charCodeAt(p) !== 0x3e) return undefined;
      countLines(pos, p);
      pos = p + 1;
      const done: XmlElement = top;
      if (stack.length === 0) {
        if (root) return undefined;
        root = done;
      } else addChild(stack[stack.length - 1], done);
    } else {
      const end = nameEnd(text, pos + 1);
      if (end === pos + 1) return undefined;
      const el: Building = {
        name: text.slice(pos + 1, end),
        attributes: NO_ATTRIBUTES,
        children: NO_CHILDREN,
        text: '',
        line,
        column: pos - lineStart + 1,
        tagEndLine: 0,
        tagEndColumn: 0,
      };
      let p = end;
      for (;;) {
        ATTRIBUTE.lastIndex = p;
        const a = ATTRIBUTE.exec(text);
        if (!a) break;
        if (hasOwnKey(el.attributes, a[1])) return undefined;
        const value = decode(a[2] ?? a[3]);
        if (value === undefined) return undefined;
        if (el.attributes === NO_ATTRIBUTES) el.attributes = dictionary();
        el.attributes[a[1]] = value;
        p = ATTRIBUTE.lastIndex;
      }
      while (p < n && isSpace(text.charCodeAt(p))) p++;
      let selfClosing = false;
      if (text.charCodeAt(p) === 0x2f) {
        selfClosing = true;
        p++;
      }
      if (text.charCodeAt(p) !== 0x3e) return undefined;
      countLines(pos, p);
      el.tagEndLine = line;
      el.tagEndColumn = p - lineStart + 2;
      pos = p + 1;
      if (stack.length === 0 && root) return undefined;
      if (selfClosing) {
        if (stack.length === 0) root = el;
        else addChild(stack[stack.length - 1], el);
      } else stack.push(el);
    }
  }
  return stack.length === 0 ? root : undefined;
}

const XML_SPACES = /^[ \t\r\n]*$/;

/** Whether MXParser takes this comment content: no `--`, no `-` at the end, only XML characters (no lone surrogates). */
function commentBody(body: string): boolean {
  return !body.includes('--') && !body.endsWith('-') && !/[^\t\n\r\x20-\ud7ff\ue000-\ufffd]/.test(body);
}

const XML_DECLARATION =
  /^xml[ \t\r\n]+version[ \t\r\n]*=[ \t\r\n]*(["'])1\.0\1([ \t\r\n]+encoding[ \t\r\n]*=[ \t\r\n]*(["'])[A-Za-z][\w.-]*\3)?([ \t\r\n]+standalone[ \t\r\n]*=[ \t\r\n]*(["'])(yes|no)\5)?[ \t\r\n]*$/;

/**
 * Whether MXParser takes this processing instruction (`body` between `<?` and `?>`): a target
 * right after `<?`, no markup inside, and a target `xml...` only as the XML declaration at the
 * start (MXParser lets one character stand before it), written as MXParser reads one.
 */
function processingInstruction(body: string, atStart: boolean): boolean {
  if (body === '' || /^[ \t\r\n]/.test(body) || /[<>]/.test(body)) return false;
  const space = body.search(/[ \t\r\n]/);
  if (space < 3 || !/^xml/i.test(body)) return true;
  return atStart && XML_DECLARATION.test(body);
}

function addChild(parent: Building, child: XmlElement): void {
  if (parent.children === NO_CHILDREN) parent.children = [child];
  else parent.children.push(child);
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

/** Replaces entity and character references; undefined for a malformed or unknown reference. */
function decode(raw: string): string | undefined {
  if (raw.indexOf('&') < 0) return raw;
  let out = '';
  let pos = 0;
  for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', pos)) {
    const semi = raw.indexOf(';', amp);
    if (semi < 0) return undefined;
    const ref = raw.slice(amp + 1, semi);
    let ch: string | undefined;
    if (ref.startsWith('#x')) ch = codePoint(parseInt(ref.slice(2), 16), /^[0-9a-fA-F]+$/.test(ref.slice(2)));
    else if (ref.startsWith('#')) ch = codePoint(parseInt(ref.slice(1), 10), /^[0-9]+$/.test(ref.slice(1)));
    else if (!/^[A-Za-z_:][\w.:-]*$/.test(ref)) return undefined;
    else ch = ownValue(ENTITIES, ref) ?? xpp3Entity(ref);
    if (ch === undefined) return undefined;
    out += raw.slice(pos, amp) + ch;
    pos = semi + 1;
  }
  return out + raw.slice(pos);
}

/** A character reference MXParser takes: an XML character. */
function codePoint(value: number, valid: boolean): string | undefined {
  return valid && isValidCodePoint(value) ? String.fromCodePoint(value) : undefined;
}

/** The XHTML entities Maven's generated readers define (`&eacute;`). */
function xpp3Entity(name: string): string | undefined {
  const code = XPP3_ENTITIES.get(name);
  return code === undefined ? undefined : String.fromCharCode(code);
}
