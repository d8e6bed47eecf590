import { expect } from 'chai';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';
import { FixtureRepo } from './support/fixture-repo';
import { MODULE_INFO_CLASS, writeJar } from './support/jar-writer';

/** The [INFO]/[ERROR] lines of the goal's own output (between its header and the build result). */
function goalLines(stdout: string, goal: string): string[] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((l) => l.includes(`:${goal} (default-cli) @ `));
  const end = lines.findIndex((l, i) => i > start && /^\[INFO\] (-{72}|--- )/.test(l));
  // Maven writes "[INFO] " for an empty line; compare without trailing blanks.
  return lines.slice(start + 1, end < 0 ? undefined : end).map((l) => l.trimEnd());
}

describe('dependency:list and dependency:tree (maven-dependency-plugin 3.5.0 output)', () => {
  let f: FixtureRepo;
  let run: (...args: string[]) => ReturnType<typeof runGoalhost>;
  beforeEach(() => {
    f = new FixtureRepo();
    const jar = (gav: string, file: string, entries: ReadonlyArray<readonly [string, string | Buffer]>): void => {
      const [g, a, v] = gav.split(':');
      f.artifact(gav, { files: [] });
      writeJar(path.join(f.repo, ...g.split('.'), a, v, file), entries);
    };
    const pkg: ReadonlyArray<readonly [string, string]> = [['org/plain/P.class', 'class']];
    jar('zz.mod:plain:1.0', 'plain-1.0.jar', pkg);
    writeJar(path.join(f.repo, 'zz', 'mod', 'plain', '1.0', 'plain-1.0-tests.jar'), pkg);
    jar('zz.mod:modular:1.0', 'modular-1.0.jar', [
      ['module-info.class', MODULE_INFO_CLASS],
      ['com/example/modular/A.class', 'class'],
    ]);
    jar('zz.mod:autoname:1.0', 'autoname-1.0.jar', [
      ['META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\r\nAutomatic-Module-Name: com.example.auto\r\n\r\n'],
      ...pkg,
    ]);
    jar('zz.mod:1x:1.0', '1x-1.0.jar', pkg);
    jar('zz.mod:foo-default:1.0', 'foo-default-1.0.jar', pkg);
    jar('zz.mod:top:1.0', 'top-1.0.jar', [['Top.class', 'class']]);
    jar('zz.mod:zipped:1.0', 'zipped-1.0.zip', pkg);
    jar('zz.mod:Weird_Name.v2:1.0', 'Weird_Name.v2-1.0.jar', pkg);
    f.artifact('zz.mod:dummy:1.0');
    f.projectPom('zz.mod:root:1.0', {
      dependencies: [
        'zz.mod:plain:1.0',
        { gav: 'zz.mod:plain:1.0', type: 'test-jar', scope: 'test' },
        { gav: 'zz.mod:modular:1.0', optional: true },
        { gav: 'zz.mod:autoname:1.0', scope: 'provided' },
        'zz.mod:1x:1.0',
        'zz.mod:foo-default:1.0',
        { gav: 'zz.mod:top:1.0', scope: 'runtime' },
        { gav: 'zz.mod:zipped:1.0', type: 'zip' },
        'zz.mod:Weird_Name.v2:1.0',
        'zz.mod:dummy:1.0',
      ],
    });
    run = (...args) => runGoalhost(['-o', '-B', `-Dmaven.repo.local=${f.repo}`, ...args], f.project);
  });
  afterEach(() => f.cleanup());

  const zipped = (): string => path.join(f.repo, 'zz', 'mod', 'zipped', '1.0', 'zipped-1.0.zip');
  const moduleLog = (): string[] => [
    "[INFO] Can't extract module name from 1x-1.0.jar: 1x: Invalid module name: '1x' is not a Java identifier",
    "[INFO] Can't extract module name from foo-default-1.0.jar: foo.default: Invalid module name: 'default' is not a Java identifier",
    "[INFO] Can't extract module name from top-1.0.jar: Top.class found in top-level directory (unnamed package not allowed in module)",
    `[INFO] Can't extract module name from zipped-1.0.zip: Module format not recognized: ${zipped()}`,
    "[INFO] Can't extract module name from dummy-1.0.jar: zip END header not found",
  ];
  const resolvedLines = [
    '   zz.mod:plain:jar:1.0:compile -- module plain (auto)',
    '   zz.mod:plain:test-jar:tests:1.0:test -- module plain (auto)',
    '   zz.mod:modular:jar:1.0:compile (optional) -- module com.example.modular',
    '   zz.mod:autoname:jar:1.0:provided -- module com.example.auto [auto]',
    '   zz.mod:1x:jar:1.0:compile',
    '   zz.mod:foo-default:jar:1.0:compile',
    '   zz.mod:top:jar:1.0:runtime',
    '   zz.mod:zipped:zip:1.0:compile',
    '   zz.mod:Weird_Name.v2:jar:1.0:compile -- module Weird.Name.v2 (auto)',
    '   zz.mod:dummy:jar:1.0:compile',
  ];

  it("logs the list with module names, optional marks and the JDK's module messages", () => {
    const r = run('dependency:list');
    expect(r.status, r.stdout).to.equal(0);
    expect(goalLines(r.stdout, 'list')).to.deep.equal([
      ...moduleLog(),
      '[INFO]',
      '[INFO] The following files have been resolved:',
      ...resolvedLines.map((l) => `[INFO] ${l}`),
      '[INFO]',
    ]);
  });

  it('writes -DoutputFile exactly like Maven, appends with -DappendOutput, and filters with -DincludeScope', () => {
    expect(run('dependency:list', '-DoutputFile=deps.txt').status).to.equal(0);
    const file = path.join(f.project, 'deps.txt');
    expect(readFileSync(file, 'utf8')).to.equal(
      `\nThe following files have been resolved:\n${resolvedLines.join('\n')}\n\n`,
    );
    expect(
      run(
        'dependency:list',
        '-DoutputFile=deps.txt',
        '-DincludeScope=runtime',
        '-DappendOutput=true',
        '-Dmdep.outputScope=false',
        '-Dsort=true',
      ).status,
    ).to.equal(0);
    expect(readFileSync(file, 'utf8')).to.equal(
      `\nThe following files have been resolved:\n${resolvedLines.join('\n')}\n\n` +
        '\nThe following files have been resolved:\n' +
        [
          '   zz.mod:1x:jar:1.0',
          '   zz.mod:Weird_Name.v2:jar:1.0 -- module Weird.Name.v2 (auto)',
          '   zz.mod:dummy:jar:1.0',
          '   zz.mod:foo-default:jar:1.0',
          '   zz.mod:modular:jar:1.0 -- module com.example.modular',
          '   zz.mod:plain:jar:1.0 -- module plain (auto)',
          '   zz.mod:top:jar:1.0',
          '   zz.mod:zipped:zip:1.0',
        ].join('\n') +
        '\n\n',
    );
  });

  it('lists artifacts with a marker as skipped, as Maven checks markers (a dangling link is no marker, a directory is)', () => {
    const markers = path.join(f.project, 'target', 'dependency-maven-plugin-markers');
    mkdirSync(markers, { recursive: true });
    writeFileSync(path.join(markers, 'zz.mod-plain-jar-1.0.resolved'), '');
    symlinkSync(path.join(markers, 'no-such-target'), path.join(markers, 'zz.mod-top-jar-1.0.unresolved'));
    mkdirSync(path.join(markers, 'zz.mod-dummy-jar-1.0.resolved'));
    expect(run('dependency:list', '-DoutputFile=deps.txt').status).to.equal(0);
    const skipped = ['   zz.mod:plain:jar:1.0:compile -- module plain (auto)', '   zz.mod:dummy:jar:1.0:compile'];
    const text = readFileSync(path.join(f.project, 'deps.txt'), 'utf8');
    expect(text.slice(text.indexOf('The following files were skipped:'))).to.equal(
      ['The following files were skipped:', ...skipped, '', ''].join('\n'),
    );
    expect(text).to.contain('\n   zz.mod:top:jar:1.0:runtime\n');
  });

  it("filters with the plugin's token rules: an empty inner token of includeGroupIds is a prefix of every groupId (as mvn 3.5.0)", () => {
    expect(run('dependency:list', '-DoutputFile=all.txt').status).to.equal(0);
    expect(run('dependency:list', '-DoutputFile=none.txt', '-DincludeGroupIds=zz.none').status).to.equal(0);
    expect(
      run('dependency:list', '-DoutputFile=empty-token.txt', '-DincludeGroupIds=zz.none,,zz.other').status,
    ).to.equal(0);
    const read = (name: string): string => readFileSync(path.join(f.project, name), 'utf8');
    expect(read('none.txt')).to.equal('\nThe following files have been resolved:\n   none\n\n');
    expect(read('empty-token.txt')).to.equal(read('all.txt'));
  });

  it('adds absolute file names with -DoutputAbsoluteArtifactFilename', () => {
    expect(
      run(
        'dependency:list',
        '-DoutputFile=deps.txt',
        '-DoutputAbsoluteArtifactFilename=true',
        '-DincludeArtifactIds=zipped,plain',
      ).status,
    ).to.equal(0);
    expect(readFileSync(path.join(f.project, 'deps.txt'), 'utf8')).to.equal(
      '\nThe following files have been resolved:\n' +
        `   zz.mod:zipped:zip:1.0:compile:${zipped()}\n` +
        `   zz.mod:plain:jar:1.0:compile:${path.join(f.repo, 'zz/mod/plain/1.0/plain-1.0.jar')} -- module plain (auto)\n` +
        `   zz.mod:plain:test-jar:tests:1.0:test:${path.join(f.repo, 'zz/mod/plain/1.0/plain-1.0-tests.jar')} -- module plain (auto)\n\n`,
    );
  });

  it("rejects excludeScope=test and invalid scopes with the plugin's messages", () => {
    const test = run('dependency:list', '-DexcludeScope=test');
    expect(test.status).to.equal(1);
    expect(test.stdout).to.include(
      "Excluding every artifact inside 'test' resolution scope means excluding everything: you probably want includeScope='compile', read parameters documentation for detailed explanations",
    );
    const invalid = run('dependency:list', '-DincludeScope=Runtime');
    expect(invalid.status).to.equal(1);
    expect(invalid.stdout).to.include('Invalid Scope in includeScope: Runtime');
  });

  it('prints the tree, writes it to a file and filters it by scope', () => {
    const tree = [
      'zz.mod:root:jar:1.0',
      '+- zz.mod:plain:jar:1.0:compile',
      '+- zz.mod:plain:test-jar:tests:1.0:test',
      '+- zz.mod:modular:jar:1.0:compile',
      '+- zz.mod:autoname:jar:1.0:provided',
      '+- zz.mod:1x:jar:1.0:compile',
      '+- zz.mod:foo-default:jar:1.0:compile',
      '+- zz.mod:top:jar:1.0:runtime',
      '+- zz.mod:zipped:zip:1.0:compile',
      '+- zz.mod:Weird_Name.v2:jar:1.0:compile',
      '\\- zz.mod:dummy:jar:1.0:compile',
    ];
    const r = run('dependency:tree');
    expect(r.status, r.stdout).to.equal(0);
    expect(goalLines(r.stdout, 'tree')).to.deep.equal(tree.map((l) => `[INFO] ${l}`));
    const toFile = run('dependency:tree', '-DoutputFile=tree.txt', '-Dscope=runtime');
    expect(goalLines(toFile.stdout, 'tree')).to.deep.equal([
      `[INFO] Wrote dependency tree to: ${path.join(f.project, 'tree.txt')}`,
    ]);
    expect(readFileSync(path.join(f.project, 'tree.txt'), 'utf8')).to.equal(
      [
        'zz.mod:root:jar:1.0',
        '+- zz.mod:plain:jar:1.0:compile',
        '+- zz.mod:modular:jar:1.0:compile',
        '+- zz.mod:1x:jar:1.0:compile',
        '+- zz.mod:foo-default:jar:1.0:compile',
        '+- zz.mod:top:jar:1.0:runtime',
        '+- zz.mod:zipped:zip:1.0:compile',
        '+- zz.mod:Weird_Name.v2:jar:1.0:compile',
        '\\- zz.mod:dummy:jar:1.0:compile',
        '',
      ].join('\n'),
    );
  });

  it('still prints the tree when an artifact file is missing (collection only), while list fails', () => {
    f.artifact('zz.mod:nojar:1.0', { files: [] });
    const pom = path.join(f.project, 'pom.xml');
    writeFileSync(
      pom,
      readFileSync(pom, 'utf8').replace(
        '</dependencies>',
        '    <dependency><groupId>zz.mod</groupId><artifactId>nojar</artifactId><version>1.0</version></dependency>\n  </dependencies>',
      ),
    );
    expect(run('dependency:tree').status).to.equal(0);
    const list = run('dependency:list');
    expect(list.status).to.equal(1);
    expect(list.stdout).to.include(
      '[ERROR] Failed to execute goal on project root: Could not resolve dependencies for project zz.mod:root:jar:1.0: Cannot access central ' +
        '(https://repo.maven.apache.org/maven2) in offline mode and the artifact zz.mod:nojar:jar:1.0 has not been downloaded from it before.',
    );
  });
});
