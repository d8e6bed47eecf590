import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { ArchiveEntry } from './archive-entry';
import type { ArchiveFormat } from './archiver-registry';
import { canonicalPath } from './canonical-path';
import { entryTarget } from './entry-path';
import type { ExtractionSettings } from './extraction-settings';
import { FileMapperError, mapEntryName } from './file-mappers';
import type { NameDecoder } from './name-decoder';
import type { StoredTree } from './stored-entry';
import { PlanFailure, TargetTree } from './target-tree';
import { openTarInput, type TarFormat, type TarInput, type WholeInflater } from './tar/tar-input';
import { PENDING_BYTES, TarJob, type TarPlanning } from './tar/tar-job';
import { wholeInflater } from './tar/whole-inflater';
import { contentSlabs } from './write/content-slabs';
import { StoreTee } from './write/store-tee';
import { WorkExecutor } from './write/work-executor';
import type { WorkerPool } from './write/worker-pool';
import type { TaskFailure } from './write/write-tasks';
import { forEachZipEntry } from './zip/zip-listing';

/** One archive of an extraction, in run order, and the directory it is extracted into. */
export interface ArchiveToExtract {
  readonly file: string;
  /** Its reader, when known: tar-family archives after the current one are opened ahead. */
  readonly format?: ArchiveFormat;
  /** Absolute; made when the archive's turn comes. */
  readonly directory: string;
}

/** A write that failed unexpectedly (the plan foresaw no failure), as the failure of its archive. */
export interface WriteFailure {
  /** The archive's index in the run. */
  readonly archive: number;
  readonly message: string;
}

/** What a finished extraction leaves on disk. */
export interface ExtractionOutcome {
  /** The archives whose files are all in place, in run order. */
  readonly completed: readonly number[];
  readonly failure?: WriteFailure;
}

/** Files and bytes written so far, while archive `archive` is planned. */
export type ExtractionProgress = (archive: number, files: number, bytes: number) => void;

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
 * Extracts archives one after the other with plexus-archiver's sequential semantics (order,
 * overwrites, where a failure stops the run) while doing the work in parallel: zip entries are
 * planned on a model of the output tree as they are listed, and their final files written by
 * worker threads meanwhile; tar archives, which can only be streamed, run one at a time. The
 * caller takes the archives in order (`begin`, then `extractZip` or `extractTar`) and learns
 * at `finish` which of them are completely on disk.
 */
export class Extraction {
  private readonly tree = new TargetTree();
  private readonly executor: WorkExecutor;
  /** The started archive's output directory, canonical. */
  private root = '';
  /** Archives planned whose writes may still be in flight (complete once they are settled). */
  private segment: number[] = [];
  private dispatchFiles = FIRST_DISPATCH_FILES;

  constructor(
    private readonly archives: readonly ArchiveToExtract[],
    private readonly settings: ExtractionSettings,
    private readonly pool: WorkerPool,
    progress: ExtractionProgress,
  ) {
    const defaultMode = 0o666 & ~process.umask();
    const filling = settings.storeFilling;
    this.executor = new WorkExecutor(
      pool,
      (job) => this.archives[job].file,
      (files, bytes) => progress(this.tree.job, files, bytes),
      defaultMode,
      filling &&
        new StoreTee(
          filling,
          (job) => canonicalPath(this.archives[job].directory),
          (e) => this.chmodOf(e),
          defaultMode,
        ),
    );
  }

  /** Starts archive `i` (the next in run order): makes its directory in the plan; false when a file is in the way. */
  begin(i: number): boolean {
    this.tree.job = i;
    this.root = canonicalPath(this.archives[i].directory);
    return this.tree.ensureDirectory(this.root);
  }

  /**
   * Plans the started archive, a zip, reading entry names with `decoder`, and hands its writes
   * to the threads. Returns the refusal or failure that stops the run there, if any; throws a
   * FileMapperError when a file mapper cannot map a name.
   */
  async extractZip(decoder: NameDecoder): Promise<PlanFailure | undefined> {
    this.segment.push(this.tree.job);
    return this.planZip(this.root, decoder);
  }

  /** What plexus-archiver would have warned of while the archives planned since the last call were unpacked. */
  takeWarnings(): string[] {
    return this.tree.takeWarnings();
  }

