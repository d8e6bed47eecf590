import { ownValue } from '@goalhost/model';

/**
 * Descriptions in plugin.xml are javadoc HTML. help:describe shows them as plain text the way
 * maven-plugin-tools' HtmlToPlainTextConverter does: whitespace in text collapsed, a line
 * break around paragraphs, headings, `<br>`, `<dd>`/`<dt>` and table rows, ` * ` before list
 * items, ` <url>` after links with an absolute href.
 *
 * Deliberate difference: only HTML tag names are treated as markup. Maven's HTML parser also
 * swallows things like `<outputDirectory>` that descriptions use as placeholders; here they stay
 * in the text, so a description never loses words.
 */
export function htmlToPlainText(html: string): string {
  if (html.trim() === '') return html;
  const out = new PlainTextAccumulator();
  const open: { name: string; attributes: string }[] = [];
  const closeFrom = (at: number): void => {
    while (open.length > at) {
      const e = open.pop()!;
      out.tail(e.name, e.attributes);
    }
  };
  const tag = /<(\/?)([A-Za-z][A-Za-z0-9]*)((?:\s+[^<>]*?)?)\s*(\/?)>|<!--[\s\S]*?-->/g;
  let last = 0;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    const name = m[2]?.toLowerCase();
    if (m[0].startsWith('<!--')) {
      out.text(html.slice(last, m.index));
      last = tag.lastIndex;
      continue;
    }
    if (!HTML_TAGS.has(name)) continue;
    out.text(html.slice(last, m.index));
    last = tag.lastIndex;
    const closing = m[1] === '/';
    if (closing && name !== 'br') {
      const at = open.map((e) => e.name).lastIndexOf(name);
      if (at >= 0) closeFrom(at); // a stray end tag is ignored, as HTML parsers do
      continue;
    }
    const attributes = m[3] ?? '';
    if (AUTO_CLOSING.has(name)) {
      const at = open.map((e) => e.name).lastIndexOf(name);
      if (at >= 0) closeFrom(at);
    }
    out.head(name);
    if (VOID_TAGS.has(name) || m[4] === '/') out.tail(name, attributes);
    else open.push({ name, attributes });
  }
  out.text(html.slice(last));
  closeFrom(0);
  return out.toString();
}

const HTML_TAGS = new Set(
  (
    'a abbr acronym address b big blockquote br caption center cite code dd del dfn div dl dt em font ' +
    'h1 h2 h3 h4 h5 h6 hr i img ins kbd li ol p pre q s samp small span strike strong sub sup table ' +
    'tbody td tfoot th thead tr tt u ul var'
  ).split(' '),
);
const VOID_TAGS = new Set(['br', 'hr', 'img']);
/** Elements an HTML parser closes implicitly when a sibling of the same name opens. */
const AUTO_CLOSING = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th']);

class PlainTextAccumulator {
  private accum = '';

  text(raw: string): void {
    if (raw) this.accum += normaliseWhitespace(decodeEntities(raw));
  }

  head(name: string): void {
    if (name === 'li') this.accum += '\n * ';
    else if (name === 'dt') this.accum += '  ';
    else if (['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'tr'].includes(name)) this.accum += '\n';
  }

  tail(name: string, attributes: string): void {
    if (['br', 'dd', 'dt', 'p', 'h1', 'h2', 'h3', 'h4', 'h5'].includes(name)) this.accum += '\n';
    else if (name === 'a') {
      const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(attributes);
      const link = href ? decodeEntities(href[1] ?? href[2] ?? href[3]).trim() : '';
      // Without a base URI only absolute links can be shown.
      if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(link)) this.accum += ` <${link}>`;
    }
  }

  toString(): string {
    return this.accum.replace(/ +/g, ' ').split('\n ').join('\n');
  }
}

/** Runs of whitespace (including no-break space) become one space; invisible characters go. */
function normaliseWhitespace(text: string): string {
  let out = '';
  let lastWasWhite = false;
  for (const c of text) {
    if (c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r' || c === '\u00a0') {
      if (!lastWasWhite) out += ' ';
      lastWasWhite = true;
    } else if (c !== '\u200b' && c !== '\u00ad') {
      out += c;
      lastWasWhite = false;
    }
  }
  return out;
}

const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);/g, (whole, ref: string) => {
    if (ref.startsWith('#x') || ref.startsWith('#X')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    return ownValue(NAMED_ENTITIES, ref.toLowerCase()) ?? whole;
  });
}
