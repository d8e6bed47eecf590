import type { XmlNode } from '@goalhost/model';

/**
 * XML text as maven-help-plugin writes its effective POMs: a JDOM pretty-printed document
 * (two-space indentation, text trimmed, empty elements as `<name />`), with banner comments
 * 80 columns wide as plexus-utils' XmlWriterUtil makes them.
 */
export type XmlPart =
  | { readonly comment: string }
  | {
      readonly name: string;
      readonly attributes?: XmlNode['attributes'];
      readonly text?: string;
      readonly children?: readonly XmlPart[];
      /** help:effective-pom -Dverbose: a comment after the element naming where its value comes from. */
      readonly location?: string;
    };

const INDENT = '  ';
const COLUMNS = 80;

/** `<!-- ==== -->`, the banner's top and bottom line. */
export function commentLineBreak(): string {
  return ` ${'='.repeat(COLUMNS - 10)} `;
}

/**
 * The bodies of the comments that hold `text`: words filled into lines of 80 columns (a
 * longer word gets a line of its own), each padded with spaces.
 */
export function commentLines(text: string): string[] {
  const open = '<!-- ';
  const width = COLUMNS - '-->'.length - 1;
  const lines: string[] = [];
  let line = open;
  for (const sentence of text.split('\n').filter((s) => s !== '')) {
    for (const word of sentence.split(' ').filter((w) => w !== '')) {
      if (line.length + word.length + 1 > width) {
        if (line.length !== open.length) lines.push(line.padEnd(width));
        line = `${open}${word} `;
        continue;
      }
      line += `${word} `;
    }
    line = line.padEnd(width);
  }
  lines.push(line.padEnd(width));
  return lines.map((l) => l.slice('<!--'.length));
}

/** A banner: a line of `=`, a blank line, each text, a blank line, a line of `=`. */
export function banner(...texts: string[]): XmlPart[] {
  return [
    commentLineBreak(),
    ...commentLines(' '),
    ...texts.flatMap(commentLines),
    ...commentLines(' '),
    commentLineBreak(),
  ].map((comment) => ({ comment }));
}

/** The document: the XML declaration, then each part on its own lines. */
export function xmlDocument(parts: readonly XmlPart[], eol = '\n'): string {
  let out = `<?xml version="1.0" encoding="UTF-8"?>${eol}`;
  for (const p of parts) out += partText(p, '', eol);
  return out;
}

function partText(p: XmlPart, indent: string, eol: string): string {
  if ('comment' in p) return `${indent}<!--${p.comment}-->${eol}`;
  const attributes = (p.attributes ?? []).map(([k, v]) => ` ${k}="${escapeAttribute(v)}"`).join('');
  const children = p.children ?? [];
  if (children.length > 0) {
    let out = `${indent}<${p.name}${attributes}>${eol}`;
    for (const c of children) out += partText(c, indent + INDENT, eol);
    return `${out}${indent}</${p.name}>${eol}`;
  }
  const text = (p.text ?? '').trim();
  // The help plugin puts each location comment on the line of its element, two spaces after it.
  const location = p.location === undefined ? '' : `  <!-- ${p.location} -->`;
  if (text === '') return `${indent}<${p.name}${attributes} />${location}${eol}`;
  return `${indent}<${p.name}${attributes}>${escapeText(text)}</${p.name}>${location}${eol}`;
}

function escapeText(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#xD;');
}

function escapeAttribute(s: string): string {
  return escapeText(s).replace(/"/g, '&quot;').replace(/\t/g, '&#x9;').replace(/\n/g, '&#xA;');
}
