import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { RepoServer } from '../resolver/support/repo-server';
import { errorLines, Sandbox, STACK_FRAME, type Run } from './sandbox';

/**
 * Who may name code to load (goalhost.plugins): the user (-D on the command line, in MAVEN_ARGS,
 * in .mvn/maven.config) and the reactor's own POM files on disk, never a POM from a repository.
 * The attacks are real: a loopback repository serves POMs that are also valid sloppy-mode
 * JavaScript writing a canary file, and each test first proves that the payload does run when
 * node loads it, so a missing canary means goalhost did not run it.
 */

const SAMPLE = path.resolve(__dirname, '..', 'fixtures', 'plugins', 'sample-plugin.js');
const HINTS = [
  '[ERROR] ',
  '[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.',
  '[ERROR] Re-run goalhost using the -X switch to enable full debug logging.',
];
const WHO_MAY =
  "name plugin modules with -Dgoalhost.plugins (command line, MAVEN_ARGS or .mvn/maven.config) or in the <properties> of the reactor's own POM files on disk";
const ALLOWED =
  'name a .js, .cjs or .mjs file outside the local repository, or an npm package installed in node_modules';

/** JavaScript that writes `canary` and exports a plugin, as the first line of an XML comment. */
function script(canary: string): string {
  return (
    `require('fs').writeFileSync(${JSON.stringify(canary)}, 'ran');` +
    "module.exports={plugin:{groupId:'evil',artifactId:'evil-maven-plugin',version:'1',goalPrefix:'evil',goals:[]}};"
  );
}

/** A POM that is also a script: `<!--` and `-->` open HTML-like comments in sloppy-mode JavaScript. */
function polyglotPom(canary: string, body: string): string {
  return `<!--\n${script(canary)}/*\n-->\n<project>\n  <modelVersion>4.0.0</modelVersion>\n${body}\n</project>\n<!-- */ -->\n`;
}

/** The control: node itself runs the file (copied to a .js name) and the canary appears. */
function expectPayloadRuns(s: Sandbox, file: string, canary: string): void {
  const copy = path.join(s.root, 'control.js');
  fs.copyFileSync(file, copy);
  execFileSync(process.execPath, [copy]);
  expect(fs.existsSync(canary), `${file} is not the payload this test claims`).to.equal(true);
  fs.rmSync(canary);
  fs.rmSync(copy);
}

function warnings(run: Run): string[] {
  return run.stdout.split('\n').filter((l) => l.startsWith('[WARNING]'));
}

function expectSuccess(run: Run): void {
  expect(run.status, run.stdout + run.stderr).to.equal(0);
  expect(run.stdout).to.contain('[INFO] BUILD SUCCESS\n');
}

function expectRefused(run: Run, errors: readonly string[]): void {
  expect(run.status, run.stdout + run.stderr).to.equal(1);
  expect(run.stderr).to.equal('');
  expect(run.stdout).not.to.match(STACK_FRAME);
  expect(errorLines(run)).to.deep.equal([...errors, ...HINTS]);
}

