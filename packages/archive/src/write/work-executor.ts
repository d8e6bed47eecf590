import * as fs from 'node:fs';
import { contentSlabs } from './content-slabs';
import { toUtimeSeconds } from '../file-times';
import type { PendingWork } from '../target-tree';
import type { StoreTee, TeeRecord } from './store-tee';
import { copyTee, TEE_LOST, type StreamTee, type TeePlacement } from './tee-write';
import type { WorkerPool } from './worker-pool';
import {
  batchBytes,
  batchSize,
  describeFsError,
  encodeBatch,
  firstEntryName,
  teeDigests,
  type TaskBatch,
  type TaskFailure,
  type WriteTask,
} from './write-tasks';

/**
 * Puts planned work on disk: directories (parents first) and links at once on the calling
 * thread, then every final file as an independent write task, batched per archive and handed
 * to the worker pool without waiting, so planning goes on while the threads write.
 */

/** Batch size: small enough to balance the threads, large enough to amortise the messages. */
const BATCH_TASKS = 256;
const BATCH_BYTES = 4 * 1024 * 1024;

/** Where stored files' tasks are batched (they read no archive). */
const STORED_BATCHES = '\0stored';

export type WorkProgress = (files: number, bytes: number) => void;

export class WorkExecutor {
  private inFlight: Promise<void>[] = [];
  private failures: TaskFailure[] = [];
  private doneFiles = 0;
  /** For files written by several artifacts in one hand-over: last artifact -> earliest one. */
  private readonly overwritten = new Map<number, number>();
  private doneBytes = 0;

  constructor(
    private readonly pool: WorkerPool,
    /** Archive file of each job (artifact position in the run). */
    private readonly archiveOf: (job: number) => string,
    private readonly progress?: WorkProgress,
    /** Mode bits a new file gets (0666 under the umask): no chmod is needed to reach them. */
    private readonly defaultMode = 0o666 & ~process.umask(),
    /** Store trees filled from the same writes. */
    private readonly tee?: StoreTee,
  ) {}

  /** True once any handed-out work failed (planning should stop). */
  get failed(): boolean {
    return this.failures.length > 0;
  }

  private fail(job: number, entryName: string, message: string): void {
    this.failures.push({ job, archive: this.archiveOf(job), entryName, message });
  }

  /** Directories and links, synchronously and in plan order; false on failure. */
  private structure(work: PendingWork): boolean {
    for (const dir of work.dirs) {
      try {
        fs.mkdirSync(dir.path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !fs.statSync(dir.path).isDirectory()) {
          this.fail(dir.job, '', describeFsError(e, dir.path));
          return false;
        }
      }
    }
    for (const link of work.links) {
      try {
        fs.symlinkSync(link.target, link.path);
      } catch (e) {
        // Another process unpacking the same project may have made the very same link.
        if ((e as NodeJS.ErrnoException).code === 'EEXIST' && readLink(link.path) === link.target) continue;
        this.fail(link.job, '', describeFsError(e, link.path));
        return false;
      }
    }
    return true;
  }

  /** Flatten copies of streamed (tar) artifacts: from the file just extracted. */
  private copy(path: string, from: string, mtime: number | undefined, chmod: number | undefined): void {
    fs.rmSync(path, { force: true });
    fs.copyFileSync(from, path);
    if (mtime !== undefined) fs.utimesSync(path, toUtimeSeconds(mtime), toUtimeSeconds(mtime));
    if (chmod !== undefined) fs.chmodSync(path, chmod);
  }

  /**
   * Before `path` is written or touched in place: a file that has other hard links (a store's)
   * becomes a file of its own, with the same content, time and mode, so the write changes only it.
   */
  ownCopy(path: string): void {
    const st = fs.lstatSync(path, { throwIfNoEntry: false, bigint: true });
    if (!st || !st.isFile() || st.nlink < 2n) return;
    const slash = path.lastIndexOf('/');
    const temp = `${path.slice(0, slash)}/.${path.slice(slash + 1)}.goalhost-own`;
    fs.copyFileSync(path, temp, fs.constants.COPYFILE_FICLONE);
    fs.chmodSync(temp, Number(st.mode & 0o7777n));
    const mtime = toUtimeSeconds(Number(st.mtimeNs / 1_000_000n));
    fs.utimesSync(temp, mtime, mtime);
    fs.renameSync(temp, path);
  }

