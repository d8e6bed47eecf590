import * as fs from 'node:fs';
import { GoalExecutionError, type Log } from '@goalhost/api';
import {
  chooseArchiver,
  FileMapperError,
  nameDecoderFor,
  NoSuchArchiverError,
  startExtraction,
  worthThreads,
  type ArchiveFormat,
  type EntrySelector,
  type Extraction,
  type FileMapper,
  type NameDecoder,
  type PlanFailure,
  type PlannedEntryListener,
  type StoreFilling,
  type StoredTree,
  type WorkerPool,
  type WriteFailure,
} from '@goalhost/archive';
import { describePatterns, entrySelector } from './entry-patterns';
import { sizeLimitRefusal } from './size-limit';
import type { UnpackArtifact } from './unpack-artifact';

/** One artifact to unpack and where to. */
export interface UnpackJob {
  readonly artifact: UnpackArtifact;
  /** Destination directory as Maven prints it (absolute). */
  readonly destination: string;
  /** Its extraction as the store keeps it: placed from there instead of reading the archive. */
  readonly stored?: StoredTree;
}

export interface UnpackSettings {
  readonly includes?: string;
  readonly excludes?: string;
  readonly encoding?: string;
  readonly ignorePermissions?: boolean;
  /** Absolute flatten directories (cxx `flattenDestDirs`). */
  readonly flattenDestDirs?: readonly string[];
  /** Process umask, for the modes of flatten copies. */
  readonly umask?: number;
  /** The most bytes one artifact may unpack to (`mdep.unpack.maxSize`); no limit when absent. */
  readonly maxSize?: number;
  /** plexus FileMappers applied to each selected entry's name, in order. */
  readonly fileMappers?: readonly FileMapper[];
  /** Hears of every entry planned (its `job` is the position in `run`'s list). */
  readonly onPlanned?: PlannedEntryListener;
  /** Store trees filled from the same writes as the output (see StoreFilling). */
  readonly storeFilling?: StoreFilling;
  /** Called once every job is planned, while the last writes are still under way. */
  readonly onAllPlanned?: () => void;
}

export const MDEP_98 =
  'Artifact has not been packaged yet. When used on reactor artifact, unpack should be executed after packaging: see MDEP-98.';

/**
 * maven-dependency-plugin's unpacking of artifacts one after the other (UnpackUtil, then
 * plexus-archiver's unarchivers): its log lines, its checks before each archive, where a
 * failure stops the run and how it is worded, over the archive engine's Extraction, which does
 * the work in parallel. `onUnpacked` hears of the artifacts whose files are all on disk, in run
 * order, once the writes are done (their markers are written then), and never of one a failure
 * cut short.
 */
export class Unpacker {
  private readonly selector: EntrySelector;
  private jobs: readonly UnpackJob[] = [];
  private extraction?: Extraction;
  private lastProgress = 0;

  constructor(
    private readonly settings: UnpackSettings,
    /** Plugin-level log (silenced by `silent`). */
    private readonly log: Log,
    /** Archiver-level log, which `silent` does not silence in Maven 3.5.0. */
    private readonly archiverLog: Log,
    private readonly pool: WorkerPool,
    /** Called with the artifacts completely unpacked (in run order) once their files are all written. */
    private readonly onUnpacked: (jobs: readonly UnpackJob[]) => void,
  ) {
    this.selector = entrySelector(settings.includes, settings.excludes);
  }

  private prefix(job: UnpackJob): string {
    return `Error unpacking file: ${job.artifact.file} to: ${job.destination}`;
  }

  /** The error for a predicted failure, worded as Maven words it. */
  private planError(job: UnpackJob, failure: PlanFailure): GoalExecutionError {
    const via = failure.whileExpanding ? `Error while expanding ${job.artifact.file}: ` : '';
    return new GoalExecutionError(`${this.prefix(job)}: ${via}${failure.message}`);
  }

