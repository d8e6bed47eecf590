import { ownValue } from '@goalhost/model';

/**
 * Version ordering close to Maven's ComparableVersion: numeric parts compare as numbers,
 * well-known qualifiers order alpha < beta < milestone < rc < snapshot < release < sp, other
 * qualifiers sort after them alphabetically, and trailing zero / release parts are ignored
 * (1.0 = 1 = 1.0.0 = 1-ga).
 */
const QUALIFIERS: Record<string, number> = {
  alpha: 0,
  a: 0,
  beta: 1,
  b: 1,
  milestone: 2,
  m: 2,
  rc: 3,
  cr: 3,
  snapshot: 4,
  '': 5,
  ga: 5,
  final: 5,
  release: 5,
  sp: 6,
};

type Item = number | string | Item[];

function parse(version: string): Item[] {
  const v = version.toLowerCase();
  const root: Item[] = [];
  let list = root;
  const stack: Item[][] = [root];
  let start = 0;
  let isDigit = false;
  const push = (token: string, digit: boolean): void => {
    if (digit) list.push(Number(token.replace(/^0+(?=\d)/, '')));
    else list.push(token === 'a' || token === 'b' || token === 'm' ? token : token);
  };
  for (let i = 0; i < v.length; i++) {
    const c = v[i];
    if (c === '.') {
      push(i === start ? '0' : v.slice(start, i), i === start ? true : isDigit);
      start = i + 1;
    } else if (c === '-') {
      push(i === start ? '0' : v.slice(start, i), i === start ? true : isDigit);
      start = i + 1;
      const sub: Item[] = [];
      list.push(sub);
      list = sub;
      stack.push(sub);
    } else if (c >= '0' && c <= '9') {
      if (!isDigit && i > start) {
        push(v.slice(start, i), false);
        start = i;
        const sub: Item[] = [];
        list.push(sub);
        list = sub;
        stack.push(sub);
      }
      isDigit = true;
    } else {
      if (isDigit && i > start) {
        push(v.slice(start, i), true);
        start = i;
        const sub: Item[] = [];
        list.push(sub);
        list = sub;
        stack.push(sub);
      }
      isDigit = false;
    }
  }
  if (v.length > start) push(v.slice(start), isDigit);
  for (const l of stack.reverse()) normalize(l);
  return root;
}

function isNull(item: Item): boolean {
  if (typeof item === 'number') return item === 0;
  if (typeof item === 'string') return (ownValue(QUALIFIERS, item) ?? -1) === 5;
  return item.length === 0;
}

function normalize(list: Item[]): void {
  for (let i = list.length - 1; i >= 0; i--) {
    const last = list[i];
    if (isNull(last)) list.splice(i, 1);
    else if (!Array.isArray(last)) break;
  }
}

function qualifierRank(s: string): string {
  const known = ownValue(QUALIFIERS, s);
  return known !== undefined ? String(known) : `7-${s}`;
}

function compareItem(a: Item | undefined, b: Item | undefined): number {
  if (a === undefined && b === undefined) return 0;
  if (a === undefined) return -compareItem(b, undefined);
  if (typeof a === 'number') {
    if (b === undefined) return a === 0 ? 0 : 1;
    if (typeof b === 'number') return a === b ? 0 : a < b ? -1 : 1;
    return 1;
  }
  if (typeof a === 'string') {
    if (b === undefined)
      return qualifierRank(a) < qualifierRank('') ? -1 : qualifierRank(a) === qualifierRank('') ? 0 : 1;
    if (typeof b === 'number') return -1;
    if (typeof b === 'string') {
      const ra = qualifierRank(a);
      const rb = qualifierRank(b);
      return ra === rb ? 0 : ra < rb ? -1 : 1;
    }
    return -1;
  }
  if (b === undefined) {
    if (a.length === 0) return 0;
    return compareItem(a[0], undefined);
  }
  if (typeof b === 'number') return -1;
  if (typeof b === 'string') return 1;
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const c = compareItem(a[i], b[i]);
    if (c !== 0) return c;
  }
  return 0;
}

export function compareVersions(a: string, b: string): number {
  if (a === b) return 0;
  return compareItem(parse(a), parse(b));
}
