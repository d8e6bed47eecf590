import { expect } from 'chai';
import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { generator } from './fixtures';
import { changes, Sandbox, STACK_FRAME, type Run, type Snapshot } from './sandbox';

/**
 * Hostile coordinates: `../`, `/` or `\` in a groupId, artifactId,
 * version, classifier or type, wherever they come from (the project's POM, a repository POM, its
 * parent, dependencyManagement, an import BOM, a relocation, a snapshot's maven-metadata.xml, a
 * repository id), through the real CLI against a local repository and a hostile HTTP repository
 * on loopback that answers every path. Each run must fail (or, where Maven drops an invalid
 * repository POM, succeed without it) with the whole message pinned, and create nothing outside
 * the local repository and the project's target directory: the whole sandbox is compared before
 * and after, and every path the coordinates aim at is checked.
 */

const ZIP = generator.zip([{ name: 'ok.txt', data: 'ok\n', mode: 0o644 }]);
const REFUSED =
  "goalhost refuses coordinates with path separators or '.'/'..' segments, which could place files outside the repository";
/** Five levels up from a file's version directory in the repository is the sandbox root. */
const UP = '../../../../..';

function pom(gav: string, body = ''): string {
  const [g, a, v] = gav.split(':');
  return `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>${g}</groupId><artifactId>${a}</artifactId><version>${v}</version>\n${body}</project>\n`;
}

function dep(gav: string, extra = ''): string {
  const [g, a, v] = gav.split(':');
  return `    <dependency><groupId>${g}</groupId><artifactId>${a}</artifactId>${v !== undefined ? `<version>${v}</version>` : ''}${extra}</dependency>\n`;
}

const deps = (...d: string[]): string => `  <dependencies>\n${d.join('')}  </dependencies>\n`;
const managed = (...d: string[]): string =>
  `  <dependencyManagement><dependencies>\n${d.join('')}  </dependencies></dependencyManagement>\n`;
const snapshotRepository = (id: string, url: string): string =>
  `  <repositories><repository><id>${id}</id><url>${url}</url><snapshots><enabled>true</enabled></snapshots></repository></repositories>\n`;
const relocation = (to: string): string =>
  `  <distributionManagement><relocation>${to}</relocation></distributionManagement>\n`;

