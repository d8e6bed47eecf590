import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { excerpt, withExcerpts } from './excerpt';
import { dictionary } from './own-keys';

/** One element of a parsed XML document, in document order, with its source position. */
export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Concatenated, untrimmed text content of this element (not of its children). */
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Malformed XML: names the file, the line and column, and the element path around the error.
 * What the parser quotes of the input (tag and attribute names) is cut to a short excerpt.
 */
export class XmlSyntaxError extends Error {
  readonly reason: string;

  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly elementPath: string,
    reason: string,
  ) {
    const shown = withExcerpts(reason);
    super(
      `Malformed XML in ${file}:${line}:${column}${elementPath ? ` (in ${excerpt(elementPath, 240)})` : ''}: ${shown}`,
    );
    this.reason = shown;
    this.name = 'XmlSyntaxError';
  }
}

const META = XMLParser.getMetaDataSymbol();

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: '#comment',
  captureMetaData: true,
});

/** Parses `source` (read from `file`) into an element tree; throws XmlSyntaxError when malformed. */
export function parseXml(source: string, file: string): XmlElement {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const verdict = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (verdict !== true) {
    const { line, col, msg } = verdict.err;
    throw new XmlSyntaxError(file, line, col, elementPathAt(text, line, col), msg);
  }
  const lines = lineStarts(text);
  let nodes: RawNode[];
  try {
    nodes = parser.parse(text) as RawNode[];
  } catch (e) {
    // What the validator lets through and the parser refuses is in the DTD (external entities, bad declarations).
    const doctype = text.indexOf('<!DOCTYPE');
    const [line, column] = position(lines, Math.max(doctype, 0));
    throw new XmlSyntaxError(file, line, column, '', (e as Error).message);
  }
  const roots = nodes.map((n) => toElement(n, lines, file, 0)).filter((e): e is XmlElement => e !== undefined);
  if (roots.length !== 1) {
    throw new XmlSyntaxError(file, 1, 1, '', `expected exactly one root element, found ${roots.length}`);
  }
  return roots[0];
}

type RawNode = Record<string, unknown> & { ':@'?: Record<string, string> };

/** Deeper documents are refused: walking them would exhaust the stack (no real descriptor comes close). */
const MAX_DEPTH = 1000;

function toElement(node: RawNode, lines: number[], file: string, depth: number): XmlElement | undefined {
  const name = Object.keys(node).find((k) => k !== ':@' && k !== '#text' && k !== '#comment');
  if (name === undefined) return undefined;
  if (depth >= MAX_DEPTH) {
    const at = (node as unknown as Record<symbol, { startIndex?: number }>)[META as unknown as symbol]?.startIndex ?? 0;
    const [line, column] = position(lines, at);
    throw new XmlSyntaxError(file, line, column, '', `elements are nested more than ${MAX_DEPTH} levels deep`);
  }
  const rawChildren = node[name] as RawNode[];
  const children: XmlElement[] = [];
  let text = '';
  for (const child of rawChildren) {
    if ('#text' in child) text += String(child['#text']);
    else {
      const el = toElement(child, lines, file, depth + 1);
      if (el) children.push(el);
    }
  }
  const attrs = (node[':@'] ?? {}) as Record<string, string>;
  const attributes = dictionary(Object.keys(attrs).map((k) => [xmlName(k), attrs[k]] as const));
  const meta = (node as unknown as Record<symbol, { startIndex?: number }>)[META as unknown as symbol];
  const [line, column] = position(lines, meta?.startIndex ?? 0);
  return { name: xmlName(name), attributes, children, text, line, column };
}

/** fast-xml-parser renames `__proto__` (an element or attribute name) to `#__proto__`; XML names never start with `#`. */
function xmlName(parsed: string): string {
  return parsed === '#__proto__' ? '__proto__' : parsed;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function position(starts: number[], index: number): [number, number] {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= index) lo = mid;
    else hi = mid - 1;
  }
  return [lo + 1, index - starts[lo] + 1];
}

/** Best-effort element path (`project/dependencies/dependency`) open at a line and column. */
function elementPathAt(text: string, line: number, col: number): string {
  const starts = lineStarts(text);
  const end = (starts[line - 1] ?? text.length) + Math.max(0, col - 1);
  const stack: string[] = [];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)[^<>]*?(\/?)>|<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>/g;
  for (let m = tag.exec(text); m && m.index < end; m = tag.exec(text)) {
    if (!m[2]) continue;
    if (m[1]) {
      const at = stack.lastIndexOf(m[2]);
      if (at >= 0) stack.length = at;
    } else if (!m[3]) stack.push(m[2]);
  }
  return stack.join('/');
}

/** First child element named `name`. */
export function child(el: XmlElement | undefined, name: string): XmlElement | undefined {
  return el?.children.find((c) => c.name === name);
}

/** All child elements named `name`, in document order. */
export function childrenNamed(el: XmlElement | undefined, name: string): XmlElement[] {
  return el ? el.children.filter((c) => c.name === name) : [];
}

/** Trimmed text of the first child named `name`, or undefined when absent. */
export function childText(el: XmlElement | undefined, name: string): string | undefined {
  const c = child(el, name);
  return c === undefined ? undefined : c.text.trim();
}
