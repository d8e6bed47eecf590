import { fieldOf, readsAttribute, type FieldKind, type ModelField, type ModelGrammar } from './modello-grammar';
import type { XmlElement } from './xml';

/**
 * Whether the generated reader could refuse a document, judged on its parsed tree: a quick pass
 * that finds every kind of problem checkModelXml reports (it never answers false where that one
 * would refuse), so that only documents it suspects are scanned again for Maven's exact message.
 */
export function mayRefuse(root: XmlElement, grammar: ModelGrammar, strict: boolean): boolean {
  if (strict && root.name !== grammar.root) return true;
  return classRefuses(root, grammar.rootClass, grammar, strict);
}

function classRefuses(el: XmlElement, className: string, grammar: ModelGrammar, strict: boolean): boolean {
  if (strict) {
    if (hasText(el)) return true;
    for (const a of Object.keys(el.attributes))
      if (!a.includes(':') && !readsAttribute(grammar, className, a)) return true;
  }
  const seen: ModelField[] = [];
  for (const c of el.children) {
    const field = fieldOf(grammar, className, c.name);
    if (!field) {
      if (strict) return true;
      continue;
    }
    const repeatable = typeof field.kind !== 'string' && field.kind[0] === 'flat';
    if (!repeatable && seen.includes(field)) return true;
    seen.push(field);
    if (fieldRefuses(c, field.kind, grammar, strict)) return true;
  }
  return false;
}

function fieldRefuses(el: XmlElement, kind: FieldKind, grammar: ModelGrammar, strict: boolean): boolean {
  if (kind === 'dom') return false;
  if (kind === 'text') return el.children.length > 0;
  // Up to nine digits always fit a Java int; anything else is left to the exact check.
  if (kind === 'int')
    return el.children.length > 0 || (strict && !/^[\x00-\x20]*[+-]?[0-9]{1,9}[\x00-\x20]*$/.test(el.text));
  if (kind !== 'properties' && (kind[0] === 'class' || kind[0] === 'flat'))
    return classRefuses(el, kind[1], grammar, strict);
  // A wrapper: whitespace only between its elements, in either mode.
  if (hasText(el)) return true;
  for (const c of el.children) {
    if (kind === 'properties') {
      if (c.children.length > 0) return true;
    } else if (c.name !== kind[1]) {
      if (strict) return true;
    } else if (kind[0] === 'strings') {
      if (c.children.length > 0) return true;
    } else if (classRefuses(c, kind[2], grammar, strict)) return true;
  }
  return false;
}

/** Text other than spaces, tabs and line breaks (what XmlPullParser.nextTag refuses). */
function hasText(el: XmlElement): boolean {
  return el.text !== '' && /[^ \t\n\r]/.test(el.text);
}
