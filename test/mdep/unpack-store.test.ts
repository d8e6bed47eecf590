import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pomXml } from '../resolver/support/fixture-repo';
import { runGoalhost } from '../support/run-goalhost';
import { snapshot, storeEntries } from '../unpack/store-support';
import { layOut, type ScenarioArtifact, type ScenarioLayout } from './support/scenario';

const D = 'org.apache.maven.plugins:maven-dependency-plugin:3.5.0:';
const UD = `${D}unpack-dependencies`;
const UNPACK = `${D}unpack`;

/** Two versions of a zip whose trees differ, and a tar.gz (copies of test/fixtures/unpack). */
const ARTIFACTS: readonly ScenarioArtifact[] = [
  { gav: 'zz.s:lib:1.0', files: ['zip'], archives: { zip: 'basic.zip' } },
  { gav: 'zz.s:lib:2.0', files: ['zip'], archives: { zip: 'other.zip' } },
  { gav: 'zz.s:tgz:1.0', files: ['tar.gz'], archives: { 'tar.gz': 'tree.tar.gz' } },
];

/**
 * dependency:unpack and dependency:unpack-dependencies with the store of unpacked trees
 * (goalhost.store*, default copy in goalhost-store beside the local repository) and sync mode
 * (syncOutputDirectory / goalhost.sync), run through the CLI: the output is the one a plain
 * extraction leaves, with the store cold and warm, copied and hard-linked.
 */