describe('hostile plugins: repository POMs never name code to load (loopback repository)', function () {
  this.timeout(120_000);
  let server: RepoServer;
  let s: Sandbox;
  let home: string;
  let canary: string;

  beforeEach(async () => {
    s = Sandbox.create('plugin-trust');
    home = path.join(s.root, 'home');
    fs.mkdirSync(home);
    canary = path.join(s.root, 'CANARY');
    server = new RepoServer(path.join(s.root, 'remote'));
    await server.start();
    fs.writeFileSync(
      path.join(s.root, 'settings.xml'),
      `<settings><mirrors><mirror><id>evil</id><mirrorOf>*</mirrorOf><url>${server.url}</url></mirror></mirrors></settings>\n`,
    );
  });
  afterEach(async () => {
    await server.stop();
    s.dispose();
  });

  /** goalhost in proj/, HOME in the sandbox (so the local repository is ${user.home}/.m2/repository). */
  const run = (args: readonly string[]): Promise<Run> =>
    s.run(['-B', '-s', path.join(s.root, 'settings.xml'), ...args], { env: { HOME: home } });
  const inLocalRepository = (...parts: string[]): string => path.join(home, '.m2', 'repository', ...parts);
  const project = (body: string): void => {
    fs.writeFileSync(
      path.join(s.proj, 'pom.xml'),
      `<project>\n  <modelVersion>4.0.0</modelVersion>\n${body}\n</project>\n`,
    );
  };

  it('a repository parent naming itself in goalhost.plugins: ignored with a warning, no code runs, lock or no lock', async () => {
    const parentFile = inLocalRepository('evil', 'parent', '1', 'parent-1.pom');
    server.put(
      'evil/parent/1/parent-1.pom',
      polyglotPom(
        canary,
        '  <groupId>evil</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging>\n' +
          '  <properties><goalhost.plugins>${user.home}/.m2/repository/evil/parent/1/parent-1.pom</goalhost.plugins></properties>',
      ),
    );
    project(
      '  <parent><groupId>evil</groupId><artifactId>parent</artifactId><version>1</version></parent>\n  <groupId>t</groupId><artifactId>victim</artifactId><packaging>pom</packaging>',
    );
    const ignored =
      `[WARNING] Ignoring goalhost.plugins=${parentFile} of t:victim:1 set by evil:parent:1 (${parentFile}): ` +
      `a POM from a repository never names code to load; ${WHO_MAY}`;

    const noLock = await run(['validate']);
    expect(fs.existsSync(canary), noLock.stdout).to.equal(false);
    expectSuccess(noLock);
    expect(warnings(noLock)).to.deep.equal([ignored]);

    const lock = await run(['dependency:lock']);
    expect(fs.existsSync(canary), lock.stdout).to.equal(false);
    expectSuccess(lock);
    expect(fs.existsSync(path.join(s.proj, 'goalhost.lock'))).to.equal(true);
    const locked = await run(['validate']);
    expect(fs.existsSync(canary), locked.stdout).to.equal(false);
    expectSuccess(locked);
    expect(warnings(locked)).to.deep.equal([ignored]);

    expectPayloadRuns(s, parentFile, canary);
  });

  it("an imported BOM as the payload, named by a repository parent's active profile: ignored, no code runs", async () => {
    const bomFile = inLocalRepository('evil', 'bom', '1', 'bom-1.pom');
    const parentFile = inLocalRepository('evil', 'corp', '2', 'corp-2.pom');
    server.put(
      'evil/bom/1/bom-1.pom',
      polyglotPom(
        canary,
        '  <groupId>evil</groupId><artifactId>bom</artifactId><version>1</version><packaging>pom</packaging>\n' +
          '  <properties><goalhost.plugins>${user.home}/.m2/repository/evil/bom/1/bom-1.pom</goalhost.plugins></properties>\n' +
          '  <dependencyManagement><dependencies><dependency><groupId>x</groupId><artifactId>y</artifactId><version>1</version></dependency></dependencies></dependencyManagement>',
      ),
    );
    server.put(
      'evil/corp/2/corp-2.pom',
      '<project><modelVersion>4.0.0</modelVersion><groupId>evil</groupId><artifactId>corp</artifactId><version>2</version><packaging>pom</packaging>\n' +
        '  <profiles><profile><id>corp</id><activation><activeByDefault>true</activeByDefault></activation>\n' +
        '    <properties><goalhost.plugins>${user.home}/.m2/repository/evil/bom/1/bom-1.pom</goalhost.plugins></properties></profile></profiles>\n</project>\n',
    );
    project(
      '  <parent><groupId>evil</groupId><artifactId>corp</artifactId><version>2</version><relativePath/></parent>\n' +
        '  <groupId>t</groupId><artifactId>victim</artifactId><packaging>pom</packaging>\n' +
        '  <dependencyManagement><dependencies><dependency><groupId>evil</groupId><artifactId>bom</artifactId><version>1</version>' +
        '<type>pom</type><scope>import</scope></dependency></dependencies></dependencyManagement>',
    );
    const result = await run(['validate']);
    expect(fs.existsSync(canary), result.stdout).to.equal(false);
    expectSuccess(result);
    expect(warnings(result)).to.deep.equal([
      `[WARNING] Ignoring goalhost.plugins=${bomFile} of t:victim:2 set by profile 'corp' of evil:corp:2 (${parentFile}): ` +
        `a POM from a repository never names code to load; ${WHO_MAY}`,
    ]);
    expectPayloadRuns(s, bomFile, canary);
  });

  it('a ${property} in the reactor POM that only a repository parent defines fails the build; a -D of it is used', async () => {
    const parentFile = inLocalRepository('evil', 'parent', '3', 'parent-3.pom');
    server.put(
      'evil/parent/3/parent-3.pom',
      polyglotPom(
        canary,
        '  <groupId>evil</groupId><artifactId>parent</artifactId><version>3</version><packaging>pom</packaging>\n' +
          '  <properties><build.tools>${user.home}/.m2/repository/evil/parent/3/parent-3.pom</build.tools></properties>',
      ),
    );
    project(
      '  <parent><groupId>evil</groupId><artifactId>parent</artifactId><version>3</version><relativePath/></parent>\n' +
        '  <groupId>t</groupId><artifactId>victim</artifactId><packaging>pom</packaging>\n' +
        '  <properties><goalhost.plugins>${build.tools}</goalhost.plugins></properties>',
    );
    const refused = await run(['validate']);
    expect(fs.existsSync(canary), refused.stdout).to.equal(false);
    expectRefused(refused, [
      `[ERROR] <goalhost.plugins> in ${path.join(s.proj, 'pom.xml')} refers to \${build.tools}, which neither the user (-D, MAVEN_ARGS, ` +
        ".mvn/maven.config) nor the reactor's POM files on disk define: a plugin module is never chosen by a value from a repository POM; " +
        'define it in one of those places',
    ]);

    const defined = await run([`-Dbuild.tools=${SAMPLE}`, 'sample:generate', '-Dsample.message=from the user']);
    expectSuccess(defined);
    expect(defined.stdout).to.contain('[INFO] generate from the user\n');
    expect(warnings(defined)).to.deep.equal([]);
    expect(fs.existsSync(canary)).to.equal(false);
    expectPayloadRuns(s, parentFile, canary);
  });
});

