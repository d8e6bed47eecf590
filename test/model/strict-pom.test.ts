import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  fieldOf,
  ModelParseError,
  parsePom,
  parseXmlFast,
  POM_GRAMMAR,
  readsAttribute,
  type ModelGrammar,
  type RawModel,
  type XmlElement,
} from '@goalhost/model';
import { FIXTURES } from '../support/paths';

/**
 * POMs read as Maven 3.8.7 reads them (MavenXpp3Reader through DefaultModelBuilder): strictly
 * for projects, then leniently. Each expected problem line was recorded with mvn 3.8.7 (`mvn
 * validate` on the same text, the line under "The project ... has N error(s)"), so the message,
 * MXParser's "(position: ... seen ...)" piece and the line and column are Maven's own.
 */
describe('model: POMs read strictly and leniently as Maven 3.8.7 (recorded with mvn 3.8.7)', () => {
  const POM = '/work/project/pom.xml';

  /** The problem line Maven prints for a strict read of `text` at POM, or undefined when it reads it. */
  function problemLine(text: string): string | undefined {
    let raw: RawModel;
    try {
      raw = parsePom(text, POM, { strict: true });
    } catch (e) {
      if (!(e instanceof ModelParseError)) throw e;
      // A POM no reader takes is reported without its file (it belongs to no model yet).
      return `${e.message} @ line ${e.problem.line}, column ${e.problem.column}`;
    }
    const m = raw.malformed;
    return m && `Malformed POM ${POM}: ${m.message} @ ${POM}, line ${m.line}, column ${m.column}`;
  }

  const LAYOUTS: Array<{ title: string; pom: string; problem: string | undefined }> = [
    {
      title: 'an unknown element with attributes over two lines',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <dependencies>\n    <dependency>\n      <groupId>g</groupId>\n      <clasifier id="x"\n          kind=\'y\' >linux</clasifier>\n    </dependency>\n  </dependencies>\n</project>\n',
      problem:
        "Malformed POM <pom>: Unrecognised tag: 'clasifier' (position: START_TAG seen ...</groupId>\\n      <clasifier id=\"x\"\\n          kind=\\'y\\' >... @10:21)  @ <pom>, line 10, column 21",
    },
    {
      title: 'CRLF line ends',
      pom: '<project>\r\n  <modelVersion>4.0.0</modelVersion>\r\n  <groupId>t</groupId>\r\n  <artifactId>lay</artifactId>\r\n  <version>1</version>\r\n  <dependencies>\r\n    <dependency>\r\n      <groupId>g</groupId>\r\n      <clasifier>linux-x86_64</clasifier>\r\n    </dependency>\r\n  </dependencies>\r\n</project>\r',
      problem:
        "Malformed POM <pom>: Unrecognised tag: 'clasifier' (position: START_TAG seen ...</groupId>\\r\\n      <clasifier>... @9:18)  @ <pom>, line 9, column 18",
    },
    {
      title: 'a long line (the fragment is cut at 65 chars)',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <dependencies>\n    <dependency><groupId>org.example.group</groupId><artifactId>some-artifact</artifactId><version>1.0</version><clasifier>linux-x86_64</clasifier></dependency>\n  </dependencies>\n</project>\n',
      problem:
        "Malformed POM <pom>: Unrecognised tag: 'clasifier' (position: START_TAG seen ...<version>1.0</version><clasifier>... @7:124)  @ <pom>, line 7, column 124",
    },
    {
      title: 'a comment just before the element',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <build>\n    <plugins>\n      <plugin>\n        <artifactId>maven-dependency-plugin</artifactId>\n        <!-- unpack the native libraries -->\n        <executon><id>x</id></executon>\n      </plugin>\n    </plugins>\n  </build>\n</project>\n',
      problem:
        "Malformed POM <pom>: Unrecognised tag: 'executon' (position: START_TAG seen ...<!-- unpack the native libraries -->\\n        <executon>... @11:19)  @ <pom>, line 11, column 19",
    },
    {
      title: 'text between elements, CRLF',
      pom: '<project>\r\n  <modelVersion>4.0.0</modelVersion>\r\n  <groupId>t</groupId>\r\n  <artifactId>lay</artifactId>\r\n  <version>1</version>\r\n  <dependencies>\r\n    <dependency>\r\n      <groupId>g</groupId> junit\r\n      <artifactId>a</artifactId>\r\n    </dependency>\r\n  </dependencies>\r\n</project>\r',
      problem:
        'Malformed POM <pom>: expected START_TAG or END_TAG not TEXT (position: TEXT seen ...<groupId>g</groupId> junit\\r\\n      <a... @9:9)  @ <pom>, line 9, column 9',
    },
    {
      title: 'an unknown attribute on <project> (xmlns and prefixed ones are read)',
      pom: '<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="4">\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n</project>\n',
      problem:
        'Malformed POM <pom>: Unknown attribute \'version\' for tag \'project\' (position: START_TAG seen ...xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" version="4">... @1:118)  @ <pom>, line 1, column 118',
    },
    {
      title: 'a root element other than <project>',
      pom: '<projekt>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n</projekt>\n',
      problem:
        "Malformed POM <pom>: Expected root element 'project' but found 'projekt' (position: START_TAG seen <projekt>... @1:10)  @ <pom>, line 1, column 10",
    },
    {
      title: 'a byte order mark, on line 1',
      pom: '\ufeff<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>lay</artifactId><version>1</version><licence/></project>\n',
      problem:
        "Malformed POM <pom>: Unrecognised tag: 'licence' (position: START_TAG seen ...<version>1</version><licence/>... @1:122)  @ <pom>, line 1, column 122",
    },
    {
      title: 'a misspelled <goal>',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <build>\n    <plugins>\n      <plugin>\n        <artifactId>maven-dependency-plugin</artifactId>\n        <executions>\n          <execution>\n            <goals>\n              <goal>unpack</goal>\n              <gaol>copy</gaol>\n            </goals>\n          </execution>\n        </executions>\n      </plugin>\n    </plugins>\n  </build>\n</project>\n',
      problem:
        "Malformed POM <pom>: Unrecognised tag: 'gaol' (position: START_TAG seen ...</goal>\\n              <gaol>... @14:21)  @ <pom>, line 14, column 21",
    },
    {
      title: 'an alias with its field (Duplicated tag)',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <organization><name>a</name></organization>\n  <organisation><name>b</name></organisation>\n</project>\n',
      problem:
        "Non-parseable POM <pom>: Duplicated tag: 'organization' (position: START_TAG seen ...</organization>\\n  <organisation>... @7:17)  @ line 7, column 17",
    },
    {
      title: 'text inside a list, as a reference',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <modules>&amp;\n    <module>m</module>\n  </modules>\n</project>\n',
      problem:
        'Non-parseable POM <pom>: expected START_TAG or END_TAG not TEXT (position: TEXT seen ...</version>\\n  <modules>&amp;\\n    <m... @7:7)  @ line 7, column 7',
    },
    {
      title: 'an element inside a value',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <dependencies>\n    <dependency>\n      <groupId>g</groupId>\n      <artifactId>a</artifactId>\n      <version>1.0<!-- pinned --><latest/></version>\n    </dependency>\n  </dependencies>\n</project>\n',
      problem:
        'Non-parseable POM <pom>: TEXT must be immediately followed by END_TAG and not START_TAG (position: START_TAG seen ...<!-- pinned --><latest/>... @10:43)  @ line 10, column 43',
    },
    {
      title: 'an element inside a property',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <properties>\n    <a>1</a>\n    <b><c>2</c></b>\n  </properties>\n</project>\n',
      problem:
        'Non-parseable POM <pom>: parser must be on START_TAG or TEXT to read text (position: START_TAG seen ...</a>\\n    <b><c>... @8:11)  @ line 8, column 11',
    },
    {
      title: 'the element just after MXParser refilled its 8 KiB buffer',
      pom:
        '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <description>' +
        'x'.repeat(8039) +
        '</description>\n  <clasifier>linux</clasifier>\n</project>\n',
      problem:
        "Malformed POM <pom>: Unrecognised tag: 'clasifier' (position: START_TAG seen ...\\n  <clasifier>... @7:14)  @ <pom>, line 7, column 14",
    },
    {
      title: 'free content in <configuration> and repeated property names',
      pom: '<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId>\n  <artifactId>lay</artifactId>\n  <version>1</version>\n  <build>\n    <plugins>\n      <plugin>\n        <artifactId>maven-dependency-plugin</artifactId>\n        <configuration combine.children="append">\n          <anything><goes here="x">text<b/></goes></anything>\n        </configuration>\n      </plugin>\n    </plugins>\n  </build>\n  <properties>\n    <x.y>1</x.y>\n    <x.y>2</x.y>\n  </properties>\n</project>\n',
      problem: undefined,
    },
  ];

  for (const { title, pom, problem } of LAYOUTS) {
    it(`${problem === undefined ? 'reads' : problem.startsWith('Malformed') ? 'flags' : 'refuses'}: ${title}`, () => {
      expect(problemLine(pom)).to.equal(problem?.replaceAll('<pom>', POM));
    });
  }

  it('reads leniently what the strict reader refuses, skipping the unknown element (a repository POM)', () => {
    const pom =
      '<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId><version>1</version>' +
      '<dependencies><dependency><groupId>d</groupId><artifactId>natives</artifactId><version>2</version>' +
      '<clasifier>linux-x86_64</clasifier></dependency></dependencies></project>';
    const raw = parsePom(pom, POM);
    expect(raw.malformed).to.equal(undefined);
    expect(raw.base.dependencies.map((d) => [d.groupId, d.artifactId, d.version, d.classifier])).to.deep.equal([
      ['d', 'natives', '2', undefined],
    ]);
    expect(problemLine(pom)).to.equal(
      `Malformed POM ${POM}: Unrecognised tag: 'clasifier' (position: START_TAG seen ...<version>2</version><clasifier>... @1:219)  @ ${POM}, line 1, column 219`,
    );
  });

  it("refuses what no reader takes: leniently read, the duplicate; strictly read, the strict reader's first refusal", () => {
    // Recorded as an imported BOM (read leniently) and as a project (strictly, then leniently).
    const pom =
      '<project><zz/><modelVersion>4.0.0</modelVersion><modelVersion>4.0.0</modelVersion>' +
      '<groupId>zz</groupId><artifactId>bom</artifactId><version>1</version><packaging>pom</packaging></project>';
    expect(() => parsePom(pom, POM)).to.throw(
      ModelParseError,
      `Non-parseable POM ${POM}: Duplicated tag: 'modelVersion' (position: START_TAG seen ...</modelVersion><modelVersion>... @1:63) `,
    );
    expect(problemLine(pom)).to.equal(
      `Non-parseable POM ${POM}: Unrecognised tag: 'zz' (position: START_TAG seen <project><zz/>... @1:15)  @ line 1, column 15`,
    );
  });

  it('reads a POM that writes every element and attribute of the 4.0.0 model (mvn 3.8.7 reads it without a parse problem)', () => {
    const file = path.join(FIXTURES, 'model', 'every-element-pom.xml');
    const text = fs.readFileSync(file, 'utf8');
    expect(problemLine(text)).to.equal(undefined);
    // The fixture must keep covering the whole table: every field and attribute of every class.
    const used = covered(parseXmlFast(text, file), POM_GRAMMAR);
    const missing = [...allFields(POM_GRAMMAR)].filter((f) => !used.has(f));
    expect(missing).to.deep.equal([]);
  });

  it("reads real POMs strictly: a sample of Debian's /usr/share/maven-repo (all of which mvn 3.8.7 reads strictly)", function () {
    const repo = '/usr/share/maven-repo';
    if (!fs.existsSync(repo)) {
      console.log(
        `    skipped: real POMs: needs ${repo} (Debian's maven-repo packages), which this machine does not have`,
      );
      this.skip();
    }
    const poms = listPoms(repo);
    // Every 10th POM in path order, at most 200: the same sample on the same packages.
    const sample = poms.filter((_, i) => i % 10 === 0).slice(0, 200);
    const refused = sample.map((f) => [f, problemLine(fs.readFileSync(f, 'utf8'))]).filter(([, p]) => p !== undefined);
    expect(refused).to.deep.equal([]);
    expect(sample.length).to.be.greaterThan(20);
  });
});

