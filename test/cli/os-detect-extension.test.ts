import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../support/paths';
import { runGoalhost, stableLog, type GoalhostRun } from '../support/run-goalhost';
import { treeOf } from '../support/tree';
import { zipRecords } from '../unpack/zip-records';

/**
 * POMs that pick platform archives with `${os.detected.classifier}` from the build extension
 * kr.motd.maven:os-maven-plugin, which goalhost provides itself. What Maven 3.8.7 does with the
 * same projects was recorded with the extension (1.7.1, built from its source) in a local
 * repository: the banner after "Scanning for projects..." and before the reactor order, the
 * classifier in direct and transitive dependencies of every session project, the failure on an
 * unknown architecture, `${os.detected.classifier}` left as written without the extension, and
 * the effective POM (Maven's project builder, then the extension's afterProjectsRead). The
 * platform is pinned with -Dos.name/-Dos.arch/-Dos.version where the output is compared whole;
 * the first case uses this machine's.
 */

/** The classifier the extension gives this machine (no release "likes" asked for), when this table knows it. */
function machineClassifier(): string | undefined {
  const name = ({ linux: 'linux', darwin: 'osx', win32: 'windows', freebsd: 'freebsd' } as Record<string, string>)[
    process.platform
  ];
  const arch = ({ x64: 'x86_64', arm64: 'aarch_64', ia32: 'x86_32' } as Record<string, string>)[process.arch];
  return name && arch ? `${name}-${arch}` : undefined;
}

const PINNED = ['-Dos.name=Mac OS X', '-Dos.arch=aarch64', '-Dos.version=14.4.1', '-Dsun.arch.data.model=64'];
const DASHES = '[INFO] ------------------------------------------------------------------------';
const PINNED_BANNER = [
  DASHES,
  '[INFO] Detecting the operating system and CPU architecture',
  DASHES,
  '[INFO] os.detected.name: osx',
  '[INFO] os.detected.arch: aarch_64',
  '[INFO] os.detected.bitness: 64',
  '[INFO] os.detected.version: 14.4',
  '[INFO] os.detected.version.major: 14',
  '[INFO] os.detected.version.minor: 4',
  '[INFO] os.detected.classifier: osx-aarch_64',
];
const EXTENSION = `
    <extensions>
      <extension>
        <groupId>kr.motd.maven</groupId>
        <artifactId>os-maven-plugin</artifactId>
        <version>1.7.1</version>
      </extension>
    </extensions>`;
const NATIVE = `
    <dependency>
      <groupId>com.example</groupId>
      <artifactId>native</artifactId>
      <version>1.0</version>
      <type>zip</type>
      <classifier>\${os.detected.classifier}</classifier>
    </dependency>`;
/** A POM dependency whose own POM asks for the tools archive of `${os.detected.classifier}`. */
const NATIVE_ALL = `
    <dependency>
      <groupId>com.example</groupId>
      <artifactId>native-all</artifactId>
      <version>1.0</version>
      <type>pom</type>
    </dependency>`;

function pom(
  artifactId: string,
  inside: { parent?: string; properties?: string; dependencies?: string; build?: string; modules?: string } = {},
): string {
  return [
    '<project>',
    '  <modelVersion>4.0.0</modelVersion>',
    ...(inside.parent
      ? [
          `  <parent><groupId>com.example</groupId><artifactId>${inside.parent}</artifactId><version>1.0</version></parent>`,
        ]
      : []),
    '  <groupId>com.example</groupId>',
    `  <artifactId>${artifactId}</artifactId>`,
    '  <version>1.0</version>',
    '  <packaging>pom</packaging>',
    ...(inside.modules ? [`  <modules>${inside.modules}</modules>`] : []),
    ...(inside.properties ? [`  <properties>${inside.properties}</properties>`] : []),
    ...(inside.dependencies ? [`  <dependencies>${inside.dependencies}\n  </dependencies>`] : []),
    ...(inside.build ? [`  <build>${inside.build}\n  </build>`] : []),
    '</project>',
    '',
  ].join('\n');
}

/** A file repository with the archives of several platforms, an empty local repository, settings mirroring everything to it. */
class Fixture {
  readonly root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-osdetect-')));
  readonly repository = path.join(this.root, 'repository');
  readonly local = path.join(this.root, 'local');
  readonly settings = path.join(this.root, 'settings.xml');
  readonly url = pathToFileURL(this.repository).href;