describe('hostile plugins: what the loader refuses', () => {
  let s: Sandbox;
  let canary: string;
  beforeEach(() => {
    s = Sandbox.create('plugin-loader');
    canary = path.join(s.root, 'CANARY');
    s.pom([]);
  });
  afterEach(() => s.dispose());

  const run = (args: readonly string[], env: Record<string, string> = {}): Promise<Run> =>
    s.run(['-B', '-o', `-Dmaven.repo.local=${s.repo}`, ...args, 'validate'], { env });

  it('a .js file inside the local repository, named from the command line, directly, through a symbolic link or a linked repository', async () => {
    const payload = s.install(
      { groupId: 'evil', artifactId: 'js', version: '1', type: 'js' },
      Buffer.from(script(canary)),
    );
    const refusal = (spec: string, repository = s.repo): string =>
      `[ERROR] Refusing to load plugin module '${spec}' named by -Dgoalhost.plugins on the command line: ${payload} is inside the local ` +
      `repository ${repository}, whose files come from repositories and are never loaded as code; ${ALLOWED}`;

    expectRefused(await run([`-Dgoalhost.plugins=${payload}`]), [refusal(payload)]);

    fs.mkdirSync(path.join(s.proj, 'tools'));
    fs.symlinkSync(payload, path.join(s.proj, 'tools', 'plugin.js'));
    expectRefused(await run(['-Dgoalhost.plugins=./tools/plugin.js']), [refusal('./tools/plugin.js')]);

    const linkedRepository = path.join(s.root, 'repo-link');
    fs.symlinkSync(s.repo, linkedRepository);
    const linked = await s.run([
      '-B',
      '-o',
      `-Dmaven.repo.local=${linkedRepository}`,
      `-Dgoalhost.plugins=${payload}`,
      'validate',
    ]);
    expectRefused(linked, [refusal(payload, linkedRepository)]);

    expect(fs.existsSync(canary)).to.equal(false);
    execFileSync(process.execPath, [payload]);
    expect(fs.existsSync(canary), 'the payload is not the code this test claims').to.equal(true);
  });

  it('a path that is not a .js, .cjs or .mjs file, named in .mvn/maven.config or on the command line', async () => {
    fs.writeFileSync(path.join(s.proj, 'plugin.txt'), script(canary));
    fs.mkdirSync(path.join(s.proj, '.mvn'));
    fs.writeFileSync(path.join(s.proj, '.mvn', 'maven.config'), '-Dgoalhost.plugins=./plugin.txt\n');
    expectRefused(await run([]), [
      `[ERROR] Refusing to load plugin module './plugin.txt' named by -Dgoalhost.plugins in ${path.join(s.proj, '.mvn', 'maven.config')}: ` +
        `a plugin path must end in .js, .cjs or .mjs; ${ALLOWED}`,
    ]);
    fs.rmSync(path.join(s.proj, '.mvn'), { recursive: true });

    // A directory or an extensionless name would make node pick a file (index.js, plugin.js): refused as well.
    fs.mkdirSync(path.join(s.proj, 'tools'));
    fs.writeFileSync(path.join(s.proj, 'tools', 'index.js'), script(canary));
    expectRefused(await run(['-Dgoalhost.plugins=./tools']), [
      `[ERROR] Refusing to load plugin module './tools' named by -Dgoalhost.plugins on the command line: a plugin path must end in .js, .cjs or .mjs; ${ALLOWED}`,
    ]);
    expect(fs.existsSync(canary)).to.equal(false);
  });

  it('a package name walking out of node_modules, from MAVEN_ARGS', async () => {
    fs.writeFileSync(path.join(s.root, 'evil.js'), script(canary));
    expectRefused(await run([], { MAVEN_ARGS: '-Dgoalhost.plugins=x/../../evil.js' }), [
      `[ERROR] Refusing to load plugin module 'x/../../evil.js' named by -Dgoalhost.plugins in MAVEN_ARGS: an npm package name has no '.' or '..' segment; ${ALLOWED}`,
    ]);
    expect(fs.existsSync(canary)).to.equal(false);
  });
});

