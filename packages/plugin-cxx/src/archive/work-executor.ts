import * as fs from 'node:fs';
import { toUtimeSeconds } from './file-times';
import type { PendingWork } from './target-tree';
import type { WorkerPool } from './worker-pool';
import { describeFsError, runBatch, type TaskBatch, type TaskFailure, type WriteTask } from './write-tasks';

/**
 * Puts a plan's pending work on disk: directories (parents first), links, then every final
 * file as independent write tasks spread over the worker threads, then directory times.
 */

/** Below these, starting worker threads costs more than it saves. */
const INLINE_MAX_TASKS = 2000;
const INLINE_MAX_BYTES = 32 * 1024 * 1024;
/** Batch size: small enough to balance two threads, large enough to amortise messages. */
const BATCH_TASKS = 256;
const BATCH_BYTES = 8 * 1024 * 1024;

export interface WorkProgress {
  (files: number, bytes: number): void;
}

export class WorkExecutor {
  constructor(
    private readonly pool: WorkerPool,
    /** Archive file of each job (artifact position in the run). */
    private readonly archiveOf: (job: number) => string,
  ) {}

  private failure(job: number, entryName: string, message: string): TaskFailure {
    return { job, archive: this.archiveOf(job), entryName, message };
  }

  /** Directories and links, synchronously and in plan order. */
  private structure(work: PendingWork): TaskFailure | undefined {
    for (const dir of work.dirs) {
      try {
        fs.mkdirSync(dir.path);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !fs.statSync(dir.path).isDirectory()) {
          return this.failure(dir.job, '', describeFsError(e, dir.path));
        }
      }
    }
    for (const link of work.links) {
      try {
        fs.symlinkSync(link.target, link.path);
      } catch (e) {
        return this.failure(link.job, '', describeFsError(e, link.path));
      }
    }
    return undefined;
  }

  /** Copies for flatten directories of streamed (tar) artifacts: from the file just extracted. */
  private copy(path: string, from: string, mtime: number | undefined, chmod: number | undefined): void {
    fs.rmSync(path, { force: true });
    fs.copyFileSync(from, path);
    if (mtime !== undefined) fs.utimesSync(path, toUtimeSeconds(mtime), toUtimeSeconds(mtime));
    if (chmod !== undefined) fs.chmodSync(path, chmod);
  }

  private batches(work: PendingWork): { batches: TaskBatch[]; copies: TaskFailure | undefined; bytes: number } {
    const byArchive = new Map<string, WriteTask[]>();
    let bytes = 0;
    for (const { path, node } of work.files) {
      const writer = node.writer;
      if (writer?.kind === 'stream') continue;
      const job = node.lastJob ?? 0;
      if (writer?.kind === 'copy') {
        try {
          this.copy(path, writer.from, node.mtime, node.chmod);
        } catch (e) {
          return { batches: [], copies: this.failure(job, '', describeFsError(e, path)), bytes };
        }
        continue;
      }
      const archive = writer ? this.archiveOf(writer.job) : '';
      const task: WriteTask = {
        path,
        job,
        entryName: writer?.entry.name ?? '',
        data: writer?.entry.zip,
        mtime: node.mtime,
        chmod: node.chmod,
        unlinkFirst: node.unlinkFirst,
      };
      bytes += task.data?.compressedSize ?? 0;
      let list = byArchive.get(archive);
      if (!list) byArchive.set(archive, (list = []));
      list.push(task);
    }
    const batches: TaskBatch[] = [];
    for (const [archive, tasks] of byArchive) {
      // Archive order keeps the reads sequential.
      tasks.sort((a, b) => (a.data?.localHeaderOffset ?? 0) - (b.data?.localHeaderOffset ?? 0));
      let current: WriteTask[] = [];
      let size = 0;
      for (const task of tasks) {
        current.push(task);
        size += task.data?.compressedSize ?? 0;
        if (current.length >= BATCH_TASKS || size >= BATCH_BYTES) {
          batches.push({ archive, tasks: current });
          current = [];
          size = 0;
        }
      }
      if (current.length > 0) batches.push({ archive, tasks: current });
    }
    return { batches, copies: undefined, bytes };
  }

  /**
   * Synchronous execution of small structural work (streamed archives): directories, links,
   * copies and time/mode updates. Files whose content is being streamed are left to the caller.
   */
  executeSync(work: PendingWork): TaskFailure | undefined {
    const structural = this.structure(work);
    if (structural) return structural;
    for (const { path, node } of work.files) {
      const job = node.lastJob ?? 0;
      try {
        if (node.writer?.kind === 'stream') continue;
        if (node.writer?.kind === 'copy') this.copy(path, node.writer.from, node.mtime, node.chmod);
        else if (node.writer?.kind === 'entry') throw new Error(`internal: ${path} needs archive data`);
        else {
          if (node.mtime !== undefined) fs.utimesSync(path, toUtimeSeconds(node.mtime), toUtimeSeconds(node.mtime));
          if (node.chmod !== undefined) fs.chmodSync(path, node.chmod);
        }
      } catch (e) {
        return this.failure(job, '', describeFsError(e, path));
      }
    }
    for (const dir of work.dirTimes) {
      try {
        fs.utimesSync(dir.path, toUtimeSeconds(dir.mtime), toUtimeSeconds(dir.mtime));
      } catch {
        // cosmetic, as below
      }
    }
    return undefined;
  }

  /** Executes everything; returns the failures (empty on success). */
  async execute(work: PendingWork, progress?: WorkProgress): Promise<TaskFailure[]> {
    const structural = this.structure(work);
    if (structural) return [structural];
    const { batches, copies, bytes } = this.batches(work);
    if (copies) return [copies];
    const taskCount = batches.reduce((n, b) => n + b.tasks.length, 0);
    const inline = taskCount < INLINE_MAX_TASKS && bytes < INLINE_MAX_BYTES;
    let doneFiles = 0;
    let doneBytes = 0;
    const failures =
      inline && this.pool.parallelism > 0
        ? await runInline(batches)
        : await this.pool.run(batches, false, (batch) => {
            doneFiles += batch.tasks.length;
            doneBytes += batch.tasks.reduce((n, t) => n + (t.data?.uncompressedSize ?? 0), 0);
            progress?.(doneFiles, doneBytes);
          });
    if (failures.length > 0) return failures;
    for (const dir of work.dirTimes) {
      try {
        fs.utimesSync(dir.path, toUtimeSeconds(dir.mtime), toUtimeSeconds(dir.mtime));
      } catch {
        // Directory times are cosmetic (Maven ignores failures to set them too).
      }
    }
    return [];
  }
}

async function runInline(batches: readonly TaskBatch[]): Promise<TaskFailure[]> {
  for (const batch of batches) {
    const failure = await runBatch(batch);
    if (failure) return [failure];
  }
  return [];
}