  /** As `extractZip`, for a tar-family archive, read as `format`. */
  async extractTar(format: TarFormat): Promise<PlanFailure | undefined> {
    const i = this.tree.job;
    this.segment.push(i);
    const input = this.tarInput(i, format);
    // tar.gz files inflate whole on the writing threads: two ahead keep both threads inflating.
    if (this.readAhead(i + 1) === 'tar.gz' && this.tarFormatOf(i + 2) === 'tar.gz') this.readAhead(i + 2);
    return new TarJob(this.tree, this.settings, this.root, this.tarPlanning, (e, target, chmod) =>
      this.planned(e.name, target, e.kind, e.mtimeMs, chmod, e.linkTarget),
    ).run(input);
  }

  /**
   * Plans the started archive from a stored extraction of it (see stored-entry.ts) instead of
   * reading it: the same decisions, with the stored files as contents. A stored entry whose
   * path would leave the directory (a tampered store) is refused like such an archive entry.
   */
  async extractStored(stored: StoredTree): Promise<PlanFailure | undefined> {
    const root = this.root;
    this.segment.push(this.tree.job);
    for (const e of stored.entries) {
      const target = entryTarget(root, e.path);
      if (target instanceof PlanFailure) return target;
      let failure: PlanFailure | undefined;
      if (e.kind === 'file') {
        const file = e.file === undefined ? undefined : stored.files[e.file];
        if (!file || file.path !== e.path)
          return new PlanFailure(`The stored tree ${stored.directory} has no file ${e.path}`, true);
        const from = e.path === '' ? stored.directory : `${stored.directory}/${e.path}`;
        const source = { kind: 'stored', from, link: stored.link, mode: file.mode, mtimeMs: file.mtimeMs } as const;
        failure = this.tree.writeFile(root, target, e.name, source, e.mtimeMs, e.chmod);
      } else if (e.kind === 'dir') failure = this.tree.makeDirectory(root, target, e.name, e.mtimeMs);
      else failure = this.tree.makeSymlink(root, target, e.name, e.linkTarget ?? '', e.mtimeMs);
      if (failure) return failure;
      this.planned(e.name, target, e.kind, e.mtimeMs, e.chmod, e.linkTarget);
      if (this.executor.failed) return undefined;
      if (this.tree.pendingFiles >= this.dispatchFiles || this.tree.barrier) {
        this.dispatchFiles = Math.min(DISPATCH_FILES, this.dispatchFiles * 2);
        await this.dispatch();
        if (this.executor.failed) return undefined;
      }
    }
    return undefined;
  }