/** A sandbox whose local repository holds these POMs (by `g:a:v`) and a zip for each `jars` entry. */
function world(prefix: string, poms: Record<string, string>, jars: readonly string[] = []): Sandbox {
  const s = Sandbox.create(prefix);
  for (const [gav, text] of Object.entries(poms)) {
    const [g, a, v] = gav.split(':');
    const file = path.join(s.repo, ...g.split('.'), a, v, `${a}-${v}.pom`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  for (const gav of jars) {
    const [g, a, v] = gav.split(':');
    s.install({ groupId: g, artifactId: a, version: v, type: 'jar' }, ZIP);
  }
  return s;
}

function writeProject(s: Sandbox, body: string): string {
  const file = path.join(s.proj, 'pom.xml');
  fs.writeFileSync(file, pom('t:p:1', `  <packaging>pom</packaging>\n${body}`));
  return file;
}

/** Where Maven's layout puts a file of these coordinates, `..` and all (the place an attack aims at). */
function aimedAt(s: Sandbox, g: string, a: string, dirVersion: string, name: string): string {
  return path.join(s.repo, ...g.split('.'), a, dirVersion, name);
}

/** Nothing created, changed or removed outside `allowed` (sandbox-relative prefixes); no aimed-at file exists. */
function expectNothingOutside(
  s: Sandbox,
  before: Snapshot,
  aims: readonly string[],
  allowed: readonly string[] = ['repo'],
): void {
  const under = (file: string, dir: string): boolean => file === dir || file.startsWith(`${dir}/`);
  const outside = changes(before, s.snapshot()).filter((c) => !allowed.some((dir) => under(c.slice(2), dir)));
  expect(outside, 'changes outside the repository').to.deep.equal([]);
  for (const aim of aims) {
    // The aim really is outside the repository, so the snapshot above would have seen it.
    expect(path.relative(s.repo, aim).startsWith('..'), `${aim} aims outside the repository`).to.equal(true);
    expect(fs.existsSync(aim), aim).to.equal(false);
  }
}

const unpackOffline = (s: Sandbox, ...extra: string[]): Promise<Run> =>
  s.run(s.unpackArgs(...extra), { timeoutMs: 60_000 });

function expectFailure(run: Run, firstError: string): void {
  expect(run.signal, run.stdout).to.equal(null);
  expect(run.status, run.stdout).to.equal(1);
  expect(run.stdout).not.to.match(STACK_FRAME);
  expect(
    run.stdout.split('\n').find((l) => l.startsWith('[ERROR]')),
    run.stdout,
  ).to.equal(firstError);
}

/**
 * Maven's project-building failure: its problem block first, then the summary, `The project … has
 * N error(s)` and each problem (as printed, with its help key if it has one) indented.
 */
function expectProjectErrors(run: Run, pomFile: string, problems: readonly string[], projectId = 't:p:1'): void {
  const count = problems.length === 1 ? '1 error' : `${problems.length} errors`;
  expectFailure(run, '[ERROR] [ERROR] Some problems were encountered while processing the POMs:');
  const at = run.stdout.indexOf('[ERROR] The build could not read');
  expect(
    run.stdout
      .slice(at)
      .split('\n')
      .slice(0, 3 + problems.length),
  ).to.deep.equal([
    '[ERROR] The build could not read 1 project -> [Help 1]',
    '[ERROR]   ',
    `[ERROR]   The project ${projectId} (${pomFile}) has ${count}`,
    ...problems.map((p) => `[ERROR]     ${p}`),
  ]);
}

/** A goal's dependency resolution failure, as Maven's first [ERROR] line. */
const resolutionFailure = (detail: string): string =>
  `[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: ${detail} -> [Help 1]`;

describe('hostile coordinates', function () {
  this.timeout(120_000);
  const sandboxes: Sandbox[] = [];
  const make = (prefix: string, poms: Record<string, string> = {}, jars: readonly string[] = []): Sandbox => {
    const s = world(prefix, poms, jars);
    sandboxes.push(s);
    return s;
  };
  after(() => sandboxes.forEach((s) => s.dispose()));

  describe("the project's POM: Maven's model validator, message for message", () => {
    // Checked against mvn 3.8.7 on the same POMs (the project's own dependencies are validated
    // strictly; type and classifier are not checked by Maven, the repository layout refuses them).
    const cases: ReadonlyArray<{
      name: string;
      dep: string;
      problem?: string;
      error?: string;
      aim?: (s: Sandbox) => string;
    }> = [
      {
        name: 'groupId',
        dep: dep(`g/${UP}/escaped:a:1.0`),
        problem: `'dependencies.dependency.groupId' for g/${UP}/escaped:a:jar with value 'g/${UP}/escaped' does not match a valid id pattern. @ line 7, column 26`,
        aim: (s) => path.join(s.repo, 'g', ...UP.split('/'), 'escaped', 'a', '1.0', 'a-1.0.jar'),
      },
      {
        name: 'artifactId',
        dep: dep(`g:x/${UP}/escaped:1.0`),
        problem: `'dependencies.dependency.artifactId' for g:x/${UP}/escaped:jar with value 'x/${UP}/escaped' does not match a valid id pattern. @ line 7, column 49`,
        aim: (s) => aimedAt(s, 'g', `x/${UP}/escaped`, '1.0', 'escaped-1.0.jar'),
      },
      {
        name: 'version',
        dep: dep(`g:a:1.0/${UP}/escaped`),
        problem: `'dependencies.dependency.version' for g:a:jar must not contain any of these characters \\/:"<>|?* but found / @ line 7, column 72`,
        aim: (s) => aimedAt(s, 'g', 'a', `1.0/${UP}/escaped`, `a-1.0/${UP}/escaped.jar`),
      },
      {
        name: 'version with backslashes',
        dep: dep('g:a:1.0\\..\\..\\escaped'),
        problem: `'dependencies.dependency.version' for g:a:jar must not contain any of these characters \\/:"<>|?* but found \\ @ line 7, column 72`,
      },
      {
        name: 'classifier',
        dep: dep('g:a:1.0', `<classifier>x/${UP}/escaped</classifier>`),
        error: resolutionFailure(
          `Invalid coordinates g:a:jar:x/${UP}/escaped:1.0: the classifier 'x/${UP}/escaped' contains '/'; ${REFUSED}`,
        ),
        aim: (s) => aimedAt(s, 'g', 'a', '1.0', `a-1.0-x/${UP}/escaped.jar`),
      },
      {
        name: 'type',
        dep: dep('g:a:1.0', `<type>x/${UP}/escaped</type>`),
        error: resolutionFailure(
          `Invalid coordinates g:a:x/${UP}/escaped:1.0: the type 'x/${UP}/escaped' contains '/'; ${REFUSED}`,
        ),
        aim: (s) => aimedAt(s, 'g', 'a', '1.0', `a-1.0.x/${UP}/escaped`),
      },
      {
        // Both pass Maven's validator ('..' matches its id pattern and holds none of its characters).
        name: "artifactId and version '..'",
        dep: dep('g:..:..'),
        error: resolutionFailure(
          `Failed to collect dependencies at g:..:jar:..: Failed to read artifact descriptor for g:..:jar:..: Invalid coordinates g:..:pom:..: the artifactId is '..'; ${REFUSED}`,
        ),
        aim: (s) => aimedAt(s, 'g', '..', '..', '..-...jar'),
      },
    ];
    for (const c of cases) {
      it(`refuses a hostile ${c.name}`, async () => {
        const s = make('coord-project', {}, ['g:a:1.0']);
        const pomFile = writeProject(s, deps(dep('g:a:1.0'), c.dep));
        const before = s.snapshot();
        const run = await unpackOffline(s);
        if (c.problem) expectProjectErrors(run, pomFile, [c.problem]);
        else expectFailure(run, c.error!);
        expectNothingOutside(s, before, c.aim ? [c.aim(s)] : []);
      });
    }

    it('refuses hostile coordinates of an import BOM and of a parent before anything is read for them', async () => {
      const s = make('coord-import');
      const pomFile = path.join(s.proj, 'pom.xml');
      fs.writeFileSync(
        pomFile,
        pom(
          't:p:1',
          `  <packaging>pom</packaging>\n` +
            managed(
              dep(`g:bom:1/${UP}/escaped`, '<type>pom</type><scope>import</scope>'),
              dep(`g:x\\y:1`, '<type>pom</type><scope>import</scope>'),
            ),
        ),
      );
      const before = s.snapshot();
      const run = await unpackOffline(s);
      expectProjectErrors(run, pomFile, [
        `Non-resolvable import POM: Invalid coordinates g:bom:pom:1/${UP}/escaped: the version '1/${UP}/escaped' contains '/'; ${REFUSED} @ line 6, column 17 -> [Help 2]`,
        `Non-resolvable import POM: Invalid coordinates g:x\\y:pom:1: the artifactId 'x\\y' contains '\\'; ${REFUSED} @ line 7, column 17 -> [Help 2]`,
      ]);
      expectNothingOutside(s, before, [aimedAt(s, 'g', 'bom', `1/${UP}/escaped`, `bom-1/${UP}/escaped.pom`)]);

      fs.writeFileSync(
        pomFile,
        `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <parent><groupId>g</groupId><artifactId>parent</artifactId><version>1/${UP}/escaped</version><relativePath/></parent>\n` +
          `  <artifactId>p</artifactId><packaging>pom</packaging>\n</project>\n`,
      );
      const before2 = s.snapshot();
      const run2 = await unpackOffline(s);
      expectProjectErrors(
        run2,
        pomFile,
        [
          `Non-resolvable parent POM for g:p:1/${UP}/escaped: Invalid coordinates g:parent:pom:1/${UP}/escaped: the version '1/${UP}/escaped' contains '/'; ${REFUSED} and 'parent.relativePath' points at no local POM @ line 3, column 11 -> [Help 2]`,
        ],
        `g:p:1/${UP}/escaped`,
      );
      expectNothingOutside(s, before2, []);
    });

    it('refuses a hostile version the project gets from an imported BOM (Maven validates the effective model)', async () => {
      const s = make('coord-bom-version', {
        'g:bom:1': pom('g:bom:1', `  <packaging>pom</packaging>\n${managed(dep(`g:a:1.0/${UP}/escaped`))}`),
      });
      const pomFile = writeProject(
        s,
        managed(dep('g:bom:1', '<type>pom</type><scope>import</scope>')) + deps(dep('g:a')),
      );
      const before = s.snapshot();
      const run = await unpackOffline(s);
      // Located in the BOM, as Maven locates it (Maven names the <version> element, line 6, column 72:
      // repository POMs are read without element positions, so goalhost names the <dependency>).
      const bom = path.join(s.repo, 'g', 'bom', '1', 'bom-1.pom');
      expectProjectErrors(run, pomFile, [
        `'dependencies.dependency.version' for g:a:jar must not contain any of these characters \\/:"<>|?* but found / @ g:bom:1, ${bom}, line 6, column 17`,
      ]);
      expectNothingOutside(s, before, []);
    });
  });

  describe('repository POMs in the local repository', () => {
    it("drops a dependency POM whose dependency has a hostile groupId or artifactId, as Maven does ('is invalid')", async () => {
      const s = make(
        'coord-transitive-id',
        {
          'h:a:1': pom('h:a:1', deps(dep(`g:x/${UP}/escaped:1.0`))),
          'h:b:1': pom('h:b:1', deps(dep(`g/${UP}/escaped:x:1.0`))),
        },
        ['h:a:1', 'h:b:1'],
      );
      writeProject(s, deps(dep('h:a:1'), dep('h:b:1')));
      const before = s.snapshot();
      const run = await unpackOffline(s);
      expect(run.status, run.stdout).to.equal(0);
      const warnings = run.stdout.split('\n').filter((l) => l.startsWith('[WARNING]'));
      expect(warnings).to.deep.equal([
        '[WARNING] The POM for h:a:jar:1 is invalid, transitive dependencies (if any) will not be available, enable debug logging for more details',
        '[WARNING] The POM for h:b:jar:1 is invalid, transitive dependencies (if any) will not be available, enable debug logging for more details',
      ]);
      expectNothingOutside(s, before, [], ['repo', 'proj/target']);
    });

    const transitive: ReadonlyArray<{ name: string; poms: Record<string, string>; project?: string; error: string }> = [
      {
        name: 'version',
        poms: { 'h:a:1': pom('h:a:1', deps(dep(`g:y:1/${UP}/escaped`))) },
        error: resolutionFailure(
          `Failed to collect dependencies at h:a:jar:1 -> g:y:jar:1/${UP}/escaped: Failed to read artifact descriptor for g:y:jar:1/${UP}/escaped: ` +
            `Invalid coordinates g:y:pom:1/${UP}/escaped: the version '1/${UP}/escaped' contains '/'; ${REFUSED}`,
        ),
      },
      {
        name: 'classifier',
        poms: {
          'h:a:1': pom('h:a:1', deps(dep('g:y:1', `<classifier>x/${UP}/escaped</classifier>`))),
          'g:y:1': pom('g:y:1'),
        },
        error: resolutionFailure(
          `Invalid coordinates g:y:jar:x/${UP}/escaped:1: the classifier 'x/${UP}/escaped' contains '/'; ${REFUSED}`,
        ),
      },
      {
        name: 'type',
        poms: { 'h:a:1': pom('h:a:1', deps(dep('g:y:1', `<type>x\\..\\escaped</type>`))), 'g:y:1': pom('g:y:1') },
        error: resolutionFailure(
          `Invalid coordinates g:y:x\\..\\escaped:1: the type 'x\\..\\escaped' contains '\\'; ${REFUSED}`,
        ),
      },
      {
        name: "artifactId and version '..'",
        poms: { 'h:a:1': pom('h:a:1', deps(dep('g:..:..'))) },
        error: resolutionFailure(
          `Failed to collect dependencies at h:a:jar:1 -> g:..:jar:..: Failed to read artifact descriptor for g:..:jar:..: Invalid coordinates g:..:pom:..: the artifactId is '..'; ${REFUSED}`,
        ),
      },
      {
        name: 'parent',
        poms: {
          'h:a:1': pom(
            'h:a:1',
            `  <parent><groupId>g</groupId><artifactId>parent</artifactId><version>1/${UP}/escaped</version></parent>\n`,
          ),
        },
        error: resolutionFailure(
          `Failed to collect dependencies at h:a:jar:1: Failed to read artifact descriptor for h:a:jar:1: Invalid coordinates g:parent:pom:1/${UP}/escaped: the version '1/${UP}/escaped' contains '/'; ${REFUSED}`,
        ),
      },
      {
        name: 'relocation target',
        poms: { 'h:a:1': pom('h:a:1', relocation(`<version>1/${UP}/escaped</version>`)) },
        error: resolutionFailure(
          `Failed to collect dependencies at h:a:jar:1: Failed to read artifact descriptor for h:a:jar:1/${UP}/escaped: Invalid coordinates h:a:pom:1/${UP}/escaped: the version '1/${UP}/escaped' contains '/'; ${REFUSED}`,
        ),
      },
      {
        name: "version managed by the project's dependencyManagement",
        poms: { 'h:a:1': pom('h:a:1', deps(dep('g:y:1'))), 'g:y:1': pom('g:y:1') },
        project: managed(dep(`g:y:1/${UP}/escaped`)),
        error: resolutionFailure(
          `Failed to collect dependencies at h:a:jar:1 -> g:y:jar:1/${UP}/escaped: Failed to read artifact descriptor for g:y:jar:1/${UP}/escaped: ` +
            `Invalid coordinates g:y:pom:1/${UP}/escaped: the version '1/${UP}/escaped' contains '/'; ${REFUSED}`,
        ),
      },
    ];
    for (const c of transitive) {
      it(`refuses a hostile ${c.name} in a repository POM`, async () => {
        const s = make('coord-transitive', c.poms, ['h:a:1', 'g:y:1']);
        writeProject(s, (c.project ?? '') + deps(dep('h:a:1')));
        const before = s.snapshot();
        const run = await unpackOffline(s);
        expectFailure(run, c.error);
        expectNothingOutside(s, before, []);
      });
    }

    it('refuses a hostile snapshot version in the cached maven-metadata of the local repository (offline)', async () => {
      const s = make('coord-local-metadata', { 'g:s:1.0-SNAPSHOT': pom('g:s:1.0-SNAPSHOT') });
      const dir = path.join(s.repo, 'g', 's', '1.0-SNAPSHOT');
      fs.writeFileSync(
        path.join(dir, 'maven-metadata-snapshots.xml'),
        metadata('1.0-SNAPSHOT', { value: `1.0-x/${UP}/escaped` }),
      );
      fs.writeFileSync(path.join(dir, '_remote.repositories'), 's-1.0-SNAPSHOT.pom>snapshots=\n');
      writeProject(
        s,
        snapshotRepository('snapshots', 'https://snapshots.invalid/repo') + deps(dep('g:s:1.0-SNAPSHOT')),
      );
      const before = s.snapshot();
      const run = await unpackOffline(s);
      expectFailure(
        run,
        resolutionFailure(
          'Failed to collect dependencies at g:s:jar:1.0-SNAPSHOT: Failed to read artifact descriptor for g:s:jar:1.0-SNAPSHOT: ' +
            `Invalid maven-metadata.xml of g:s:1.0-SNAPSHOT in snapshots (https://snapshots.invalid/repo): the snapshot version '1.0-x/${UP}/escaped' ` +
            'is neither 1.0-SNAPSHOT nor 1.0-<yyyyMMdd.HHmmss>-<buildNumber> (from its <value>, or <timestamp> and <buildNumber>)',
        ),
      );
      expectNothingOutside(s, before, [path.join(dir, `s-1.0-x/${UP}/escaped.pom`)]);
    });
  });

  describe('a hostile remote repository (HTTP on loopback, answering every path)', () => {
    let server: HostileServer;
    before(async () => {
      server = new HostileServer();
      await server.start();
    });
    after(() => server.stop());

    /** A sandbox whose settings mirror central to the hostile server. */
    function makeOnline(prefix: string): Sandbox {
      const s = make(prefix);
      fs.writeFileSync(
        path.join(s.root, 'settings.xml'),
        `<settings><mirrors><mirror><id>hostile</id><mirrorOf>central</mirrorOf><url>${server.url}</url></mirror></mirrors></settings>\n`,
      );
      return s;
    }

    function unpackOnline(s: Sandbox): Promise<Run> {
      return s.run(
        ['-B', '-s', path.join(s.root, 'settings.xml'), `-Dmaven.repo.local=${s.repo}`, 'cxx:unpack-dependencies'],
        { timeoutMs: 60_000 },
      );
    }

    it('refuses a classifier and a type that would download outside the repository', async () => {
      const s = makeOnline('coord-remote-project');
      writeProject(s, deps(dep('g:c:1.0', `<classifier>x/${UP}/escaped-c</classifier>`)));
      const before = s.snapshot();
      const run = await unpackOnline(s);
      expectFailure(
        run,
        resolutionFailure(
          `Invalid coordinates g:c:jar:x/${UP}/escaped-c:1.0: the classifier 'x/${UP}/escaped-c' contains '/'; ${REFUSED}`,
        ),
      );
      expectNothingOutside(s, before, [aimedAt(s, 'g', 'c', '1.0', `c-1.0-x/${UP}/escaped-c.jar`)]);
      expect(server.requests.filter((r) => r.includes('escaped'))).to.deep.equal([]);

      writeProject(s, deps(dep('g:t:1.0', `<type>x/${UP}/escaped-t</type>`)));
      const before2 = s.snapshot();
      const run2 = await unpackOnline(s);
      expectFailure(
        run2,
        resolutionFailure(
          `Invalid coordinates g:t:x/${UP}/escaped-t:1.0: the type 'x/${UP}/escaped-t' contains '/'; ${REFUSED}`,
        ),
      );
      expectNothingOutside(s, before2, [aimedAt(s, 'g', 't', '1.0', `t-1.0.x/${UP}/escaped-t`)]);
    });

    it('refuses a downloaded POM whose dependency has a hostile version, before requesting it', async () => {
      server.files.set('/repo/h/r/1/r-1.pom', pom('h:r:1', deps(dep(`g:y:1/${UP}/escaped-r`))));
      const s = makeOnline('coord-remote-transitive');
      writeProject(s, deps(dep('h:r:1')));
      const before = s.snapshot();
      const run = await unpackOnline(s);
      expectFailure(
        run,
        resolutionFailure(
          `Failed to collect dependencies at h:r:jar:1 -> g:y:jar:1/${UP}/escaped-r: Failed to read artifact descriptor for g:y:jar:1/${UP}/escaped-r: ` +
            `Invalid coordinates g:y:pom:1/${UP}/escaped-r: the version '1/${UP}/escaped-r' contains '/'; ${REFUSED}`,
        ),
      );
      expectNothingOutside(s, before, [aimedAt(s, 'g', 'y', `1/${UP}/escaped-r`, `y-1/${UP}/escaped-r.pom`)]);
      expect(server.requests.filter((r) => r.includes('escaped'))).to.deep.equal([]);
    });

    const snapshots: ReadonlyArray<{
      name: string;
      artifactId: string;
      meta: Parameters<typeof metadata>[1];
      resolved: string;
    }> = [
      {
        name: '<value>',
        artifactId: 'sv',
        meta: { value: `1.0-x/${UP}/escaped-v` },
        resolved: `1.0-x/${UP}/escaped-v`,
      },
      {
        name: '<timestamp>',
        artifactId: 'st',
        meta: { timestamp: `x/${UP}/escaped-ts`, buildNumber: '1' },
        resolved: `1.0-x/${UP}/escaped-ts-1`,
      },
      {
        name: '<buildNumber>',
        artifactId: 'sb',
        meta: { timestamp: '20240101.120000', buildNumber: `1/${UP}/escaped-bn` },
        resolved: '1.0-20240101.120000-NaN',
      },
    ];
    for (const c of snapshots) {
      it(`refuses a maven-metadata.xml whose snapshot ${c.name} holds a path`, async () => {
        server.files.set(`/repo/g/${c.artifactId}/1.0-SNAPSHOT/maven-metadata.xml`, metadata('1.0-SNAPSHOT', c.meta));
        const s = makeOnline('coord-remote-metadata');
        writeProject(s, snapshotRepository('snapshots', server.url) + deps(dep(`g:${c.artifactId}:1.0-SNAPSHOT`)));
        const before = s.snapshot();
        const run = await unpackOnline(s);
        const gav = `g:${c.artifactId}:1.0-SNAPSHOT`;
        expectFailure(
          run,
          resolutionFailure(
            `Failed to collect dependencies at g:${c.artifactId}:jar:1.0-SNAPSHOT: Failed to read artifact descriptor for g:${c.artifactId}:jar:1.0-SNAPSHOT: ` +
              `Invalid maven-metadata.xml of ${gav} in snapshots (${server.url}): the snapshot version '${c.resolved}' ` +
              'is neither 1.0-SNAPSHOT nor 1.0-<yyyyMMdd.HHmmss>-<buildNumber> (from its <value>, or <timestamp> and <buildNumber>)',
          ),
        );
        const dir = path.join(s.repo, 'g', c.artifactId, '1.0-SNAPSHOT');
        // (a <buildNumber> is read as a number, so it never reaches a path; it is refused all the same)
        const aims = c.resolved.includes('/')
          ? [path.join(dir, `${c.artifactId}-${c.resolved}.pom`), path.join(dir, `${c.artifactId}-${c.resolved}.jar`)]
          : [];
        expectNothingOutside(s, before, aims);
        expect(server.requests.filter((r) => r.includes('escaped'))).to.deep.equal([]);
      });
    }

    it('refuses a repository id that would name a metadata file outside the repository', async () => {
      const s = makeOnline('coord-remote-repo-id');
      const id = `x/${UP}/escaped-id`;
      writeProject(s, snapshotRepository(id, server.url) + deps(dep('g:sid:1.0-SNAPSHOT')));
      const before = s.snapshot();
      const run = await unpackOnline(s);
      expectFailure(
        run,
        resolutionFailure(
          'Failed to collect dependencies at g:sid:jar:1.0-SNAPSHOT: Failed to read artifact descriptor for g:sid:jar:1.0-SNAPSHOT: ' +
            `Invalid repository id '${id}' (${server.url}) for g:sid:pom:1.0-SNAPSHOT: an id must not contain '/', '\\' or NUL, as it names files in the local repository`,
        ),
      );
      expectNothingOutside(s, before, [path.join(s.repo, 'g', 'sid', '1.0-SNAPSHOT', `maven-metadata-${id}.xml`)]);
    });
  });

  describe('markers and per-artifact directories (item 3: coordinates that reach the unpack goal)', () => {
    // A system-scope dependency is never looked up in a repository, so its coordinates reach the goal.
    function systemProject(s: Sandbox, extra: string): void {
      const lib = path.join(s.root, 'lib.zip');
      fs.writeFileSync(lib, ZIP);
      writeProject(
        s,
        deps(dep('g:s:1.0', `<type>zip</type>${extra}<scope>system</scope><systemPath>${lib}</systemPath>`)),
      );
    }

    it('refuses a marker file outside the markers directory, before unpacking anything', async () => {
      const s = make('coord-marker');
      systemProject(s, `<classifier>x/../../../../escaped-marker</classifier>`);
      const before = s.snapshot();
      const run = await unpackOffline(s);
      const markers = path.join(s.proj, 'target', 'dependency-maven-plugin-markers');
      const marker = path.join(s.root, 'escaped-marker-1.0.marker');
      expectFailure(
        run,
        '[ERROR] Failed to execute goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (default-cli) on project p: ' +
          `The marker file of g:s:zip:x/../../../../escaped-marker:1.0 would be ${marker}, outside the markers directory ${markers}: its coordinates hold a path, which goalhost refuses -> [Help 1]`,
      );
      expect(changes(before, s.snapshot())).to.deep.equal([]);
      expect(fs.existsSync(marker)).to.equal(false);
    });

    it('refuses a per-artifact directory outside the output directory (useSubDirectoryPerArtifact)', async () => {
      const s = make('coord-subdir');
      systemProject(s, `<classifier>x/../../../../escaped-dir</classifier>`);
      const before = s.snapshot();
      // overWriteReleases skips the marker check, so the directory is the first thing computed from the coordinates.
      const run = await unpackOffline(s, '-Dmdep.useSubDirectoryPerArtifact=true', '-DoverWriteReleases=true');
      const out = path.join(s.proj, 'target', 'dependency');
      const aim = path.join(s.root, 'escaped-dir-zip');
      expectFailure(
        run,
        '[ERROR] Failed to execute goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (default-cli) on project p: ' +
          `g:s:zip:x/../../../../escaped-dir:1.0 would be unpacked to ${aim}, outside its place in the output directory ${out}: its coordinates hold a path, which goalhost refuses -> [Help 1]`,
      );
      expect(changes(before, s.snapshot())).to.deep.equal([]);
      expect(fs.existsSync(aim)).to.equal(false);
    });
  });

  describe('relocation loops (item 6)', () => {
    const cycle = (path_: string, chain: string): string =>
      resolutionFailure(
        `Failed to collect dependencies at ${path_}: Failed to read artifact descriptor for ${path_.split(' -> ').pop()}: Artifact relocations form a cycle: [${chain}]`,
      );
    const cases: ReadonlyArray<{
      name: string;
      poms: Record<string, string>;
      project?: string;
      warning?: string;
      error: string;
    }> = [
      {
        name: 'a self-relocation',
        poms: { 'h:a:1': pom('h:a:1', relocation('<artifactId>a</artifactId>')) },
        warning:
          'The POM for h:a:jar:1 is invalid, transitive dependencies (if any) will not be available: Artifact relocations form a cycle: [h:a:1]',
        error: cycle('h:a:jar:1', 'h:a:1'),
      },
      {
        name: 'A to B to A',
        poms: {
          'h:a:1': pom('h:a:1', relocation('<artifactId>b</artifactId>')),
          'h:b:1': pom('h:b:1', relocation('<artifactId>a</artifactId>')),
        },
        warning:
          'The POM for h:a:jar:1 is invalid, transitive dependencies (if any) will not be available: Artifact relocations form a cycle: [h:a:1, h:b:1]',
        error: cycle('h:a:jar:1', 'h:a:1, h:b:1'),
      },
      {
        name: 'A to B to C to B, below a dependency',
        poms: {
          'h:top:1': pom('h:top:1', deps(dep('h:a:1'))),
          'h:a:1': pom('h:a:1', relocation('<artifactId>b</artifactId>')),
          'h:b:1': pom('h:b:1', relocation('<groupId>i</groupId><artifactId>c</artifactId>')),
          'i:c:1': pom('i:c:1', relocation('<groupId>h</groupId><artifactId>b</artifactId>')),
        },
        warning:
          'The POM for h:b:jar:1 is invalid, transitive dependencies (if any) will not be available: Artifact relocations form a cycle: [h:a:1, h:b:1, i:c:1]',
        error: cycle('h:top:jar:1 -> h:a:jar:1', 'h:a:1, h:b:1, i:c:1'),
      },
      {
        // Each POM's chain ends, but the project's dependencyManagement sends every target back into it.
        name: 'a loop through dependencyManagement',
        poms: {
          'h:top:1': pom('h:top:1', deps(dep('h:a:1'))),
          'h:a:1': pom('h:a:1', relocation('<artifactId>b</artifactId>')),
          'h:b:1': pom('h:b:1'),
          'h:b:2': pom('h:b:2', relocation('<artifactId>c</artifactId><version>1</version>')),
          'h:c:1': pom('h:c:1'),
          'h:c:2': pom('h:c:2', relocation('<artifactId>a</artifactId><version>1</version>')),
        },
        project: managed(dep('h:b:2'), dep('h:c:2')),
        error: cycle('h:top:jar:1 -> h:c:jar:2', 'h:a:1, h:b:2, h:c:2'),
      },
    ];
    for (const c of cases) {
      it(`fails on ${c.name}, naming the cycle`, async () => {
        const s = make('relocation-loop', c.poms);
        writeProject(s, (c.project ?? '') + deps(dep(c.poms['h:top:1'] ? 'h:top:1' : 'h:a:1')));
        const before = s.snapshot();
        const run = await unpackOffline(s);
        expectFailure(run, c.error);
        const warnings = run.stdout.split('\n').filter((l) => l.startsWith('[WARNING]'));
        expect(warnings).to.deep.equal(c.warning ? [`[WARNING] ${c.warning}`] : []);
        expect(run.millis).to.be.below(30_000);
        expect(changes(before, s.snapshot())).to.deep.equal([]);
      });
    }

    it('bounds a relocation chain (a hostile repository could relocate forever)', async () => {
      const poms: Record<string, string> = {};
      for (let i = 0; i < 40; i++)
        poms[`h:r${i}:1`] = pom(`h:r${i}:1`, relocation(`<artifactId>r${i + 1}</artifactId>`));
      const s = make('relocation-chain', poms);
      writeProject(s, deps(dep('h:r0:1')));
      const run = await unpackOffline(s);
      const chain = Array.from({ length: 17 }, (_, i) => `h:r${i}:1`).join(', ');
      expectFailure(
        run,
        resolutionFailure(
          `Failed to collect dependencies at h:r0:jar:1: Failed to read artifact descriptor for h:r0:jar:1: Artifact relocations go on for more than 16 steps: [${chain}]`,
        ),
      );
    });
  });
});

/** A snapshot version's maven-metadata.xml, with the given (hostile) values. */
function metadata(version: string, v: { value?: string; timestamp?: string; buildNumber?: string }): string {
  const versions = v.value
    ? `<snapshotVersions>${['pom', 'jar'].map((e) => `<snapshotVersion><extension>${e}</extension><value>${v.value}</value><updated>20240101120000</updated></snapshotVersion>`).join('')}</snapshotVersions>`
    : '';
  const snapshot = v.timestamp
    ? `<snapshot><timestamp>${v.timestamp}</timestamp><buildNumber>${v.buildNumber}</buildNumber></snapshot>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<metadata><groupId>g</groupId><version>${version}</version><versioning>${snapshot}<lastUpdated>20240101120000</lastUpdated>${versions}</versioning></metadata>\n`;
}

/**
 * A hostile repository: the files it was given, no checksums, and a zip for every other path
 * (so any artifact, wherever its coordinates point, would be served). Records every request.
 */
class HostileServer {
  readonly files = new Map<string, string>();
  readonly requests: string[] = [];
  private server?: http.Server;

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/repo`;
  }

  start(): Promise<void> {
    this.server = http.createServer((req, res) => {
      const url = req.url ?? '/';
      this.requests.push(url);
      const known = this.files.get(decodeURIComponent(url));
      if (known !== undefined) res.writeHead(200).end(known);
      else if (/\.(sha1|md5|sha256|sha512|pom|xml)$/.test(url)) res.writeHead(404).end();
      else res.writeHead(200).end(ZIP);
    });
    return new Promise((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server?.closeAllConnections();
      this.server?.close(() => resolve());
    });
  }
}
