import { expect } from 'chai';
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { GOALHOST_BIN, ROOT } from '../support/paths';
import { stableLog } from '../support/run-goalhost';

const PACKAGES = [
  'api',
  'archive',
  'cli',
  'core',
  'help',
  'model',
  'plugin-clean',
  'plugin-cxx',
  'plugin-dependency',
  'plugin-help',
  'resolver',
  'unpack',
];
const TEMPLATE = path.join(ROOT, 'examples', 'plugin-template');

/** The environment without npm's `npm_*` variables, which `npm test` sets and a child npm would read as its configuration. */
function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
    TZ: 'UTC',
    LANG: 'C.UTF-8',
    ...extra,
  };
}

function run(
  command: string,
  args: readonly string[],
  cwd: string,
  extra: Record<string, string> = {},
): SpawnSyncReturns<string> {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', env: cleanEnv(extra), timeout: 300_000 });
  if (result.error) throw result.error;
  return result;
}

function succeeds(result: SpawnSyncReturns<string>): SpawnSyncReturns<string> {
  expect(result.status, `${result.stdout}\n${result.stderr}`).to.equal(0);
  return result;
}

/** Every path below `dir` (lstat, symbolic links not followed), relative, sorted. */
function walk(dir: string, rel = ''): string[] {
  return fs
    .readdirSync(path.join(dir, rel), { withFileTypes: true })
    .flatMap((e) => {
      const r = rel ? `${rel}/${e.name}` : e.name;
      return e.isDirectory() ? [r, ...walk(dir, r)] : [r];
    })
    .sort();
}

/** The fenced code blocks of a README section, each with its info string. */
function codeBlocks(heading: string): { lang: string; text: string }[] {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  expect(start, `README.md has no section ${heading}`).to.be.greaterThan(-1);
  const end = readme.indexOf('\n## ', start + heading.length + 2);
  const section = readme.slice(start, end < 0 ? undefined : end);
  return [...section.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2] }));
}

/** `[INFO]` lines of a whole run, with the run's time and date masked. */
function lines(stdout: string): string[] {
  return stableLog(stdout).split('\n');
}

