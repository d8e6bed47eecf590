import type { Log } from '@goalhost/api';
import { acquireWorkerPool, releaseWorkerPool } from '@goalhost/archive';
import { lockOutputDirectory } from './output-lock';
import type { StoreOptions } from './store/store-options';
import { SyncJournal, syncId } from './sync/sync-journal';
import type { UnpackArtifact } from './unpack-artifact';
import { unpackRun } from './unpack-run';
import type { UnpackJob, UnpackSettings } from './unpacker';

export interface UnpackOneRequest {
  readonly job: UnpackJob;
  /** This artifact's own patterns, encoding and mappers (an artifactItem's). */
  readonly settings: UnpackSettings;
  /** The plugin's own log (silenced by `silent`). */
  readonly log: Log;
  /** The archivers' log, which `silent` does not silence in Maven 3.5.0. */
  readonly archiverLog: Log;
  /** Hears once all the artifact's files are on disk (its marker is written then), never after a failure. */
  readonly onUnpacked: () => void;
  /** The store of unpacked trees (`goalhost.store*`); none when absent or off. */
  readonly store?: StoreOptions;
  /**
   * Sync mode (`syncOutputDirectory`): the markers directory holding the journal, and every
   * artifact the run selects for this destination (unpacked or kept by its marker).
   */
  readonly sync?: { readonly markersDirectory: string; readonly selected: readonly UnpackArtifact[] };
}

/**
 * One artifact unpacked as maven-dependency-plugin's `unpack` does each of its artifactItems,
 * with the item's own settings; one goalhost run at a time unpacks into the destination.
 */
export async function unpackOne(r: UnpackOneRequest): Promise<void> {
  const lock = await lockOutputDirectory(r.job.destination, r.log);
  try {
    // Read under the lock: another run may have just recorded what it placed.
    const sync = r.sync
      ? new SyncJournal(r.job.destination, r.sync.markersDirectory, new Set(r.sync.selected.map(syncId)), r.log)
      : undefined;
    const pool = await acquireWorkerPool();
    try {
      await unpackRun([r.job], pool, {
        settings: r.settings,
        log: r.log,
        archiverLog: r.archiverLog,
        store: r.store,
        sync,
        onUnpacked: () => r.onUnpacked(),
      });
    } finally {
      await releaseWorkerPool(pool);
    }
  } finally {
    await lock.release();
  }
}
