#!/usr/bin/env node
/*
 * Records what Maven 3.8.7's own readers (MavenXpp3Reader, SettingsXpp3Reader on MXParser,
 * plexus-utils 3.4.2) say about XML that is not well-formed: generates broken POMs and settings
 * files (hand-written cases by class, plus mechanical mutations of a base document at every
 * position), runs XmlOracle.java over them and writes test/fixtures/model/xml-errors.json, which
 * test/model/xml-errors.test.ts replays without Java.
 * Usage: node tools/xml-oracle/record.js   (needs java and /usr/share/maven/lib)
 */
'use strict';
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const POM = `<?xml version="1.0" encoding="UTF-8"?>
<!-- a comment -->
<project xmlns="http://maven.apache.org/POM/4.0.0" child.project.url.inherit.append.path='false'>
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.acme</groupId>
  <artifactId>app</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
  <name>a &amp; b &#233; &eacute;</name>
  <description><![CDATA[x < y]]> <?pi data?></description>
  <properties>
    <p>v</p>
  </properties>
</project>
`;

const SETTINGS = `<?xml version="1.0"?>
<settings>
  <localRepository>/tmp/repo</localRepository>
  <!-- servers -->
  <servers>
    <server id="x"><id>central</id><username>u &lt; v</username></server>
  </servers>
</settings>
`;

const big = (n) =>
  `  <properties>\n${Array.from({ length: n }, (_, i) => `    <p${i}>value ${i}</p${i}>\n`).join('')}  </properties>\n`;
const pom = (body) => `<project>\n  <modelVersion>4.0.0</modelVersion>\n${body}</project>\n`;

