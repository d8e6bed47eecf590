import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { MavenPasswordError, readSettingsSecurity } from '@goalhost/model';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { ROOT } from '../support/paths';
import { changes, errorLines, Sandbox, STACK_FRAME, type Run } from './sandbox';

/**
 * XML inputs that are not files, or far too big: `-f /dev/zero`, `-s /dev/zero` and the like
 * would be read until memory runs out (16.8 GB), a 100 MB plugin descriptor would exhaust
 * help:describe's memory. Each is refused before a byte is read, naming the file:
 * only regular files are read, POMs and settings up to 16 MiB, plugin descriptors up to 16 MiB,
 * settings-security.xml up to 1 MiB.
 */

const MiB = 1024 * 1024;
const NOT_REGULAR = 'is not a regular file (a character device); goalhost reads XML only from regular files';
const tooBig = (bytes: number, limit: string): string =>
  `is ${(bytes / MiB).toFixed(1)} MiB (${bytes} bytes), more than the ${limit} goalhost reads from such a file`;
const HINTS = [
  '[ERROR] ',
  '[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.',
  '[ERROR] Re-run goalhost using the -X switch to enable full debug logging.',
];

/** A well-formed POM of `t:p:1` padded by a comment to exactly `bytes` bytes. */
function paddedPom(bytes: number, extra = ''): string {
  const head = `<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>${extra}<!-- `;
  const tail = ' --></project>\n';
  return head + 'x'.repeat(bytes - head.length - tail.length) + tail;
}

function expectRefused(run: Run, errors: readonly string[]): void {
  expect(run.status, run.stdout).to.equal(1);
  expect(run.stderr).to.equal('');
  expect(run.stdout).not.to.match(STACK_FRAME);
  expect(errorLines(run)).to.deep.equal([...errors, ...HINTS]);
}

/** A file the CLI reads before any project (settings): Maven's set-up failure, no hints. */
function expectSetupRefused(run: Run, error: string): void {
  expect(run.status, run.stdout).to.equal(1);
  expect(run.stderr).to.equal('');
  expect(run.stdout).not.to.match(STACK_FRAME);
  expect(errorLines(run)).to.deep.equal(['[ERROR] Error executing Maven.', error]);
}

