import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost, stableLog } from '../support/run-goalhost';

/**
 * -pl, -am, -amd, -rf and exclusions select reactor projects as Maven 3.8.7's DefaultGraphBuilder
 * does; every expected outcome below was recorded with mvn 3.8.7 on the same reactor (`validate`).
 * The reactor: r aggregates a, b (depends on a), c (depends on b) and mod-e (artifactId e).
 */
describe('cli: reactor selection (-pl, -am, -amd, -rf) as Maven 3.8.7', function () {
  this.timeout(120000);
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-selection-'));
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>r</artifactId><version>1</version><packaging>pom</packaging>' +
        '<modules><module>a</module><module>b</module><module>c</module><module>mod-e</module></modules></project>\n',
    );
    const dependency = (on: string) =>
      `<dependencies><dependency><groupId>g</groupId><artifactId>${on}</artifactId><version>1</version><type>pom</type></dependency></dependencies>`;
    const modules: [string, string, string][] = [
      ['a', 'a', ''],
      ['b', 'b', dependency('a')],
      ['c', 'c', dependency('b')],
      ['mod-e', 'e', ''],
    ];
    for (const [directory, artifactId, body] of modules) {
      fs.mkdirSync(path.join(dir, directory));
      fs.writeFileSync(
        path.join(dir, directory, 'pom.xml'),
        `<project><modelVersion>4.0.0</modelVersion><parent><groupId>g</groupId><artifactId>r</artifactId><version>1</version></parent>` +
          `<artifactId>${artifactId}</artifactId><packaging>pom</packaging>${body}</project>\n`,
      );
    }
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    runGoalhost(['-o', '-B', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, ...args, 'validate'], dir);
  /** The projects built, as their banners say. */
  const built = (stdout: string) =>
    stdout
      .split('\n')
      .filter((l) => l.startsWith('[INFO] Building '))
      .map((l) => l.replace(/\s+\[\d+\/\d+\]$/, '').slice('[INFO] Building '.length));

  it("-am adds what the selected projects need (parents too), in reactor order, with Maven's whole output", () => {
    const result = run('-pl', 'c', '-am');
    expect(result.status).to.equal(0);
    expect(stableLog(result.stdout).replace(/\[ {1,2}\d+\.\d{3} s\]/g, '[ <time>]')).to
      .equal(`[INFO] Scanning for projects...
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Build Order:
[INFO] 
[INFO] r                                                                  [pom]
[INFO] a                                                                  [pom]
[INFO] b                                                                  [pom]
[INFO] c                                                                  [pom]
[INFO] 
[INFO] --------------------------------< g:r >---------------------------------
[INFO] Building r 1                                                       [1/4]
[INFO] --------------------------------[ pom ]---------------------------------
[INFO] 
[INFO] --------------------------------< g:a >---------------------------------
[INFO] Building a 1                                                       [2/4]
[INFO] --------------------------------[ pom ]---------------------------------
[INFO] 
[INFO] --------------------------------< g:b >---------------------------------
[INFO] Building b 1                                                       [3/4]
[INFO] --------------------------------[ pom ]---------------------------------
[INFO] 
[INFO] --------------------------------< g:c >---------------------------------
[INFO] Building c 1                                                       [4/4]
[INFO] --------------------------------[ pom ]---------------------------------
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for r 1:
[INFO] 
[INFO] r .................................................. SUCCESS [ <time>]
[INFO] a .................................................. SUCCESS [ <time>]
[INFO] b .................................................. SUCCESS [ <time>]
[INFO] c .................................................. SUCCESS [ <time>]
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time: <time>
[INFO] Finished at: <date>
[INFO] ------------------------------------------------------------------------
`);
  });

  it('selects as Maven: -amd, both, long names, exclusions among the selected, -rf after them, paths or [groupId]:artifactId', () => {
    const cases: [string[], string[]][] = [
      [
        ['-pl', 'a', '-amd'],
        ['a 1', 'b 1', 'c 1'],
      ],
      [
        ['--projects', 'a', '--also-make-dependents'],
        ['a 1', 'b 1', 'c 1'],
      ],
      [
        ['-pl', 'b', '-am', '-amd'],
        ['r 1', 'a 1', 'b 1', 'c 1'],
      ],
      [
        ['-pl', 'c', '-am', '-pl', '!a'],
        ['r 1', 'b 1', 'c 1'],
      ],
      [
        ['-pl', 'c', '-am', '-pl', '-:a'],
        ['r 1', 'b 1', 'c 1'],
      ],
      [['-pl', 'a', '-amd', '-rf', ':c'], ['c 1']],
      [
        ['-rf', 'b'],
        ['b 1', 'c 1', 'e 1'],
      ],
      [['-pl', 'mod-e'], ['e 1']],
      [['-pl', ':e'], ['e 1']],
      [
        ['-pl', 'g:e,+a'],
        ['a 1', 'e 1'],
      ],
      [['-pl', './b/pom.xml'], ['b 1']],
      [['-pl', 'b/'], ['b 1']],
    ];
    for (const [args, projects] of cases) {
      const result = run(...args);
      expect(result.status, `${args.join(' ')}\n${result.stdout}`).to.equal(0);
      expect(built(result.stdout), args.join(' ')).to.deep.equal(projects);
    }
  });

  it('a selector that matches nothing fails as Maven: an artifactId is not a path, paths are relative to the starting POM', () => {
    const lines = (...args: string[]) =>
      run(...args)
        .stdout.split('\n')
        .slice(0, 3);
    expect(lines('-pl', 'e')).to.deep.equal([
      '[INFO] Scanning for projects...',
      '[ERROR] [ERROR] Could not find the selected project in the reactor: e @ ',
      '[ERROR] Could not find the selected project in the reactor: e -> [Help 1]',
    ]);
    expect(lines('-f', 'b', '-pl', '../c')[2]).to.equal(
      '[ERROR] Could not find the selected project in the reactor: ../c -> [Help 1]',
    );
    // -N reads the starting POM only: its modules cannot be selected.
    expect(lines('-N', '-pl', 'c', '-am')[2]).to.equal(
      '[ERROR] Could not find the selected project in the reactor: c -> [Help 1]',
    );
    // Exclusions are looked up among the selected projects only.
    expect(lines('-pl', ':a,!b')[2]).to.equal(
      '[ERROR] Could not find the selected project in the reactor: b -> [Help 1]',
    );
    expect(lines('-pl', ':a', '-rf', ':b')[2]).to.equal(
      '[ERROR] Could not find project to resume reactor build from: :b vs g:a -> [Help 1]',
    );
    expect(lines('-rf', 'x')[2]).to.equal(
      '[ERROR] Could not find project to resume reactor build from: x vs g:r, g:a, g:b, g:c, g:e -> [Help 1]',
    );
  });

  it("excluding every project leaves no goal to run: Maven's NoGoalSpecifiedException after the session started", () => {
    const result = run('-pl', '!:r,!a,!b,!c,!mod-e');
    expect(result.status).to.equal(1);
    expect(stableLog(result.stdout).split('\n').slice(0, 8)).to.deep.equal([
      '[INFO] Scanning for projects...',
      '[INFO] ------------------------------------------------------------------------',
      '[INFO] BUILD FAILURE',
      '[INFO] ------------------------------------------------------------------------',
      '[INFO] Total time: <time>',
      '[INFO] Finished at: <date>',
      '[INFO] ------------------------------------------------------------------------',
      '[ERROR] No goals have been specified for this build. You must specify a valid lifecycle phase or a goal in the format ' +
        '<plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>. Available lifecycle phases are: ' +
        'validate, initialize, generate-sources, process-sources, generate-resources, process-resources, compile, process-classes, ' +
        'generate-test-sources, process-test-sources, generate-test-resources, process-test-resources, test-compile, process-test-classes, ' +
        'test, prepare-package, package, pre-integration-test, integration-test, post-integration-test, verify, install, deploy, ' +
        'pre-clean, clean, post-clean, pre-site, site, post-site, site-deploy. -> [Help 1]',
    ]);
  });
});