/** Hand-written cases, named by class. */
const POM_CASES = {
  'end tag: other name, shorter': POM.replace('</name>', '</nam>'),
  'end tag: other name, same length': POM.replace('</name>', '</nome>'),
  'end tag: other case': POM.replace('</name>', '</NAME>'),
  'end tag: attribute in it': POM.replace('</name>', '</name x>'),
  'end tag: space before the name': POM.replace('</name>', '</ name>'),
  'end tag: stray one': POM.replace('<p>v</p>', '<p>v</p></q>'),
  'end tag: missing, one level': POM.replace('</properties>', ''),
  'end tag: before the root': '</project>',
  'eof: inside the root': pom('  <groupId>a</groupId>\n').replace('</project>\n', ''),
  'eof: inside three elements': pom('  <build>\n    <plugins>\n      <plugin>\n').replace('</project>\n', ''),
  'eof: inside a start tag name': '<project>\n  <groupI',
  'eof: inside a start tag name, known depth': '<project>\n  <a></a>\n  <groupI',
  'eof: inside an attribute value': '<project a="xyz',
  'eof: inside a comment': POM.replace('</project>', '<!-- open'),
  'eof: inside a comment in the prolog': '<!-- open',
  'eof: inside a CDATA section': POM.replace('</project>\n', '<![CDATA[ open'),
  'eof: inside a PI': POM.replace('</project>\n', '<?pi open'),
  'eof: inside the XML declaration': '<?xml version="1.0"',
  'eof: inside a DOCTYPE': '<!DOCTYPE project',
  'eof: inside a reference': POM.replace('</project>\n', '&am'),
  'empty file': '',
  'whitespace only': '  \n',
  'comment only': '<!-- nothing -->\n',
  'attribute: no value': POM.replace("child.project.url.inherit.append.path='false'", 'a'),
  'attribute: unquoted value': POM.replace("child.project.url.inherit.append.path='false'", 'a=b'),
  'attribute: < in the value': POM.replace("'false'", "'fa<lse'"),
  'attribute: duplicated': POM.replace("child.project.url.inherit.append.path='false'", 'a="1" b="2" a="3"'),
  'attribute: undefined entity': POM.replace("'false'", "'&foo;'"),
  'attribute: bad character': POM.replace("child.project.url.inherit.append.path='false'", '"x"'),
  'attribute: slash not closing': POM.replace("child.project.url.inherit.append.path='false'>", '/ >'),
  'attribute: no space between': pom('').replace('<project>', '<project a="1"b="2">'),
  'reference: undefined entity': POM.replace('&eacute;', '&foo;'),
  'reference: no semicolon': POM.replace('&amp;', '&amp '),
  'reference: bare ampersand': POM.replace('&amp;', '& '),
  'reference: empty name': POM.replace('&amp;', '&;'),
  'reference: char 0': POM.replace('&#233;', '&#0;'),
  'reference: beyond Unicode': POM.replace('&#233;', '&#x110000;'),
  'reference: surrogate': POM.replace('&#233;', '&#xD800;'),
  'reference: bad hex digit': POM.replace('&#233;', '&#x2G;'),
  'reference: bad decimal digit': POM.replace('&#233;', '&#23a;'),
  'reference: uppercase X': POM.replace('&#233;', '&#X41;'),
  'reference: empty decimal': POM.replace('&#233;', '&#;'),
  'reference: too large for an int': POM.replace('&#233;', '&#99999999999;'),
  'reference: XHTML entity (read)': POM.replace('&amp;', '&nbsp;&copy;&hearts;'),
  'after the root: element': POM + '<project/>\n',
  'after the root: text': POM + 'text\n',
  'after the root: end tag': POM + '</project>\n',
  'after the root: comment and PI (read)': POM + '<!-- c --><?pi x?>\n',
  'after the root: bad markup': POM + '<!x>\n',
  'after the root: DOCTYPE (read)': POM + '<!DOCTYPE x>\n',
  'before the root: text': 'text\n' + pom(''),
  'before the root: end tag': '</x>' + pom(''),
  'before the root: bad markup': '<!x>' + pom(''),
  'before the root: digit': '<1>' + pom(''),
  'xml declaration: after a blank line': '\n\n' + POM,
  'xml declaration: after one space (read)': ' ' + POM,
  'xml declaration: after a comment': '<!-- c -->' + POM,
  'xml declaration: in content': POM.replace('<?pi data?>', '<?xml version="1.0"?>'),
  'xml declaration: stylesheet PI in content': POM.replace('<?pi data?>', '<?xml-stylesheet href="a"?>'),
  'xml declaration: uppercase': POM.replace('<?xml', '<?XML'),
  'xml declaration: mixed case (read as a PI?)': POM.replace('<?xml', '<?xMl'),
  'xml declaration: version 1.1': POM.replace('1.0"', '1.1"'),
  'xml declaration: no version': POM.replace('version="1.0" ', ''),
  'xml declaration: version unquoted': POM.replace('"1.0"', '1.0'),
  'xml declaration: bad version char': POM.replace('"1.0"', '"1 0"'),
  'xml declaration: encoding first char': POM.replace('"UTF-8"', '"8bit"'),
  'xml declaration: encoding bad char': POM.replace('"UTF-8"', '"UTF 8"'),
  'xml declaration: no space before encoding': POM.replace('"1.0" encoding', '"1.0"encoding'),
  'xml declaration: standalone maybe': POM.replace('"UTF-8"', '"UTF-8" standalone="maybe"'),
  'xml declaration: standalone yes (read)': POM.replace('"UTF-8"', '"UTF-8" standalone="yes"'),
  'xml declaration: standalone quote mismatch': POM.replace('"UTF-8"', `"UTF-8" standalone="no'`),
  'xml declaration: unknown pseudo-attribute': POM.replace('"UTF-8"', '"UTF-8" foo="x"'),
  'xml declaration: no ?>': POM.replace('"UTF-8"?>', '"UTF-8">'),
  'xml declaration: ? without >': POM.replace('"UTF-8"?>', '"UTF-8"? >'),
  'PI: space after <?': POM.replace('<?pi data?>', '<? pi?>'),
  'PI: no target': POM.replace('<?pi data?>', '<??>'),
  'PI: > without ?': POM.replace('<?pi data?>', '<?pi data>'),
  'comment: double dash inside': POM.replace('a comment', 'a -- comment'),
  'comment: ends with --->': POM.replace('a comment -->', 'a comment --->'),
  'comment: control character': POM.replace('a comment', 'a \u0001 comment'),
  'comment: emoji (a surrogate pair)': POM.replace('a comment', 'a \u{1F600} comment'),
  'comment: <!- only': POM.replace('<!-- a', '<!- a'),
  'markup: <! in content': POM.replace('<p>v</p>', '<!p>v'),
  'markup: < and a digit': POM.replace('<p>v</p>', '<1p>v</1p>'),
  'markup: < and a space': POM.replace('<p>v</p>', '< p>v</p>'),
  'markup: CDATA misspelled': POM.replace('<![CDATA[', '<![CDATX['),
  'markup: CDATA without [': POM.replace('<![CDATA[', '<![CDATA '),
  'content: ]]> in text': POM.replace('<p>v</p>', '<p>a]]>b</p>'),
  'content: ]]]> in text': POM.replace('<p>v</p>', '<p>a]]]>b</p>'),
  'content: control character (read)': POM.replace('<p>v</p>', '<p>a\u0002b</p>'),
  'start tag: no >': POM.replace('<p>v</p>', '<p v</p>'),
  'start tag: // >': POM.replace('<p>v</p>', '<p//>'),
  'start tag: bad character': POM.replace('<p>v</p>', '<p ;>v</p>'),
  'DOCTYPE: plain (read)': POM.replace('<!-- a comment -->', '<!DOCTYPE project>'),
  'DOCTYPE: internal subset, entity used': POM.replace(
    '<!-- a comment -->',
    '<!DOCTYPE project [<!ENTITY x "y">]>',
  ).replace('&amp;', '&x;'),
  'DOCTYPE: internal subset with a reference (read)': POM.replace(
    '<!-- a comment -->',
    '<!DOCTYPE project [<!ENTITY x "&#38;">]>',
  ),
  'DOCTYPE: bad reference in it': POM.replace('<!-- a comment -->', '<!DOCTYPE project [<!ENTITY x "& y">]>'),
  'DOCTYPE: two': POM.replace('<!-- a comment -->', '<!DOCTYPE a><!DOCTYPE b>'),
  'DOCTYPE: misspelled': POM.replace('<!-- a comment -->', '<!DOCTYPX a>'),
  'DOCTYPE: after the root element started': POM.replace('<p>v</p>', '<!DOCTYPE x>'),
  'BOM then malformed': '\uFEFF' + POM.replace('</name>', '</nam>'),
  'replacement chars at the start (UTF-16 BOM read as UTF-8)': '\uFFFD\uFFFD' + POM,
  'unknown element before the error (strict reader stops first)': POM.replace('<p>v</p>', '<p>v</p>')
    .replace('<packaging>', '<packagin>x</packagin><packaging>')
    .replace('</name>', '</nam>'),
  'duplicate element before the error': POM.replace(
    '<version>1.0</version>',
    '<version>1.0</version><version>2</version>',
  ).replace('</name>', '</nam>'),
  'error after the 8 KiB buffer refill': pom(big(400) + '  <name>x</nam>\n'),
  'eof after the 8 KiB buffer refill': pom(big(400)).replace('</project>\n', ''),
  'error far after a doubled buffer': pom(big(2000) + '  <name>x</nam>\n'),
};

