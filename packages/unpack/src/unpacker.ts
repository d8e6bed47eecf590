import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GoalExecutionError, type Log } from '@goalhost/api';
import type { UnpackArtifact } from './unpack-artifact';
import type { ArchiveEntry } from '@goalhost/archive/dist/archive-entry';
import { chooseArchiver } from '@goalhost/archive/dist/archiver-registry';
import { canonicalPath } from '@goalhost/archive/dist/canonical-path';
import { contentSlabs } from '@goalhost/archive/dist/write/content-slabs';
import { EntrySelector } from '@goalhost/archive/dist/entry-selector';
import { entryTarget } from '@goalhost/archive/dist/entry-path';
import { type FileMapper, FileMapperError, mapEntryName } from '@goalhost/archive/dist/file-mappers';
import { nameDecoderFor, type NameDecoder } from '@goalhost/archive/dist/name-decoder';
import { PlanFailure, TargetTree } from '@goalhost/archive/dist/target-tree';
import { WorkExecutor } from '@goalhost/archive/dist/write/work-executor';
import { type WorkerPool, worthThreads } from '@goalhost/archive/dist/write/worker-pool';
import type { TaskFailure } from '@goalhost/archive/dist/write/write-tasks';
import { forEachZipEntry } from '@goalhost/archive/dist/zip/zip-listing';
import { sizeLimitFailure } from './size-limit';
import { openTarInput, type TarFormat, type TarInput, type WholeInflater } from '@goalhost/archive/dist/tar/tar-input';
import { wholeInflater } from '@goalhost/archive/dist/tar/whole-inflater';
import { PENDING_BYTES, TarJob, type TarPlanning } from './tar-job';

/** One artifact to unpack and where to. */
export interface UnpackJob {
  readonly artifact: UnpackArtifact;
  /** Destination directory as Maven prints it (absolute). */
  readonly destination: string;
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
}

export const MDEP_98 =
  'Artifact has not been packaged yet. When used on reactor artifact, unpack should be executed after packaging: see MDEP-98.';

/**
 * Work planned before it is handed to the threads: big enough to batch, small enough to overlap
 * and to keep what the planner holds young (2048 cost ~5% more CPU on the benchmarks than 512).
 */
const DISPATCH_FILES = 512;
/**
 * The first hand-overs are smaller (doubling up to DISPATCH_FILES): the threads are ready before
 * the planner, still cold, has planned many files (on the 84,000-entry zip they waited ~0.1 s).
 */
const FIRST_DISPATCH_FILES = 128;

/**
 * Unpacks jobs with Maven's sequential semantics (order, overwrites, where a failure stops the
 * run, markers only for completed artifacts) while doing the work in parallel: zip entries are
 * planned on a model of the output tree as they are listed, and their final files written by
 * worker threads meanwhile; tar artifacts, which can only be streamed, run one at a time.
 */
export class Unpacker {
  private readonly tree = new TargetTree();
  private readonly selector: EntrySelector;
  private readonly executor: WorkExecutor;
  private jobs: readonly UnpackJob[] = [];
  /** Zip jobs planned whose writes may still be in flight (marked once they are settled). */
  private segment: number[] = [];
  private lastProgress = 0;
  private dispatchFiles = FIRST_DISPATCH_FILES;