  /** Tells the caller of an entry the plan accepted. */
  private planned(
    name: string,
    target: string,
    kind: ArchiveEntry['kind'],
    mtimeMs: number,
    chmod: number | undefined,
    linkTarget: string | undefined,
  ): void {
    this.settings.onPlanned?.({ job: this.tree.job, name, target, kind, mtimeMs, chmod, linkTarget });
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

  /** Archive `i`, decompressing from now on (small tar.gz files whole, on a thread). */
  private openTar(i: number, format: TarFormat): TarInput {
    if (this.pool.started) this.inflater ??= wholeInflater(this.pool);
    return openTarInput(this.archives[i].file, format, this.decompressionThreads(i), this.inflater);
  }

  /** A compressed tar's format when archive `i` is one (what read-ahead may open), else undefined. */
  private tarFormatOf(i: number): TarFormat | undefined {
    const archive = this.archives[i];
    if (!archive || isDirectory(archive.file)) return undefined;
    const format = archive.format;
    return format === 'tar' || format === 'tar.gz' || format === 'tar.bz2' || format === 'tar.xz' ? format : undefined;
  }

  /**
   * Threads for archive `i`'s decompressor: every core when it decompresses alone, half of them
   * when a neighbouring tar.bz2 or tar.xz decompresses beside it in another process (read-ahead
   * keeps two archives open at once).
   */
  private decompressionThreads(i: number): number {
    const cores = os.availableParallelism();
    const ownProcess = (j: number): boolean => {
      const format = this.tarFormatOf(j);
      return format === 'tar.bz2' || format === 'tar.xz';
    };
    return ownProcess(i - 1) || ownProcess(i + 1) ? Math.max(1, Math.floor(cores / 2)) : cores;
  }

  /** Starts decompressing archive `i` now when it is a tar-family archive (and threads write). */
  private readAhead(i: number): TarFormat | undefined {
    if (i >= this.archives.length || !this.pool.started) return undefined;
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
      if (this.tree.pendingFiles < this.dispatchFiles && !this.tree.barrier && pendingBytes < PENDING_BYTES)
        return false;
      this.dispatchFiles = Math.min(DISPATCH_FILES, this.dispatchFiles * 2);
      await this.dispatch();
      return true;
    },
    dispatchNow: () => this.dispatch(),
    beforeStream: (target) => {
      this.executor.ownCopy(target);
      return this.executor.streamTee(target);
    },
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
  private async planZip(root: string, decoder: NameDecoder): Promise<PlanFailure | undefined> {
    const file = this.archives[this.tree.job].file;
    const flattening = (this.settings.flattenDestDirs ?? []).length > 0;
    const flatten: { target: string; entry: ArchiveEntry }[] = [];
    const lastWriter = new Map<string, ArchiveEntry>();
    const sizeLimit = this.settings.sizeLimit;
    let failure: PlanFailure | undefined;
    let declared = 0;
    try {
      await forEachZipEntry(file, decoder, (entry) => {
        if (!this.settings.selector.isSelected(entry.name)) return true;
        // The zip-bomb guard: declared sizes are binding (an entry is cut off at its own), so their
        // sum bounds what the archive writes; the entry that crosses the limit is refused.
        if (entry.kind === 'file') declared += entry.size;
        if (sizeLimit !== undefined && declared > sizeLimit.bytes) {
          failure = new PlanFailure(sizeLimit.refusal(entry.name), false);
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
        // The copy takes the file as the whole archive left it: its last entry for that path.
        const source = lastWriter.get(target)!;
        const mode = (this.chmodOf(entry) ?? 0o666) & ~(this.settings.umask ?? 0o022);
        const flat = path.join(flatRoot, path.basename(target));
        const refused = this.tree.replaceFile(
          flat,
          entry.name,
          { kind: 'entry', job: this.tree.job, entry: source },
          source.mtimeMs,
          mode,
        );
        if (refused) return refused;
      }
    }
    return undefined;
  }

  /** Plans one entry at `target`, where its (mapped) name puts it. */
  private planEntry(root: string, target: string, entry: ArchiveEntry): PlanFailure | undefined {
    let failure: PlanFailure | undefined;
    const chmod = entry.kind === 'file' ? this.chmodOf(entry) : undefined;
    if (entry.kind === 'file') {
      const source = { kind: 'entry', job: this.tree.job, entry } as const;
      failure = this.tree.writeFile(root, target, entry.name, source, entry.mtimeMs, chmod);
    } else if (entry.kind === 'dir') failure = this.tree.makeDirectory(root, target, entry.name, entry.mtimeMs);
    else failure = this.tree.makeSymlink(root, target, entry.name, entry.linkTarget ?? '', entry.mtimeMs);
    if (!failure && this.settings.onPlanned)
      this.planned(entry.name, target, entry.kind, entry.mtimeMs, chmod, entry.linkTarget);
    return failure;
  }

  /**
   * Writes everything planned so far; the archives completed are those planned before `failing`
   * (all of them when the run went through). An unexpected write failure leaves out every
   * archive whose files are not all in place, and is the outcome's failure.
   */
  async finish(failing?: number): Promise<ExtractionOutcome> {
    // None are open after a complete run; a failed one stops reading those it opened ahead.
    this.closeReadAhead();
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
    let cutoff = failing ?? Number.POSITIVE_INFINITY;
    let first: TaskFailure | undefined;
    if (failures.length > 0) {
      first = failures.reduce((a, b) => (b.job < a.job ? b : a));
      cutoff = Math.min(cutoff, this.executor.earliestAffected(first.job));
    }
    return {
      completed: segment.filter((i) => i < cutoff),
      failure: first ? { archive: first.job, message: first.message } : undefined,
    };
  }
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}
