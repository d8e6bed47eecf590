import type { Log } from '@goalhost/api';
import { acquireWorkerPool, releaseWorkerPool } from '@goalhost/archive';
import { lockOutputDirectory } from './output-lock';
import { Unpacker, type UnpackJob, type UnpackSettings } from './unpacker';

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
}

/**
 * One artifact unpacked as maven-dependency-plugin's `unpack` does each of its artifactItems,
 * with the item's own settings; one goalhost run at a time unpacks into the destination.
 */
export async function unpackOne(r: UnpackOneRequest): Promise<void> {
  const lock = await lockOutputDirectory(r.job.destination, r.log);
  try {
    const pool = await acquireWorkerPool();
    try {
      await new Unpacker(r.settings, r.log, r.archiverLog, pool, () => r.onUnpacked()).run([r.job]);
    } finally {
      await releaseWorkerPool(pool);
    }
  } finally {
    await lock.release();
  }
}
