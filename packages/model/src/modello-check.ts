import { fieldOf, readsAttribute, type FieldKind, type ModelGrammar } from './modello-grammar';
import { mayRefuse } from './modello-tree-check';
import type { XmlElement } from './xml';
import {
  END_DOCUMENT,
  END_TAG,
  eventName,
  ScanAbort,
  START_TAG,
  TEXT,
  XmlEndOfInput,
  XmlPullParserError,
  Xpp3Scanner,
} from './xpp3-scanner';

/**
 * What a Modello-generated reader throws for a document (an XmlPullParserException): its message,
 * `Unrecognised tag: 'x' (position: START_TAG seen ...<x>... @3:6) `, and where the parser stood.
 */
export interface ModelParseProblem {
  readonly message: string;
  readonly line: number;
  readonly column: number;
  /**
   * The input ends inside the document: MXParser throws an EOFException, which Maven takes as an
   * I/O failure ("Non-readable POM", no place), not as a parse problem.
   */
  readonly endOfInput?: boolean;
  /** MXParser's own refusal (the input is not well-formed): no reader, strict or lenient, gets past it. */
  readonly notWellFormed?: boolean;
}

class Refused extends Error {
  constructor(
    message: string,
    readonly chain?: string,
  ) {
    super(message);
  }
}

/**
 * Reads `text` as the reader Maven generates from a .mdo does (MavenXpp3Reader for POMs,
 * SettingsXpp3Reader for settings) and returns what it would throw, or undefined when it reads
 * the document. Strict mode refuses unknown elements and attributes and text between elements
 * of a class; both modes refuse a single-valued element given twice, elements inside a value, and
 * text inside a list, and input that is not well-formed, as MXParser does, at the first problem
 * met in document order.
 */
