import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as fc from 'fast-check';
import {
  encryptMavenPassword,
  MASTER_PASSWORD_PASSPHRASE,
  MavenPasswordError,
  SettingsDecrypter,
} from '@goalhost/model';
import {
  formatExternal,
  parseExternals,
  planExternals,
  sameDefinition,
  type ExternalDefinition,
} from '@goalhost/plugin-cxx/internal';
import { generator } from '../hostile/fixtures';
import { ROOT } from '../support/paths';
import { FuzzRunner, unclean } from './fuzz-runner';
import type { FuzzCase } from './fuzz-worker';
import { interesting, mutate, mutations } from './mutations';

/**
 * Bad input never crashes goalhost. Property-based (fast-check): mutated pom.xml,
 * settings.xml (and settings-security.xml), plugin descriptors, svn:externals values and command
 * lines; every run must end with exit 0 or a clean error (exit 1, an [ERROR] message, no stack
 * trace without -e), never a throw, an unhandled rejection, a hang or a dead process. goalhost's
 * main() runs in a worker process (fast, and a hang or crash cannot take the test down), as the
 * unprivileged user `nobody` when the test runs as root, so no mutated path can write outside
 * the sandbox. FUZZ_SEED reproduces a run, FUZZ_SCALE lengthens it; the case counts are printed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
/** FUZZ_SCALE multiplies every case count (a longer hunt); the default keeps the test near 30 s. */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const runs = (n: number): number => Math.max(1, Math.round(n * SCALE));
const counts: Record<string, number> = {};
/** Per kind of CLI case: how many ended in success, how many in a clean error. */
const endings: Record<string, { ok: number; error: number }> = {};

function count(kind: string): void {
  counts[kind] = (counts[kind] ?? 0) + 1;
}

const BASE_POM = `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>fz</groupId>
  <artifactId>app</artifactId>
  <version>1.0-SNAPSHOT</version>
  <packaging>pom</packaging>
  <name>\${project.artifactId} fuzz</name>
  <properties>
    <lib.version>1.0</lib.version>
    <out>\${project.build.directory}/deps</out>
  </properties>
  <dependencyManagement>
    <dependencies>
      <dependency><groupId>g</groupId><artifactId>z</artifactId><version>\${lib.version}</version><type>zip</type></dependency>
    </dependencies>
  </dependencyManagement>
  <dependencies>
    <dependency><groupId>g</groupId><artifactId>z</artifactId><type>zip</type></dependency>
    <dependency><groupId>g</groupId><artifactId>t</artifactId><version>1.0</version><type>tar.gz</type><scope>runtime</scope></dependency>
    <dependency><groupId>g</groupId><artifactId>z</artifactId><version>1.0</version><type>zip</type><classifier>bin</classifier><optional>true</optional></dependency>
  </dependencies>
  <profiles>
    <profile><id>extra</id><activation><property><name>extra</name></property></activation><properties><lib.version>1.0</lib.version></properties></profile>
  </profiles>
  <build>
    <plugins>
      <plugin>
        <groupId>org.codehaus.mojo</groupId>
        <artifactId>cxx-maven-plugin</artifactId>
        <version>0.0.6-SNAPSHOT</version>
        <executions>
          <execution>
            <id>unpack</id>
            <phase>process-sources</phase>
            <goals><goal>unpack-dependencies</goal></goals>
            <configuration>
              <outputDirectory>\${out}</outputDirectory>
              <includes>**/*.h,**/*.txt</includes>
              <excludes>**/skip*</excludes>
              <flattenDestDirs><flattenDestDir>\${project.build.directory}/flat</flattenDestDir></flattenDestDirs>
              <useSubDirectoryPerArtifact>true</useSubDirectoryPerArtifact>
            </configuration>
          </execution>
        </executions>
      </plugin>
    </plugins>
  </build>
</project>
`;