describe('install: goalhost packed, installed into a prefix, and a plugin built against the packed api', () => {
  let work: string;
  let prefix: string;
  let tarballs: string;
  let goalhost: string;
  let plugin: string;
  let installOutput: string;

  before(function () {
    this.timeout(600_000);
    work = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-install-')));
    prefix = path.join(work, 'prefix');
    tarballs = path.join(work, 'tarballs');
    goalhost = path.join(prefix, 'bin', 'goalhost');
    installOutput = succeeds(
      run(path.join(ROOT, 'tools', 'install.sh'), ['--prefix', prefix, '--pack', tarballs], work),
    ).stdout;

    // The template, as a plugin author starts it: a copy, with @goalhost/api from the tarballs.
    // Its devDependencies (typescript, @types/node) would need the registry; the repository's
    // typescript compiles it instead.
    plugin = path.join(work, 'greet-goalhost-plugin');
    fs.cpSync(TEMPLATE, plugin, { recursive: true, filter: (src) => !/[\\/](node_modules|dist)$/.test(src) });
    const manifest = JSON.parse(fs.readFileSync(path.join(plugin, 'package.json'), 'utf8'));
    delete manifest.devDependencies;
    fs.writeFileSync(path.join(plugin, 'package.json'), JSON.stringify(manifest, null, 2));
    succeeds(
      run(
        'npm',
        [
          'install',
          '--offline',
          '--no-save',
          '--no-audit',
          '--no-fund',
          ...['api', 'model'].map((p) => path.join(tarballs, `goalhost-${p}-0.1.0.tgz`)),
        ],
        plugin,
      ),
    );
    succeeds(
      run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', plugin], plugin),
    );
  });
  after(() => fs.rmSync(work, { recursive: true, force: true }));

  it('tools/install.sh packs every package and installs them in the prefix, with nothing leading back to the checkout', () => {
    expect(installOutput.trimEnd().split('\n').slice(-1)).to.deep.equal([
      `Installed goalhost 0.1.0 (Maven 3.8.7 semantics) as ${goalhost}`,
    ]);
    expect(fs.readdirSync(tarballs).sort()).to.deep.equal(PACKAGES.map((p) => `goalhost-${p}-0.1.0.tgz`));
    const installed = path.join(prefix, 'lib', 'node_modules', '@goalhost');
    expect(fs.readdirSync(installed).sort()).to.deep.equal(PACKAGES);
    const entries = walk(prefix);
    const escaping = entries.filter((e) => {
      const full = path.join(prefix, e);
      return fs.lstatSync(full).isSymbolicLink() && !fs.realpathSync(full).startsWith(`${prefix}${path.sep}`);
    });
    expect(escaping, 'symbolic links out of the prefix').to.deep.equal([]);
    const naming = entries.filter(
      (e) =>
        fs.lstatSync(path.join(prefix, e)).isFile() && fs.readFileSync(path.join(prefix, e), 'latin1').includes(ROOT),
    );
    expect(naming, 'installed files naming the checkout').to.deep.equal([]);
    // The cxx package carries the committed descriptor; api its one-file inversify.
    expect(fs.readFileSync(path.join(installed, 'plugin-cxx', 'plugin.xml'), 'utf8')).to.equal(
      fs.readFileSync(path.join(ROOT, 'plugin-descriptor.xml'), 'utf8'),
    );
    expect(fs.statSync(path.join(installed, 'api', 'dist', 'vendor', 'inversify.js')).isFile()).to.equal(true);
  });

  it('the installed @goalhost/archive starts its worker threads from its own files', () => {
    // A thread inflates a gzip file: the worker script is found by path inside the installed package.
    const gz = path.join(work, 'threads.gz');
    fs.writeFileSync(gz, zlib.gzipSync('inflated on a thread\n'));
    const archive = path.join(prefix, 'lib', 'node_modules', '@goalhost', 'archive');
    const script =
      `const a = require(${JSON.stringify(archive)});` +
      '(async () => { const pool = await a.createWorkerPool(2); pool.start();' +
      ' const into = new Uint8Array(new SharedArrayBuffer(1024)); const n = await pool.inflate(process.argv[1], into);' +
      ' await pool.close(); process.stdout.write(`${pool.size} ${n} ${Buffer.from(into.subarray(0, n ?? 0))}`); })();';
    expect(succeeds(run(process.execPath, ['-e', script, gz], work)).stdout).to.equal('2 21 inflated on a thread\n');
  });

  describe('the installed goalhost, run from another directory, does what the checkout does', () => {
    /** A copy of the bundled example for `who`, and a directory beside it to run from. */
    const exampleFor = (who: string) => {
      const dir = path.join(work, who);
      fs.cpSync(path.join(ROOT, 'examples', 'cxx-app'), path.join(dir, 'cxx-app'), {
        recursive: true,
        filter: (src) => !src.endsWith(`${path.sep}target`),
      });
      fs.mkdirSync(path.join(dir, 'elsewhere'));
      return dir;
    };
    /** Runs `args` on `who`'s copy of the example with the installed command or the checkout's; output from its first goal, paths masked. */
    const runOn = (who: string, command: string[], args: string[]) => {
      const dir = path.join(work, who);
      const result = succeeds(
        run(
          command[0],
          [
            ...command.slice(1),
            '-B',
            '-f',
            '../cxx-app/pom.xml',
            `-Dmaven.repo.local=${path.join(dir, 'm2')}`,
            ...args,
          ],
          path.join(dir, 'elsewhere'),
        ),
      );
      const all = lines(result.stdout.split(dir).join('<dir>'));
      return all.slice(all.findIndex((l) => l.startsWith('[INFO] --- ')));
    };
    const installed = () => [goalhost];
    const checkout = () => [process.execPath, GOALHOST_BIN];

    before(() => {
      exampleFor('installed');
      exampleFor('checkout');
    });

    it('runs the bundled example (README command 1): the same log and the same files', () => {
      const log = runOn('installed', installed(), ['process-sources']);
      expect(log).to.deep.equal(runOn('checkout', checkout(), ['process-sources']));
      expect(log.filter((l) => l.startsWith('[INFO] --- ') || l === '[INFO] BUILD SUCCESS')).to.deep.equal([
        '[INFO] --- cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (unpack-interfaces) @ cxx-app ---',
        '[INFO] --- cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (unpack-binaries) @ cxx-app ---',
        '[INFO] BUILD SUCCESS',
      ]);
      const target = walk(path.join(work, 'installed', 'cxx-app', 'target'));
      expect(target).to.include.members(['runtime/libmathlib.so', 'deps/include/mathlib/version.h']);
      expect(target).to.deep.equal(walk(path.join(work, 'checkout', 'cxx-app', 'target')));
    });

    it("prints the example's dependency:tree", () => {
      const log = runOn('installed', installed(), ['-o', 'dependency:tree']);
      expect(log).to.deep.equal(runOn('checkout', checkout(), ['-o', 'dependency:tree']));
      expect(log.slice(0, 3)).to.deep.equal([
        '[INFO] --- maven-dependency-plugin:3.5.0:tree (default-cli) @ cxx-app ---',
        '[INFO] org.example.cxx:cxx-app:pom:1.0.0-SNAPSHOT',
        '[INFO] +- org.example.cxx:mathlib:zip:interface:1.2.0:compile',
      ]);
      expect(log.slice(-7)).to.deep.equal([
        '[INFO] ------------------------------------------------------------------------',
        '[INFO] BUILD SUCCESS',
        '[INFO] ------------------------------------------------------------------------',
        '[INFO] Total time: <time>',
        '[INFO] Finished at: <date>',
        '[INFO] ------------------------------------------------------------------------',
        '',
      ]);
    });
  });

  describe('the plugin template (README "Writing and registering a plugin")', () => {
    let project: string;
    /** Maven's whole output of a run greeting `name` in execution `id`. */
    const greeted = (id: string, name: string) => [
      '[INFO] Scanning for projects...',
      '[INFO] ',
      '[INFO] -----------------------< org.example:hello-app >------------------------',
      '[INFO] Building hello-app 1.0.0',
      '[INFO] --------------------------------[ pom ]---------------------------------',
      '[INFO] ',
      `[INFO] --- greet-maven-plugin:1.0.0:greet (${id}) @ hello-app ---`,
      `[INFO] Hello, ${name}!`,
      '[INFO] ------------------------------------------------------------------------',
      '[INFO] BUILD SUCCESS',
      '[INFO] ------------------------------------------------------------------------',
      '[INFO] Total time: <time>',
      '[INFO] Finished at: <date>',
      '[INFO] ------------------------------------------------------------------------',
      '',
    ];

    before(function () {
      this.timeout(300_000);
      // A project using the plugin, set up as the README says: the plugin npm-installed there.
      project = path.join(work, 'hello');
      fs.mkdirSync(path.join(project, 'bare'), { recursive: true });
      fs.copyFileSync(path.join(plugin, 'test', 'project', 'pom.xml'), path.join(project, 'pom.xml'));
      fs.writeFileSync(path.join(project, 'package.json'), '{ "private": true }\n');
      fs.writeFileSync(
        path.join(project, 'bare', 'pom.xml'),
        `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>hello-app</artifactId>
  <version>1.0.0</version>
  <packaging>pom</packaging>
</project>
`,
      );
      succeeds(run('npm', ['install', '--offline', '--no-audit', '--no-fund', plugin], project));
    });

    it("the README's snippets are the template's files", () => {
      const blocks = codeBlocks('## Writing and registering a plugin');
      const ts = blocks.filter((b) => b.lang === 'ts').map((b) => b.text);
      expect(ts).to.deep.equal(
        ['greet-goal.ts', 'index.ts'].map((f) => fs.readFileSync(path.join(TEMPLATE, 'src', f), 'utf8')),
      );
      const required = JSON.parse(blocks.find((b) => b.lang === 'json')!.text).compilerOptions;
      const tsconfig = JSON.parse(fs.readFileSync(path.join(TEMPLATE, 'tsconfig.json'), 'utf8')).compilerOptions;
      expect(required).to.deep.equal({ experimentalDecorators: true, module: 'commonjs' });
      expect(tsconfig).to.deep.include(required);
      const xml = blocks.find((b) => b.lang === 'xml')!.text;
      expect(fs.readFileSync(path.join(TEMPLATE, 'test', 'project', 'pom.xml'), 'utf8')).to.contain(xml);
    });

    it('passes its own test with the installed goalhost', function () {
      this.timeout(120_000);
      const out = succeeds(
        run(process.execPath, ['--test', 'test/greet.test.js'], plugin, { GOALHOST: goalhost }),
      ).stdout;
      expect(out.split('\n').filter((l) => /^# (pass|fail)/.test(l))).to.deep.equal(['# pass 3', '# fail 0']);
    });

    it('registered from the POM (<goalhost.plugins> and the build plugin entry), it runs in validate, with no warning', () => {
      expect(lines(succeeds(run(goalhost, ['-B', 'validate'], project)).stdout)).to.deep.equal(
        greeted('default', 'hello-app'),
      );
    });

    it('registered with -Dgoalhost.plugins, its goal runs from the command line with -Dgreet.name', () => {
      const out = succeeds(
        run(
          goalhost,
          ['-B', '-Dgoalhost.plugins=greet-goalhost-plugin', 'greet:greet', '-Dgreet.name=world'],
          path.join(project, 'bare'),
        ),
      ).stdout;
      expect(lines(out)).to.deep.equal(greeted('default-cli', 'world'));
    });

    it("README's main() snippet runs the build in-process, as the command does", () => {
      const js = codeBlocks('## Writing and registering a plugin').find((b) => b.lang === 'js')!.text;
      fs.writeFileSync(path.join(project, 'run.js'), js);
      const out = succeeds(
        run(process.execPath, ['run.js'], project, { NODE_PATH: path.join(prefix, 'lib', 'node_modules') }),
      ).stdout;
      expect(lines(out)).to.deep.equal(greeted('default', 'hello-app'));
    });
  });
});
