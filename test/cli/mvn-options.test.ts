import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES } from '../support/paths';
import { runGoalhost, stableLog } from '../support/run-goalhost';

const ESC = '\u001b';

/**
 * Every option of `mvn -h` (Maven 3.8.7) is accepted with Maven's meaning; each expectation was
 * recorded with mvn 3.8.7 (`-o -B validate`) on the same two-module reactor.
 */
describe('cli: every option of mvn -h (Maven 3.8.7)', function () {
  this.timeout(120000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-options-'));
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>r</artifactId><version>1</version><packaging>pom</packaging>' +
        '<modules><module>a</module></modules></project>\n',
    );
    fs.mkdirSync(path.join(dir, 'a'));
    fs.writeFileSync(
      path.join(dir, 'a', 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><parent><groupId>g</groupId><artifactId>r</artifactId><version>1</version></parent><artifactId>a</artifactId><packaging>pom</packaging></project>\n',
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const run = (...args: string[]) => runGoalhost(['-o', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, ...args], dir);
  const lines = (stdout: string) => stdout.split('\n');

  it('--help is mvn -h, laid out by the same rules, naming goalhost', () => {
    const maven = fs
      .readFileSync(path.join(FIXTURES, 'cli', 'mvn-3.8.7-help.txt'), 'utf8')
      .replace('usage: mvn', 'usage: goalhost');
    for (const option of ['-h', '--help']) {
      const result = runGoalhost([option], dir);
      expect(result.status).to.equal(0);
      expect(result.stdout).to.equal(maven);
    }
    // The live mvn, when installed, says the same.
    const live = spawnSync('mvn', ['-h'], { encoding: 'utf8' });
    if (live.status === 0)
      expect(live.stdout.replace(/\u001b\[[0-9;]*m/g, '').replace('usage: mvn', 'usage: goalhost')).to.equal(maven);
  });

  it('accepts each option of mvn -h with its value, as mvn does', () => {
    const toolchains = path.join(dir, 'toolchains.xml');
    const settings = path.join(dir, 'settings.xml');
    fs.writeFileSync(toolchains, '<toolchains/>\n');
    fs.writeFileSync(settings, '<settings/>\n');
    // Every option of mvn -h but -h, -v, -l, -emp and -ep (tested on their own), a few runs.
    const runs: string[][] = [
      [
        '-am',
        '-pl',
        'a',
        '-B',
        '-b',
        'singlethreaded',
        '-C',
        '-cpu',
        '-D',
        'x=1',
        '-e',
        '-f',
        'pom.xml',
        '-fae',
        '-gs',
        settings,
        '-gt',
        toolchains,
      ],
      [
        '-amd',
        '--projects',
        'a',
        '--batch-mode',
        '--builder=multithreaded',
        '-c',
        '--color',
        'never',
        '-ff',
        '-llr',
        '-npr',
        '-npu',
        '-nsu',
      ],
      [
        '--also-make',
        '-pl',
        ':a',
        '-ntp',
        '-o',
        '-P',
        'p',
        '-rf',
        ':a',
        '-s',
        settings,
        '-t',
        toolchains,
        '-T',
        '1C',
        '-U',
        '-up',
        '-V',
        '-X',
      ],
      ['--color', '-D', 'y', '-fn', '-N', '-q', '-T', '2'],
    ];
    for (const args of runs) {
      const result = run(...args, 'validate');
      expect(result.status, `${args.join(' ')}\n${result.stdout}`).to.equal(0);
      if (!args.includes('-q')) expect(result.stdout, args.join(' ')).to.contain('[INFO] BUILD SUCCESS');
    }
  });

  it('-v, -q -v, -V and -X print the version; -e says stack traces are on; -X wins over -q', () => {
    const v = run('-v');
    expect(v.status).to.equal(0);
    expect(lines(v.stdout)[0]).to.match(/^goalhost \d+\.\d+\.\d+ \(Maven 3\.8\.7 semantics\)$/);
    expect(lines(v.stdout)).to.have.length(4);
    // As mvn -q -v prints `3.8.7`: the version alone.
    const minimal = run('-q', '-v');
    expect(minimal.stdout).to.match(/^\d+\.\d+\.\d+\n$/);
    for (const option of ['-V', '--show-version', '-X']) {
      const result = run('-B', option, 'validate');
      expect(result.status).to.equal(0);
      expect(lines(result.stdout).slice(0, 3)).to.deep.equal(lines(v.stdout).slice(0, 3));
      expect(result.stdout).to.contain('[INFO] BUILD SUCCESS');
    }
    expect(lines(run('-B', '-e', 'validate').stdout).slice(0, 2)).to.deep.equal([
      '[INFO] Error stacktraces are turned on.',
      '[INFO] Scanning for projects...',
    ]);
    expect(lines(run('-B', '-X', '-q', 'validate').stdout)[3]).to.equal('[INFO] Error stacktraces are turned on.');
  });

  it("-up, -npu, -cpu and -npr do nothing but Maven's deprecation warning, in Maven's order; -llr and -C/-c as mvn says them", () => {
    const result = run('-B', '-npr', '-cpu', '-npu', '-up', '-llr', '-C', 'validate');
    expect(result.status).to.equal(0);
    expect(lines(result.stdout).slice(0, 6)).to.deep.equal([
      '[WARNING] Command line option -up is deprecated and will be removed in future Maven versions.',
      '[WARNING] Command line option -npu is deprecated and will be removed in future Maven versions.',
      '[WARNING] Command line option -cpu is deprecated and will be removed in future Maven versions.',
      '[WARNING] Command line option -npr is deprecated and will be removed in future Maven versions.',
      '[INFO] Disabling enhanced local repository: using legacy is strongly discouraged to ensure build reproducibility.',
      '[INFO] Scanning for projects...',
    ]);
  });

  it('-l: all output goes to the file (relative to the working directory, emptied first), none to the console, no colours', () => {
    fs.writeFileSync(path.join(dir, 'build.log'), 'old text that must go\n'.repeat(100));
    const result = run('-l', 'build.log', 'validate');
    expect(result.status).to.equal(0);
    expect([result.stdout, result.stderr]).to.deep.equal(['', '']);
    const log = fs.readFileSync(path.join(dir, 'build.log'), 'utf8');
    expect(stableLog(log)).to.match(
      /^\[INFO\] Scanning for projects\.\.\.\n[^]*\[INFO\] BUILD SUCCESS\n[^]*Finished at: <date>\n\[INFO\] -{72}\n$/,
    );
    // The version, the help and failures go there too.
    expect(run('-l', 'build.log', '-v').stdout).to.equal('');
    expect(fs.readFileSync(path.join(dir, 'build.log'), 'utf8')).to.match(/^goalhost \d/);
    const failed = run('-l', 'build.log', 'nophase');
    expect([failed.status, failed.stdout]).to.deep.equal([1, '']);
    expect(fs.readFileSync(path.join(dir, 'build.log'), 'utf8')).to.contain(
      '[ERROR] Unknown lifecycle phase "nophase".',
    );
    // A file that cannot be opened leaves the output on the console, as Maven does.
    const fallback = run('-B', '-l', path.join(dir, 'no', 'such', 'dir', 'x.log'), 'validate');
    expect([fallback.status, lines(fallback.stdout)[0]]).to.deep.equal([0, '[INFO] Scanning for projects...']);
  });

  it('--color as Maven 3.8.7 reads it: always/yes/force, never/no/none, auto; -Dstyle.color when --color has no value', () => {
    for (const on of ['always', 'force'])
      expect(run('--color', on, 'validate').stdout, on).to.contain(`${ESC}[1;32mBUILD SUCCESS${ESC}[m`);
    // auto (tty, if-tty): not on a pipe.
    for (const off of ['none', 'if-tty']) expect(run('--color', off, 'validate').stdout, off).not.to.contain(ESC);
    expect(run('--color', '-Dstyle.color=always', 'validate').stdout).to.contain(ESC);
    // -l turns colours off unless asked for.
    run('-l', 'c.log', '--color=always', 'validate');
    expect(fs.readFileSync(path.join(dir, 'c.log'), 'utf8')).to.contain(ESC);
    const bad = run('--color=sometimes', 'validate');
    expect([bad.status, bad.stdout]).to.deep.equal([
      1,
      "[ERROR] Invalid color configuration value 'sometimes' (--color). Supported are 'auto', 'always', 'never'.\n",
    ]);
  });

  it('-t / -gt: a missing file fails before the build; what only the lenient reader takes warns as Maven; what none takes fails', () => {
    const missing = run('-B', '-t', 'nope.xml', 'validate');
    expect([missing.status, ...lines(missing.stdout)]).to.deep.equal([
      1,
      '[ERROR] Error executing Maven.',
      `[ERROR] The specified user toolchains file does not exist: ${path.join(dir, 'nope.xml')}`,
      '',
    ]);
    expect(lines(run('-B', '-gt', 'nope.xml', 'validate').stdout)[1]).to.equal(
      `[ERROR] The specified global toolchains file does not exist: ${path.join(dir, 'nope.xml')}`,
    );
    fs.writeFileSync(path.join(dir, 'tc.xml'), '<toolchains><toolchain><tpe>jdk</tpe></toolchain></toolchains>');
    fs.writeFileSync(
      path.join(dir, 'tc3.xml'),
      '<toolchains>\n<toolchain><type>jdk</type><provides><version>1</version></provides><configuration><jdkHome>/x</jdkHome></configuration></toolchain>\n<tooolchain/></toolchains>',
    );
    const warned = run('-B', '-gt', 'tc.xml', '-t', 'tc3.xml', 'validate');
    expect(warned.status).to.equal(0);
    expect(lines(warned.stdout).slice(0, 6)).to.deep.equal([
      '[WARNING] ',
      '[WARNING] Some problems were encountered while building the effective toolchains',
      "[WARNING] Unrecognised tag: 'tpe' (position: START_TAG seen ...<toolchain><tpe>... @1:29)  @ line 1, column 29",
      "[WARNING] Unrecognised tag: 'tooolchain' (position: START_TAG seen ...</toolchain>\\n<tooolchain/>... @3:14)  @ line 3, column 14",
      '[WARNING] ',
      '[INFO] Scanning for projects...',
    ]);
    fs.writeFileSync(
      path.join(dir, 'tc4.xml'),
      '<toolchains><toolchain><type>jdk</type><type>x</type></toolchain></toolchains>',
    );
    const fatal = run('-B', '-t', 'tc4.xml', 'validate');
    expect(fatal.status).to.equal(1);
    expect(lines(fatal.stdout)).to.deep.equal([
      '[ERROR] Error executing Maven.',
      '[ERROR] 1 problem was encountered while building the effective toolchains',
      `[FATAL] Non-parseable toolchains ${path.join(dir, 'tc4.xml')}: Duplicated tag: 'type' (position: START_TAG seen ...<type>jdk</type><type>... @1:46)  @ line 1, column 46`,
      '',
      '',
    ]);
    // Not well-formed (recorded with mvn 3.8.7 -t): MXParser's message, or Non-readable when the input ends early.
    fs.writeFileSync(path.join(dir, 'tc5.xml'), '<toolchains>\n  <toolchain>\n</toolchains>\n');
    fs.writeFileSync(path.join(dir, 'tc6.xml'), '<toolchains>\n  <toolchain>\n');
    expect(lines(run('-B', '-t', 'tc5.xml', 'validate').stdout)[2]).to.equal(
      `[FATAL] Non-parseable toolchains ${path.join(dir, 'tc5.xml')}: end tag name </toolchains> must match start tag name <toolchain> from line 2 (position: TEXT seen ...<toolchain>\\n</toolchains>... @3:14)  @ line 3, column 14`,
    );
    expect(lines(run('-B', '-t', 'tc6.xml', 'validate').stdout)[2]).to.equal(
      `[FATAL] Non-readable toolchains ${path.join(dir, 'tc6.xml')}: no more data available - expected end tags </toolchain></toolchains> to close start tag <toolchain> from line 2 and start tag <toolchains> from line 1, parser stopped on START_TAG seen ...<toolchain>\\n... @3:1`,
    );
  });

  it('-b and -T: the builder Maven names; an unknown builder fails once the reactor is read; -T that makes no thread fails', () => {
    const single = run('-B', '-T', '4', '-b', 'singlethreaded', 'validate');
    expect(single.status).to.equal(0);
    expect(lines(single.stdout).slice(6, 9)).to.deep.equal([
      '[INFO] ',
      '[INFO] Using the SingleThreadedBuilder implementation with a thread count of 4',
      '[INFO] ',
    ]);
    expect(single.stdout).to.contain('Total time:');
    expect(single.stdout).to.match(/Total time: .* \(Wall Clock\)/);
    const unknown = run('-B', '-b', 'foo', 'validate');
    expect(unknown.status).to.equal(1);
    expect(stableLog(unknown.stdout).replace(/\[ {1,2}\d+\.\d{3} s\]/g, '')).to.equal(`[INFO] Scanning for projects...
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Build Order:
[INFO] 
[INFO] r                                                                  [pom]
[INFO] a                                                                  [pom]
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for r 1:
[INFO] 
[INFO] r .................................................. SKIPPED
[INFO] a .................................................. SKIPPED
[INFO] ------------------------------------------------------------------------
[INFO] BUILD FAILURE
[INFO] ------------------------------------------------------------------------
[INFO] Total time: <time>
[INFO] Finished at: <date>
[INFO] ------------------------------------------------------------------------
[ERROR] The builder requested using id = foo cannot be found -> [Help 1]
[ERROR] Known builders (-b): singlethreaded, multithreaded.
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.
[ERROR] Re-run goalhost using the -X switch to enable full debug logging.
[ERROR] 
[ERROR] For more information about the errors and possible solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/BuilderNotFoundException
`);
    const zero = run('-B', '-T', '0.1C', 'validate');
    expect([zero.status, ...lines(zero.stdout)]).to.deep.equal([
      1,
      '[ERROR] Error executing Maven.',
      `[ERROR] Invalid threads value: '0.1C' (-T). Supported are positive int and float values ending with C, for instance -T 4 or -T 1C (${os.availableParallelism()} thread${os.availableParallelism() === 1 ? '' : 's'} on this machine).`,
      '',
    ]);
  });

  it("reads the command line as commons-cli's GnuParser: --name=value, one dash for long names, a flag with a goal attached, -- ends options", () => {
    for (const args of [
      ['--file=pom.xml', 'validate'],
      ['-file', 'pom.xml', 'validate'],
      ['--o', '-B', 'validate'],
      ['-Bvalidate'],
      ['-B', '--', 'validate'],
    ]) {
      const result = run('-N', ...args);
      expect(result.status, args.join(' ')).to.equal(0);
      expect(result.stdout, args.join(' ')).to.contain('[INFO] Building r 1');
    }
    const missing = run('-s');
    expect([missing.status, lines(missing.stdout)[0]]).to.deep.equal([
      1,
      '[ERROR] Unable to parse command line options: Missing argument for option: s',
    ]);
    // An option's value is never an option: `-l -q` lacks the file.
    expect(lines(run('-l', '-q', 'validate').stdout)[0]).to.equal(
      '[ERROR] Unable to parse command line options: Missing argument for option: l',
    );
  });

  it("no goal: the session starts and fails as Maven's NoGoalSpecifiedException says, listing the phases", () => {
    const result = run('-B');
    expect(result.status).to.equal(1);
    const log = stableLog(result.stdout).replace(/ \[ {1,2}\d+\.\d{3} s\]/g, '');
    expect(log).to.contain('[INFO] r .................................................. SKIPPED\n');
    expect(log).to.contain('[INFO] BUILD FAILURE\n');
    expect(log).to.contain(
      '[ERROR] No goals have been specified for this build. You must specify a valid lifecycle phase or a goal in the format ' +
        '<plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>. Available lifecycle phases are: validate, ',
    );
  });
});