  async run(jobs: readonly UnpackJob[]): Promise<void> {
    this.jobs = jobs;
    if (!this.pool.started && worthThreads(jobs.map((j) => j.artifact.file))) this.pool.start();
    const { maxSize } = this.settings;
    const extraction = await startExtraction(
      jobs.map((j) => ({ file: j.artifact.file, format: formatOf(j.artifact), directory: j.destination })),
      {
        selector: this.selector,
        ignorePermissions: this.settings.ignorePermissions,
        flattenDestDirs: this.settings.flattenDestDirs,
        umask: this.settings.umask,
        sizeLimit:
          maxSize === undefined ? undefined : { bytes: maxSize, refusal: (name) => sizeLimitRefusal(name, maxSize) },
        fileMappers: this.settings.fileMappers,
        onPlanned: this.settings.onPlanned,
        storeFilling: this.settings.storeFilling,
      },
      this.pool,
      (archive, files, bytes) => this.progress(archive, files, bytes),
    );
    this.extraction = extraction;
    const describe = `with includes "${describePatterns(this.settings.includes)}" and excludes "${describePatterns(this.settings.excludes)}"`;
    let decoder: NameDecoder | undefined;
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i];
      this.log.info(`Unpacking ${job.artifact.file} to ${job.destination} ${describe}`);
      if (!extraction.begin(i)) {
        return this.fail(
          i,
          new GoalExecutionError(`Location to write unpacked files to could not be created: ${job.destination}`),
        );
      }
      if (isDirectory(job.artifact.file)) return this.fail(i, new GoalExecutionError(MDEP_98));
      let archiver;
      try {
        archiver = chooseArchiver(job.artifact.type, job.artifact.file);
      } catch (e) {
        return this.fail(i, e instanceof NoSuchArchiverError ? new GoalExecutionError(e.message) : (e as Error));
      }
      if (archiver.format === 'zip') {
        if (this.settings.encoding)
          this.log.info(`Unpacks '${job.artifact.type}' with encoding '${this.settings.encoding}'.`);
        if (!decoder) {
          const found = nameDecoderFor(this.settings.encoding);
          if (typeof found === 'string') return this.fail(i, new GoalExecutionError(found));
          decoder = found;
        }
        let failure: PlanFailure | undefined;
        try {
          failure = job.stored ? await extraction.extractStored(job.stored) : await extraction.extractZip(decoder);
        } catch (e) {
          // A file mapper that cannot map fails the goal as Maven's RuntimeException does.
          if (e instanceof FileMapperError) return this.fail(i, e);
          throw e;
        } finally {
          this.warnings(extraction);
        }
        if (failure) return this.fail(i, this.planError(job, failure));
      } else if (archiver.format === 'unsupported') {
        const message = `${this.prefix(job)}: goalhost cannot unpack '${archiver.name}' archives (supported: zip family, tar, tar.gz, tar.bz2, tar.xz)`;
        return this.fail(i, new GoalExecutionError(message));
      } else {
        this.archiverLog.info(`Expanding: ${job.artifact.file} into ${job.destination}`);
        let failure: PlanFailure | undefined;
        try {
          failure = job.stored
            ? await extraction.extractStored(job.stored)
            : await extraction.extractTar(archiver.format);
        } catch (e) {
          // A file mapper that cannot map fails the goal as Maven's RuntimeException does.
          if (e instanceof FileMapperError) return this.fail(i, e);
          throw e;
        } finally {
          this.warnings(extraction);
        }
        if (failure) return this.fail(i, this.planError(job, failure));
      }
    }
    this.settings.onAllPlanned?.();
    await this.finish();
    this.log.progressDone();
  }

  /** plexus-archiver's warnings about the archive just planned, on the archivers' log. */
  private warnings(extraction: Extraction): void {
    for (const warning of extraction.takeWarnings()) this.archiverLog.warn(warning);
  }

  /**
   * Waits for every write, then reports the artifacts completely unpacked before `failingJob`
   * (all of them when the run goes on); an unexpected write failure is the run's failure.
   */
  private async finish(failingJob?: number): Promise<void> {
    const { completed, failure } = await this.extraction!.finish(failingJob);
    this.onUnpacked(completed.map((i) => this.jobs[i]));
    if (failure) throw this.unexpected(failure);
  }

  private unexpected(failure: WriteFailure): GoalExecutionError {
    const job = this.jobs[failure.archive];
    return new GoalExecutionError(
      `${this.prefix(job)}: Error while expanding ${job.artifact.file}: ${failure.message}`,
    );
  }

  /** A failure at job `i`: everything planned before it is written (and marked) first. */
  private async fail(i: number, error: Error): Promise<never> {
    try {
      await this.finish(i);
    } finally {
      this.log.progressDone();
    }
    throw error;
  }

  private progress(archive: number, files: number, bytes: number): void {
    const now = Date.now();
    if (now - this.lastProgress < 200) return;
    this.lastProgress = now;
    const artifact = `artifact ${archive + 1}/${this.jobs.length}`;
    this.log.progress(`Unpacking ${artifact}: ${files} files, ${(bytes / 1048576).toFixed(1)} MB written`);
  }
}

/** The reader an artifact's type or file name chooses, when there is one (for reading ahead). */
function formatOf(a: UnpackArtifact): ArchiveFormat | undefined {
  try {
    return chooseArchiver(a.type, a.file).format;
  } catch {
    return undefined;
  }
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
