import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GOALHOST_BIN } from '../support/paths';

/**
 * `goalhost ... | head`: as with mvn (Java's System.out swallows write errors), a reader that
 * stops early loses the rest of the log, not the build: the goals still run, the exit code is
 * the build's, and nothing is printed about the closed pipe.
 */
describe('cli: a standard output closed early (goalhost ... | head -1)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-closed-output-'));
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>a</artifactId>' +
        '<version>1</version><packaging>pom</packaging></project>\n',
    );
    fs.mkdirSync(path.join(dir, 'target', 'stale'), { recursive: true });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs every goal to the end and exits with the build result, silently', () => {
    const goals = 'help:describe -Dplugin=cxx -Ddetail clean:clean';
    const script = `node '${GOALHOST_BIN}' -B ${goals} | head -1; echo "exit=\${PIPESTATUS[0]}" >&2`;
    const run = spawnSync('bash', ['-c', script], {
      cwd: dir,
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TZ: 'UTC', LANG: 'C.UTF-8' },
      timeout: 120_000,
    });
    expect(run.stdout).to.equal('[INFO] Scanning for projects...\n');
    expect(run.stderr).to.equal('exit=0\n');
    expect(fs.existsSync(path.join(dir, 'target')), 'clean:clean ran after the pipe closed').to.equal(false);
  });
});
