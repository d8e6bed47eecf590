import * as os from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { fileFacts, type FileFacts } from './file-facts';
import { inflateWhole, type WorkerReply, type WorkerRequest } from './zip-worker-protocol';
import { batchTransfers, runBatch, type BatchOutcome, type TaskBatch } from './write-tasks';

interface Queued {
  readonly request: WorkerRequest;
  readonly transfer: ArrayBuffer[];
  readonly resolve: (reply: WorkerReply) => void;
  readonly reject: (e: Error) => void;
}

interface Slot {
  readonly worker: Worker;
  readonly running: Map<number, Queued>;
}

/** Two batches in flight per worker hide the message round trip. */
const IN_FLIGHT = 2;
/** Batches queued ahead of the threads before the planner is made to wait. */
const QUEUE_LIMIT = 4;

/**
 * Runs write batches on worker threads, one per core, fed from one queue in submission order.
 * Until `start` is called (its owner does so once the work is big enough to pay for the
 * threads' start-up, see `worthThreads`), batches run inline on the calling thread.
 */
export class WorkerPool {
  private slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  private nextId = 0;
  private roomWaiters: (() => void)[] = [];
  /** Set when every thread died: nothing runs any more. */
  private dead?: Error;
  readonly size: number;

  constructor(maxWorkers = os.availableParallelism()) {
    this.size = Math.max(1, maxWorkers);
  }

  get started(): boolean {
    return this.slots.length > 0;
  }

  /** Closed, or every thread died: nothing more runs here. */
  get closed(): boolean {
    return this.dead !== undefined;
  }

  /** Starts the threads (idempotent; a pool of size 1 stays inline). */
  start(): void {
    if (this.started || this.dead || this.size < 2) return;
    const script = path.join(__dirname, 'zip-worker.js');
    for (let i = 0; i < this.size; i++) {
      // A small young generation: short-lived entry buffers are collected early, keeping RSS low.
      const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 2 } });
      const slot: Slot = { worker, running: new Map() };
      slot.worker.on('message', (reply: WorkerReply & { id: number }) => {
        const queued = slot.running.get(reply.id);
        slot.running.delete(reply.id);
        queued?.resolve(reply);
        this.pump();
      });
      slot.worker.on('error', (e) => this.lost(slot, e));
      slot.worker.on('exit', (code) => this.lost(slot, new Error(`an extraction thread stopped (exit code ${code})`)));
      this.slots.push(slot);
    }
    this.pump();
  }

  /** A thread died: its batches fail, and with no thread left so does everything queued. */
  private lost(slot: Slot, e: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    for (const queued of slot.running.values()) queued.reject(e);
    slot.running.clear();
    if (this.slots.length === 0) {
      this.dead = e;
      for (const queued of this.queue.splice(0)) queued.reject(e);
      for (const wake of this.roomWaiters.splice(0)) wake();
    }
  }

  /** Runs a batch (inline, or queued for the threads); resolves with its failure, if any, and its tees. */
  async submit(batch: TaskBatch): Promise<BatchOutcome> {
    if (this.dead) throw this.dead;
    if (!this.started) return runBatch(batch);
    const reply = await this.enqueue({ batch }, batchTransfers(batch), false);
    return { failure: reply.failure, teed: reply.teed };
  }

  /**
   * A whole gzip file inflated into `into` (shared memory) on a thread (see `inflateWhole`),
   * ahead of the queued batches (the planner waits for it); its length, or undefined when it
   * cannot be done that way.
   */
  async inflate(file: string, into: Uint8Array): Promise<number | undefined> {
    if (this.dead) return undefined;
    if (!this.started) return inflateWhole(file, into);
    const reply = await this.enqueue({ inflate: { file, into } }, [], true).catch(() => undefined);
    return reply?.inflated;
  }

  /**
   * The facts of `paths` (see file-facts.ts), worked out on a thread after the batches queued
   * before (inline before `start`, or once the threads are gone).
   */
  async facts(paths: readonly string[], digests: boolean): Promise<FileFacts> {
    const joined = paths.join('\0');
    if (!this.started || this.dead) return fileFacts(joined, digests);
    const reply = await this.enqueue({ facts: { paths: joined, digests } }, [], false).catch(() => undefined);
    return reply?.facts ?? fileFacts(joined, digests);
  }

  private enqueue(request: WorkerRequest, transfer: ArrayBuffer[], first: boolean): Promise<WorkerReply> {
    return new Promise((resolve, reject) => {
      const queued = { request, transfer, resolve, reject };
      if (first) this.queue.unshift(queued);
      else this.queue.push(queued);
      this.pump();
    });
  }

  private pump(): void {
    for (const slot of this.slots) {
      while (slot.running.size < IN_FLIGHT && this.queue.length > 0) {
        const queued = this.queue.shift()!;
        const id = this.nextId++;
        slot.running.set(id, queued);
        slot.worker.postMessage({ id, ...queued.request }, queued.transfer);
      }
    }
    if (this.queue.length < QUEUE_LIMIT) for (const wake of this.roomWaiters.splice(0)) wake();
  }

  /**
   * Resolves when the queue has room: the planner waits here instead of queueing a whole
   * archive's tasks in memory ahead of the threads.
   */
  room(): Promise<void> {
    if (this.queue.length < QUEUE_LIMIT) return Promise.resolve();
    return new Promise((resolve) => this.roomWaiters.push(resolve));
  }

  /** Lets the process exit with the threads idle (`unref`), or holds it again for new work (`ref`). */
  hold(held: boolean): void {
    for (const slot of this.slots) {
      if (held) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  async close(): Promise<void> {
    const slots = this.slots;
    this.slots = [];
    this.dead ??= new Error('worker pool closed');
    for (const queued of this.queue.splice(0)) queued.reject(new Error('worker pool closed'));
    for (const wake of this.roomWaiters.splice(0)) wake();
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

let shared: { pool: WorkerPool; users: number } | undefined;

/**
 * The process's pool: goal executions share one set of threads, one per core, whether they run
 * at the same time (a parallel reactor, `-T`) or one after the other (a reactor's projects, or
 * several executions): threads start once per build instead of once per execution. Give it back
 * with `releaseWorkerPool`; when no execution uses it, its idle threads no longer keep the process
 * alive, so a build ends as soon as its last goal does.
 */
export function acquireWorkerPool(): WorkerPool {
  if (!shared || shared.pool.closed) shared = { pool: new WorkerPool(), users: 0 };
  if (shared.users++ === 0) shared.pool.hold(true);
  return shared.pool;
}

export async function releaseWorkerPool(pool: WorkerPool): Promise<void> {
  if (shared?.pool !== pool) {
    await pool.close();
    return;
  }
  if (--shared.users === 0) pool.hold(false);
}