  /**
   * Hands the work out. Structure, copies and time-only changes happen now; file contents are
   * written by the pool. Files being streamed by the caller (`stream` writers) are skipped.
   */
  dispatch(work: PendingWork): void {
    if (!this.structure(work)) return;
    const byArchive = new Map<string, WriteTask[]>();
    for (const { path, node } of work.files) {
      const writer = node.writer;
      const job = node.lastJob ?? 0;
      if (writer && this.tee) this.tee.handedOut(node, writer.kind === 'entry' ? writer.job : job);
      if (writer?.kind === 'stream') {
        const tee = this.tee?.forFile(path, node, writer.job, writer.entry);
        if (tee) this.streamTees.set(path, tee);
        continue;
      }
      if (node.firstJob !== undefined && node.firstJob < job) {
        this.overwritten.set(job, Math.min(this.overwritten.get(job) ?? job, node.firstJob));
      }
      if (writer?.kind === 'stored') {
        this.queue(byArchive, STORED_BATCHES, {
          path,
          job,
          entryName: '',
          mtime: node.mtime,
          // A new file without a mode of its own gets the umask's.
          chmod: node.chmod ?? (node.created ? this.defaultMode : undefined),
          stored: {
            from: writer.from,
            link: writer.link,
            mode: writer.mode,
            mtimeMs: writer.mtimeMs,
            existing: !node.created,
          },
        });
        continue;
      }
      if (!node.created && !node.soleLink) {
        try {
          this.ownCopy(path);
        } catch (e) {
          this.fail(job, '', describeFsError(e, path));
          return;
        }
      }
      if (writer?.kind === 'copy') {
        try {
          this.copy(path, writer.from, node.mtime, node.chmod);
        } catch (e) {
          this.fail(job, '', describeFsError(e, path));
          return;
        }
        continue;
      }
      if (!writer) {
        // Only a time (directory or link entry over it) or mode changes: cheap, done now.
        try {
          if (node.mtime !== undefined) fs.utimesSync(path, toUtimeSeconds(node.mtime), toUtimeSeconds(node.mtime));
          if (node.chmod !== undefined) fs.chmodSync(path, node.chmod);
        } catch (e) {
          this.fail(job, '', describeFsError(e, path));
          return;
        }
        continue;
      }
      const archive = this.archiveOf(writer.job);
      const tee = this.tee?.forFile(path, node, writer.job, writer.entry);
      const task: WriteTask = {
        path,
        job,
        entryName: writer.entry.name,
        data: writer.entry.zip,
        content: writer.entry.content,
        mtime: node.mtime,
        // A file this run creates already has the default mode; skip the system call then.
        chmod: node.created && node.chmod === this.defaultMode ? undefined : node.chmod,
        unlinkFirst: node.unlinkFirst,
        tee: tee?.placement,
        teeRecord: tee?.record,
      };
      this.queue(byArchive, archive, task);
    }
    for (const [archive, tasks] of byArchive) {
      // Archive order keeps the reads sequential.
      tasks.sort((a, b) => (a.data?.localHeaderOffset ?? 0) - (b.data?.localHeaderOffset ?? 0));
      let current: WriteTask[] = [];
      let size = 0;
      for (const task of tasks) {
        current.push(task);
        size += task.data?.compressedSize ?? task.content?.length ?? 0;
        if (current.length >= BATCH_TASKS || size >= BATCH_BYTES) {
          this.submit(encodeBatch(archive, current), slabContents(current), this.teeRecords(current));
          current = [];
          size = 0;
        }
      }
      if (current.length > 0)
        this.submit(encodeBatch(archive, current), slabContents(current), this.teeRecords(current));
    }
  }

  /** The tees of files handed out to be streamed by the caller, until their stream starts. */
  private readonly streamTees = new Map<string, { placement: TeePlacement; record: TeeRecord }>();

