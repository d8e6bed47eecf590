import { compareVersions } from './version';

/**
 * How Maven 3's project artifacts write a direct dependency's range: the project's own
 * dependencies go through maven-artifact's VersionRange (LifecycleDependencyResolver creates
 * them before collection), which prints every interval with both bounds, so `[1.5]` reaches
 * the resolver (and its messages) as `[1.5,1.5]` and `[1.0 , 2.0)` as `[1.0,2.0)`; transitive
 * ranges keep their text. Undefined when the text is not a range that form can print (the
 * resolver's own parse then reports it).
 */
export function legacyRangeText(spec: string): string | undefined {
  const parts: string[] = [];
  let rest = spec;
  while (rest.startsWith('[') || rest.startsWith('(')) {
    const paren = rest.indexOf(')');
    const bracket = rest.indexOf(']');
    const end = bracket < 0 || (paren >= 0 && paren < bracket) ? paren : bracket;
    if (end < 0) return undefined;
    const text = rest.slice(0, end + 1);
    const open = text[0];
    const close = text[text.length - 1];
    const inner = text.slice(1, -1).trim();
    const comma = inner.indexOf(',');
    let low: string;
    let high: string;
    if (comma < 0) {
      if (open !== '[' || close !== ']') return undefined;
      low = high = inner;
    } else {
      low = inner.slice(0, comma).trim();
      high = inner.slice(comma + 1).trim();
      if (low !== '' && high !== '' && compareVersions(high, low) < 0) return undefined;
    }
    parts.push(`${open}${low},${high}${close}`);
    rest = rest.slice(end + 1).trim();
    if (rest.startsWith(',')) rest = rest.slice(1).trim();
  }
  return parts.length > 0 && rest === '' ? parts.join(',') : undefined;
}
