import { expect } from 'chai';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Artifact } from '@goalhost/model';
import type { UnpackDependenciesGoal } from '@goalhost/plugin-cxx';
import { GOALHOST_BIN } from '../support/paths';
import { artifact, runGoal, tempDir, treeOf } from './support';
import { fileCount, manyFilesZip, reached, writeProject, zipBuffer } from './store-support';

const T = new Date(Date.UTC(2019, 5, 1));

function writeZip(file: string, files: Record<string, string>): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(
    file,
    zipBuffer(Object.entries(files).map(([name, content]) => ({ name, content: Buffer.from(content), mtime: T }))),
  );
  return file;
}

/**
 * Sync mode (syncOutputDirectory / -Dgoalhost.sync=true): when an artifact is unpacked again as
 * another version, classifier or with other settings, what it placed before and no longer
 * places is removed; files it did not place (the user's, another artifact's) never are.
 */
describe('unpack: sync mode removes what an artifact placed and no longer places', function () {
  this.timeout(60_000);
  let dir: string;
  let out: string;
  let a1: string;
  let a2: string;
  let b: string;
  beforeEach(() => {
    dir = tempDir('unpack-sync');
    out = path.join(dir, 'target', 'dependency');
    a1 = writeZip(path.join(dir, 'repo', 'a-1.0.zip'), {
      'x.txt': 'x1\n',
      'y.txt': 'y1\n',
      'sub/old.txt': 'old\n',
      'gone/only.txt': 'only\n',
      'keep/shared.txt': 'shared\n',
      'common.txt': 'from a\n',
    });
    a2 = writeZip(path.join(dir, 'repo', 'a-2.0.zip'), {
      'x.txt': 'x2\n',
      'z.txt': 'z2\n',
      'keep/shared.txt': 'shared\n',
    });
    b = writeZip(path.join(dir, 'repo', 'b-1.0.zip'), { 'b.txt': 'b\n', 'common.txt': 'from b\n' });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const a = (version: string, file: string, overrides: Partial<Artifact> = {}): Artifact =>
    artifact(file, { artifactId: 'a', version, baseVersion: version, ...overrides });
  const bArtifact = (): Artifact => artifact(b, { artifactId: 'b' });

  async function run(artifacts: Artifact[], parameters: Partial<UnpackDependenciesGoal> = {}): Promise<void> {
    const result = await runGoal(dir, artifacts, parameters, undefined, false, {
      'goalhost.store.dir': path.join(dir, 'store'),
    });
    expect(result.error).to.equal(undefined);
  }

  /** Run 1 with a:1.0 and b, then the user's own files beside them. */
  async function first(sync: boolean): Promise<void> {
    await run([a('1.0', a1), bArtifact()], { syncOutputDirectory: sync });
    fs.writeFileSync(path.join(out, 'mine.txt'), 'mine\n');
    fs.writeFileSync(path.join(out, 'sub', 'mine.txt'), 'mine too\n');
  }

  it('a version bump removes the old files only (not the user’s, not another artifact’s, not a shared path)', async () => {
    await first(true);
    await run([a('2.0', a2), bArtifact()], { syncOutputDirectory: true });
    expect(treeOf(out)).to.deep.equal([
      'f 644 b.txt = "b\\n"',
      'f 644 common.txt = "from b\\n"',
      'd 755 keep/',
      'f 644 keep/shared.txt = "shared\\n"',
      'f 644 mine.txt = "mine\\n"',
      'd 755 sub/',
      'f 644 sub/mine.txt = "mine too\\n"',
      'f 644 x.txt = "x2\\n"',
      'f 644 z.txt = "z2\\n"',
    ]);
  });

  it('a path the old version placed and another artifact of the run now places stays, whatever the order', async () => {
    await run([a('1.0', a1)], { syncOutputDirectory: true });
    const c = writeZip(path.join(dir, 'repo', 'c-1.0.zip'), { 'y.txt': 'y from c\n', 'gone/only.txt': 'c too\n' });
    await run([a('2.0', a2), artifact(c, { artifactId: 'c' })], { syncOutputDirectory: true });
    expect(treeOf(out)).to.deep.equal([
      'd 755 gone/',
      'f 644 gone/only.txt = "c too\\n"',
      'd 755 keep/',
      'f 644 keep/shared.txt = "shared\\n"',
      'f 644 x.txt = "x2\\n"',
      'f 644 y.txt = "y from c\\n"',
      'f 644 z.txt = "z2\\n"',
    ]);
  });

  it('without sync mode the old version’s files stay, as in Maven', async () => {
    await first(false);
    await run([a('2.0', a2), bArtifact()]);
    expect(treeOf(out)).to.deep.equal([
      'f 644 b.txt = "b\\n"',
      'f 644 common.txt = "from b\\n"',
      'd 755 gone/',
      'f 644 gone/only.txt = "only\\n"',
      'd 755 keep/',
      'f 644 keep/shared.txt = "shared\\n"',
      'f 644 mine.txt = "mine\\n"',
      'd 755 sub/',
      'f 644 sub/mine.txt = "mine too\\n"',
      'f 644 sub/old.txt = "old\\n"',
      'f 644 x.txt = "x2\\n"',
      'f 644 y.txt = "y1\\n"',
      'f 644 z.txt = "z2\\n"',
    ]);
  });

  it('another classifier of the same artifact replaces the old one’s files; two classifiers selected together both stay', async () => {
    await run([a('1.0', a1, { classifier: 'linux' })], { syncOutputDirectory: true });
    await run([a('1.0', a1, { classifier: 'linux' }), a('1.0', a2, { classifier: 'win' })], {
      syncOutputDirectory: true,
    });
    expect(treeOf(out).filter((l) => l.startsWith('f'))).to.have.length(7);
    await run([a('1.0', a2, { classifier: 'win' })], { syncOutputDirectory: true, overWriteReleases: true });
    expect(treeOf(out)).to.deep.equal([
      'd 755 keep/',
      'f 644 keep/shared.txt = "shared\\n"',
      'f 644 x.txt = "x2\\n"',
      'f 644 z.txt = "z2\\n"',
    ]);
  });

  it('other settings (includes), unpacked again: what they no longer select goes', async () => {
    await run([a('1.0', a1)], { syncOutputDirectory: true });
    await run([a('1.0', a1)], { syncOutputDirectory: true, overWriteReleases: true, includes: 'x.txt,keep/**' });
    expect(treeOf(out)).to.deep.equal(['d 755 keep/', 'f 644 keep/shared.txt = "shared\\n"', 'f 644 x.txt = "x1\\n"']);
  });

  it('the same with the store in hardlink mode', async () => {
    const store = { 'goalhost.store': 'hardlink', 'goalhost.store.dir': path.join(dir, 'store') };
    for (const artifacts of [
      [a('1.0', a1), bArtifact()],
      [a('2.0', a2), bArtifact()],
    ]) {
      const result = await runGoal(dir, artifacts, { syncOutputDirectory: true }, undefined, false, store);
      expect(result.error).to.equal(undefined);
    }
    expect(treeOf(out)).to.deep.equal([
      'f 644 b.txt = "b\\n"',
      'f 644 common.txt = "from b\\n"',
      'd 755 keep/',
      'f 644 keep/shared.txt = "shared\\n"',
      'f 644 x.txt = "x2\\n"',
      'f 644 z.txt = "z2\\n"',
    ]);
  });
});

describe('unpack: sync mode under SIGKILL', function () {
  this.timeout(600_000);
  let dir: string;
  before(() => {
    dir = tempDir('unpack-sync-kill');
    manyFilesZip(path.join(dir, 'archives', 'a-1.0.zip'), 3000, 'one');
    manyFilesZip(path.join(dir, 'archives', 'a-2.0.zip'), 3000, 'two');
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  function goalhost(cwd: string, version: string, killWhen?: () => boolean): Promise<NodeJS.Signals | number | null> {
    writeProject(cwd, [{ id: 'a', version, type: 'zip', file: path.join(dir, 'archives', `a-${version}.zip`) }]);
    const child = spawn(
      process.execPath,
      [
        GOALHOST_BIN,
        '-B',
        '-o',
        `-Dmaven.repo.local=${path.join(dir, 'repo')}`,
        '-Dgoalhost.sync=true',
        `-Dgoalhost.store.dir=${path.join(dir, 'store')}`,
        'process-sources',
      ],
      { cwd, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TZ: 'UTC' } },
    );
    const finished = new Promise<NodeJS.Signals | number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (status, signal) => resolve(signal ?? status));
    });
    if (killWhen) void reached(killWhen, finished).then((hit) => hit && child.kill('SIGKILL'));
    return finished;
  }

  it('a bump killed at any point, then run again, leaves the new version and the user’s files, nothing old', async () => {
    const names = (root: string): string[] => treeOf(root).map((l) => l.split(' = ')[0]);
    const expected = path.join(dir, 'expected');
    expect(await goalhost(expected, '2.0')).to.equal(0);
    const want = [
      ...names(path.join(expected, 'target', 'dependency')),
      'f 644 mine.txt',
      'f 644 one/d1/mine.txt',
    ].sort();
    // Kill points along the bump: 2.0 being written, written, 1.0 being removed, the journal replaced.
    const journalSays = (ws: string, text: string): boolean => {
      const markers = path.join(ws, 'target', 'dependency-maven-plugin-markers');
      const journal = fs.existsSync(markers)
        ? fs.readdirSync(markers).find((n) => n.startsWith('goalhost-sync-'))
        : undefined;
      return journal !== undefined && fs.readFileSync(path.join(markers, journal), 'utf8').includes(text);
    };
    const points: ((out: string, ws: string) => boolean)[] = [
      (out) => fileCount(path.join(out, 'two')) >= 1,
      (out) => fileCount(path.join(out, 'two')) >= 1500,
      (out) => fileCount(path.join(out, 'two')) >= 3000,
      (out) => fileCount(path.join(out, 'one')) <= 3000,
      (out) => fileCount(path.join(out, 'one')) <= 1500,
      (_, ws) => journalSays(ws, ':2.0"'),
    ];
    let killed = 0;
    for (const [i, point] of points.entries()) {
      const ws = path.join(dir, `ws-${i}`);
      expect(await goalhost(ws, '1.0')).to.equal(0);
      const out = path.join(ws, 'target', 'dependency');
      fs.writeFileSync(path.join(out, 'mine.txt'), 'mine\n');
      fs.writeFileSync(path.join(out, 'one', 'd1', 'mine.txt'), 'mine\n');
      if ((await goalhost(ws, '2.0', () => point(out, ws))) === 'SIGKILL') killed++;
      expect(await goalhost(ws, '2.0')).to.equal(0);
      expect(
        names(out)
          .filter((l) => l.startsWith('f'))
          .sort(),
      ).to.deep.equal(want.filter((l) => l.startsWith('f')));
    }
    expect(killed).to.be.greaterThan(4);
  });
});