describe('plugins the user and the reactor name still load', () => {
  let s: Sandbox;
  beforeEach(() => {
    s = Sandbox.create('plugin-legit');
  });
  afterEach(() => s.dispose());

  it('from an on-disk parent read by relativePath (its ${property} too), and a .cjs from MAVEN_ARGS', async () => {
    fs.writeFileSync(
      path.join(s.proj, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>parent</artifactId><version>1</version><packaging>pom</packaging>\n' +
        `  <properties><plugins.dir>${path.dirname(SAMPLE)}</plugins.dir><goalhost.plugins>\${plugins.dir}/sample-plugin.js</goalhost.plugins></properties>\n` +
        '  <modules><module>module</module></modules>\n</project>\n',
    );
    fs.mkdirSync(path.join(s.proj, 'module'));
    fs.writeFileSync(
      path.join(s.proj, 'module', 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><parent><groupId>t</groupId><artifactId>parent</artifactId><version>1</version></parent>\n' +
        '  <artifactId>module</artifactId><packaging>pom</packaging>\n</project>\n',
    );
    const inherited = await s.run([
      '-B',
      '-o',
      `-Dmaven.repo.local=${s.repo}`,
      '-f',
      'module',
      'sample:generate',
      '-Dsample.message=inherited',
    ]);
    expectSuccess(inherited);
    expect(inherited.stdout).to.contain('[INFO] generate inherited\n');
    expect(warnings(inherited)).to.deep.equal([]);

    const cjs = path.join(s.root, 'wrapper.cjs');
    fs.writeFileSync(
      cjs,
      `module.exports = { plugin: { ...require(${JSON.stringify(SAMPLE)}).plugin, groupId: 'w', artifactId: 'w', goalPrefix: 'w' } };\n`,
    );
    const fromEnv = await s.run(
      ['-B', '-o', `-Dmaven.repo.local=${s.repo}`, '-f', 'module', 'w:generate', '-Dsample.message=wrapped'],
      {
        env: { MAVEN_ARGS: `-Dgoalhost.plugins=${cjs}` },
      },
    );
    expectSuccess(fromEnv);
    expect(fromEnv.stdout).to.contain('[INFO] generate wrapped\n');
  });
});

describe('lock verification weakened outside the command line', () => {
  let s: Sandbox;
  beforeEach(() => {
    s = Sandbox.create('lock-config');
    s.pom([]);
  });
  afterEach(() => s.dispose());

  const run = (args: readonly string[], env: Record<string, string> = {}): Promise<Run> =>
    s.run(['-B', '-o', `-Dmaven.repo.local=${s.repo}`, ...args, 'validate'], { env });

  it('.mvn/maven.config and MAVEN_ARGS turning the lock off or to update are warned about; the command line is not', async () => {
    fs.mkdirSync(path.join(s.proj, '.mvn'));
    const config = path.join(s.proj, '.mvn', 'maven.config');
    fs.writeFileSync(config, '-Dgoalhost.lock=ignore\n');
    const fromConfig = await run([]);
    expectSuccess(fromConfig);
    expect(warnings(fromConfig)).to.deep.equal([
      `[WARNING] -Dgoalhost.lock=ignore in ${config} weakens lock verification: this build does not check the dependencies against the ` +
        'goalhost.lock files; remove it there, or pass it on the command line when it is meant',
    ]);
    const overridden = await run(['-Dgoalhost.lock=verify']);
    expect(warnings(overridden)).to.deep.equal([]);
    fs.rmSync(config);

    const fromEnv = await run([], { MAVEN_ARGS: '-Dgoalhost.lock=update' });
    expectSuccess(fromEnv);
    expect(warnings(fromEnv)).to.deep.equal([
      '[WARNING] -Dgoalhost.lock=update in MAVEN_ARGS weakens lock verification: this build rewrites the goalhost.lock files from what the ' +
        'repositories serve instead of checking them; remove it there, or pass it on the command line when it is meant',
    ]);

    const onCommandLine = await run(['-Dgoalhost.lock=ignore'], { MAVEN_ARGS: '-Dgoalhost.lock=update' });
    expectSuccess(onCommandLine);
    expect(warnings(onCommandLine)).to.deep.equal([]);
  });
});
