import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { runBatch, type TaskBatch, type TaskFailure } from './write-tasks';

/**
 * Runs write batches on worker threads (one per core, at most `maxWorkers`), or inline when the
 * work is too small to pay for starting threads. Workers start lazily and live until `close`.
 */
export class WorkerPool {
  private workers: Worker[] = [];
  private readonly size: number;

  constructor(maxWorkers = os.availableParallelism()) {
    this.size = Math.max(1, maxWorkers);
  }

  get parallelism(): number {
    return this.size;
  }

  private start(): Worker[] {
    if (this.workers.length === 0) {
      const script = path.join(__dirname, 'zip-worker.js');
      for (let i = 0; i < this.size; i++) this.workers.push(new Worker(script));
    }
    return this.workers;
  }

  /**
   * Runs every batch unless one fails: then no new batch starts, the running ones finish, and
   * all failures are returned (the caller picks the first in Maven's order).
   */
  async run(batches: readonly TaskBatch[], inline: boolean, onBatchDone?: (batch: TaskBatch) => void): Promise<TaskFailure[]> {
    const failures: TaskFailure[] = [];
    if (inline || this.size === 1) {
      for (const batch of batches) {
        const failure = await runBatch(batch);
        if (failure) return [failure];
        onBatchDone?.(batch);
      }
      return failures;
    }
    const workers = this.start();
    let next = 0;
    let nextId = 0;
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve, reject) => {
            const pending = new Map<number, TaskBatch>();
            const dispatch = (): void => {
              // Two batches in flight per worker hide the message round trip.
              while (pending.size < 2 && next < batches.length && failures.length === 0) {
                const id = nextId++;
                const batch = batches[next++];
                pending.set(id, batch);
                worker.postMessage({ id, batch });
              }
              if (pending.size === 0) {
                worker.off('message', onMessage);
                worker.off('error', onError);
                resolve();
              }
            };
            const onMessage = (reply: { id: number; failure?: TaskFailure }): void => {
              const batch = pending.get(reply.id)!;
              pending.delete(reply.id);
              if (reply.failure) failures.push(reply.failure);
              else onBatchDone?.(batch);
              dispatch();
            };
            const onError = (e: Error): void => reject(e);
            worker.on('message', onMessage);
            worker.on('error', onError);
            dispatch();
          }),
      ),
    );
    return failures;
  }

  async close(): Promise<void> {
    const workers = this.workers;
    this.workers = [];
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