  constructor(
    private readonly settings: UnpackSettings,
    /** Plugin-level log (silenced by `silent`). */
    private readonly log: Log,
    /** Archiver-level log, which `silent` does not silence in Maven 3.5.0. */
    private readonly archiverLog: Log,
    private readonly pool: WorkerPool,
    /** Called once per artifact after it is completely unpacked, in run order. */
    private readonly onUnpacked: (job: UnpackJob) => void,
  ) {
    this.selector = new EntrySelector(settings.includes, settings.excludes);
    this.executor = new WorkExecutor(pool, (job) => this.jobs[job].artifact.file, (files, bytes) => this.progress(files, bytes));
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
    const describe = `with includes "${EntrySelector.describe(this.settings.includes)}" and excludes "${EntrySelector.describe(this.settings.excludes)}"`;
    let decoder: NameDecoder | undefined;
    for (let i = 0; i < jobs.length; i++) {
      const job = jobs[i];
      this.tree.job = i;
      this.log.info(`Unpacking ${job.artifact.file} to ${job.destination} ${describe}`);
      const root = canonicalPath(job.destination);
      if (!this.tree.ensureDirectory(root)) {
        return this.fail(i, new GoalExecutionError(`Location to write unpacked files to could not be created: ${job.destination}`));
      }
      if (isDirectory(job.artifact.file)) return this.fail(i, new GoalExecutionError(MDEP_98));
      let archiver;
      try {
        archiver = chooseArchiver(job.artifact.type, job.artifact.file);
      } catch (e) {
        return this.fail(i, e as Error);
      }
      if (archiver.format === 'zip') {
        if (this.settings.encoding) this.log.info(`Unpacks '${job.artifact.type}' with encoding '${this.settings.encoding}'.`);
        if (!decoder) {
          const found = nameDecoderFor(this.settings.encoding);
          if (typeof found === 'string') return this.fail(i, new GoalExecutionError(found));
          decoder = found;
        }
        this.segment.push(i);
        let failure: PlanFailure | undefined;
        try {
          failure = await this.planZip(job, root, decoder);
        } catch (e) {
          // A file mapper that cannot map fails the goal as Maven's RuntimeException does.
          if (e instanceof FileMapperError) return this.fail(i, e);
          throw e;
        }
        if (failure) return this.fail(i, this.planError(job, failure));
      } else if (archiver.format === 'unsupported') {
        const message = `${this.prefix(job)}: goalhost cannot unpack '${archiver.name}' archives (supported: zip family, tar, tar.gz, tar.bz2, tar.xz)`;
        return this.fail(i, new GoalExecutionError(message));
      } else {
        this.archiverLog.info(`Expanding: ${job.artifact.file} into ${job.destination}`);
        this.segment.push(i);
        const input = this.tarInput(i, archiver.format);
        // tar.gz files inflate whole on the writing threads: two ahead keep both threads inflating.
        if (this.readAhead(i + 1) === 'tar.gz' && this.tarFormatOf(i + 2) === 'tar.gz') this.readAhead(i + 2);
        let failure: PlanFailure | undefined;
        try {
          failure = await new TarJob(this.tree, this.selector, this.settings, root, this.tarPlanning).run(input);
        } catch (e) {
          // A file mapper that cannot map fails the goal as Maven's RuntimeException does.
          if (e instanceof FileMapperError) return this.fail(i, e);
          throw e;
        }
        if (failure) return this.fail(i, this.planError(job, failure));
      }
    }
    await this.flush();
    this.log.progressDone();
  }

  /** Tar archives opened ahead of their turn (decompressing while the one before is written). */
  private readonly opened = new Map<number, TarInput>();

  private tarInput(i: number, format: TarFormat): TarInput {
    const ahead = this.opened.get(i);
    this.opened.delete(i);
    return ahead ?? this.openTar(i, format);
  }

  /** Whole tar.gz files inflated by the threads (once they run). */
  private inflater?: WholeInflater;

  /** Job `i`'s archive, decompressing from now on (small tar.gz files whole, on a thread). */
  private openTar(i: number, format: TarFormat): TarInput {
    if (this.pool.started) this.inflater ??= wholeInflater(this.pool);
    return openTarInput(this.jobs[i].artifact.file, format, this.decompressionThreads(i), this.inflater);
  }