const BASE_SETTINGS = `<?xml version="1.0" encoding="UTF-8"?>
<settings>
  <offline>true</offline>
  <servers>
    <server><id>s1</id><username>u</username><password>@ENCRYPTED@</password></server>
    <server><id>s2</id><username>u</username><password>plain</password><privateKey>/nope</privateKey></server>
  </servers>
  <mirrors><mirror><id>m</id><url>http://127.0.0.1:9/m</url><mirrorOf>*</mirrorOf></mirror></mirrors>
  <proxies><proxy><id>p</id><active>false</active><protocol>http</protocol><host>127.0.0.1</host><port>9</port></proxy></proxies>
  <profiles>
    <profile><id>sp</id><properties><lib.version>1.0</lib.version></properties>
      <repositories><repository><id>r</id><url>http://127.0.0.1:9/r</url></repository></repositories></profile>
  </profiles>
  <activeProfiles><activeProfile>sp</activeProfile></activeProfiles>
</settings>
`;

const MASTER = 'fuzz-master';
const BASE_SECURITY = `<settingsSecurity><master>${encryptMavenPassword(MASTER, MASTER_PASSWORD_PASSPHRASE)}</master></settingsSecurity>\n`;

const GOALS: readonly (readonly string[])[] = [
  ['process-sources'],
  ['cxx:unpack-dependencies'],
  ['cxx:unpack-dependencies@unpack'],
  ['validate'],
  ['dependency:tree'],
  ['help:describe', '-Dplugin=cxx', '-Dgoal=unpack-dependencies', '-Ddetail'],
];
const LEVELS: readonly (readonly string[])[] = [[], ['-X'], ['-e'], ['-q']];

