import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  decodeXmlStream,
  ModelParseError,
  ModelReadError,
  parsePom,
  parseSettings,
  readPom,
  readSettings,
  SettingsError,
  XmlStreamError,
  type SettingsProblem,
} from '@goalhost/model';
import { FIXTURES } from '../support/paths';

/** What Maven's reader said about one document (tools/xml-oracle/XmlOracle.java). */
interface Verdict {
  readonly verdict: 'ok' | 'malformed' | 'parse' | 'read';
  readonly message?: string;
  readonly line?: number;
  readonly column?: number;
}

type Case = Verdict & { readonly name?: string; readonly text?: string; readonly mutation?: [string, number] };

interface Fixture {
  readonly bases: { readonly pom: string; readonly settings: string };
  readonly pom: readonly Case[];
  readonly settings: readonly Case[];
}

/** The mutations tools/xml-oracle/record.js applies to a base document. */
const OPS: Record<string, (base: string, i: number) => string> = {
  truncate: (base, i) => base.slice(0, i),
  delete: (base, i) => base.slice(0, i) + base.slice(i + 1),
  'insert <': (base, i) => `${base.slice(0, i)}<${base.slice(i)}`,
  'insert &': (base, i) => `${base.slice(0, i)}&${base.slice(i)}`,
};

/**
 * XML that is not well-formed, and XML declarations and encodings, read as Maven 3.8.7 reads POMs
 * and settings (XmlStreamReader, then MXParser under the generated readers, strict then lenient).
 * Every expectation was recorded from Maven's own reader classes by tools/xml-oracle/record.js:
 * hand-written cases by class (mismatched end tags, end of input inside elements, comments,
 * attributes, declarations, references, content after the root, DOCTYPE, bad characters,
 * buffer refills) and every single-character mutation of a small POM and settings file.
 */
describe('model: XML that is not well-formed fails as Maven 3.8.7 says (recorded from its readers)', () => {
  const fixture = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'model', 'xml-errors.json'), 'utf8')) as Fixture;
  const F = '/work/project/pom.xml';

  const textOf = (c: Case, base: string): string => c.text ?? OPS[c.mutation![0]](base, c.mutation![1]);

  /** goalhost's verdict for a POM given as the bytes of its UTF-8 text. */
  function pomVerdict(text: string): Verdict {
    try {
      const raw = parsePom(decodeXmlStream(Buffer.from(text, 'utf8')), F, { strict: true });
      const m = raw.malformed;
      return m ? { verdict: 'malformed', message: m.message, line: m.line, column: m.column } : { verdict: 'ok' };
    } catch (e) {
      if (e instanceof ModelParseError) {
        return { verdict: 'parse', message: e.problem.message, line: e.problem.line, column: e.problem.column };
      }
      if (e instanceof ModelReadError) return { verdict: 'read', message: e.reason };
      if (e instanceof XmlStreamError) return { verdict: 'read', message: e.message };
      throw e;
    }
  }

  function settingsVerdict(text: string): Verdict {
    let decoded: string;
    try {
      decoded = decodeXmlStream(Buffer.from(text, 'utf8'));
    } catch (e) {
      if (e instanceof XmlStreamError) return { verdict: 'read', message: e.message };
      throw e;
    }
    const problems: SettingsProblem[] = [];
    parseSettings(decoded, F, {}, problems);
    const p = problems[0];
    if (!p) return { verdict: 'ok' };
    if (p.severity === 'WARNING') return { verdict: 'malformed', message: p.message, line: p.line, column: p.column };
    const readable = `Non-readable settings ${F}: `;
    if (p.message.startsWith(readable)) return { verdict: 'read', message: p.message.slice(readable.length) };
    const parseable = `Non-parseable settings ${F}: `;
    expect(p.message.startsWith(parseable), p.message).to.equal(true);
    return { verdict: 'parse', message: p.message.slice(parseable.length), line: p.line, column: p.column };
  }

  /** The recorded verdict in the shape goalhost's is compared in (no place for what Maven reads or cannot read). */
  function expected(c: Case): Verdict {
    if (c.verdict === 'ok') return { verdict: 'ok' };
    if (c.verdict === 'read') return { verdict: 'read', message: c.message };
    return { verdict: c.verdict, message: c.message, line: c.line, column: c.column };
  }

  for (const kind of ['pom', 'settings'] as const) {
    const verdictOf = kind === 'pom' ? pomVerdict : settingsVerdict;
    const base = fixture.bases[kind];
    for (const c of fixture[kind].filter((x) => x.name !== undefined)) {
      it(`${kind}: ${c.name}`, () => {
        expect(verdictOf(textOf(c, base))).to.deep.equal(expected(c));
      });
    }
    it(`${kind}: every recorded single-character mutation of a small ${kind === 'pom' ? 'POM' : 'settings file'}`, () => {
      const mutations = fixture[kind].filter((x) => x.mutation !== undefined);
      expect(mutations.length).to.be.greaterThan(400);
      const differing = mutations
        .map((c) => ({ mutation: c.mutation, maven: expected(c), goalhost: verdictOf(textOf(c, base)) }))
        .filter((d) => JSON.stringify(d.maven) !== JSON.stringify(d.goalhost));
      expect(differing).to.deep.equal([]);
    });
  }
});