  /**
   * The store tree's copy of the file about to be streamed to `path`, if its archive fills one:
   * made from the finished file (read back once, hashed as it is copied), or lost.
   */
  streamTee(path: string): StreamTee | undefined {
    const tee = this.streamTees.get(path);
    if (!tee || !this.tee) return undefined;
    this.streamTees.delete(path);
    const storeTee = this.tee;
    return {
      copy: (from) => {
        const digest = copyTee(tee.placement, from);
        storeTee.settled([tee.record], [digest === TEE_LOST ? undefined : digest]);
      },
      lose: () => storeTee.failed([tee.record]),
    };
  }

  private teeRecords(tasks: readonly WriteTask[]): TeeRecord[] | undefined {
    if (!this.tee) return undefined;
    let records: TeeRecord[] | undefined;
    for (const task of tasks) if (task.teeRecord) (records ??= []).push(task.teeRecord);
    return records;
  }

  private queue(byArchive: Map<string, WriteTask[]>, archive: string, task: WriteTask): void {
    let list = byArchive.get(archive);
    if (!list) byArchive.set(archive, (list = []));
    list.push(task);
  }

  /**
   * `contents`: the batch's contents to give back to the slabs once it is written; `tees`: its
   * tasks' tees, in task order.
   */
  private submit(
    batch: TaskBatch,
    contents: readonly Uint8Array[] | undefined,
    tees: readonly TeeRecord[] | undefined,
  ): void {
    const release = (): void => {
      for (const content of contents ?? []) contentSlabs.release(content);
    };
    const done = this.pool.submit(batch).then(
      ({ failure, teed }) => {
        release();
        if (tees) this.tee?.settled(tees, teeDigests(batch, teed));
        if (failure) this.failures.push(failure);
        this.doneFiles += batchSize(batch);
        this.doneBytes += batchBytes(batch);
        this.progress?.(this.doneFiles, this.doneBytes);
      },
      (e: Error) => {
        release();
        if (tees) this.tee?.failed(tees);
        this.failures.push({
          job: batch.nums[0] ?? 0,
          archive: batch.archive,
          entryName: firstEntryName(batch),
          message: e.message,
        });
      },
    );
    this.inFlight.push(done);
  }

  /**
   * Synchronous hand-over for streamed archives (structure, copies, time changes; never archive
   * data): returns the failure at once, if any.
   */
  dispatchSync(work: PendingWork): TaskFailure | undefined {
    if (work.files.some((f) => f.node.writer?.kind === 'entry'))
      throw new Error('internal: archive data needs the pool');
    this.dispatch(work);
    return this.failures.shift();
  }

  /** Directory entry times, once everything written into those directories is done. */
  applyDirTimes(times: readonly { path: string; mtime: number }[]): void {
    for (const dir of times) {
      try {
        fs.utimesSync(dir.path, toUtimeSeconds(dir.mtime), toUtimeSeconds(dir.mtime));
      } catch {
        // Directory times are cosmetic; Maven ignores a failure to set them too.
      }
    }
  }

  /**
   * The earliest artifact whose files may be incomplete when artifact `failedJob` failed: an
   * earlier artifact's file may only have been planned, its write left to the failed one.
   */
  earliestAffected(failedJob: number): number {
    let earliest = failedJob;
    for (const [last, first] of this.overwritten) if (last >= failedJob) earliest = Math.min(earliest, first);
    return earliest;
  }

  /** Waits for everything handed out; returns the failures (empty on success) and resets. */
  async settle(): Promise<TaskFailure[]> {
    while (this.inFlight.length > 0) {
      const waiting = this.inFlight;
      this.inFlight = [];
      await Promise.all(waiting);
    }
    const failures = this.failures;
    this.failures = [];
    if (failures.length === 0) this.overwritten.clear();
    return failures;
  }
}

/**
 * The tasks' contents, kept until their batch is written (their slabs are then reused); not the
 * tasks themselves: objects held that long make V8 grow the young generation to its maximum.
 */
function slabContents(tasks: readonly WriteTask[]): Uint8Array[] | undefined {
  let contents: Uint8Array[] | undefined;
  for (const task of tasks) if (task.content) (contents ??= []).push(task.content);
  return contents;
}

function readLink(p: string): string | undefined {
  try {
    return fs.readlinkSync(p);
  } catch {
    return undefined;
  }
}
