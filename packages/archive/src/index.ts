/**
 * @goalhost/archive: goalhost's archive engine. It reads zip (stored, deflate, deflate64,
 * implode, shrink, bzip2) and tar archives of every dialect (plain, gzip, bzip2, xz), lists
 * them, and extracts them into a directory tree with plexus-archiver's rules as
 * maven-dependency-plugin 3.5.0 runs them: a plan of the output tree decides every write
 * before it happens, and worker threads write the files.
 *
 * What a caller needs before anything is read (which reader, which entries, where they go, how
 * names are decoded) loads with the package. The readers, decoders and threads load on first
 * use, through the asynchronous functions below: a build that extracts nothing never pays for them.
 */
import type { ReadableFormat } from './archiver-registry';
import type { ArchiveToExtract, Extraction, ExtractionProgress } from './extraction';
import type { ExtractionSettings } from './extraction-settings';
import type { NameDecoder } from './name-decoder';
import type { WorkerPool } from './write/worker-pool';
import type { EntryVisitor } from './zip/zip-listing';

export type { ArchiveEntry } from './archive-entry';
export {
  archiverNameOfFile,
  chooseArchiver,
  NoSuchArchiverError,
  type ArchiveFormat,
  type ChosenArchiver,
  type ReadableFormat,
} from './archiver-registry';
export { canonicalPath } from './canonical-path';
export { entryTarget } from './entry-path';
export { DEFAULT_EXCLUDES, EntrySelector, InvalidPatternError, type PatternSources } from './entry-selector';
export type { ArchiveToExtract, Extraction, ExtractionOutcome, ExtractionProgress, WriteFailure } from './extraction';
export type { ExtractionSettings, SizeLimit } from './extraction-settings';
export { FILE_MAPPER_KINDS, FileMapperError, mapEntryName, type FileMapper, type FileMapperKind } from './file-mappers';
export { mtimeMs, setMtime } from './file-times';
export { decodeUtf8, nameDecoderFor, type NameDecoder } from './name-decoder';
export type { PlannedEntry, PlannedEntryListener } from './planned-entry';
export type { StoreFilling } from './store-filling';
export type { StoredEntry, StoredFile, StoredTree } from './stored-entry';
export { PlanFailure } from './target-tree';
export type { FileFacts } from './write/file-facts';
export type { WorkerPool } from './write/worker-pool';
export { worthThreads } from './write/worth-threads';
export type { EntryVisitor } from './zip/zip-listing';

/** Lists an archive's entries in archive order (see list-archive.ts). */
export async function listArchive(
  file: string,
  format: ReadableFormat,
  visit: EntryVisitor,
  decodeName?: NameDecoder,
): Promise<void> {
  const { listArchive: list } = await import('./list-archive');
  return list(file, format, visit, decodeName);
}

/**
 * An extraction of `archives`, in that order, into their directories, writing with `pool`'s
 * threads (see extraction.ts).
 */
export async function startExtraction(
  archives: readonly ArchiveToExtract[],
  settings: ExtractionSettings,
  pool: WorkerPool,
  progress: ExtractionProgress,
): Promise<Extraction> {
  const { Extraction: Engine } = await import('./extraction');
  return new Engine(archives, settings, pool, progress);
}

/**
 * The process's worker pool, shared by every extraction of the build; give it back with
 * `releaseWorkerPool` (see write/worker-pool.ts). Its threads start when its owner calls `start`.
 */
export async function acquireWorkerPool(): Promise<WorkerPool> {
  return (await import('./write/worker-pool')).acquireWorkerPool();
}

export async function releaseWorkerPool(pool: WorkerPool): Promise<void> {
  return (await import('./write/worker-pool')).releaseWorkerPool(pool);
}

/** A pool of its own with at most `threads` threads (one per core by default), closed by its owner. */
export async function createWorkerPool(threads?: number): Promise<WorkerPool> {
  const { WorkerPool: Pool } = await import('./write/worker-pool');
  return new Pool(threads);
}