describe('model: POM and settings files that are not well-formed, read from disk', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xml-errors-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (name: string, content: string | Buffer): string => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, content);
    return file;
  };

  it("fails a POM with a mismatched end tag with mvn 3.8.7's Non-parseable POM line (issue example, recorded with mvn -o validate)", () => {
    const pom = write(
      'nwf.xml',
      '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>a</groupId>\n  <artifactId>b</artifactId>\n' +
        '  <version>1</version>\n  <packaging>pom</packaging>\n  <name>x</nam>\n</project>\n',
    );
    const error = (() => {
      try {
        readPom(pom, { strict: true });
      } catch (e) {
        return e as ModelParseError;
      }
      throw new Error('read');
    })();
    expect(error).to.be.instanceOf(ModelParseError);
    expect(`${error.message} @ line ${error.problem.line}, column ${error.problem.column}`).to.equal(
      `Non-parseable POM ${pom}: end tag name </nam> must match start tag name <name> from line 7 ` +
        '(position: TEXT seen ...</packaging>\\n  <name>x</nam>... @7:16)  @ line 7, column 16',
    );
  });

  it('fails a POM that ends inside its root element as Non-readable (an EOFException to Maven)', () => {
    const pom = write('eof.xml', '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>a</groupId>\n');
    expect(() => readPom(pom, { strict: true })).to.throw(
      ModelReadError,
      `Non-readable POM ${pom}: no more data available - expected end tag </project> to close start tag <project> ` +
        'from line 1, parser stopped on END_TAG seen ...<groupId>a</groupId>\\n... @4:1',
    );
  });

  it('reports a settings file that ends early as Non-readable settings, with no place', () => {
    const settings = write('settings.xml', '<settings>\n  <servers>\n');
    expect(() => readSettings(settings, undefined, {})).to.throw(
      SettingsError,
      '1 problem was encountered while building the effective settings\n' +
        `[FATAL] Non-readable settings ${settings}: no more data available - expected end tags </servers></settings> ` +
        'to close start tag <servers> from line 2 and start tag <settings> from line 1, parser stopped on START_TAG seen ' +
        `<settings>\\n  <servers>\\n... @3:1 @ ${settings}`,
    );
  });
});

/**
 * POM bytes decoded as Maven's XmlStreamReader decodes them. Each expected artifactId is the value
 * mvn 3.8.7 printed for the same bytes (`mvn -o validate`: "'artifactId' with value '...' does not
 * match a valid id pattern").
 */
describe('model: POM encodings read as Maven 3.8.7 reads them (byte order mark, declaration, UTF-8)', () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xml-encodings-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const body = (artifactId: string): string =>
    `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>a</groupId>\n  <artifactId>${artifactId}</artifactId>\n` +
    '  <version>1</version>\n  <packaging>pom</packaging>\n</project>\n';
  const artifactIdOf = (name: string, bytes: Buffer): string | undefined => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, bytes);
    return readPom(file).artifactId;
  };

  it('reads a POM declared ISO-8859-1 in ISO-8859-1 (mvn: abé)', () => {
    const text = `<?xml version="1.0" encoding="ISO-8859-1"?>\n${body('abé')}`;
    expect(artifactIdOf('latin1.xml', Buffer.from(text, 'latin1'))).to.equal('abé');
  });

  it('reads a UTF-16LE POM with its byte order mark (mvn: abé中)', () => {
    const text = `<?xml version="1.0" encoding="UTF-16"?>\n${body('abé中')}`;
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(artifactIdOf('utf16.xml', bytes)).to.equal('abé中');
  });

  it('reads a UTF-8 byte order mark before an ISO-8859-1 declaration as ISO-8859-1 (lenient detection; mvn: abÃ©)', () => {
    const text = `<?xml version="1.0" encoding="ISO-8859-1"?>\n${body('abé')}`;
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
    expect(artifactIdOf('bom-latin1.xml', bytes)).to.equal('abÃ©');
  });

  it('reads a POM without declaration as UTF-8, whatever its bytes (mvn: abé)', () => {
    expect(artifactIdOf('plain.xml', Buffer.from(body('abé'), 'utf8'))).to.equal('abé');
  });

  it('fails an encoding Java does not know as Non-readable POM with its name (recorded: 8BIT)', () => {
    const file = path.join(dir, 'unknown.xml');
    fs.writeFileSync(file, `<?xml version="1.0" encoding="8bit"?>\n${body('a')}`);
    expect(() => readPom(file)).to.throw(ModelReadError, `Non-readable POM ${file}: 8BIT`);
  });
});
