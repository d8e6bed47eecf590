import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost, stableLog } from '../support/run-goalhost';

const PLUGIN = path.resolve(__dirname, '..', 'fixtures', 'plugins', 'rendezvous-plugin.js');

/**
 * `-T`: independent reactor projects build at the same time, each after the projects it depends
 * on, with each project's lines kept together; Maven's warning for goals not thread-safe; and
 * fail-at-end skipping what depends on a failure, as Maven 3.8.7 prints it.
 */
describe('cli: parallel reactor (-T) and fail-at-end', function () {
  this.timeout(120000);
  let dir: string;
  let marks: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-parallel-'));
    marks = path.join(dir, 'marks');
    fs.mkdirSync(marks);
    // a and b wait for each other (only a parallel build can finish them); c depends on b.
    const modules: Record<string, string> = {
      a: '<properties><rendezvous.waitFor>b</rendezvous.waitFor></properties>',
      b: '<properties><rendezvous.waitFor>a</rendezvous.waitFor></properties>',
      c: '<dependencies><dependency><groupId>g</groupId><artifactId>b</artifactId><version>1</version><type>pom</type></dependency></dependencies>',
    };
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>r</artifactId><version>1</version><packaging>pom</packaging>
<properties><goalhost.plugins>${PLUGIN}</goalhost.plugins></properties>
<modules><module>a</module><module>b</module><module>c</module></modules></project>\n`,
    );
    for (const [m, body] of Object.entries(modules)) {
      fs.mkdirSync(path.join(dir, m));
      fs.writeFileSync(
        path.join(dir, m, 'pom.xml'),
        `<project><modelVersion>4.0.0</modelVersion><parent><groupId>g</groupId><artifactId>r</artifactId><version>1</version></parent>
<artifactId>${m}</artifactId><packaging>pom</packaging>${body}</project>\n`,
      );
    }
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) =>
    runGoalhost(
      ['-B', '-o', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, `-Drendezvous.dir=${marks}`, ...args],
      dir,
    );
  const time = (name: string) => Number(fs.readFileSync(path.join(marks, name), 'utf8'));

  /** The lines of one project: from its banner to the next banner or the summary. */
  const sections = (log: string): Map<string, string> => {
    const found = new Map<string, string>();
    const parts = log.split(/(?=\[INFO\] -+< g:)|(?=\[INFO\] -+\n\[INFO\] Reactor Summary)/);
    for (const part of parts) {
      const m = /^\[INFO\] -+< g:(\w+) >/.exec(part);
      if (m) found.set(m[1], part.replace(/\[\d\/4\]/, '[n/4]'));
    }
    return found;
  };
  const section = (m: string, extra: string[] = []) =>
    [
      `[INFO] ${'-'.repeat(32)}< g:${m} >${'-'.repeat(33)}`,
      `[INFO] Building ${m} 1${' '.repeat(72 - `Building ${m} 1`.length - 5)}[n/4]`,
      `[INFO] ${'-'.repeat(32)}[ pom ]${'-'.repeat(33)}`,
      '[INFO] ',
      `[INFO] --- rendezvous-maven-plugin:1.0:meet (default-cli) @ ${m} ---`,
      `[INFO] ${m} started`,
      ...extra,
      `[INFO] ${m} done`,
      '[INFO] ',
      '',
    ].join('\n');

  it("-T 2 builds a and b at the same time, c only after b, each project's lines together", () => {
    const result = run('-T', '2', 'rendezvous:meet');
    expect(result.status, result.stdout).to.equal(0);
    const log = stableLog(result.stdout);
    expect(log.split('\n').slice(0, 12).join('\n')).to.equal(`[INFO] Scanning for projects...
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Build Order:
[INFO] 
[INFO] r                                                                  [pom]
[INFO] a                                                                  [pom]
[INFO] b                                                                  [pom]
[INFO] c                                                                  [pom]
[INFO] 
[INFO] Using the MultiThreadedBuilder implementation with a thread count of 2
[INFO] 
[INFO] --------------------------------< g:r >---------------------------------`);
    expect(log).to.contain('[INFO] Total time: <time>');
    expect(result.stdout).to.match(/\[INFO\] Total time: {2}\d+\.\d{3} s \(Wall Clock\)\n/);
    expect(Object.fromEntries(sections(log))).to.deep.equal({
      r: section('r'),
      a: section('a', ['[INFO] a met b']),
      b: section('b', ['[INFO] b met a']),
      c: section('c').replace(/\[INFO\] \n$/, ''),
    });
    expect(time('c.start')).to.be.at.least(time('b.end'));
    expect(time('a.start')).to.be.below(time('b.end'));
    expect(time('b.start')).to.be.below(time('a.end'));
  });

  it('-T 1C means one thread per core; without -T the same projects run one after the other (a gives up waiting for b)', () => {
    const parallel = run('-T', `${os.availableParallelism() >= 2 ? '1' : '2'}C`, 'rendezvous:meet');
    expect(parallel.stdout).to.contain(`with a thread count of ${Math.max(2, os.availableParallelism())}`);
    expect(parallel.status).to.equal(0);
    fs.rmSync(marks, { recursive: true });
    fs.mkdirSync(marks);
    const sequential = run('-Drendezvous.timeout=300', 'rendezvous:meet');
    expect(sequential.status).to.equal(1);
    expect(sequential.stdout).to.contain(
      '[ERROR] Failed to execute goal org.example:rendezvous-maven-plugin:1.0:meet (default-cli) on project a: ' +
        'Execution default-cli of goal org.example:rendezvous-maven-plugin:1.0:meet failed: a waited 300 ms for b to start -> [Help 1]\n',
    );
  });

  it("prints Maven's warning, per project, for goals not marked thread-safe (-X names the goals); not for one project, nor without -T", () => {
    const result = run('-T', '2', 'rendezvous:unsafe');
    expect(result.status).to.equal(0);
    const box = [
      '[WARNING] *****************************************************************',
      '[WARNING] * Your build is requesting parallel execution, but this         *',
      '[WARNING] * project contains the following plugin(s) that have goals not  *',
      '[WARNING] * marked as thread-safe to support parallel execution.          *',
      '[WARNING] * While this /may/ work fine, please look for plugin updates    *',
      '[WARNING] * and/or request plugins be made thread-safe.                   *',
      '[WARNING] * If reporting an issue, report it against the plugin in        *',
      '[WARNING] * question, not against Apache Maven.                           *',
      '[WARNING] *****************************************************************',
      '[WARNING] The following plugins are not marked as thread-safe in r:',
      '[WARNING]   org.example:rendezvous-maven-plugin:1.0',
      '[WARNING] ',
    ];
    const lines = result.stdout.split('\n');
    const at = lines.indexOf(box[0]);
    expect(lines.slice(at, at + 16)).to.deep.equal([
      ...box,
      '[WARNING] Enable debug to see precisely which goals are not marked as thread-safe.',
      '[WARNING] *****************************************************************',
      '[INFO] ',
      '[INFO] --- rendezvous-maven-plugin:1.0:unsafe (default-cli) @ r ---',
    ]);
    const debug = run('-T', '2', '-X', 'rendezvous:unsafe').stdout.split('\n');
    const from = debug.indexOf(box[0]);
    expect(debug.slice(from + box.length, from + box.length + 3)).to.deep.equal([
      '[WARNING] The following goals are not marked as thread-safe in r:',
      '[WARNING]   org.example:rendezvous-maven-plugin:1.0:unsafe',
      '[WARNING] *****************************************************************',
    ]);
    expect(run('rendezvous:unsafe').stdout).not.to.contain('thread-safe');
    // As Maven's BuilderCommon: a build of one project is not parallel.
    expect(run('-T', '2', '-N', 'rendezvous:unsafe').stdout).not.to.contain('thread-safe');
  });

  it("fail-at-end skips the projects that depend on a failed one, with Maven's lines; fail-fast with -T starts nothing more", () => {
    // b fails (it waits for a project that never starts); c depends on b; a still builds.
    fs.writeFileSync(
      path.join(dir, 'a', 'pom.xml'),
      fs.readFileSync(path.join(dir, 'a', 'pom.xml'), 'utf8').replace('<rendezvous.waitFor>b', '<rendezvous.waitFor>r'),
    );
    fs.writeFileSync(
      path.join(dir, 'b', 'pom.xml'),
      fs
        .readFileSync(path.join(dir, 'b', 'pom.xml'), 'utf8')
        .replace('<rendezvous.waitFor>a', '<rendezvous.waitFor>nobody'),
    );
    const fae = run('-fae', '-Drendezvous.timeout=100', 'rendezvous:meet');
    expect(fae.status).to.equal(1);
    const log = stableLog(fae.stdout).replace(/\[ {1,2}\d+\.\d{3} s\]/g, '[ <time>]');
    // Maven's ExecutionEventLogger: an empty line, then the banner of the skipped project.
    expect(log).to.contain(`[INFO] b started
[INFO] 
[INFO] ------------------------------------------------------------------------
[INFO] Skipping c
[INFO] This project has been banned from the build due to previous failures.
[INFO] ------------------------------------------------------------------------
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for r 1:
[INFO] 
[INFO] r .................................................. SUCCESS [ <time>]
[INFO] a .................................................. SUCCESS [ <time>]
[INFO] b .................................................. FAILURE [ <time>]
[INFO] c .................................................. SKIPPED
`);
    fs.rmSync(marks, { recursive: true });
    fs.mkdirSync(marks);
    // With -T 2 and fail-fast, c is never started after b failed.
    const fast = run('-T', '2', '-Drendezvous.timeout=100', 'rendezvous:meet');
    expect(fast.status).to.equal(1);
    expect(fast.stdout).to.match(/\[INFO\] c \.+ SKIPPED\n/);
    expect(fs.existsSync(path.join(marks, 'c.start'))).to.equal(false);
  });

  it('an invalid -T value names the value and the allowed forms', () => {
    const result = run('-T', 'lots', 'validate');
    expect(result.status).to.equal(1);
    expect(result.stdout.split('\n').slice(0, 2)).to.deep.equal([
      '[ERROR] Error executing Maven.',
      `[ERROR] Invalid threads value: 'lots' (-T). Supported are positive int and float values ending with C, for instance -T 4 or -T 1C (${os.availableParallelism()} thread${os.availableParallelism() === 1 ? '' : 's'} on this machine).`,
    ]);
  });
});
