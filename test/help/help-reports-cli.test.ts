import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GOALHOST_BIN, ROOT } from '../support/paths';

/**
 * help:effective-pom, help:active-profiles and help:evaluate through the real CLI, compared
 * whole with what real Maven prints for the same projects: test/fixtures/help/expected was
 * recorded by tools/record-help-goldens.js with Maven 3.8.7's project builder
 * (test/support/help-oracle/HelpOracle.java) for the cases of oracle-cases.json.
 */
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'help');
const EXPECTED = path.join(FIXTURES, 'expected');

interface OracleCase {
  readonly name: string;
  readonly project: string;
  readonly pom: string;
  readonly args: readonly string[];
}
const cases = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'oracle-cases.json'), 'utf8')) as {
  'effective-pom': OracleCase[];
  'effective-pom-verbose': OracleCase[];
  'active-profiles': OracleCase[];
  evaluate: { project: string; pom: string; expressions: string[] };
};
const DASHES = '[INFO] ------------------------------------------------------------------------';

describe('help: effective-pom, active-profiles and evaluate print what Maven prints (recorded)', function () {
  this.timeout(300000);
  let work: string;
  let repo: string;
  before(() => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-help-reports-'));
    repo = path.join(work, 'repository');
    // `repository` becomes the local repository: the POMs the fixtures find there (a parent, a BOM).
    for (const p of ['simple', 'reactor', 'extras', 'packagings', 'bom', 'inherit', 'repository'])
      fs.cpSync(path.join(FIXTURES, p), path.join(work, p), { recursive: true });
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  /** Runs goalhost on a fixture's POM; `-S<id>` (the oracle's settings profile) becomes a settings.xml activating profile id. */
  function goalhost(
    project: string,
    pom: string,
    args: readonly string[],
  ): { status: number | null; stdout: string; dir: string } {
    const dir = path.join(work, project);
    const cli: string[] = [];
    for (const a of args) {
      if (!a.startsWith('-S')) {
        cli.push(a);
        continue;
      }
      const settings = path.join(work, `settings-${a.slice(2)}.xml`);
      fs.writeFileSync(
        settings,
        `<settings><profiles><profile><id>${a.slice(2)}</id></profile></profiles><activeProfiles><activeProfile>${a.slice(2)}</activeProfile></activeProfiles></settings>`,
      );
      cli.push('-s', settings);
    }
    const r = spawnSync(
      process.execPath,
      [GOALHOST_BIN, '-B', '-o', `-Dmaven.repo.local=${repo}`, '-f', path.join(dir, pom), ...cli],
      {
        cwd: dir,
        encoding: 'utf8',
      },
    );
    return { status: r.status, stdout: r.stdout + r.stderr, dir };
  }

  /** The goal's log between its `--- maven-help-plugin:...` line and the build's closing dashes, without the first line's `[INFO] `. */
  function report(stdout: string, goal: string): string {
    const lines = stdout.split('\n');
    const start = lines.findIndex((l) => l.startsWith(`[INFO] --- maven-help-plugin:3.4.0:${goal} (default-cli) @ `));
    expect(start, stdout).to.be.greaterThan(-1);
    const end = lines.indexOf(DASHES, start);
    return lines
      .slice(start + 1, end)
      .map((l, i) => (i === 0 ? l.replace(/^\[INFO\] /, '') : l))
      .join('\n');
  }

  const normalize = (text: string, dir: string): string => text.split(dir).join('@BASEDIR@').split(repo).join('@REPO@');
  const golden = (name: string): string => fs.readFileSync(path.join(EXPECTED, name), 'utf8');

  for (const c of cases['effective-pom']) {
    it(`effective-pom of ${c.project}/${c.pom} ${c.args.join(' ')} is Maven's, whole`, () => {
      const r = goalhost(c.project, c.pom, ['help:effective-pom', ...c.args]);
      expect(r.status, r.stdout).to.equal(0);
      // The golden files end with the line break the log adds after the message.
      expect(normalize(`${report(r.stdout, 'effective-pom')}\n`, r.dir)).to.equal(
        golden(`effective-pom-${c.name}.txt`),
      );
    });
  }

  for (const c of cases['effective-pom-verbose']) {
    it(`effective-pom -Dverbose of ${c.project}/${c.pom} ${c.args.join(' ')} names each value's model and line as Maven does, whole`, () => {
      const r = goalhost(c.project, c.pom, ['help:effective-pom', '-Dverbose', ...c.args]);
      expect(r.status, r.stdout).to.equal(0);
      expect(normalize(`${report(r.stdout, 'effective-pom')}\n`, r.dir)).to.equal(
        golden(`effective-pom-verbose-${c.name}.txt`),
      );
    });
  }

  for (const c of cases['active-profiles']) {
    it(`active-profiles of ${c.project}/${c.pom} ${c.args.join(' ')} is Maven's, whole`, () => {
      const r = goalhost(c.project, c.pom, ['help:active-profiles', ...c.args]);
      expect(r.status, r.stdout).to.equal(0);
      expect(normalize(`${report(r.stdout, 'active-profiles')}\n`, r.dir)).to.equal(
        golden(`active-profiles-${c.name}.txt`),
      );
    });
  }

  it('an aggregator goal runs once, for the first project of the reactor; the others are SKIPPED, as Maven reports them', () => {
    const r = goalhost('reactor', 'pom.xml', ['help:active-profiles']);
    expect(r.status).to.equal(0);
    expect(r.stdout.match(/--- maven-help-plugin:3\.4\.0:active-profiles/g)).to.have.length(1);
    const summary = r.stdout.slice(
      r.stdout.indexOf('[INFO] Reactor Summary'),
      r.stdout.indexOf('[INFO] BUILD SUCCESS'),
    );
    expect(summary.replace(/\[ *[\d.]+ s\]/, '[TIME]')).to.equal(
      [
        '[INFO] Reactor Summary for Help parent 2.1-SNAPSHOT:',
        '[INFO] ',
        '[INFO] Help parent ........................................ SUCCESS [TIME]',
        '[INFO] help-app ........................................... SKIPPED',
        DASHES,
        '',
      ].join('\n'),
    );
  });

  it('effective-pom -Doutput writes the document to the file (relative to the project) and says where', () => {
    const r = goalhost('reactor', 'pom.xml', ['help:effective-pom', '-Denv=ci', '-Doutput=target/effective.xml']);
    expect(r.status, r.stdout).to.equal(0);
    const file = path.join(r.dir, 'target', 'effective.xml');
    expect(report(r.stdout, 'effective-pom')).to.equal(`Effective-POM written to: ${file}`);
    const document = golden('effective-pom-reactor-ci.txt')
      .replace('\nEffective POMs, after inheritance, interpolation, and profiles are applied:\n\n', '')
      .replace(/\n\n$/, '');
    expect(normalize(fs.readFileSync(file, 'utf8'), r.dir)).to.equal(document);
  });

  it('effective-pom -Dverbose -Doutput writes the located document to the file', () => {
    const r = goalhost('reactor', 'pom.xml', [
      'help:effective-pom',
      '-Dverbose',
      '-Denv=ci',
      '-Doutput=target/effective-verbose.xml',
    ]);
    expect(r.status, r.stdout).to.equal(0);
    const document = golden('effective-pom-verbose-reactor-ci.txt')
      .replace('\nEffective POMs, after inheritance, interpolation, and profiles are applied:\n\n', '')
      .replace(/\n\n$/, '');
    expect(normalize(fs.readFileSync(path.join(r.dir, 'target', 'effective-verbose.xml'), 'utf8'), r.dir)).to.equal(
      document,
    );
  });

  it('active-profiles -Doutput writes the report under the plugin banner and says where', () => {
    const r = goalhost('reactor', 'pom.xml', ['help:active-profiles', '-Denv=ci', '-Doutput=target/profiles.txt']);
    expect(r.status, r.stdout).to.equal(0);
    const file = path.join(r.dir, 'target', 'profiles.txt');
    expect(report(r.stdout, 'active-profiles')).to.equal(`Active profile report written to: ${file}`);
    const message = golden('active-profiles-reactor-ci.txt').replace(/\n$/, '');
    expect(fs.readFileSync(file, 'utf8')).to.equal(
      `Generated by Maven Help Plugin\nSee: https://maven.apache.org/plugins/maven-help-plugin/\n\n${message}`,
    );
  });

  describe('evaluate', () => {
    const values = JSON.parse(golden('evaluate.json')) as Record<string, string>;
    const { project, pom } = cases.evaluate;

    it('with -q -DforceStdout prints exactly the value Maven evaluates, nothing else, for each expression', () => {
      const got: Record<string, string> = {};
      for (const e of cases.evaluate.expressions) {
        const r = goalhost(project, pom, ['help:evaluate', `-Dexpression=${e}`, '-q', '-DforceStdout']);
        expect(r.status, r.stdout).to.equal(0);
        got[e] = normalize(r.stdout, r.dir);
      }
      expect(got).to.deep.equal(values);
    });

    it('without -q logs the project it uses, then the value on a line of its own', () => {
      const r = goalhost(project, pom, ['help:evaluate', '-Dexpression=project.version']);
      expect(r.status).to.equal(0);
      expect(report(r.stdout, 'evaluate')).to.equal(
        "No artifact parameter specified, using 'org.example.help:help-app:jar:2.1-SNAPSHOT' as project.\n[INFO] \n2.1-SNAPSHOT",
      );
    });

    it('with -q and without -DforceStdout prints nothing', () => {
      const r = goalhost(project, pom, ['help:evaluate', '-Dexpression=project.version', '-q']);
      expect(r.status).to.equal(0);
      expect(r.stdout).to.equal('');
    });

    it('-Doutput writes the value to the file and says where', () => {
      const r = goalhost(project, pom, [
        'help:evaluate',
        '-Dexpression=project.build.directory',
        '-Doutput=target/value.txt',
      ]);
      expect(r.status).to.equal(0);
      const file = path.join(r.dir, 'app', 'target', 'value.txt');
      expect(report(r.stdout, 'evaluate')).to.equal(
        `No artifact parameter specified, using 'org.example.help:help-app:jar:2.1-SNAPSHOT' as project.\n[INFO] Result of evaluation written to: ${file}`,
      );
      expect(fs.readFileSync(file, 'utf8')).to.equal(path.join(r.dir, 'app', 'target'));
    });

    it("without a POM evaluates against Maven's stub project (standalone-pom, version 1)", () => {
      const dir = fs.mkdtempSync(path.join(work, 'no-pom-'));
      const r = spawnSync(
        process.execPath,
        [
          GOALHOST_BIN,
          '-B',
          '-o',
          `-Dmaven.repo.local=${repo}`,
          'help:evaluate',
          '-Dexpression=project.version',
          '-q',
          '-DforceStdout',
        ],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      expect([r.status, r.stdout + r.stderr]).to.deep.equal([0, '1']);
    });

    it('without an expression in batch mode logs the plugin error and ends, as the plugin does', () => {
      const r = goalhost(project, pom, ['help:evaluate']);
      expect(r.status).to.equal(0);
      expect(report(r.stdout, 'evaluate')).to.equal(
        "[ERROR] Maven is configured to NOT interact with the user for input. This Mojo requires that 'interactiveMode' in your settings file is flag to 'true'.",
      );
    });
  });
});
