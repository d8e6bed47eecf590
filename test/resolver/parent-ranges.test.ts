import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';

/**
 * Version ranges in `<parent>`, through the real CLI, each outcome recorded with real Maven 3.8.7
 * (`dependency:list -o` on the same files): the highest installed version in the range, a local
 * parent that satisfies the range, and Maven's messages for no match, no upper bound and a child
 * that does not write its own version.
 */
describe('resolver: version ranges in <parent> (recorded with Maven 3.8.7)', function () {
  this.timeout(60_000);
  let root: string;
  let repo: string;
  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-parent-range-'));
    repo = path.join(root, 'repo');
    for (const v of ['1.0', '1.5', '2.0']) {
      // Each parent version brings a dependency of its own version, so the list shows which parent was used.
      const dir = path.join(repo, 'pr', 'par', v);
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(
        path.join(dir, `par-${v}.pom`),
        `<project><modelVersion>4.0.0</modelVersion><groupId>pr</groupId><artifactId>par</artifactId><version>${v}</version><packaging>pom</packaging>` +
          `<dependencies><dependency><groupId>pr</groupId><artifactId>dep</artifactId><version>${v}</version><type>pom</type></dependency></dependencies></project>`,
      );
      const dep = path.join(repo, 'pr', 'dep', v);
      fs.mkdirSync(dep, { recursive: true });
      fs.writeFileSync(
        path.join(dep, `dep-${v}.pom`),
        `<project><modelVersion>4.0.0</modelVersion><groupId>pr</groupId><artifactId>dep</artifactId><version>${v}</version><packaging>pom</packaging></project>`,
      );
    }
    fs.writeFileSync(
      path.join(repo, 'pr', 'par', 'maven-metadata-local.xml'),
      '<metadata><groupId>pr</groupId><artifactId>par</artifactId><versioning><versions><version>1.0</version><version>1.5</version><version>2.0</version></versions></versioning></metadata>',
    );
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  /** A child POM in its own directory; returns the run of dependency:list and the list. */
  function child(name: string, range: string, version: string, relativePath = '<relativePath/>', extra: string[] = []) {
    const dir = path.join(root, name);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      `<project><modelVersion>4.0.0</modelVersion><parent><groupId>pr</groupId><artifactId>par</artifactId><version>${range}</version>${relativePath}</parent>` +
        `<artifactId>child</artifactId>${version}</project>`,
    );
    const run = runGoalhost(
      ['-B', '-o', `-Dmaven.repo.local=${repo}`, ...extra, 'dependency:list', '-DoutputFile=deps.txt'],
      dir,
    );
    const list = fs.existsSync(path.join(dir, 'deps.txt'))
      ? fs.readFileSync(path.join(dir, 'deps.txt'), 'utf8')
      : undefined;
    return { run, list, pom: path.join(dir, 'pom.xml') };
  }
  const listed = (line: string) => `\nThe following files have been resolved:\n   ${line}\n\n`;

  it("takes the highest version of the range that metadata lists; ${x} as the child's own version is fine", () => {
    expect(child('in-range', '[1.0,2.0)', '<version>7</version>').list).to.equal(listed('pr:dep:pom:1.5:compile'));
    expect(child('own-expression', '[1.0,2.0)', '<version>${x}</version>', '<relativePath/>', ['-Dx=7']).list).to.equal(
      listed('pr:dep:pom:1.5:compile'),
    );
  });

  it('takes a local parent (relativePath) whose version is in the range, not the highest', () => {
    const local = path.join(root, 'local-parent');
    fs.mkdirSync(local, { recursive: true });
    fs.writeFileSync(
      path.join(local, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>pr</groupId><artifactId>par</artifactId><version>1.0</version><packaging>pom</packaging></project>',
    );
    expect(
      child('with-local', '[1.0,2.0)', '<version>7</version>', '<relativePath>../local-parent/pom.xml</relativePath>')
        .list,
    ).to.equal('\nThe following files have been resolved:\n   none\n\n');
  });

  // The problems' summary lines as Maven 3.8.7 prints them: an unresolvable parent cites UnresolvableModelException ([Help 2]).
  it("fails with Maven's messages: no version matches, no upper bound, a child without its own version", () => {
    const cases: Array<[string, string, string, string]> = [
      [
        'no-match',
        '[3.0,4.0)',
        '<version>7</version>',
        "Non-resolvable parent POM pr:par:[3.0,4.0) for pr:child:7: No versions matched the requested parent version range '[3.0,4.0)' and 'parent.relativePath' points at no local POM @ line 1, column 52 -> [Help 2]",
      ],
      [
        'no-upper',
        '[1.0,)',
        '<version>7</version>',
        "Non-resolvable parent POM pr:par:[1.0,) for pr:child:7: The requested parent version range '[1.0,)' does not specify an upper bound and 'parent.relativePath' points at no local POM @ line 1, column 52 -> [Help 2]",
      ],
      // Maven names the project with the version the range gave, and the problem where the model had the range.
      ['no-version', '[1.0,2.0)', '', 'Version must be a constant @ pr:child:[1.0,2.0), <pom>, line 1, column 10'],
    ];
    for (const [name, range, version, problem] of cases) {
      const { run, pom } = child(name, range, version);
      expect(run.status, name).to.equal(1);
      const id = version ? 'pr:child:7' : 'pr:child:1.5';
      const lines = run.stdout.split('\n');
      const summary = lines.indexOf('[ERROR] The build could not read 1 project -> [Help 1]');
      expect(lines[1], name).to.equal('[ERROR] [ERROR] Some problems were encountered while processing the POMs:');
      expect(lines.slice(summary + 1, summary + 4), name).to.deep.equal([
        '[ERROR]   ',
        `[ERROR]   The project ${id} (${pom}) has 1 error`,
        `[ERROR]     ${problem.replace('<pom>', pom)}`,
      ]);
    }
  });
});
