import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import {
  decryptMavenCipherText,
  MASTER_PASSWORD_PASSPHRASE,
  SettingsDecrypter,
  undecorateMavenPassword,
} from '@goalhost/model';
import { GOALHOST_BIN } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';

/** The master password of the spec's vectors (../shared/spec/scm-spec.md 3.4), as mvn 3.8.7 encrypted `SECRET`. */
const SPEC_MASTER = '{QzVgsQ2myXMHugvMEr9bvMFglO7GmT/6K9HUP8WwU2w=}';

/**
 * -emp and -ep print what `mvn --encrypt-master-password` and `mvn --encrypt-password` print:
 * values goalhost's settings-security reader decrypts, and that mvn 3.8.7 itself uses (it sends
 * the clear password to a repository when given goalhost's master and server password).
 */
describe('cli: -emp / -ep encrypt passwords as Maven 3.8.7 does', function () {
  this.timeout(120000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-encrypt-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const security = (master: string) => {
    const file = path.join(dir, 'settings-security.xml');
    fs.writeFileSync(file, `<settingsSecurity><master>${master}</master></settingsSecurity>\n`);
    return file;
  };
  /** The one line a run printed, which must be a decorated value of 8 + 1 + 16n + 7 bytes. */
  const printed = (args: string[]): string => {
    const result = runGoalhost(args, dir);
    expect([result.status, result.stderr]).to.deep.equal([0, '']);
    expect(result.stdout).to.match(/^\{[A-Za-z0-9+/]{43}=\}\n$|^\{[A-Za-z0-9+/]{86}==\}\n$/);
    return result.stdout.trim();
  };

  it("-emp: the master password, readable with Maven's fixed passphrase; no password at all gives {}, as mvn prints", () => {
    for (const args of [
      ['-emp', 'SECRET'],
      ['--encrypt-master-password', 'SECRET'],
      ['-B', '-emp', 'SECRET', 'validate'],
    ]) {
      expect(decryptMavenCipherText(undecorateMavenPassword(printed(args))!, MASTER_PASSWORD_PASSPHRASE)).to.equal(
        'SECRET',
      );
    }
    // Encryption is salted: two runs differ.
    expect(printed(['-emp', 'SECRET'])).not.to.equal(printed(['-emp', 'SECRET']));
    // No value and no terminal to ask on: Maven encrypts nothing and prints {}.
    const none = spawnSync(process.execPath, [GOALHOST_BIN, '-emp'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    expect([none.status, none.stdout]).to.deep.equal([0, '{}\n']);
  });

  it('-ep: a server password under the master of settings-security.xml (-Dsettings.security), which goalhost decrypts', () => {
    const file = security(SPEC_MASTER);
    for (const clear of ['PW', 'a-much-longer-password-0123456789', 'pässwörd€']) {
      const encrypted = printed(['-ep', clear, `-Dsettings.security=${file}`]);
      expect(new SettingsDecrypter(file).decrypt(encrypted, 'the password')).to.equal(clear);
    }
    // A master made by -emp serves as well.
    const own = security(printed(['-emp', 'another master']));
    expect(
      new SettingsDecrypter(own).decrypt(
        printed(['--encrypt-password', 'PW', `-Dsettings.security=${own}`]),
        'the password',
      ),
    ).to.equal('PW');
  });

  it('-ep fails as Maven does when there is no master password to encrypt with, naming the file and the fix', () => {
    const run = (file: string) => runGoalhost(['-B', '-ep', 'PW', `-Dsettings.security=${file}`], dir);
    const noMaster = path.join(dir, 'empty.xml');
    fs.writeFileSync(noMaster, '<settingsSecurity></settingsSecurity>\n');
    const result = run(noMaster);
    expect(result.status).to.equal(1);
    expect(result.stdout.split('\n').slice(0, 3)).to.deep.equal([
      '[ERROR] Error executing Maven.',
      `[ERROR] Master password is not set in the setting security file: ${noMaster}`,
      '[ERROR] Add <master> to it, holding what `goalhost --encrypt-master-password` prints.',
    ]);
    const missing = run(path.join(dir, 'nope.xml'));
    expect([missing.status, missing.stdout.split('\n')[1]]).to.deep.equal([
      1,
      `[ERROR] The master password file ${path.join(dir, 'nope.xml')} does not exist: create it with \`mvn --encrypt-master-password\` (https://maven.apache.org/guides/mini/guide-encryption.html), or store the server password unencrypted.`,
    ]);
  });

  it('without a value on a terminal, asks for the password without echoing it (backspace erases)', async function () {
    if (spawnSync('script', ['--version']).status !== 0) this.skip();
    const command = `'${process.execPath}' '${GOALHOST_BIN}' -emp`;
    const child = spawn('script', ['-qec', command, '/dev/null'], { cwd: dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    const done = new Promise<void>((resolve) => child.on('close', () => resolve()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.endsWith('Master password: ')) child.stdin.end('SEC\u007fCRET\r');
    });
    await done;
    const lines = output.split('\r\n');
    expect(lines[0]).to.equal('Master password: ');
    expect(decryptMavenCipherText(undecorateMavenPassword(lines[1])!, MASTER_PASSWORD_PASSPHRASE)).to.equal('SECRET');
    expect(output).not.to.contain('CRET\r');
  });

  it("mvn 3.8.7 uses them: given goalhost's master and server password, it sends the clear password to the repository", async function () {
    if (spawnSync('mvn', ['-v']).status !== 0) this.skip();
    const clear = 'pässwörd€';
    const file = security(printed(['-emp', 'SECRET']));
    const password = printed(['-ep', clear, `-Dsettings.security=${file}`]);
    const seen: string[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers.authorization ?? '');
      if (!req.headers.authorization) res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="repo"' });
      else res.writeHead(404);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      fs.mkdirSync(path.join(dir, 'empty'));
      fs.writeFileSync(
        path.join(dir, 'settings.xml'),
        `<settings><servers><server><id>auth</id><username>user</username><password>${password}</password></server></servers>` +
          `<mirrors><mirror><id>offline</id><mirrorOf>central</mirrorOf><url>file://${path.join(dir, 'empty')}</url></mirror></mirrors></settings>\n`,
      );
      // A build extension is resolved while the project is read, from the plugin repositories: no plugin needed.
      fs.writeFileSync(
        path.join(dir, 'pom.xml'),
        `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>
<pluginRepositories><pluginRepository><id>auth</id><url>http://127.0.0.1:${port}/</url></pluginRepository></pluginRepositories>
<build><extensions><extension><groupId>g</groupId><artifactId>ext</artifactId><version>1</version></extension></extensions></build></project>\n`,
      );
      const mvn = spawn(
        'mvn',
        [
          '-B',
          '-s',
          path.join(dir, 'settings.xml'),
          `-Dsettings.security=${file}`,
          `-Dmaven.repo.local=${path.join(dir, 'repo')}`,
          'validate',
        ],
        {
          cwd: dir,
          stdio: 'ignore',
        },
      );
      await new Promise<void>((resolve) => mvn.on('close', () => resolve()));
    } finally {
      server.close();
    }
    expect(seen).to.include(`Basic ${Buffer.from(`user:${clear}`, 'utf8').toString('base64')}`);
  });
});
