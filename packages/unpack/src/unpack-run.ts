import type { Log } from '@goalhost/api';
import { worthThreads, type PlannedEntry, type WorkerPool } from '@goalhost/archive';
import { STORED_FILES_FOR_THREADS, withStoredTrees } from './store/store-fill';
import type { StoreOptions } from './store/store-options';
import { TreeFills } from './store/tree-fills';
import { UnpackStore } from './store/unpack-store';
import type { SyncJournal } from './sync/sync-journal';
import { Unpacker, type UnpackJob, type UnpackSettings } from './unpacker';

export interface UnpackRunRequest {
  readonly settings: UnpackSettings;
  /** The plugin's own log (silenced by `silent`). */
  readonly log: Log;
  /** The archivers' log, which `silent` does not silence in Maven 3.5.0. */
  readonly archiverLog: Log;
  /** The store of unpacked trees; none when absent or off. */
  readonly store?: StoreOptions;
  /** Sync mode's journal of the output directory (taken under its lock). */
  readonly sync?: SyncJournal;
  /** Hears of each artifact completely unpacked, in run order (its marker is written then). */
  readonly onUnpacked: (job: UnpackJob) => void;
}

/**
 * Unpacks `jobs` (their output directories locked by the caller) with the store and sync mode:
 * trees found in the store are placed from it, the others are extracted from their archives
 * and stored from the same writes; what each artifact placed is recorded in the sync journal
 * before its marker is written.
 */
export async function unpackRun(jobs: readonly UnpackJob[], pool: WorkerPool, r: UnpackRunRequest): Promise<void> {
  const store = r.store && r.store.mode !== 'off' ? new UnpackStore(r.store) : undefined;
  const stored = store ? await withStoredTrees(jobs, r.settings, store, pool, r.log) : undefined;
  const run = stored?.jobs ?? jobs;
  // The threads boot while the rest of the engine loads (Unpacker.run would start them too).
  const storedFiles = run.reduce((n, j) => n + (j.stored?.files.length ?? 0), 0);
  if (
    !pool.started &&
    (storedFiles >= STORED_FILES_FOR_THREADS || worthThreads(run.filter((j) => !j.stored).map((j) => j.artifact.file)))
  )
    pool.start();
  const sync = r.sync;
  const fills =
    store && stored && stored.fills.length > 0
      ? new TreeFills(stored.fills, run, r.settings, store, pool, r.log)
      : undefined;
  const placed = run.map(() => [] as string[]);
  const settings: UnpackSettings =
    sync || fills
      ? {
          ...r.settings,
          onPlanned: (e: PlannedEntry) => {
            if (sync) placed[e.job].push(e.target);
            fills?.planned(e);
          },
          storeFilling: fills,
          onAllPlanned: () =>
            sync?.removeReplaced(run.map((job, i) => ({ artifact: job.artifact, placed: placed[i] }))),
        }
      : r.settings;
  const unpacker = new Unpacker(settings, r.log, r.archiverLog, pool, (unpacked) => {
    const indexes = unpacked.map((job) => run.indexOf(job));
    for (const index of indexes) fills?.unpacked(index);
    sync?.complete(indexes.map((index) => ({ artifact: run[index].artifact, placed: placed[index] })));
    for (const job of unpacked) r.onUnpacked(job);
  });
  try {
    await unpacker.run(run);
  } finally {
    try {
      await fills?.finish();
    } finally {
      if (store && stored?.writable) store.prune(stored.keys);
    }
  }
}