  constructor(classifiers: readonly string[]) {
    this.put(
      'com/example/native/1.0/native-1.0.pom',
      pom('native').replace('<packaging>pom</packaging>', '<packaging>zip</packaging>'),
    );
    this.put(
      'com/example/tools/1.0/tools-1.0.pom',
      pom('tools').replace('<packaging>pom</packaging>', '<packaging>zip</packaging>'),
    );
    this.put(
      'com/example/native-all/1.0/native-all-1.0.pom',
      pom('native-all', { dependencies: NATIVE.replace('native', 'tools') }),
    );
    for (const c of classifiers) {
      this.put(
        `com/example/native/1.0/native-1.0-${c}.zip`,
        zipRecords([{ name: 'lib/native.txt', content: `${c}\n` }]).bytes,
      );
      this.put(
        `com/example/tools/1.0/tools-1.0-${c}.zip`,
        zipRecords([{ name: 'bin/tool.txt', content: `${c}\n` }]).bytes,
      );
    }
    fs.writeFileSync(
      this.settings,
      `<settings><mirrors><mirror><id>files</id><mirrorOf>*</mirrorOf><url>${this.url}</url></mirror></mirrors></settings>\n`,
    );
  }

  /** A repository file with its .sha1, as a deployed artifact has. */
  private put(relative: string, content: string | Buffer): void {
    const file = path.join(this.repository, relative);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    fs.writeFileSync(`${file}.sha1`, createHash('sha1').update(content).digest('hex'));
  }

  project(relative: string, text: string): string {
    const dir = path.join(this.root, relative);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'pom.xml'), text);
    return dir;
  }

  run(dir: string, args: readonly string[]): GoalhostRun {
    return runGoalhost(['-B', '-ntp', '-s', this.settings, `-Dmaven.repo.local=${this.local}`, ...args], dir, {
      XDG_CACHE_HOME: path.join(this.root, 'cache'),
    });
  }

  /** Nothing of the extension was looked up or downloaded. */
  expectNoExtensionFetched(): void {
    expect(fs.existsSync(path.join(this.local, 'kr')), 'kr/motd/maven in the local repository').to.equal(false);
  }

  cleanup(): void {
    if (process.env.GOALHOST_KEEP_FIXTURES) console.log(`kept fixture ${this.root}`);
    else fs.rmSync(this.root, { recursive: true, force: true });
  }
}

/** stdout lines without the volatile time lines. */
const linesOf = (run: GoalhostRun): string[] => stableLog(run.stdout).split('\n');
const unpacked = (content: string): string[] => [
  'd 755 bin/',
  `f 644 bin/tool.txt = ${JSON.stringify(content)}`,
  'd 755 lib/',
  `f 644 lib/native.txt = ${JSON.stringify(content)}`,
];

