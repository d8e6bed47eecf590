import { expect } from 'chai';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkerPool } from '@goalhost/archive';
import { UnpackStore } from '@goalhost/unpack';
import { GOALHOST_BIN } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';
import { tempDir } from './support';
import {
  fileCount,
  manyFilesZip,
  reached,
  snapshot,
  storeEntries,
  storeTemporaries,
  writeProject,
} from './store-support';

interface Finished {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
}

/** The real CLI in `cwd`, as a child process, SIGKILLed once `killWhen` holds (if it does before the end). */
function goalhost(cwd: string, args: readonly string[], killWhen?: () => boolean): Promise<Finished> {
  const child = spawn(process.execPath, [GOALHOST_BIN, ...args], {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TZ: 'UTC', LANG: 'C.UTF-8' },
  });
  const finished = new Promise<Finished>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout }));
  });
  if (killWhen) void reached(killWhen, finished).then((hit) => hit && child.kill('SIGKILL'));
  return finished;
}

/**
 * The store shared by real goalhost processes: filled by two at once, killed at any moment.
 * Whatever happens, every entry there is complete and checks out against its manifest, and
 * each finished run leaves the tree of a plain extraction.
 */
describe('unpack: the store under concurrent and killed runs', function () {
  // Each SIGKILL case runs goalhost three times over 6,000 files; a loaded machine needs the margin.
  this.timeout(600_000);
  let dir: string;
  let store: string;
  let archives: { id: string; file: string; type: string }[];
  let plain: string[];
  const since = Date.now() - 1000;

  const args = (extra: string[] = []): string[] => [
    '-B',
    '-o',
    `-Dmaven.repo.local=${path.join(dir, 'repo')}`,
    `-Dgoalhost.store.dir=${store}`,
    ...extra,
    'process-sources',
  ];

  /** Every stored entry is whole: its manifest reads and each file matches it, digests included. */
  async function expectEntriesWhole(): Promise<void> {
    const check = new UnpackStore({ mode: 'copy', directory: store, maxBytes: 1e12, verify: true });
    const pool = await createWorkerPool();
    try {
      for (const key of storeEntries(store)) {
        expect(await check.load(key, pool), `store entry ${key}`).to.not.equal(undefined);
      }
    } finally {
      await pool.close();
    }
  }

  before(() => {
    dir = tempDir('unpack-store-processes');
    store = path.join(dir, 'store');
    archives = [
      { id: 'many', file: path.join(dir, 'archives', 'many.zip'), type: 'zip' },
      { id: 'more', file: path.join(dir, 'archives', 'more.zip'), type: 'zip' },
    ];
    manyFilesZip(archives[0].file, 3000, 'many');
    manyFilesZip(archives[1].file, 3000, 'more');
    const ws = path.join(dir, 'plain');
    writeProject(ws, archives);
    const run = runGoalhost(args(['-Dgoalhost.store=off']), ws);
    expect(run.status, run.stdout).to.equal(0);
    plain = snapshot(path.join(ws, 'target'), since);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const mode of ['copy', 'hardlink']) {
    it(`two processes filling the same keys at once both succeed (${mode})`, async () => {
      fs.rmSync(store, { recursive: true, force: true });
      const [a, b] = ['a', 'b'].map((n) => path.join(dir, `${mode}-${n}`));
      for (const ws of [a, b]) writeProject(ws, archives);
      const runs = await Promise.all([a, b].map((ws) => goalhost(ws, args([`-Dgoalhost.store=${mode}`]))));
      for (const run of runs) expect(run.status, run.stdout).to.equal(0);
      for (const ws of [a, b]) expect(snapshot(path.join(ws, 'target'), since)).to.deep.equal(plain);
      expect(storeEntries(store)).to.have.length(2);
      expect(storeTemporaries(store)).to.deep.equal([]);
      await expectEntriesWhole();
    });
  }

  it('runs SIGKILLed at any point leave no entry that is used half made; the next run gives the plain tree', async () => {
    fs.rmSync(store, { recursive: true, force: true });
    // Kill points along a cold run: filling begun, the output half and nearly written, one and both entries stored.
    const output = (ws: string) => path.join(ws, 'target', 'dependency');
    const points: ((ws: string) => boolean)[] = [
      () => fileCount(path.join(store, 'tmp')) > 0,
      (ws) => fileCount(output(ws)) >= 3000,
      (ws) => fileCount(output(ws)) >= 5900,
      () => storeEntries(store).length >= 1,
      () => storeEntries(store).length >= 2,
    ];
    let killed = 0;
    for (const [i, point] of points.entries()) {
      const ws = path.join(dir, `killed-${i}`);
      writeProject(ws, archives);
      const mode = i % 2 === 0 ? 'copy' : 'hardlink';
      const run = await goalhost(ws, args([`-Dgoalhost.store=${mode}`]), () => point(ws));
      if (run.signal === 'SIGKILL') killed++;
      await expectEntriesWhole();
      // A fresh workspace from the store as it was left.
      const next = path.join(dir, `after-${i}`);
      writeProject(next, archives);
      const again = await goalhost(next, args([`-Dgoalhost.store=${mode}`]));
      expect(again.status, again.stdout).to.equal(0);
      expect(snapshot(path.join(next, 'target'), since)).to.deep.equal(plain);
      // The killed workspace itself, run again, is complete too.
      const rerun = await goalhost(ws, args([`-Dgoalhost.store=${mode}`]));
      expect(rerun.status, rerun.stdout).to.equal(0);
      expect(snapshot(path.join(ws, 'target'), since)).to.deep.equal(plain);
      // The killed run's temporary directory is gone once a later run pruned.
      expect(storeTemporaries(store)).to.deep.equal([]);
      await expectEntriesWhole();
      fs.rmSync(store, { recursive: true, force: true });
    }
    expect(killed).to.be.greaterThan(3);
  });
});
