import { dictionary, ownValue, type XmlElement } from '@goalhost/model';

/**
 * Merges two plugin `<configuration>` trees like Maven (plexus Xpp3Dom): the dominant tree wins,
 * recessive children with names the dominant lacks are added, same-named children are merged
 * pairwise in order; `combine.self="override"` and `combine.children="append"` on the dominant
 * side change that. Returns new elements; inputs are never modified.
 */
export function mergeDom(dominant: XmlElement | undefined, recessive: XmlElement | undefined): XmlElement | undefined {
  if (!dominant) return recessive;
  if (!recessive) return dominant;
  return mergeInto(dominant, recessive);
}

function isEmpty(s: string | undefined): boolean {
  return s === undefined || s === '';
}

function valueOf(el: XmlElement): string | undefined {
  return el.children.length > 0 ? undefined : el.text.trim();
}

function mergeInto(dominant: XmlElement, recessive: XmlElement): XmlElement {
  if (ownValue(dominant.attributes, 'combine.self') === 'override') return dominant;
  let text = dominant.text;
  if (isEmpty(valueOf(dominant)) && !isEmpty(valueOf(recessive)) && dominant.children.length === 0)
    text = recessive.text;
  const attributes = dictionary(Object.entries(dominant.attributes));
  for (const [k, v] of Object.entries(recessive.attributes)) if (isEmpty(attributes[k])) attributes[k] = v;
  let children: XmlElement[] = [...dominant.children];
  if (recessive.children.length > 0) {
    if (ownValue(dominant.attributes, 'combine.children') === 'append') {
      children = [...recessive.children, ...dominant.children];
    } else {
      const pending = new Map<string, XmlElement[]>();
      for (const r of recessive.children) {
        if (pending.has(r.name)) continue;
        const same = dominant.children.filter((c) => c.name === r.name);
        if (same.length > 0) pending.set(r.name, same);
      }
      const replaced = new Map<XmlElement, XmlElement>();
      for (const r of recessive.children) {
        const queue = pending.get(r.name);
        if (!queue) children.push(r);
        else if (queue.length > 0) {
          const d = queue.shift() as XmlElement;
          replaced.set(d, mergeInto(d, r));
        }
      }
      children = children.map((c) => replaced.get(c) ?? c);
    }
  }
  return { name: dominant.name, attributes, children, text, line: dominant.line, column: dominant.column };
}