export function checkModelXml(text: string, grammar: ModelGrammar, strict: boolean): ModelParseProblem | undefined {
  // Maven's XmlStreamReader drops a byte order mark before MXParser sees the text.
  const scanner = new Xpp3Scanner(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  try {
    new GeneratedReader(scanner, grammar, strict).document();
    return undefined;
  } catch (e) {
    if (e instanceof ScanAbort) return undefined;
    if (e instanceof XmlPullParserError)
      return { message: e.message, line: e.line, column: e.column, notWellFormed: true };
    if (e instanceof XmlEndOfInput) {
      return { message: e.message, ...scanner.location(), endOfInput: true, notWellFormed: true };
    }
    if (!(e instanceof Refused)) throw e;
    // XmlPullParserException's message: what, then the parser's position, then the cause.
    const message = `${e.message} (position:${scanner.positionDescription()}) ${e.chain !== undefined ? `caused by: ${e.chain}` : ''}`;
    return { message, ...scanner.location() };
  }
}

/**
 * What Maven reports for a document no reader takes, read as its model builder reads a POM:
 * strictly first (when `strict`), then leniently; the strict read's problem, unless the lenient
 * read ends in an EOFException (an I/O failure, which Maven reports instead). With
 * `lenientReport` the lenient read's problem is the one reported, as Maven's settings builder
 * does. Undefined when the lenient reader takes the document.
 */
export function notWellFormed(
  text: string,
  grammar: ModelGrammar,
  strict: boolean,
  lenientReport = false,
): ModelParseProblem | undefined {
  const first = checkModelXml(text, grammar, strict);
  if (!first || first.endOfInput || !strict) return first;
  const lenient = checkModelXml(text, grammar, false);
  // The lenient reader takes it: well-formed after all (the caller reports what only the strict one refused).
  if (!lenient) return undefined;
  return lenient.endOfInput || lenientReport ? lenient : first;
}

/**
 * checkModelXml for a document already parsed into `root`: the tree is checked first, and the
 * text is scanned again only when the tree shows a problem (most documents have none).
 */
export function checkParsedModel(
  text: string,
  root: XmlElement,
  grammar: ModelGrammar,
  strict: boolean,
): ModelParseProblem | undefined {
  return mayRefuse(root, grammar, strict) ? checkModelXml(text, grammar, strict) : undefined;
}

/** The generated parse methods, walking the grammar over MXParser's events. */
class GeneratedReader {
  constructor(
    private readonly s: Xpp3Scanner,
    private readonly grammar: ModelGrammar,
    private readonly strict: boolean,
  ) {}

  document(): void {
    if (this.s.next() !== START_TAG) throw new ScanAbort();
    if (this.strict && this.s.name !== this.grammar.root) {
      throw new Refused(`Expected root element '${this.grammar.root}' but found '${this.s.name}'`);
    }
    this.classElement(this.grammar.rootClass);
    // The generated read() goes on to the end of the document (MXParser checks the epilog).
    let type = this.s.next();
    while (type !== END_DOCUMENT) type = this.s.next();
  }

  private classElement(className: string): void {
    const s = this.s;
    const tag = s.name;
    const attributes = s.attributeNames;
    // The generated code walks attributes from the last one.
    for (let i = attributes.length - 1; i >= 0; i--) {
      const a = attributes[i];
      if (this.strict && !a.includes(':') && !readsAttribute(this.grammar, className, a)) {
        throw new Refused(`Unknown attribute '${a}' for tag '${tag}'`);
      }
    }
    const parsed = new Set<string>();
    while ((this.strict ? this.nextTag() : this.lenientNextTag()) === START_TAG) {
      const field = fieldOf(this.grammar, className, s.name);
      if (!field) {
        this.unknownElement();
        continue;
      }
      const repeatable = typeof field.kind !== 'string' && field.kind[0] === 'flat';
      if (!repeatable && parsed.has(field.name)) throw new Refused(`Duplicated tag: '${field.name}'`);
      parsed.add(field.name);
      this.field(field.name, field.kind);
    }
  }

  private field(name: string, kind: FieldKind): void {
    if (kind === 'text') this.nextText();
    else if (kind === 'int') this.intValue(name);
    else if (kind === 'dom') this.skipElement();
    else if (kind === 'properties') {
      while (this.nextTag() === START_TAG) this.nextText();
    } else if (kind[0] === 'class' || kind[0] === 'flat') this.classElement(kind[1]);
    else {
      while (this.nextTag() === START_TAG) {
        if (this.s.name !== kind[1]) this.unknownElement();
        else if (kind[0] === 'list') this.classElement(kind[2]);
        else this.nextText();
      }
    }
  }

  /** getIntegerValue(): strictly, a value Java's Integer.valueOf takes. */
  private intValue(name: string): void {
    const value = javaTrim(this.nextText());
    if (this.strict && !isJavaInt(value)) {
      throw new Refused(
        `Unable to parse element '${name}', must be an integer`,
        `java.lang.NumberFormatException: For input string: "${value}"`,
      );
    }
  }

  /** XmlPullParser.nextTag(): whitespace may stand between elements, nothing else. */
  private nextTag(): number {
    let type = this.s.next();
    if (type === TEXT && this.s.whitespace) type = this.s.next();
    if (type !== START_TAG && type !== END_TAG)
      throw new Refused(`expected START_TAG or END_TAG not ${eventName(type)}`);
    return type;
  }

  /** The generated reader's own nextTag() for lenient reads: any text is skipped. */
  private lenientNextTag(): number {
    let type = this.s.next();
    if (type === TEXT) type = this.s.next();
    if (type !== START_TAG && type !== END_TAG)
      throw new Refused(`expected START_TAG or END_TAG not ${eventName(type)}`);
    return type;
  }

  /** XmlPullParser.nextText(): text, then the end tag; no element inside. */
  private nextText(): string {
    const type = this.s.next();
    if (type === TEXT) {
      const text = this.s.textValue();
      const after = this.s.next();
      if (after !== END_TAG)
        throw new Refused(`TEXT must be immediately followed by END_TAG and not ${eventName(after)}`);
      return text;
    }
    if (type === END_TAG) return '';
    throw new Refused('parser must be on START_TAG or TEXT to read text');
  }

  private unknownElement(): void {
    if (this.strict) throw new Refused(`Unrecognised tag: '${this.s.name}'`);
    this.skipElement();
  }

  private skipElement(): void {
    for (let depth = 1; depth > 0;) {
      const type = this.s.next();
      if (type === START_TAG) depth++;
      else if (type === END_TAG) depth--;
      else if (type === END_DOCUMENT) throw new ScanAbort();
    }
  }
}

/** Java's String.trim(): every char up to U+0020 off both ends. */
function javaTrim(s: string): string {
  let from = 0;
  let to = s.length;
  while (from < to && s.charCodeAt(from) <= 0x20) from++;
  while (to > from && s.charCodeAt(to - 1) <= 0x20) to--;
  return s.slice(from, to);
}

function isJavaInt(s: string): boolean {
  if (!/^[+-]?[0-9]+$/.test(s)) return false;
  const n = Number(s);
  return n >= -2147483648 && n <= 2147483647;
}
