import * as fc from 'fast-check';

/**
 * Mutations of well-formed inputs: text-level (insert, delete, truncate, duplicate) and
 * XML-aware (replace a value, drop, duplicate or rename an element, add entities, external
 * entities and entity bombs, deep nesting). Interesting values are the ones parsers and
 * interpolators trip on.
 */

const INTERESTING = [
  '',
  ' ',
  '${',
  '${}',
  '${a}',
  '${project.version}',
  '${project.basedir}/../..',
  '${env.HOME}',
  '${lib.version',
  '$${x}',
  '@{x}',
  '../../../../etc/passwd',
  '/',
  '/etc',
  'C:\\x',
  '\\\\server\\share',
  '\u0000',
  '\u0001',
  '\uffff',
  '\ud800',
  '💥',
  '&amp;',
  '&bogus;',
  '&#0;',
  '&#x110000;',
  '&#65;',
  ']]>',
  '<![CDATA[x]]>',
  '<!-- c -->',
  '<?pi x?>',
  '<',
  '>',
  '"',
  "'",
  '-1',
  '0',
  '99999999999999999999',
  '1e309',
  'NaN',
  'true',
  'TRUE',
  'yes',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  'a'.repeat(5000),
  '%regex[(a+)+$]',
  '%regex[',
  '%ant[**]',
  '**/../**',
  '*',
  '?',
  ',',
  ',,',
  ' , ',
  'test',
  'compile',
  'system',
  'runtime',
  'provided',
  'import',
  'pom',
  'zip',
  'tar.gz',
  'jar',
  '[1.0,2.0)',
  '[,]',
  '(,1.0]',
  'RELEASE',
  'LATEST',
  '1.0-SNAPSHOT',
  'x:y:z',
  'g:a',
  'scm:svn:',
  'scm:git:',
  'scm:svn:svn://127.0.0.1:9/x',
  'file:///',
  'http://127.0.0.1:9/',
  '{AAAA}',
  '{}',
  '{=}',
  '{COQLCE6DU6GtcS5P=}',
  '{ \u0000 }',
  'ü',
  'é',
  '\t',
  '\r\n',
  '\n\n',
];

export const interesting: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...INTERESTING) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

type Op =
  | { readonly op: 'insert'; readonly at: number; readonly text: string }
  | { readonly op: 'delete'; readonly at: number; readonly length: number }
  | { readonly op: 'truncate'; readonly at: number }
  | { readonly op: 'duplicate'; readonly at: number; readonly length: number }
  | { readonly op: 'value'; readonly nth: number; readonly text: string }
  | { readonly op: 'drop-element'; readonly nth: number }
  | { readonly op: 'copy-element'; readonly nth: number }
  | { readonly op: 'rename-element'; readonly nth: number; readonly text: string }
  | { readonly op: 'entities'; readonly kind: 'external' | 'bomb' | 'parameter' | 'undeclared' }
  | { readonly op: 'nest'; readonly nth: number; readonly depth: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: interesting }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ op: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 200 }) }),
  { weight: 4, arbitrary: fc.record({ op: fc.constant('value' as const), nth: fc.nat(), text: interesting }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('drop-element' as const), nth: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('copy-element' as const), nth: fc.nat() }) },
  fc.record({
    op: fc.constant('rename-element' as const),
    nth: fc.nat(),
    text: fc.constantFrom('x', 'dependency', 'project', 'a:b', '1x', 'version', ''),
  }),
  fc.record({
    op: fc.constant('entities' as const),
    kind: fc.constantFrom('external' as const, 'bomb' as const, 'parameter' as const, 'undeclared' as const),
  }),
  fc.record({ op: fc.constant('nest' as const), nth: fc.nat(), depth: fc.constantFrom(50, 2000, 20000) }),
);

/** One to four mutations, applied in turn. */
export const mutations: fc.Arbitrary<readonly Op[]> = fc.array(op, { minLength: 1, maxLength: 4 });