const SETTINGS_CASES = {
  'end tag: other name': SETTINGS.replace('</localRepository>', '</localRepo>'),
  'eof: inside the root': SETTINGS.replace('</settings>\n', ''),
  'eof: inside a comment': SETTINGS.replace('</settings>\n', '<!-- x'),
  'attribute: duplicated': SETTINGS.replace('id="x"', 'id="x" id="y"'),
  'reference: undefined entity': SETTINGS.replace('&lt;', '&foo;'),
  'after the root: element': SETTINGS + '<settings/>',
  'xml declaration: after a blank line': '\n\n' + SETTINGS,
  'comment: double dash inside': SETTINGS.replace('servers --', 'ser -- vers --'),
  'empty file': '',
  'unknown element before the error (lenient read reports)': SETTINGS.replace(
    '<servers>',
    '<servrs/><servers>',
  ).replace('</localRepository>', '</localRepo>'),
};

/**
 * Mechanical mutations of a base document at every position; the fixture keeps the operation
 * (`[op, at]`, see test/model/xml-errors.test.ts) rather than the text.
 */
const OPS = {
  truncate: (base, i) => base.slice(0, i),
  delete: (base, i) => base.slice(0, i) + base.slice(i + 1),
  'insert <': (base, i) => base.slice(0, i) + '<' + base.slice(i),
  'insert &': (base, i) => base.slice(0, i) + '&' + base.slice(i),
};

function mutations(base) {
  const out = {};
  for (let i = 0; i < base.length; i++)
    for (const op of Object.keys(OPS)) out[JSON.stringify([op, i])] = OPS[op](base, i);
  return out;
}

function record(kind, cases) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `xml-oracle-${kind}-`));
  const names = Object.keys(cases);
  const files = names.map((name, i) => {
    const file = path.join(dir, `${i}.xml`);
    fs.writeFileSync(file, cases[name]);
    return file;
  });
  const out = execFileSync(
    'java',
    ['-cp', '/usr/share/maven/lib/*', path.join(__dirname, 'XmlOracle.java'), kind, ...files],
    { encoding: 'utf8', maxBuffer: 1 << 28 },
  );
  const verdicts = out
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  fs.rmSync(dir, { recursive: true });
  return names.map((name, i) => {
    const { file, ...v } = verdicts[i];
    if (file !== `${i}.xml`) throw new Error(`verdict for ${file}, expected ${i}.xml`);
    return { name, text: cases[name], ...v };
  });
}

// Mutations that Maven reads are many and alike: keep those that fail, and a few read ones.
const mutated = (kind, base) =>
  record(kind, mutations(base))
    .filter((c, i) => c.verdict !== 'ok' || i % 40 === 0)
    .map(({ name, text, ...verdict }) => ({ mutation: JSON.parse(name), ...verdict }));

const fixture = {
  recordedWith: 'Maven 3.8.7 readers on plexus-utils 3.4.2 MXParser (tools/xml-oracle/record.js)',
  bases: { pom: POM, settings: SETTINGS },
  pom: [...record('pom', POM_CASES), ...mutated('pom', POM)],
  settings: [...record('settings', SETTINGS_CASES), ...mutated('settings', SETTINGS)],
};
const target = path.join(__dirname, '..', '..', 'test', 'fixtures', 'model', 'xml-errors.json');
fs.writeFileSync(target, `${JSON.stringify(fixture, null, 1).replace(/\n\s+("|\d|\])/g, ' $1')}\n`);
console.log(`${fixture.pom.length} POM and ${fixture.settings.length} settings cases written to ${target}`);