describe('cli: the os-maven-plugin build extension (os.detected.* properties)', function () {
  this.timeout(120_000);
  const machine = machineClassifier();
  let f: Fixture;
  beforeEach(() => (f = new Fixture([...new Set(['osx-aarch_64', 'osx-unknown', ...(machine ? [machine] : [])])])));
  afterEach(() => f.cleanup());

  it("<build><extensions>: this machine's archives, direct and transitive, are unpacked; help:evaluate prints the classifier", function () {
    if (!machine) {
      console.log(`      (no expected classifier for ${process.platform}/${process.arch} in this test's table)`);
      this.skip();
    }
    const dir = f.project('app', pom('app', { dependencies: NATIVE + NATIVE_ALL, build: EXTENSION }));
    const run = f.run(dir, ['-DincludeTypes=zip', 'cxx:unpack-dependencies']);
    expect(run.status, run.stdout).to.equal(0);
    const lines = linesOf(run);
    expect(lines.slice(0, 4), run.stdout).to.deep.equal([
      '[INFO] Scanning for projects...',
      DASHES,
      '[INFO] Detecting the operating system and CPU architecture',
      DASHES,
    ]);
    expect(lines, run.stdout).to.include(`[INFO] os.detected.classifier: ${machine}`);
    expect(treeOf(path.join(dir, 'target', 'dependency'))).to.deep.equal(unpacked(`${machine}\n`));
    const evaluate = f.run(dir, ['help:evaluate', '-Dexpression=os.detected.classifier', '-q', '-DforceStdout']);
    expect(evaluate).to.deep.include({ status: 0, stdout: machine, stderr: '' });
    f.expectNoExtensionFetched();
  });

  it('a build plugin with <extensions>true</extensions> and no version: no version resolved, nothing fetched, also offline', () => {
    const plugin = `
    <plugins>
      <plugin>
        <groupId>kr.motd.maven</groupId>
        <artifactId>os-maven-plugin</artifactId>
        <extensions>true</extensions>
      </plugin>
    </plugins>`;
    const dir = f.project('app', pom('app', { dependencies: NATIVE + NATIVE_ALL, build: plugin }));
    const expected = (tools: string): string[] => [
      '[INFO] Scanning for projects...',
      '[WARNING] ',
      '[WARNING] Some problems were encountered while building the effective model for com.example:app:pom:1.0',
      "[WARNING] 'build.plugins.plugin.version' for kr.motd.maven:os-maven-plugin is missing. @ line 24, column 15",
      '[WARNING] ',
      '[WARNING] It is highly recommended to fix these problems because they threaten the stability of your build.',
      '[WARNING] ',
      '[WARNING] For this reason, future Maven versions might no longer support building such malformed projects.',
      '[WARNING] ',
      ...PINNED_BANNER,
      '[INFO] ',
      '[INFO] --------------------------< com.example:app >---------------------------',
      '[INFO] Building app 1.0',
      '[INFO] --------------------------------[ pom ]---------------------------------',
      '[INFO] ',
      '[INFO] --- cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (default-cli) @ app ---',
      ...tools.split('\n').filter(Boolean),
      DASHES,
      '[INFO] BUILD SUCCESS',
      DASHES,
      '[INFO] Total time: <time>',
      '[INFO] Finished at: <date>',
      DASHES,
      '',
    ];
    const repo = path.join(f.local, 'com', 'example');
    const online = f.run(dir, [...PINNED, '-DincludeTypes=zip', 'cxx:unpack-dependencies']);
    expect(linesOf(online)).to.deep.equal(
      expected(
        `[INFO] Unpacking ${repo}/native/1.0/native-1.0-osx-aarch_64.zip to ${dir}/target/dependency with includes "" and excludes ""\n` +
          `[INFO] Unpacking ${repo}/tools/1.0/tools-1.0-osx-aarch_64.zip to ${dir}/target/dependency with includes "" and excludes ""`,
      ),
    );
    expect(treeOf(path.join(dir, 'target', 'dependency'))).to.deep.equal(unpacked('osx-aarch_64\n'));
    const offline = f.run(dir, ['-o', ...PINNED, '-DincludeTypes=zip', 'cxx:unpack-dependencies']);
    expect(linesOf(offline)).to.deep.equal(
      expected(
        '[INFO] com.example:native:zip:osx-aarch_64:1.0 already exists in destination.\n[INFO] com.example:tools:zip:osx-aarch_64:1.0 already exists in destination.',
      ),
    );
    f.expectNoExtensionFetched();
  });

  it('a reactor: the extension declared by the root reaches every session project, also one that does not inherit it; none with -pl of that one', () => {
    const root = f.project(
      'reactor',
      pom('root', { modules: '<module>a</module><module>b</module>', build: EXTENSION }),
    );
    f.project('reactor/a', pom('a', { parent: 'root', dependencies: NATIVE }));
    // b has no parent: only the extension's pass over the session gives it the classifier.
    f.project('reactor/b', pom('b', { dependencies: NATIVE_ALL }));
    const run = f.run(root, [...PINNED, '-DincludeTypes=zip', 'cxx:unpack-dependencies']);
    expect(run.status, run.stdout).to.equal(0);
    expect(linesOf(run).slice(0, 18)).to.deep.equal([
      '[INFO] Scanning for projects...',
      ...PINNED_BANNER,
      DASHES,
      '[INFO] Reactor Build Order:',
      '[INFO] ',
      '[INFO] root                                                               [pom]',
      '[INFO] a                                                                  [pom]',
      '[INFO] b                                                                  [pom]',
      '[INFO] ',
    ]);
    expect(treeOf(path.join(root, 'a', 'target', 'dependency'))).to.deep.equal([
      'd 755 lib/',
      'f 644 lib/native.txt = "osx-aarch_64\\n"',
    ]);
    expect(treeOf(path.join(root, 'b', 'target', 'dependency'))).to.deep.equal([
      'd 755 bin/',
      'f 644 bin/tool.txt = "osx-aarch_64\\n"',
    ]);
    // With -pl b the session holds no project declaring the extension: nothing runs it (as in Maven).
    const alone = f.run(root, [...PINNED, '-pl', 'b', '-DincludeTypes=zip', 'cxx:unpack-dependencies']);
    expect(alone.stdout).to.not.contain('Detecting the operating system');
    expect(alone.stdout).to.contain(
      `Could not find artifact com.example:tools:zip:\${os.detected.classifier}:1.0 in files (${f.url})`,
    );
  });

  it("help:effective-pom: the extension's properties, its replacements in dependency fields; plugin configuration as interpolated before it ran", () => {
    const dir = f.project(
      'app',
      pom('app', {
        properties: '<cls>${os.detected.classifier}</cls>',
        dependencies: `
    <dependency>
      <groupId>com.example</groupId>
      <artifactId>native</artifactId>
      <version>1.0</version>
      <type>zip-\${os.detected.name}</type>
      <classifier>\${cls}</classifier>
      <exclusions><exclusion><groupId>x</groupId><artifactId>y-\${os.detected.bitness}</artifactId></exclusion></exclusions>
    </dependency>`,
        build: `${EXTENSION}
    <plugins>
      <plugin>
        <artifactId>maven-dependency-plugin</artifactId>
        <version>3.5.0</version>
        <configuration><outputDirectory>\${project.build.directory}/\${os.detected.classifier}</outputDirectory></configuration>
        <dependencies><dependency><groupId>com.example</groupId><artifactId>helper</artifactId><version>1.0</version><classifier>\${os.detected.arch}</classifier></dependency></dependencies>
      </plugin>
    </plugins>`,
      }).replace(
        '</project>',
        '  <profiles><profile><id>on-osx</id><activation><property><name>os.detected.name</name><value>osx</value></property></activation></profile></profiles>\n</project>',
      ),
    );
    const run = f.run(dir, [...PINNED, 'help:effective-pom']);
    expect(run.status, run.stdout).to.equal(0);
    const lines = run.stdout.split('\n');
    const start = lines.findIndex((l) =>
      l.startsWith('[INFO] --- maven-help-plugin:3.4.0:effective-pom (default-cli) @ '),
    );
    const report = lines
      .slice(start + 1, lines.indexOf(DASHES, start))
      .map((l, i) => (i === 0 ? l.replace(/^\[INFO\] /, '') : l));
    const expected = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'cli', 'os-detect-effective-pom.txt'), 'utf8');
    expect(`${report.join('\n')}\n`.split(dir).join('@BASEDIR@')).to.equal(expected);
  });

  it('without the extension ${os.detected.classifier} stays as written, as in Maven', () => {
    const dir = f.project('app', pom('app', { dependencies: NATIVE }));
    const run = f.run(dir, [...PINNED, 'cxx:unpack-dependencies']);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.not.contain('Detecting the operating system');
    expect(run.stdout).to.contain(
      '[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project com.example:app:pom:1.0: ' +
        `Could not find artifact com.example:native:zip:\${os.detected.classifier}:1.0 in files (${f.url})`,
    );
    const classifier = f.run(dir, [
      'help:evaluate',
      '-Dexpression=project.dependencies[0].classifier',
      '-q',
      '-DforceStdout',
    ]);
    expect(classifier).to.deep.include({ status: 0, stdout: '${os.detected.classifier}' });
    const property = f.run(dir, ['help:evaluate', '-Dexpression=os.detected.classifier', '-q', '-DforceStdout']);
    expect(property).to.deep.include({ status: 0, stdout: 'null object or invalid expression' });
  });

  it('an architecture the extension has no name for fails the build before any project, unless -DfailOnUnknownOS=false', () => {
    const dir = f.project('app', pom('app', { dependencies: NATIVE, build: EXTENSION }));
    const weird = PINNED.map((a) => (a.startsWith('-Dos.arch=') ? '-Dos.arch=weird' : a));
    const run = f.run(dir, [...weird, 'cxx:unpack-dependencies']);
    expect(run.status).to.equal(1);
    expect(linesOf(run)).to.deep.equal([
      '[INFO] Scanning for projects...',
      ...PINNED_BANNER.slice(0, 3),
      '[INFO] os.detected.name: osx',
      '[INFO] os.detected.arch: unknown',
      '[INFO] os.detected.bitness: 64',
      '[INFO] os.detected.version: 14.4',
      '[INFO] os.detected.version.major: 14',
      '[INFO] os.detected.version.minor: 4',
      '[ERROR] unknown os.arch: weird -> [Help 1]',
      `[ERROR] The build extension kr.motd.maven:os-maven-plugin of com.example:app:1.0 (${dir}/pom.xml) has no name for this platform's os.name or os.arch.`,
      '[ERROR] Give it one with -Dos.name=... or -Dos.arch=..., or build with "unknown" in its place with -DfailOnUnknownOS=false.',
      '[ERROR] ',
      '[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.',
      '[ERROR] Re-run goalhost using the -X switch to enable full debug logging.',
      '[ERROR] ',
      '[ERROR] For more information about the errors and possible solutions, please read the following articles:',
      '[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MavenExecutionException',
      '',
    ]);
    expect(fs.existsSync(path.join(dir, 'target')), 'no project ran').to.equal(false);
    const lenient = f.run(dir, [...weird, '-DfailOnUnknownOS=false', '-DincludeTypes=zip', 'cxx:unpack-dependencies']);
    expect(lenient.status, lenient.stdout).to.equal(0);
    expect(treeOf(path.join(dir, 'target', 'dependency'))).to.deep.equal([
      'd 755 lib/',
      'f 644 lib/native.txt = "osx-unknown\\n"',
    ]);
  });
});
