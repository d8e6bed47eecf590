import type { XmlElement } from '@goalhost/model';

/**
 * Merges two `<configuration>` trees the way Maven's Xpp3Dom merge does: the dominant tree
 * wins; recessive children with a name the dominant lacks are appended; same-named children
 * are merged pairwise in order (surplus recessive ones are dropped); an empty dominant value
 * takes the recessive value. `combine.self="override"` keeps the dominant element as is and
 * `combine.children="append"` appends all recessive children.
 */
export function mergeConfiguration(
  dominant: XmlElement | undefined,
  recessive: XmlElement | undefined,
): XmlElement | undefined {
  if (!dominant) return recessive;
  if (!recessive) return dominant;
  if (dominant.attributes['combine.self'] === 'override') return dominant;
  const attributes = { ...recessive.attributes, ...dominant.attributes };
  const text = dominant.text.trim() === '' && recessive.text.trim() !== '' ? recessive.text : dominant.text;
  let children: XmlElement[];
  if (dominant.attributes['combine.children'] === 'append') {
    children = [...dominant.children, ...recessive.children];
  } else {
    const merged = dominant.children.slice();
    const cursor = new Map<string, number[]>();
    dominant.children.forEach((c, i) => cursor.set(c.name, [...(cursor.get(c.name) ?? []), i]));
    for (const r of recessive.children) {
      const queue = cursor.get(r.name);
      if (!queue) merged.push(r);
      else if (queue.length > 0) {
        const index = queue.shift() as number;
        merged[index] = mergeConfiguration(merged[index], r) as XmlElement;
      }
    }
    children = merged;
  }
  return { ...dominant, attributes, text, children };
}
