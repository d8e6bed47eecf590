import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GOALHOST_BIN, ROOT } from '../support/paths';

/** help:describe through the real CLI, from a directory without a pom.xml (the goal needs no project). */
describe('help: goalhost help:describe on the command line', () => {
  let cwd: string;
  before(() => {
    cwd = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-help-cli-'));
  });
  after(() => fs.rmSync(cwd, { recursive: true, force: true }));

  function goalhost(...args: string[]): { status: number | null; stdout: string } {
    const r = spawnSync(process.execPath, [GOALHOST_BIN, '-B', ...args], { cwd, encoding: 'utf8' });
    return { status: r.status, stdout: r.stdout + r.stderr };
  }

  /** The log text without level prefixes: the describe text is one [INFO] message spanning lines. */
  const body = (stdout: string): string =>
    stdout
      .split('\n')
      .map((l) => l.replace(/^\[INFO\] ?/, ''))
      .join('\n');

  for (const [args, golden] of [
    [['-Dplugin=cxx'], 'cxx-plugin.txt'],
    [['-Dplugin=org.codehaus.mojo:cxx-maven-plugin', '-Dgoal=unpack-dependencies'], 'cxx-unpack-dependencies.txt'],
    [['-Dplugin=cxx', '-Dgoal=unpack-dependencies', '-Ddetail'], 'cxx-unpack-dependencies-detail.txt'],
  ] as const) {
    it(`${args.join(' ')} prints ${golden} and succeeds`, () => {
      const r = goalhost('help:describe', ...args);
      expect(r.status).to.equal(0);
      expect(r.stdout).to.contain('[INFO] --- ');
      expect(body(r.stdout)).to.contain(fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'help', golden), 'utf8'));
      expect(r.stdout).to.contain('[INFO] BUILD SUCCESS');
    });
  }

  it('an unknown prefix fails the build, listing the known plugins', () => {
    const r = goalhost('help:describe', '-Dplugin=nope');
    expect(r.status).to.equal(1);
    expect(r.stdout).to.match(
      /\[ERROR\] Failed to execute goal org\.apache\.maven\.plugins:maven-help-plugin:3\.4\.0:describe \(default-cli\) on project standalone-pom: Unable to find the plugin with prefix: nope\. Known plugins: clean \(org\.apache\.maven\.plugins:maven-clean-plugin:3\.2\.0\), cxx \(org\.codehaus\.mojo:cxx-maven-plugin:0\.0\.6-SNAPSHOT\), .*help \(org\.apache\.maven\.plugins:maven-help-plugin:3\.4\.0\)/,
    );
  });
});