describe('hostile inputs: devices, FIFOs and huge XML files are refused, naming the file (CLI)', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;

  beforeEach(() => {
    sandbox = Sandbox.create('inputs');
    fs.writeFileSync(path.join(sandbox.proj, 'pom.xml'), paddedPom(400));
  });
  afterEach(() => sandbox.dispose());

  /** Runs goalhost validate in the project; nothing in the sandbox may change. */
  async function refusedRun(args: readonly string[]): Promise<Run> {
    const before = sandbox.snapshot();
    const run = await sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, ...args], { timeoutMs: 60_000 });
    expect(changes(before, sandbox.snapshot())).to.deep.equal([]);
    return run;
  }

  it('-f /dev/zero', async () => {
    const run = await refusedRun(['-f', '/dev/zero', 'validate']);
    expectRefused(run, [`[ERROR] The POM file /dev/zero ${NOT_REGULAR}`]);
  });

  it('-f a FIFO (which no writer ever opens)', async () => {
    const fifo = path.join(sandbox.root, 'pom-fifo');
    execFileSync('mkfifo', [fifo]);
    const run = await refusedRun(['-f', fifo, 'validate']);
    expectRefused(run, [
      `[ERROR] The POM file ${fifo} is not a regular file (a FIFO); goalhost reads XML only from regular files`,
    ]);
  });

  it('-f a 17 MiB POM', async () => {
    const pom = path.join(sandbox.root, 'huge.xml');
    fs.writeFileSync(pom, paddedPom(17 * MiB + 5));
    const run = await refusedRun(['-f', pom, 'validate']);
    expectRefused(run, [`[ERROR] The POM file ${pom} ${tooBig(17 * MiB + 5, '16 MiB')}`]);
  });

  it('a POM of 16 MiB exactly is read', async () => {
    const pom = path.join(sandbox.root, 'pom.xml');
    fs.writeFileSync(pom, paddedPom(16 * MiB));
    const run = await sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, '-f', pom, 'validate']);
    expect(run.status, run.stdout).to.equal(0);
  });

  it('a one-line POM of half a million elements is read in linear time', async () => {
    // Lines were counted by searching for the next newline from every tag: quadratic on one line
    // (1.6 MB took 5 s, 4 MB about 30 s). Four times the elements must cost well under sixteen
    // times the time; compared as a ratio of two runs, so a loaded machine does not decide.
    const pom = path.join(sandbox.root, 'pom.xml');
    const validate = async (elements: number): Promise<number> => {
      fs.writeFileSync(
        pom,
        paddedPom(400).replace('<!-- ', `<properties>${'<q>v</q>'.repeat(elements)}</properties><!-- `),
      );
      const run = await sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, '-f', pom, 'validate']);
      expect(run.status, run.stdout).to.equal(0);
      return run.millis;
    };
    const quarter = await validate(125_000);
    const whole = await validate(500_000);
    expect(whole / quarter, `${quarter} ms for 125,000 elements, ${whole} ms for 500,000`).to.be.below(8);
  });

  it('a 17 MiB POM in the repository fails the resolution, naming the dependency', async () => {
    const file = sandbox.install({ artifactId: 'big', version: '1', type: 'pom' }, Buffer.from(paddedPom(17 * MiB)));
    sandbox.install({ artifactId: 'big', version: '1', type: 'jar' }, Buffer.from('jar'));
    sandbox.pom([{ artifactId: 'big', version: '1', type: 'jar' }]);
    const run = await refusedRun(['dependency:list']);
    expect(run.status).to.equal(1);
    expect(errorLines(run)[0]).to.equal(
      '[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: Failed to collect dependencies at g:big:jar:1: ' +
        `Failed to read artifact descriptor for g:big:jar:1: The POM file ${file} ${tooBig(17 * MiB, '16 MiB')} -> [Help 1]`,
    );
  });

  it('-s /dev/zero and -gs /dev/zero', async () => {
    expectSetupRefused(
      await refusedRun(['-s', '/dev/zero', 'validate']),
      `[ERROR] The user settings file /dev/zero ${NOT_REGULAR}`,
    );
    expectSetupRefused(
      await refusedRun(['-gs', '/dev/zero', 'validate']),
      `[ERROR] The global settings file /dev/zero ${NOT_REGULAR}`,
    );
  });

  it('-s a 17 MiB settings.xml', async () => {
    const settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(settings, `<settings><!-- ${'x'.repeat(17 * MiB)} --></settings>\n`);
    const size = fs.statSync(settings).size;
    expectSetupRefused(
      await refusedRun(['-s', settings, 'validate']),
      `[ERROR] The user settings file ${settings} ${tooBig(size, '16 MiB')}`,
    );
  });

  /** A third-party plugin (the cxx goals under prefix hx) whose plugin.xml is `descriptor`. */
  function hostilePlugin(descriptor: string): string {
    const module = path.join(sandbox.root, 'hx-plugin.js');
    fs.writeFileSync(
      module,
      `const cxx = require(${JSON.stringify(path.join(ROOT, 'packages', 'plugin-cxx'))});\n` +
        `exports.plugin = { ...cxx.plugin, groupId: 'hx', artifactId: 'hx-plugin', goalPrefix: 'hx', descriptor: ${JSON.stringify(descriptor)} };\n`,
    );
    return module;
  }

  it('help:describe of a plugin whose descriptor is 100 MB', async () => {
    const descriptor = path.join(sandbox.root, 'plugin.xml');
    const real = fs
      .readFileSync(path.join(ROOT, 'plugin-descriptor.xml'), 'utf8')
      .replace('<goalPrefix>cxx</goalPrefix>', '<goalPrefix>hx</goalPrefix>');
    // A real descriptor whose first description is 100 MB long.
    const at = real.indexOf('<description>') + '<description>'.length;
    const fd = fs.openSync(descriptor, 'w');
    fs.writeSync(fd, real.slice(0, at));
    const chunk = 'A very long description. '.repeat(40_000);
    let written = at;
    while (written < 100_000_000) written += fs.writeSync(fd, chunk);
    written += fs.writeSync(fd, real.slice(at));
    fs.closeSync(fd);
    const module = hostilePlugin(descriptor);
    const run = await refusedRun([`-Dgoalhost.plugins=${module}`, 'help:describe', '-Dplugin=hx', '-Ddetail']);
    expectRefused(run, [`[ERROR] The plugin descriptor ${descriptor} ${tooBig(written, '16 MiB')}`]);
  });

  it('a plugin whose descriptor is /dev/zero', async () => {
    const module = hostilePlugin('/dev/zero');
    const run = await refusedRun([`-Dgoalhost.plugins=${module}`, 'help:describe', '-Dplugin=hx']);
    expectRefused(run, [`[ERROR] The plugin descriptor /dev/zero ${NOT_REGULAR}`]);
  });
});