describe('dependency:unpack and unpack-dependencies: the store of unpacked trees and sync mode', function () {
  this.timeout(600_000);
  let root: string;
  let layout: ScenarioLayout;
  let since: number;
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-mdep-store-')));
    layout = layOut({ name: 'store', artifacts: ARTIFACTS, steps: [], trees: [] }, root, 'http://127.0.0.1:9');
    since = Date.now() - 1000;
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  /** The default store: `goalhost-store` beside the local repository. */
  const defaultStore = (): string => path.join(root, 'goalhost-store');

  /** A project in `name` depending on lib `version` and tgz, the dependency plugin configured with `configuration`. */
  function project(name: string, version: string, configuration = ''): string {
    const dir = path.join(root, name);
    fs.mkdirSync(dir, { recursive: true });
    const pom = pomXml('zz.p:ws:1', {
      dependencies: [
        { gav: `zz.s:lib:${version}`, type: 'zip' },
        { gav: 'zz.s:tgz:1.0', type: 'tar.gz' },
      ],
      extra:
        '  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId>' +
        `<version>3.5.0</version><configuration>${configuration}</configuration></plugin></plugins></build>`,
    });
    fs.writeFileSync(path.join(dir, 'pom.xml'), pom);
    return dir;
  }

  /** dependency:unpack's items: lib `version` and tgz into the default output directory. */
  const items = (version: string): string =>
    '<artifactItems>' +
    `<artifactItem><groupId>zz.s</groupId><artifactId>lib</artifactId><version>${version}</version><type>zip</type></artifactItem>` +
    '<artifactItem><groupId>zz.s</groupId><artifactId>tgz</artifactId><version>1.0</version><type>tar.gz</type></artifactItem>' +
    '</artifactItems>';

  function run(dir: string, ...args: string[]): { status: number | null; stdout: string } {
    const r = runGoalhost(['-B', '-o', `-Dmaven.repo.local=${layout.repo}`, '-s', layout.settings, ...args], dir);
    return { status: r.status, stdout: r.stdout };
  }

  function ok(dir: string, ...args: string[]): string {
    const r = run(dir, ...args);
    expect(r.status, r.stdout).to.equal(0);
    return r.stdout;
  }

  /** Files of the user's in an output directory (one beside the archives' files, one among them). */
  function mine(out: string): void {
    const t = new Date('2021-01-01T00:00:00Z');
    for (const [file, text] of [
      ['mine.txt', 'not from an archive\n'],
      ['include/mine.h', 'mine\n'],
    ]) {
      fs.writeFileSync(path.join(out, file), text);
      fs.utimesSync(path.join(out, file), t, t);
    }
  }

  const target = (dir: string): string[] => snapshot(path.join(dir, 'target'), since);

  for (const [goal, configuration] of [
    [UD, ''],
    [UNPACK, items('1.0')],
  ] as const) {
    const name = goal.slice(D.length);
    it(`${name}: cold and warm, copy and hardlink, leave the tree and markers of a plain extraction`, () => {
      const plain = project('plain', '1.0', configuration);
      ok(plain, goal, '-Dgoalhost.store=off');
      expect(fs.existsSync(defaultStore())).to.equal(false);
      const expected = target(plain);
      expect(expected.length).to.be.greaterThan(10);

      const cold = project('cold', '1.0', configuration);
      ok(cold, goal);
      expect(target(cold)).to.deep.equal(expected);
      expect(storeEntries(defaultStore())).to.have.length(2);
      const warm = project('warm', '1.0', configuration);
      ok(warm, goal, '-Dgoalhost.store=copy');
      expect(target(warm)).to.deep.equal(expected);
      const linked = project('linked', '1.0', configuration);
      ok(linked, goal, '-Dgoalhost.store=hardlink');
      expect(target(linked)).to.deep.equal(expected);
      expect(storeEntries(defaultStore())).to.have.length(2);
      // Placed from the store: the workspace's file is the stored one.
      expect(fs.statSync(path.join(linked, 'target', 'dependency', 'include', 'a.h')).nlink).to.equal(2);
      expect(fs.statSync(path.join(warm, 'target', 'dependency', 'include', 'a.h')).nlink).to.equal(1);
    });
  }

  for (const [goal, configuration, syncArgs] of [
    [UD, (_v: string) => '<syncOutputDirectory>true</syncOutputDirectory>', []],
    [UNPACK, items, ['-Dgoalhost.sync=true']],
  ] as const) {
    const name = goal.slice(D.length);
    it(`${name}: sync mode removes what the old version placed and the new one does not, never another file`, () => {
      const dir = project('ws', '1.0', configuration('1.0'));
      ok(dir, goal, ...syncArgs);
      const out = path.join(dir, 'target', 'dependency');
      expect(fs.existsSync(path.join(out, 'include', 'a.h'))).to.equal(true);
      mine(out);
      project('ws', '2.0', configuration('2.0'));
      ok(dir, goal, ...syncArgs);

      const fresh = project('fresh', '2.0', configuration('2.0'));
      ok(fresh, goal, '-Dgoalhost.store=off');
      const freshOut = path.join(fresh, 'target', 'dependency');
      fs.mkdirSync(path.join(freshOut, 'include'));
      mine(freshOut);
      const files = (d: string): string[] => snapshot(d, since).filter((l) => l.startsWith('f ') || l.startsWith('l '));
      expect(files(out)).to.deep.equal(files(freshOut));
      expect(fs.existsSync(path.join(out, 'src'))).to.equal(false);
      expect(fs.existsSync(path.join(out, 'empty'))).to.equal(false);

      // Without sync mode, Maven's behaviour: the old version's files stay.
      const kept = project('kept', '1.0', name === 'unpack' ? items('1.0') : '');
      ok(kept, goal);
      project('kept', '2.0', name === 'unpack' ? items('2.0') : '');
      ok(kept, goal);
      expect(fs.existsSync(path.join(kept, 'target', 'dependency', 'src', 'main.c'))).to.equal(true);
    });
  }

  it('a store location that cannot be written warns once and unpacks without it (never fails the build)', () => {
    const plain = project('plain', '1.0', items('1.0'));
    ok(plain, UNPACK, '-Dgoalhost.store=off');
    const blocker = path.join(root, 'a-file');
    fs.writeFileSync(blocker, 'not a directory\n');
    const storeDir = path.join(blocker, 'store');
    for (const mode of ['copy', 'hardlink']) {
      const dir = project(`ws-${mode}`, '1.0', items('1.0'));
      const stdout = ok(dir, UNPACK, `-Dgoalhost.store=${mode}`, `-Dgoalhost.store.dir=${storeDir}`);
      expect(target(dir)).to.deep.equal(target(plain));
      // Two items, two unpacks, one warning.
      expect(stdout.split('\n').filter((l) => l.startsWith('[WARNING]'))).to.deep.equal([
        `[WARNING] The store of unpacked trees ${storeDir} cannot be written (ENOTDIR): unpacking without it. Give a writable directory with -Dgoalhost.store.dir=DIR, or -Dgoalhost.store=off`,
      ]);
    }
    // unpack-dependencies: the same.
    const ws = project('ws-ud', '1.0');
    const r = runGoalhost(
      ['-B', '-o', `-Dmaven.repo.local=${layout.repo}`, '-s', layout.settings, UD, `-Dgoalhost.store.dir=${storeDir}`],
      ws,
    );
    expect(r.status, r.stdout).to.equal(0);
    expect(r.stdout).to.contain(`[WARNING] The store of unpacked trees ${storeDir} cannot be written (ENOTDIR)`);
  });
});