/** Leaf elements, and blocks of the container elements that never nest in themselves. */
const LEAF = /<([A-Za-z][\w.-]*)(?:\s[^<>]*)?>[^<]*<\/\1>/g;
const BLOCK =
  /<(dependency|dependencies|parameter|parameters|server|mirror|proxy|profile|mojo|execution|plugin|repository|configuration|properties|activation|scm|sourceTarget)(?:\s[^<>]*)?>[\s\S]*?<\/\1>/g;

function elements(xml: string): { start: number; end: number; name: string }[] {
  const found: { start: number; end: number; name: string }[] = [];
  for (const re of [LEAF, BLOCK])
    for (const m of xml.matchAll(re)) found.push({ start: m.index!, end: m.index! + m[0].length, name: m[1] });
  return found;
}

function values(xml: string): { start: number; end: number }[] {
  const found: { start: number; end: number }[] = [];
  for (const m of xml.matchAll(/>([^<>]+)</g))
    if (m[1].trim()) found.push({ start: m.index! + 1, end: m.index! + 1 + m[1].length });
  return found;
}

const ENTITIES: Record<string, string> = {
  external: '<!DOCTYPE project [<!ENTITY x SYSTEM "file:///etc/passwd">]>',
  bomb:
    '<!DOCTYPE project [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">' +
    '<!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;"><!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">' +
    '<!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>',
  parameter: '<!DOCTYPE project [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>',
  undeclared: '',
};
const ENTITY_USE: Record<string, string> = { external: '&x;', bomb: '&h;', parameter: '', undeclared: '&nope;' };

export function mutate(xml: string, ops: readonly Op[]): string {
  let s = xml;
  for (const o of ops) {
    const at = 'at' in o ? o.at % (s.length + 1) : 0;
    switch (o.op) {
      case 'insert':
        s = s.slice(0, at) + o.text + s.slice(at);
        break;
      case 'delete':
        s = s.slice(0, at) + s.slice(at + o.length);
        break;
      case 'truncate':
        s = s.slice(0, at);
        break;
      case 'duplicate':
        s = s.slice(0, at + o.length) + s.slice(at, at + o.length) + s.slice(at + o.length);
        break;
      case 'value': {
        const v = values(s);
        if (v.length === 0) break;
        const t = v[o.nth % v.length];
        s = s.slice(0, t.start) + o.text.replace(/[<&]/g, (c) => (c === '<' ? '&lt;' : '&amp;')) + s.slice(t.end);
        break;
      }
      case 'drop-element':
      case 'copy-element': {
        const e = elements(s);
        if (e.length === 0) break;
        const t = e[o.nth % e.length];
        s =
          o.op === 'drop-element'
            ? s.slice(0, t.start) + s.slice(t.end)
            : s.slice(0, t.end) + s.slice(t.start, t.end) + s.slice(t.end);
        break;
      }
      case 'rename-element': {
        const e = elements(s);
        if (e.length === 0) break;
        const t = e[o.nth % e.length];
        s = s.slice(0, t.start + 1) + o.text + s.slice(t.start + 1 + t.name.length);
        break;
      }
      case 'entities': {
        const decl = s.indexOf('?>') >= 0 ? s.indexOf('?>') + 2 : 0;
        s = s.slice(0, decl) + ENTITIES[o.kind] + s.slice(decl);
        const v = values(s);
        if (v.length > 0 && ENTITY_USE[o.kind]) {
          const t = v[v.length >> 1];
          s = s.slice(0, t.start) + ENTITY_USE[o.kind] + s.slice(t.end);
        }
        break;
      }
      case 'nest': {
        const v = values(s);
        if (v.length === 0) break;
        const t = v[o.nth % v.length];
        s = s.slice(0, t.start) + '<n>'.repeat(o.depth) + '</n>'.repeat(o.depth) + s.slice(t.end);
        break;
      }
    }
  }
  return s;
}