describe('hostile inputs: settings-security.xml (read when a password is decrypted)', () => {
  it('/dev/zero, a FIFO or a 2 MiB file is refused, directly or through <relocation>', () => {
    const sandbox = Sandbox.create('security');
    try {
      const fifo = path.join(sandbox.root, 'fifo.xml');
      execFileSync('mkfifo', [fifo]);
      const big = path.join(sandbox.root, 'big.xml');
      fs.writeFileSync(big, `<settingsSecurity><!-- ${'x'.repeat(2 * MiB)} --></settingsSecurity>`);
      const relocating = path.join(sandbox.root, 'security.xml');
      fs.writeFileSync(relocating, '<settingsSecurity><relocation>/dev/zero</relocation></settingsSecurity>');
      const refusal = (file: string): string => {
        try {
          readSettingsSecurity(file);
        } catch (e) {
          expect(e).to.be.instanceOf(MavenPasswordError);
          return (e as Error).message;
        }
        throw new Error(`${file} was read`);
      };
      expect(refusal('/dev/zero')).to.equal(`The master password file /dev/zero ${NOT_REGULAR}.`);
      expect(refusal(fifo)).to.equal(
        `The master password file ${fifo} is not a regular file (a FIFO); goalhost reads XML only from regular files.`,
      );
      expect(refusal(big)).to.equal(`The master password file ${big} ${tooBig(fs.statSync(big).size, '1 MiB')}.`);
      expect(refusal(relocating)).to.equal(
        `The master password file /dev/zero (the <relocation> of ${relocating}) ${NOT_REGULAR}.`,
      );
    } finally {
      sandbox.dispose();
    }
  });
});

/**
 * The files of the lock and of the local repository, read whole: each as a link to /dev/zero
 * (read until std::bad_alloc, exit 134) or to /proc/self/environ (a lock file's parse error
 * would print the whole environment), a FIFO (read forever), or oversize. Each is refused,
 * naming the file, and not a byte of the environment is printed.
 */
