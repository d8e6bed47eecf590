import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES, GOALHOST_BIN } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';

const ESC = '\u001b';

/** Times and dates out; the lines of warnings out (Debian's Maven adds its own about plugins it lacks). */
function comparable(log: string): string {
  return log
    .split('\n')
    .filter((l) => !l.includes('WARNING'))
    .join('\n')
    .replace(/\u001b\[0m\u001b\[0m/g, '') // jansi's console reset, before and after Maven's output
    .replace(/Total time: .*/, 'Total time: <time>')
    .replace(/Finished at: .*/, 'Finished at: <date>')
    .replace(/\[ {1,2}\d+\.\d{3} s\]/g, '[ <time>]')
    .trimEnd();
}

/**
 * Maven 3.8.7's colours (`-Dstyle.color=always`), recorded with real Maven and
 * maven-dependency-plugin 3.5.0 on the reactor of test/fixtures/cli/color-reactor.
 */
describe('cli: console colours as Maven 3.8.7 prints them', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-color-'));
    fs.cpSync(path.join(FIXTURES, 'cli', 'color-reactor'), path.join(dir, 'project'), { recursive: true });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const project = () => path.join(dir, 'project');
  const args = (...more: string[]) => [
    '-o',
    `-Dmaven.repo.local=${path.join(dir, 'repo')}`,
    ...more,
    'dependency:list',
  ];

  it('-Dstyle.color=always: levels, banners, goal lines, statuses and the failure exactly as Maven colours them', () => {
    const run = runGoalhost(args('-Dstyle.color=always'), project());
    expect(run.status).to.equal(1);
    const maven = fs
      .readFileSync(path.join(FIXTURES, 'cli', 'color-reactor.mvn-3.8.7.txt'), 'utf8')
      // The difference README.md lists: the hints name goalhost.
      .replace(/re-run Maven with/, 're-run goalhost with')
      .replace(/Re-run Maven using/, 'Re-run goalhost using')
      .replace(/mvn <args>/, 'goalhost <args>');
    expect(comparable(run.stdout)).to.equal(comparable(maven));
  });

  it('auto (the default) colours a terminal, and not with -B, NO_COLOR, TERM=dumb or -Dstyle.color=never', () => {
    // A real terminal: util-linux `script` runs goalhost on a pseudo-terminal.
    const onTerminal = (env: Record<string, string>, ...more: string[]): string => {
      const command = [process.execPath, GOALHOST_BIN, ...args(...more)]
        .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
        .join(' ');
      const r = spawnSync('script', ['-qec', command, '/dev/null'], {
        cwd: project(),
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TERM: 'xterm', ...env },
      });
      return r.stdout;
    };
    expect(onTerminal({})).to.contain(
      `[${ESC}[1;34mINFO${ESC}[m] ${ESC}[1;32mBUILD SUCCESS${ESC}[m`
        .replace('BUILD SUCCESS', 'BUILD FAILURE')
        .replace('1;32m', '1;31m'),
    );
    for (const plain of [
      onTerminal({}, '-B'),
      onTerminal({ NO_COLOR: '1' }),
      onTerminal({ TERM: 'dumb' }),
      onTerminal({}, '-Dstyle.color=never'),
    ]) {
      expect(plain).to.contain('[INFO] BUILD FAILURE');
      expect(plain).not.to.contain(ESC);
    }
    // -Dstyle.color=always wins over -B, as in Maven.
    expect(onTerminal({}, '-B', '-Dstyle.color=always')).to.contain(`${ESC}[1;31mBUILD FAILURE${ESC}[m`);
    // Not a terminal (a pipe): no colour.
    expect(runGoalhost(args(), project()).stdout).not.to.contain(ESC);
  });

  it('an unknown -Dstyle.color value is an error naming the value and the allowed ones', () => {
    const run = runGoalhost(args('-Dstyle.color=sometimes'), project());
    expect(run.status).to.equal(1);
    expect(run.stdout).to.equal(
      "[ERROR] Invalid color configuration value 'sometimes' (-Dstyle.color). Supported are 'auto', 'always', 'never'.\n",
    );
  });
});