describe('fuzz: bad input ends in success or a clean error, never a crash or a hang', function () {
  this.timeout(300_000);
  let root: string;
  let repo: string;
  /** An svn working copy (file:// repository) whose externals directory gets fuzzed values. */
  let wc: string;
  let svnUrl: string;
  let runner: FuzzRunner;
  let failures: string[];

  before(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-fuzz-')));
    repo = path.join(root, 'repo');
    const home = path.join(root, 'home');
    const install = (coords: string, bytes: Buffer): void => {
      const file = path.join(repo, coords);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, bytes);
    };
    const entries = [
      { name: 'inc/a.h', data: '#define A\n', mode: 0o644 },
      { name: 'doc/readme.txt', data: 'readme\n', mode: 0o644 },
      { name: 'skip.txt', data: 'skip\n', mode: 0o644 },
    ];
    install('g/z/1.0/z-1.0.zip', generator.zip(entries));
    install('g/z/1.0/z-1.0-bin.zip', generator.zip([{ name: 'bin/run', data: '#!/bin/sh\n', mode: 0o755 }]));
    install('g/t/1.0/t-1.0.tar.gz', generator.gz(generator.tar(entries)));
    // Any repository goalhost might try is a closed port on loopback: nothing leaves the machine.
    fs.mkdirSync(path.join(home, '.m2'), { recursive: true });
    fs.writeFileSync(
      path.join(home, '.m2', 'settings.xml'),
      '<settings><mirrors><mirror><id>none</id><url>http://127.0.0.1:9/</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n',
    );
    // The svn side: lib/trunk is what the source dependency g:src points at.
    svnUrl = `file://${root}/svn`;
    wc = path.join(root, 'wc');
    const svn = (...args: string[]): void => {
      const r = spawnSync('svn', ['--non-interactive', '--config-dir', path.join(root, 'svn-config'), ...args], {
        encoding: 'utf8',
      });
      if (r.status !== 0) throw new Error(`svn ${args.join(' ')}: ${r.stderr}`);
    };
    const created = spawnSync('svnadmin', ['create', path.join(root, 'svn')], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`svnadmin create: ${created.stderr}`);
    svn(
      'mkdir',
      '-q',
      '--parents',
      '-m',
      'layout',
      `${svnUrl}/wc/externals`,
      `${svnUrl}/lib/trunk`,
      `${svnUrl}/other/x`,
    );
    svn('checkout', '-q', `${svnUrl}/wc`, wc);
    install(
      'g/src/1.0/src-1.0.pom',
      Buffer.from(
        `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>src</artifactId><version>1.0</version><packaging>pom</packaging><scm><connection>scm:svn:${svnUrl}/lib/trunk</connection></scm></project>\n`,
      ),
    );
    fs.writeFileSync(
      path.join(wc, 'pom.xml'),
      `<project><modelVersion>4.0.0</modelVersion><groupId>fz</groupId><artifactId>wc</artifactId><version>1</version><packaging>pom</packaging>
  <dependencies><dependency><groupId>g</groupId><artifactId>src</artifactId><version>1.0</version><type>pom</type></dependency></dependencies>
  <build><plugins><plugin><groupId>org.codehaus.mojo</groupId><artifactId>cxx-maven-plugin</artifactId><version>0.0.6-SNAPSHOT</version>
    <configuration><sourceSubdir>externals</sourceSubdir></configuration></plugin></plugins></build></project>\n`,
    );
    if (process.getuid?.() === 0) spawnSync('chown', ['-R', '65534:65534', root]);
    runner = new FuzzRunner(root, {
      PATH: process.env.PATH ?? '',
      HOME: home,
      TMPDIR: root,
      TZ: 'UTC',
      LANG: 'C.UTF-8',
    });
    failures = [];
  });

  after(async () => {
    await runner.stop();
    fs.rmSync(root, { recursive: true, force: true });
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `      fuzz cases run: ${total} (${Object.entries(counts)
        .map(([k, n]) => `${k} ${n}`)
        .join(', ')}); seed ${SEED}`,
    );
    console.log(
      `      CLI endings: ${Object.entries(endings)
        .map(([k, e]) => `${k}: ${e.ok} exit 0, ${e.error} clean errors`)
        .join('; ')}`,
    );
  });

  /** Runs one case through goalhost and fails the property with the whole story when it is not clean. */
  async function check(c: FuzzCase): Promise<void> {
    count(c.kind);
    const verdict = await runner.run(c);
    const why = unclean(c, verdict);
    const ending = (endings[c.kind] ??= { ok: 0, error: 0 });
    if (verdict.code === 0) ending.ok++;
    else ending.error++;
    if (why) {
      const story = `${c.kind}: ${why}\nargv: ${JSON.stringify(c.argv)}\nfiles: ${JSON.stringify(c.files).slice(0, 4000)}\noutput:\n${verdict.out.slice(-3000)}`;
      failures.push(story);
      throw new Error(story);
    }
  }

  const withRepo = (argv: readonly string[]): string[] => ['-o', '-B', `-Dmaven.repo.local=${repo}`, ...argv];

  it('mutated pom.xml', async () => {
    const arb = fc.record({ ops: mutations, goal: fc.constantFrom(...GOALS), level: fc.constantFrom(...LEVELS) });
    await fc.assert(
      fc.asyncProperty(arb, (x) =>
        check({
          kind: 'pom.xml',
          argv: withRepo([...x.level, ...x.goal]),
          files: { 'pom.xml': mutate(BASE_POM, x.ops) },
        }),
      ),
      { numRuns: runs(300), seed: SEED, endOnFailure: true },
    );
  });

  it('mutated settings.xml and settings-security.xml', async () => {
    const encrypted = encryptMavenPassword('server-secret', MASTER);
    const arb = fc.record({
      settings: mutations,
      security: fc.option(mutations),
      goal: fc.constantFrom(...GOALS),
      level: fc.constantFrom(...LEVELS),
    });
    await fc.assert(
      fc.asyncProperty(arb, (x) =>
        check({
          kind: 'settings.xml',
          argv: withRepo([
            '-s',
            '@CASE@/settings.xml',
            '-Dsettings.security=@CASE@/security.xml',
            ...x.level,
            ...x.goal,
          ]),
          files: {
            'pom.xml': BASE_POM,
            'settings.xml': mutate(BASE_SETTINGS.replace('@ENCRYPTED@', encrypted), x.settings),
            'security.xml': x.security ? mutate(BASE_SECURITY, x.security) : BASE_SECURITY,
          },
        }),
      ),
      { numRuns: runs(150), seed: SEED, endOnFailure: true },
    );
  });

  it('mutated plugin descriptors (a third-party plugin registered with -Dgoalhost.plugins)', async () => {
    const descriptor = fs
      .readFileSync(path.join(ROOT, 'plugin-descriptor.xml'), 'utf8')
      .replace('<groupId>org.codehaus.mojo</groupId>', '<groupId>fz</groupId>')
      .replace('<artifactId>cxx-maven-plugin</artifactId>', '<artifactId>fz-plugin</artifactId>')
      .replace('<goalPrefix>cxx</goalPrefix>', '<goalPrefix>fz</goalPrefix>');
    const module = `const path = require('path');
const cxx = require(${JSON.stringify(path.join(ROOT, 'packages', 'plugin-cxx'))});
exports.plugin = { ...cxx.plugin, groupId: 'fz', artifactId: 'fz-plugin', goalPrefix: 'fz', descriptor: path.join(__dirname, 'plugin.xml') };
`;
    const goals: readonly (readonly string[])[] = [
      ['fz:unpack-dependencies'],
      ['help:describe', '-Dplugin=fz', '-Ddetail'],
      ['fz:scm-dependencies', '-Dscm.dryRun=true'],
    ];
    const arb = fc.record({ ops: mutations, goal: fc.constantFrom(...goals), level: fc.constantFrom(...LEVELS) });
    await fc.assert(
      fc.asyncProperty(arb, (x) =>
        check({
          kind: 'plugin descriptor',
          argv: withRepo(['-Dgoalhost.plugins=@CASE@/fz-plugin.js', ...x.level, ...x.goal]),
          files: { 'pom.xml': BASE_POM, 'plugin.xml': mutate(descriptor, x.ops), 'fz-plugin.js': module },
        }),
      ),
      { numRuns: runs(120), seed: SEED, endOnFailure: true },
    );
  });

  it('command lines', async () => {
    const token = fc.oneof(
      {
        weight: 6,
        arbitrary: fc.constantFrom(
          '-o',
          '-B',
          '-q',
          '-X',
          '-e',
          '-N',
          '-U',
          '-fae',
          '-ff',
          '-ntp',
          '-h',
          '-v',
          '--help',
          '--version',
          '--offline',
          '--batch-mode',
          '-D',
          '-Dx',
          '-D=',
          '-Dx=',
          '-D=x',
          '-Dextra',
          '-P',
          '-Pextra',
          '-P!extra',
          '-P,',
          '-P-extra',
          '-pl',
          'x',
          '-pl',
          ':app',
          '-rf',
          ':app',
          '-f',
          '@CASE@/pom.xml',
          '@CASE@',
          '/nonexistent',
          '-s',
          '-gs',
          '--settings=/nope',
          '--file=',
          '--file',
          '-',
          '--',
          '---',
          '-Z',
          '--unknown',
          '-Dmaven.repo.local=',
          '-Dmaven.repo.local=@CASE@/empty',
          'process-sources',
          'validate',
          'clean',
          'cxx:unpack-dependencies',
          'cxx:scm-dependencies',
          'cxx:unpack-dependencies@unpack',
          'cxx:unpack-dependencies@nope',
          'cxx:nope',
          'nope:nope',
          'a:b:c:d:e',
          ':',
          '::',
          '@',
          'org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies',
          'org.codehaus.mojo:cxx-maven-plugin:9.9:unpack-dependencies',
          'help:describe',
          '-Dplugin=cxx',
          '-Dplugin=',
          '-Dgoal=nope',
          'dependency:tree',
          'dependency:list',
          'clean:clean',
          '-Dmdep.unpack.maxSize=0',
          '-Dmdep.unpack.maxSize=1',
          '-Dmdep.unpack.includes=%regex[',
          '-Dmdep.unpack.excludes=**',
          '-DincludeScope=bogus',
          '-DexcludeScope=test',
          '-Dmdep.skip=true',
          '-Dsilent=true',
          '-DexcludeTransitive=maybe',
          '-Dmdep.unpack.encoding=EBCDIC-XYZ',
          '-DincludeTypes=,,',
          '-Dclassifier=bin',
          '-Dtype=',
          '-DoverWriteReleases=true',
          '-Dmdep.useRepositoryLayout=true',
          '-Dmdep.unpack.flattenDestDirs=,',
          '-Dscm.dryRun=true',
          '-DsourceSubdir=..',
          '-Dgoalhost.plugins=',
          '-Dgoalhost.plugins=nope',
          '-Dgoalhost.plugins=/nonexistent.js',
        ),
      },
      { weight: 1, arbitrary: interesting },
      { weight: 1, arbitrary: interesting.map((v) => `-D${v}`) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(
            fc.constantFrom(
              'outputDirectory',
              'markersDirectory',
              'mdep.unpack.includes',
              'includeGroupIds',
              'classifier',
              'mdep.unpack.maxSize',
              'sourceTargets',
            ),
            interesting,
          )
          .map(([k, v]) => `-D${k}=${v}`),
      },
    );
    const arb = fc.array(token, { minLength: 0, maxLength: 8 });
    await fc.assert(
      fc.asyncProperty(arb, (argv) =>
        check({ kind: 'command line', argv: [`-Dmaven.repo.local=${repo}`, ...argv], files: { 'pom.xml': BASE_POM } }),
      ),
      { numRuns: runs(300), seed: SEED, endOnFailure: true },
    );
  });

  it('svn:externals values in a real working copy (whatever svn accepts), through cxx:scm-dependencies', async () => {
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const env = { ...process.env, HOME: path.join(root, 'home') };
    const svnAs = (args: string[]) =>
      spawnSync('svn', ['--non-interactive', ...args], { encoding: 'utf8', env, ...asUser });
    const line = fc
      .tuple(
        fc.constantFrom('', '-r1 ', '-r 1 ', '-r{2020-01-01} ', '-rHEAD '),
        fc.constantFrom(
          '^/lib/trunk',
          `${svnUrl}/other/x`,
          '../other/x',
          '//localhost/x',
          '/other/x',
          '^/lib/trunk@1',
          '^/nope',
          `'^/lib/trunk'`,
        ),
        fc.constantFrom('g/src', 'a', 'a\\ b', '"q q"', "'s s'", 'deep/er', 'g/src/', './g/src', 'ü'),
      )
      .map(([r, u, t]) => `${r}${u} ${t}`);
    const value = fc
      .tuple(
        fc.array(
          fc.oneof(
            { weight: 4, arbitrary: line },
            fc.constantFrom('', '# comment', '  ', 'g/src ^/lib/trunk', 'dir -r1 ^/lib/trunk'),
          ),
          { maxLength: 5 },
        ),
        fc.constantFrom('\n', '\r\n'),
        fc.option(interesting),
      )
      .map(([lines, eol, extra]) => lines.join(eol) + (extra ?? ''));
    let rejected = 0;
    await fc.assert(
      fc.asyncProperty(value, fc.boolean(), async (v, dryRun) => {
        const file = path.join(root, 'externals.value');
        fs.writeFileSync(file, v);
        if (svnAs(['propset', '-q', 'svn:externals', '-F', file, path.join(wc, 'externals')]).status !== 0) {
          rejected++;
          return;
        }
        try {
          await check({
            kind: 'svn:externals (CLI)',
            argv: withRepo([
              '-f',
              path.join(wc, 'pom.xml'),
              'cxx:scm-dependencies',
              ...(dryRun ? ['-Dscm.dryRun=true'] : []),
            ]),
            files: {},
          });
        } finally {
          svnAs(['revert', '-q', path.join(wc, 'externals')]);
        }
      }),
      { numRuns: runs(60), seed: SEED, endOnFailure: true },
    );
    console.log(`      svn refused ${rejected} of the generated svn:externals values (not run)`);
    expect(counts['svn:externals (CLI)']).to.be.greaterThan(0);
  });

  it('svn:externals values: parsing never throws, what is written reads back the same, a second plan changes nothing', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc
        .array(
          fc.oneof(
            interesting,
            fc.constantFrom(
              '-r1',
              '-r 12',
              '^/lib/trunk',
              '//h/x',
              '../x',
              '/abs',
              'svn://h/x@5',
              "'a b'",
              '"c d"',
              'x\\ y',
              '#',
              '\n',
            ),
          ),
          { maxLength: 12 },
        )
        .map((t) => t.join(' ')),
    );
    // Targets as the goal makes them (target-dir.ts): trimmed, relative, no backslash or line break,
    // not starting with -r; anything else in them (blanks, quotes, #, unicode) must survive svn's reading.
    const target = fc
      .oneof(
        fc.constantFrom('lib', 'a b', "it's", 'q"uote', 'dir/sub', '#hash', 'x/ y /z', 'tab\there', 'ü/文件'),
        fc.string({ minLength: 1, maxLength: 12 }),
      )
      .map((t) => t.trim())
      .filter(
        (t) =>
          t !== '' &&
          !/[\\\0\r\n]/.test(t) &&
          !t.startsWith('-r') &&
          !t.startsWith('/') &&
          !t.split('/').includes('..'),
      );
    const definition: fc.Arbitrary<ExternalDefinition> = fc.record(
      {
        url: fc.constantFrom(
          '^/lib/trunk',
          'svn://127.0.0.1/repo/x y',
          'file:///tmp/r',
          'http://h/p?q=1',
          '//h/x',
          '../sib',
          '/root-rel',
        ),
        target,
        revision: fc.constantFrom('1', '42', '{2020-01-01}'),
        peg: fc.constantFrom('3', 'HEAD'),
      },
      { requiredKeys: ['url', 'target'] },
    );
    fc.assert(
      fc.property(
        value,
        fc.uniqueArray(definition, { maxLength: 4, selector: (d) => d.target.trim() }),
        (existing, desired) => {
          count('svn:externals');
          const lines = parseExternals(existing);
          expect(Array.isArray(lines)).to.equal(true);
          for (const d of desired) {
            const back = parseExternals(formatExternal(d));
            const entry = back.find((l) => l.kind === 'entry');
            expect(
              entry && entry.kind === 'entry' && sameDefinition(entry.definition, d),
              `${JSON.stringify(d)} -> ${formatExternal(d)}`,
            ).to.equal(true);
          }
          const entries = desired.map((d, i) => ({ dependency: `g:a${i}:1.0:pom`, definition: d }));
          const first = planExternals(existing, entries);
          expect(
            planExternals(first.value, entries).changed,
            `second plan over ${JSON.stringify(first.value)}`,
          ).to.equal(false);
        },
      ),
      { numRuns: runs(1500), seed: SEED },
    );
  });

  it('Maven-encrypted passwords: any value decrypts or fails with a clear MavenPasswordError', () => {
    const file = path.join(root, 'security.xml');
    fs.writeFileSync(file, BASE_SECURITY);
    const decrypter = new SettingsDecrypter(file);
    const good = encryptMavenPassword('server-secret', MASTER);
    const value = fc.oneof(
      interesting,
      fc.string({ maxLength: 60 }).map((s) => `{${s}}`),
      fc.base64String({ maxLength: 80 }).map((s) => `{${s}}`),
      fc
        .tuple(fc.nat(good.length - 1), fc.string({ minLength: 1, maxLength: 3 }))
        .map(([at, s]) => good.slice(0, at) + s + good.slice(at + 1)),
    );
    fc.assert(
      fc.property(value, (v) => {
        count('encrypted password');
        try {
          expect(decrypter.decrypt(v, 'the password of server s1')).to.be.a('string');
        } catch (e) {
          expect(e, String(e)).to.be.instanceOf(MavenPasswordError);
          expect((e as Error).message).to.match(/^Cannot decrypt the password of server s1/);
        }
      }),
      { numRuns: runs(500), seed: SEED },
    );
  });

  it('no unclean outcome at all', () => {
    expect(failures).to.deep.equal([]);
  });
});