describe('hostile inputs: lock and local repository files that are links, FIFOs or oversize (CLI)', function () {
  this.timeout(120_000);
  const CANARY = `canary-${process.pid}-${Date.now().toString(36)}`;
  let sandbox: Sandbox;
  let server: FaultyRepoServer;

  before(async () => {
    server = new FaultyRepoServer();
    await server.start();
  });
  after(async () => server.stop());
  beforeEach(() => {
    sandbox = Sandbox.create('links');
    for (const [artifactId, version] of [
      ['a', '1.0'],
      ['s', '1.0-SNAPSHOT'],
    ]) {
      const pom = `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></project>\n`;
      sandbox.install({ artifactId, version, type: 'pom' }, Buffer.from(pom));
      sandbox.install({ artifactId, version, type: 'jar' }, Buffer.from('jar'));
    }
  });
  afterEach(() => sandbox.dispose());

  const env = (): Record<string, string> => ({
    XDG_CACHE_HOME: path.join(sandbox.root, 'cache'),
    GOALHOST_TEST_CANARY: CANARY,
  });
  const run = (args: readonly string[]): Promise<Run> =>
    sandbox.run(['-B', `-Dmaven.repo.local=${sandbox.repo}`, ...args], { env: env(), timeoutMs: 60_000 });

  /** A run that ends with a clean error and nothing of the environment in its output. */
  function expectClean(r: Run, status: number): void {
    // A whole file printed in a message (64 MiB of a lock file) is a failure, not something to search.
    expect(r.stdout.length + r.stderr.length, 'output length').to.be.below(100_000);
    expect(r.signal, r.stdout).to.equal(null);
    expect(r.status, r.stdout).to.equal(status);
    expect(r.stderr).to.equal('');
    expect(r.stdout).not.to.match(STACK_FRAME);
    expect(`${r.stdout}${r.stderr}`).not.to.include(CANARY);
  }

  const collect = (id: string, version: string): string =>
    `Could not resolve dependencies for project t:p:pom:1: Failed to collect dependencies at g:${id}:jar:${version}: Failed to read artifact descriptor for g:${id}:jar:${version}: `;
  const targets = [
    {
      name: '/dev/zero',
      reason: (reads: string) =>
        `is not a regular file (a character device); goalhost reads ${reads} only from regular files`,
    },
    {
      name: '/proc/self/environ',
      reason: (reads: string) =>
        `is not a regular file (it claims 0 bytes but holds data, as /proc and /sys files do); goalhost reads ${reads} only from regular files`,
    },
  ];

  for (const target of targets) {
    it(`goalhost.lock -> ${target.name}`, async () => {
      sandbox.pom([{ artifactId: 'a', type: 'jar' }]);
      const lock = path.join(sandbox.proj, 'goalhost.lock');
      fs.symlinkSync(target.name, lock);
      const r = await run(['-o', 'dependency:list']);
      expectClean(r, 1);
      expect(errorLines(r)[0]).to.equal(
        `[ERROR] Failed to execute goal on project p: The lock file ${lock} ${target.reason('lock files')} -> [Help 1]`,
      );
    });

    it(`lock-digests.json -> ${target.name}: a warning, the digests computed and the file written anew`, async () => {
      sandbox.pom([{ artifactId: 'a', type: 'jar' }]);
      expect((await run(['-o', 'dependency:lock'])).status).to.equal(0);
      const digests = path.join(sandbox.root, 'cache', 'goalhost', 'lock-digests.json');
      fs.rmSync(digests);
      fs.symlinkSync(target.name, digests);
      const r = await run(['-o', 'dependency:list']);
      expectClean(r, 0);
      expect(r.stdout.split('\n').filter((l) => l.startsWith('[WARNING]'))).to.deep.equal([
        `[WARNING] The remembered digests ${digests} ${target.reason('caches')}: ignored, every locked file is hashed and the file is written anew`,
      ]);
      expect(fs.lstatSync(digests).isFile()).to.equal(true);
    });

    it(`_remote.repositories -> ${target.name}`, async () => {
      sandbox.pom([{ artifactId: 'a', type: 'jar' }]);
      const record = path.join(path.dirname(sandbox.fileOf({ artifactId: 'a', type: 'pom' })), '_remote.repositories');
      fs.symlinkSync(target.name, record);
      const r = await run(['-o', 'dependency:list']);
      expectClean(r, 1);
      expect(errorLines(r)[0]).to.equal(
        `[ERROR] Failed to execute goal on project p: ${collect('a', '1.0')}The repository record ${record} ${target.reason('repository records')} -> [Help 1]`,
      );
    });

    it(`maven-metadata-local.xml -> ${target.name}`, async () => {
      sandbox.pom([{ artifactId: 's', version: '1.0-SNAPSHOT', type: 'jar' }]);
      const metadata = path.join(
        path.dirname(sandbox.fileOf({ artifactId: 's', version: '1.0-SNAPSHOT', type: 'pom' })),
        'maven-metadata-local.xml',
      );
      fs.symlinkSync(target.name, metadata);
      const r = await run(['-o', 'dependency:list']);
      expectClean(r, 1);
      expect(errorLines(r)[0]).to.equal(
        `[ERROR] Failed to execute goal on project p: ${collect('s', '1.0-SNAPSHOT')}The metadata file ${metadata} ${target.reason('XML')} -> [Help 1]`,
      );
    });

    it(`*.lastUpdated -> ${target.name} (an artifact to download from a loopback repository)`, async () => {
      sandbox.pom(
        [{ artifactId: 'm', type: 'jar' }],
        `  <repositories><repository><id>central</id><url>${server.url}</url></repository></repositories>\n`,
      );
      const record = `${sandbox.fileOf({ artifactId: 'm', type: 'pom' })}.lastUpdated`;
      fs.mkdirSync(path.dirname(record), { recursive: true });
      fs.symlinkSync(target.name, record);
      const r = await run(['dependency:list']);
      expectClean(r, 1);
      expect(errorLines(r)[0]).to.equal(
        `[ERROR] Failed to execute goal on project p: ${collect('m', '1.0')}The record of failed downloads ${record} ${target.reason('repository records')} -> [Help 1]`,
      );
      expect(fs.readlinkSync(record)).to.equal(target.name);
    });
  }

  it('goalhost.lock as a FIFO no writer ever opens', async () => {
    sandbox.pom([{ artifactId: 'a', type: 'jar' }]);
    const lock = path.join(sandbox.proj, 'goalhost.lock');
    execFileSync('mkfifo', [lock]);
    const r = await run(['-o', 'dependency:list']);
    expectClean(r, 1);
    expect(errorLines(r)[0]).to.equal(
      `[ERROR] Failed to execute goal on project p: The lock file ${lock} is not a regular file (a FIFO); goalhost reads lock files only from regular files -> [Help 1]`,
    );
  });

  it('a goalhost.lock of 65 MiB and a _remote.repositories of 2 MiB', async () => {
    sandbox.pom([{ artifactId: 'a', type: 'jar' }]);
    const lock = path.join(sandbox.proj, 'goalhost.lock');
    fs.writeFileSync(lock, 'format 1\n');
    fs.truncateSync(lock, 65 * MiB);
    let r = await run(['-o', 'dependency:list']);
    expectClean(r, 1);
    expect(errorLines(r)[0]).to.equal(
      `[ERROR] Failed to execute goal on project p: The lock file ${lock} ${tooBig(65 * MiB, '64 MiB')} -> [Help 1]`,
    );
    fs.rmSync(lock);
    const record = path.join(path.dirname(sandbox.fileOf({ artifactId: 'a', type: 'pom' })), '_remote.repositories');
    fs.writeFileSync(record, '#NOTE\n');
    fs.truncateSync(record, 2 * MiB);
    r = await run(['-o', 'dependency:list']);
    expectClean(r, 1);
    expect(errorLines(r)[0]).to.equal(
      `[ERROR] Failed to execute goal on project p: ${collect('a', '1.0')}The repository record ${record} ${tooBig(2 * MiB, '1 MiB')} -> [Help 1]`,
    );
  });
});
