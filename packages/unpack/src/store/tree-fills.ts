import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Log } from '@goalhost/api';
import { canonicalPath, type PlannedEntry, type StoreFilling, type WorkerPool } from '@goalhost/archive';
import type { UnpackJob, UnpackSettings } from '../unpacker';
import { fillTrees, manifestOf, type FilledFile, type TreeToFill } from './store-fill';
import type { UnpackStore } from './unpack-store';

interface Filling {
  readonly fill: TreeToFill;
  readonly tree: string;
  readonly planned: PlannedEntry[];
  /** The last facts reported per path below the tree. */
  readonly files: Map<string, FilledFile>;
  lost: boolean;
  /** Its archive is completely unpacked in the output. */
  unpacked: boolean;
  committed: boolean;
}

/**
 * The store trees a run fills while it unpacks (StoreFilling): the run's writes of a filling
 * job's files go into its tree too, with their facts. Once the job is unpacked, a complete tree
 * (every file path of its entries written there, none lost) is committed with the manifest of
 * the entries the plan accepted; a tree the run could not fill that way is filled at the end by
 * extracting its archive on its own, as long as the job was unpacked. A tree never committed
 * is removed: the store never holds a half tree, and never fails the build.
 */
export class TreeFills implements StoreFilling {
  private readonly byJob = new Map<number, Filling>();
  readonly link: boolean;
  private readonly commits: Promise<void>[] = [];

  constructor(
    fills: readonly TreeToFill[],
    private readonly jobs: readonly UnpackJob[],
    private readonly settings: UnpackSettings,
    private readonly store: UnpackStore,
    private readonly pool: WorkerPool,
    private readonly log: Log,
  ) {
    this.link = store.options.mode === 'hardlink';
    for (const fill of fills) {
      const filling = {
        fill,
        tree: path.join(fill.temporary, 'tree'),
        planned: [],
        files: new Map(),
        lost: false,
        unpacked: false,
        committed: false,
      };
      this.byJob.set(fill.index, filling);
    }
  }

  treeOf(job: number): string | undefined {
    return this.byJob.get(job)?.tree;
  }

  filled(job: number, file: string, size: number, mtimeMs: number, mode: number, sha256: string): void {
    this.byJob.get(job)?.files.set(file, { size, mtimeMs, mode, sha256 });
  }

  lost(job: number): void {
    const filling = this.byJob.get(job);
    if (filling) filling.lost = true;
  }

  /** Hears of every entry the run plans. */
  planned(e: PlannedEntry): void {
    this.byJob.get(e.job)?.planned.push(e);
  }

  /** Job `index` is completely unpacked in the output: its tree is committed when complete. */
  unpacked(index: number): void {
    const filling = this.byJob.get(index);
    if (!filling) return;
    filling.unpacked = true;
    if (filling.lost) return;
    const root = canonicalPath(this.jobs[index].destination);
    this.commits.push(
      manifestOf(filling.fill.key, root, filling.planned, async (_, files) =>
        files.map((file) => {
          const facts = filling.files.get(file);
          if (!facts) throw new Error(`${path.join(root, file)} did not reach the store`);
          return facts;
        }),
      )
        .then(({ manifest, digests }) => {
          makeStructure(filling.tree, filling.planned, root);
          return this.store.commit(filling.fill.temporary, manifest, digests, this.pool);
        })
        .then(
          () => {
            filling.committed = true;
          },
          (e: unknown) => this.log.debug(`Not stored from the run's writes: ${(e as Error).message}`),
        ),
    );
  }

  /**
   * After the run: the trees of unpacked jobs not committed yet are filled on their own; every
   * temporary directory left is removed.
   */
  async finish(): Promise<void> {
    await Promise.all(this.commits);
    const again: TreeToFill[] = [];
    for (const filling of this.byJob.values()) {
      if (filling.committed) continue;
      fs.rmSync(filling.fill.temporary, { recursive: true, force: true });
      if (!filling.unpacked) continue;
      try {
        again.push({ ...filling.fill, temporary: this.store.temporary(filling.fill.key) });
      } catch {
        // The store cannot be written now: the tree is filled by a later run.
      }
    }
    if (again.length > 0) await fillTrees(this.jobs, again, this.settings, this.store, this.pool, this.log);
  }
}

/**
 * The directories and symbolic links of the planned entries in the tree, made once its files
 * are written (so that no file is ever written through a link made here).
 */
function makeStructure(tree: string, planned: readonly PlannedEntry[], root: string): void {
  fs.mkdirSync(tree, { recursive: true });
  const below = (target: string): string => path.join(tree, target.slice(root.length + 1));
  for (const e of planned)
    if (e.kind === 'dir' && e.target !== root) fs.mkdirSync(below(e.target), { recursive: true });
  for (const e of planned) {
    if (e.kind !== 'symlink') continue;
    const at = below(e.target);
    fs.mkdirSync(path.dirname(at), { recursive: true });
    try {
      fs.symlinkSync(e.linkTarget ?? '', at);
    } catch (err) {
      // A later entry of the same path made it a file or another link first: what an empty directory gets.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}
