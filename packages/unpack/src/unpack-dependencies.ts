import * as fs from 'node:fs';
import type { Log, RepositoryService } from '@goalhost/api';
import { acquireWorkerPool, releaseWorkerPool } from '@goalhost/archive';
import { selectArtifacts, type ArtifactFilter, type SelectionOptions } from './artifact-selection';
import { MarkerStore } from './marker-store';
import { formattedOutputDirectory, type LayoutOptions } from './output-layout';
import { lockOutputDirectory } from './output-lock';
import type { StoreOptions } from './store/store-options';
import { SyncJournal, syncId } from './sync/sync-journal';
import { artifactIdOf, type UnpackArtifact } from './unpack-artifact';
import type { UnpackJob, UnpackSettings } from './unpacker';
import { unpackRun } from './unpack-run';

export interface UnpackDependenciesRequest {
  /** The project's resolved dependencies, in resolution order. */
  readonly artifacts: readonly UnpackArtifact[];
  readonly options: SelectionOptions & LayoutOptions;
  /** The selection chain; maven-dependency-plugin's when absent. */
  readonly filter?: ArtifactFilter;
  /** Absolute. */
  readonly outputDirectory: string;
  /** Absolute. */
  readonly markersDirectory: string;
  readonly repository: Pick<RepositoryService, 'resolveArtifact'>;
  /** The plugin's own log (silenced by `silent`). */
  readonly log: Log;
  /** The archivers' log, which `silent` does not silence in Maven 3.5.0. */
  readonly archiverLog: Log;
  /** How archives are unpacked: asked for only when something is to be unpacked, once the output directory is locked. */
  readonly settings: () => UnpackSettings;
  /** The store of unpacked trees (`goalhost.store*`); none when absent or off. */
  readonly store?: StoreOptions;
  /** Sync mode (`syncOutputDirectory`): remove what an artifact placed before and no longer places. */
  readonly sync?: boolean;
}

/**
 * maven-dependency-plugin 3.5.0's `unpack-dependencies`, from the resolved dependencies on:
 * selection, layout, unpacking and markers, then "already exists in destination." for each
 * artifact its marker kept. One goalhost run at a time unpacks into an output directory.
 */
export async function unpackDependencies(r: UnpackDependenciesRequest): Promise<void> {
  const markers = new MarkerStore(r.markersDirectory);
  const selection = await selectArtifacts(r.artifacts, r.options, markers, r.repository, r.log, r.filter);
  const jobs: UnpackJob[] = selection.unpack.map((artifact) => ({
    artifact,
    destination: formattedOutputDirectory(r.outputDirectory, artifact, r.options),
  }));
  const skipped = [...selection.skipped];
  if (jobs.length > 0) {
    const unmarked = new Set(jobs.filter((j) => !fs.existsSync(markers.markerFile(j.artifact))));
    const lock = await lockOutputDirectory(r.outputDirectory, r.log);
    try {
      // What another run marked meanwhile (this one may have waited for it) is done; markers
      // that were there already decided the selection (with classifier, they do not skip).
      const remaining = jobs.filter((j) => !unmarked.has(j) || markers.needsUnpack(j.artifact, r.options));
      skipped.push(...jobs.filter((j) => !remaining.includes(j)).map((j) => j.artifact));
      const sync = r.sync
        ? new SyncJournal(
            r.outputDirectory,
            r.markersDirectory,
            new Set([...selection.unpack, ...selection.skipped].map(syncId)),
            r.log,
          )
        : undefined;
      if (remaining.length > 0) await unpackJobs(remaining, markers, r, sync);
    } finally {
      await lock.release();
    }
  }
  for (const a of skipped) {
    r.log.info(`${artifactIdOf(a)} already exists in destination.`);
  }
}

/**
 * The archive engine (readers, worker threads) loads only when there is something to unpack: a
 * re-run with every marker in place never pays for it.
 */
async function unpackJobs(
  jobs: readonly UnpackJob[],
  markers: MarkerStore,
  r: UnpackDependenciesRequest,
  sync: SyncJournal | undefined,
): Promise<void> {
  const pool = await acquireWorkerPool();
  try {
    await unpackRun(jobs, pool, {
      settings: r.settings(),
      log: r.log,
      archiverLog: r.archiverLog,
      store: r.store,
      sync,
      onUnpacked: (job) => markers.write(job.artifact),
    });
  } finally {
    await releaseWorkerPool(pool);
  }
}