  /** A compressed tar's format when job `i` is one (what read-ahead may open), else undefined. */
  private tarFormatOf(i: number): TarFormat | undefined {
    const job = this.jobs[i];
    if (!job || isDirectory(job.artifact.file)) return undefined;
    try {
      const format = chooseArchiver(job.artifact.type, job.artifact.file).format;
      return format === 'tar' || format === 'tar.gz' || format === 'tar.bz2' || format === 'tar.xz' ? format : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Threads for job `i`'s decompressor: every core when it decompresses alone, half of them when
   * a neighbouring tar.bz2 or tar.xz decompresses beside it in another process (read-ahead keeps
   * two archives open at once).
   */
  private decompressionThreads(i: number): number {
    const cores = os.availableParallelism();
    const ownProcess = (j: number): boolean => {
      const format = this.tarFormatOf(j);
      return format === 'tar.bz2' || format === 'tar.xz';
    };
    return ownProcess(i - 1) || ownProcess(i + 1) ? Math.max(1, Math.floor(cores / 2)) : cores;
  }

  /** Starts decompressing job `i` now when it is a tar-family archive (and threads write). */
  private readAhead(i: number): TarFormat | undefined {
    if (i >= this.jobs.length || !this.pool.started) return undefined;
    const format = this.tarFormatOf(i);
    if (format && !this.opened.has(i)) this.opened.set(i, this.openTar(i, format));
    return format;
  }

  private closeReadAhead(): void {
    for (const input of this.opened.values()) input.close();
    this.opened.clear();
  }

  private readonly tarPlanning: TarPlanning = {
    dispatchIfDue: async (pendingBytes) => {
      if (this.tree.pendingFiles < this.dispatchFiles && !this.tree.barrier && pendingBytes < PENDING_BYTES) return false;
      this.dispatchFiles = Math.min(DISPATCH_FILES, this.dispatchFiles * 2);
      await this.dispatch();
      return true;
    },
    dispatchNow: () => this.dispatch(),
    settle: () => this.settleKeepingFailures(),
    failed: () => this.executor.failed,
  };

  private chmodOf(e: ArchiveEntry): number | undefined {
    return !this.settings.ignorePermissions && e.mode !== 0 ? e.mode & 0o777 : undefined;
  }

  /** Hands the work planned so far to the executor, first waiting for in-flight writes it overwrites. */
  private async dispatch(): Promise<void> {
    if (this.tree.barrier) await this.settleKeepingFailures();
    this.executor.dispatch(this.tree.takePending());
    await this.pool.room();
  }

  private pendingFailures: TaskFailure[] = [];

  private async settleKeepingFailures(): Promise<void> {
    this.pendingFailures.push(...(await this.executor.settle()));
  }

  /**
   * Plans a zip's selected entries (and flatten copies) while it is listed, handing work out
   * every few thousand files. Returns the refusal or Maven failure that stops it, if any.
   */
  private async planZip(job: UnpackJob, root: string, decoder: NameDecoder): Promise<PlanFailure | undefined> {
    const flattening = (this.settings.flattenDestDirs ?? []).length > 0;
    const flatten: { target: string; entry: ArchiveEntry }[] = [];
    const lastWriter = new Map<string, ArchiveEntry>();
    let failure: PlanFailure | undefined;
    let declared = 0;
    try {
      await forEachZipEntry(job.artifact.file, decoder, (entry) => {
        if (!this.selector.isSelected(entry.name)) return true;
        // The zip-bomb guard: declared sizes are binding (an entry is cut off at its own), so their
        // sum bounds what the archive writes; the entry that crosses the limit is refused.
        if (entry.kind === 'file') declared += entry.size;
        if (this.settings.maxSize !== undefined && declared > this.settings.maxSize) {
          failure = sizeLimitFailure(entry.name, this.settings.maxSize);
          return false;
        }
        if (entry.problem) {
          failure = new PlanFailure(entry.problem, true);
          return false;
        }
        const target = entryTarget(root, mapEntryName(this.settings.fileMappers, entry.name));
        failure = target instanceof PlanFailure ? target : this.planEntry(root, target, entry);
        if (failure || target instanceof PlanFailure) return false;
        if (flattening && entry.kind === 'file') {
          flatten.push({ target, entry });
          lastWriter.set(target, entry);
        }
        if (this.executor.failed) return false;
        if (this.tree.pendingFiles >= this.dispatchFiles || this.tree.barrier) {
          this.dispatchFiles = Math.min(DISPATCH_FILES, this.dispatchFiles * 2);
          return this.dispatch().then(() => !this.executor.failed);
        }
        return true;
      });
    } catch (e) {
      if (e instanceof FileMapperError) throw e;
      return new PlanFailure((e as Error).message, true);
    }
    if (failure || !flattening) return failure;
    for (const dir of this.settings.flattenDestDirs ?? []) {
      const flatRoot = canonicalPath(dir);
      if (!this.tree.ensureDirectory(flatRoot)) {
        return new PlanFailure(`Unable to create flatten directory ${dir}: a file is in the way`, false);
      }
      for (const { target, entry } of flatten) {
        // The copy takes the file as the whole artifact left it: its last entry for that path.
        const source = lastWriter.get(target)!;
        const mode = (this.chmodOf(entry) ?? 0o666) & ~(this.settings.umask ?? 0o022);
        const flat = path.join(flatRoot, path.basename(target));
        const refused = this.tree.replaceFile(flat, entry.name, { kind: 'entry', job: this.tree.job, entry: source }, source.mtimeMs, mode);
        if (refused) return refused;
      }
    }
    return undefined;
  }

  /** Plans one entry at `target`, where its (mapped) name puts it. */
  private planEntry(root: string, target: string, entry: ArchiveEntry): PlanFailure | undefined {
    if (entry.kind === 'file') {
      const source = { kind: 'entry', job: this.tree.job, entry } as const;
      return this.tree.writeFile(root, target, entry.name, source, entry.mtimeMs, this.chmodOf(entry));
    }
    if (entry.kind === 'dir') return this.tree.makeDirectory(root, target, entry.name, entry.mtimeMs);
    return this.tree.makeSymlink(root, target, entry.name, entry.linkTarget ?? '', entry.mtimeMs);
  }

  /**
   * Writes everything planned so far, then marks the segment's artifacts that come before
   * `failingJob` (all of them when the run goes on). An unexpected write failure marks only the
   * artifacts whose files are all in place and is reported as the run's failure.
   */
  private async flush(failingJob?: number): Promise<void> {
    const segment = this.segment;
    this.segment = [];
    // Flatten copies planned last may overwrite files still being written.
    if (this.tree.barrier) await this.settleKeepingFailures();
    const work = this.tree.takePending();
    this.executor.dispatch(work);
    const failures = [...this.pendingFailures, ...(await this.executor.settle())];
    this.pendingFailures = [];
    // Nothing planned or in flight: tar contents planned and then overwritten free their slabs too.
    contentSlabs.reset();
    this.executor.applyDirTimes(this.tree.takeDirTimes());
    let cutoff = failingJob ?? Number.POSITIVE_INFINITY;
    let first: TaskFailure | undefined;
    if (failures.length > 0) {
      first = failures.reduce((a, b) => (b.job < a.job ? b : a));
      cutoff = Math.min(cutoff, this.executor.earliestAffected(first.job));
    }
    for (const i of segment) if (i < cutoff) this.onUnpacked(this.jobs[i]);
    if (first) throw this.unexpected(first);
  }

  private unexpected(failure: TaskFailure): GoalExecutionError {
    const job = this.jobs[failure.job];
    return new GoalExecutionError(`${this.prefix(job)}: Error while expanding ${job.artifact.file}: ${failure.message}`);
  }

  /** A failure at job `i`: everything planned before it is written (and marked) first. */
  private async fail(i: number, error: Error): Promise<never> {
    this.closeReadAhead();
    try {
      await this.flush(i);
    } finally {
      this.log.progressDone();
    }
    throw error;
  }

  private progress(files: number, bytes: number): void {
    const now = Date.now();
    if (now - this.lastProgress < 200) return;
    this.lastProgress = now;
    const artifact = `artifact ${this.tree.job + 1}/${this.jobs.length}`;
    this.log.progress(`Unpacking ${artifact}: ${files} files, ${(bytes / 1048576).toFixed(1)} MB written`);
  }
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