function listPoms(dir: string, out: string[] = []): string[] {
  for (const entry of fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, entry.name);
    // Debian's repository links most files into /usr/share/java; a dangling link is a package not installed.
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat?.isDirectory()) listPoms(full, out);
    else if (stat?.isFile() && entry.name.endsWith('.pom')) out.push(full);
  }
  return out;
}

/**
 * `Class.field` and `Class@attribute` for every field and attribute the grammar declares (an
 * alias cannot stand beside its field: the 'alias' case reads <organisation>).
 */
function allFields(grammar: ModelGrammar): Set<string> {
  const all = new Set<string>();
  for (const [name, c] of Object.entries(grammar.classes)) {
    for (const f of Object.keys(c.fields)) all.add(`${name}.${f}`);
    for (const a of c.attributes ?? []) all.add(`${name}@${a}`);
  }
  return all;
}

/** The fields and attributes a document uses, named by the class that declares them. */
function covered(root: XmlElement, grammar: ModelGrammar): Set<string> {
  const seen = new Set<string>();
  const declaring = (className: string, test: (c: ModelGrammar['classes'][string]) => boolean): string => {
    let name = className;
    while (!test(grammar.classes[name])) name = grammar.classes[name].extends!;
    return name;
  };
  const visit = (el: XmlElement, className: string): void => {
    for (const a of Object.keys(el.attributes)) {
      if (readsAttribute(grammar, className, a))
        seen.add(`${declaring(className, (c) => c.attributes?.includes(a) === true)}@${a}`);
    }
    for (const child of el.children) {
      const field = fieldOf(grammar, className, child.name);
      if (!field) continue;
      seen.add(`${declaring(className, (c) => Object.hasOwn(c.fields, field.name))}.${field.name}`);
      const kind = field.kind;
      if (Array.isArray(kind) && kind[0] === 'class') visit(child, kind[1]);
      if (Array.isArray(kind) && kind[0] === 'list')
        for (const item of child.children) if (item.name === kind[1]) visit(item, kind[2]);
    }
  };
  visit(root, grammar.rootClass);
  return seen;
}
