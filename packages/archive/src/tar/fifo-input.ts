import { spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * A system decompressor's output read through a named pipe into a few reused blocks. Node's
 * child pipes are non-blocking sockets read as a stream: a wake-up, a buffer and a stream event
 * for every few kilobytes the tool writes, all on the main thread. A named pipe is read with
 * plain blocking reads on libuv's thread pool, straight into the block being filled, and the
 * reader gets a whole block at a time (see docs/benchmarks.md for the measurements).
 */
const BLOCK = 1024 * 1024;
/** Blocks: the one the reader holds, the one being filled, and the rest read ahead. */
const BLOCKS = 6;

export interface FifoInput {
  readonly chunks: AsyncIterable<Buffer>;
  /** Why the output ended early, if it did. */
  failure(): Error | undefined;
  close(): void;
}

/**
 * Runs `tool args` with its standard output on a named pipe (made in a private temporary
 * directory and removed as soon as both ends are open) and reads it ahead from now on. When the
 * tool fails, `recover(delivered)` supplies what follows the bytes already given out (it may
 * throw the failure that explains the stop); undefined when no pipe can be made here.
 */
export function fifoToolInput(
  tool: string,
  args: readonly string[],
  recover: (delivered: number) => AsyncIterable<Buffer>,
): FifoInput | undefined {
  let dir: string;
  try {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-pipe-'));
  } catch {
    return undefined;
  }
  const fifo = path.join(dir, 'out');
  const made = spawnSync('mkfifo', ['-m', '600', fifo], { stdio: 'ignore' });
  if (made.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  return new FifoReader(tool, args, dir, fifo, recover);
}

class FifoReader implements FifoInput {
  private fd = -1;
  private readonly free: Buffer[] = [];
  private readonly ready: { block: Buffer; length: number }[] = [];
  private filling?: Buffer;
  private filled = 0;
  private reading = false;
  private ended = false;
  private closed = false;
  private error?: Error;
  private exit?: Promise<number | null>;
  private stderr = '';
  private wake?: () => void;
  private delivered = 0;
  readonly chunks: AsyncIterable<Buffer>;

  constructor(
    tool: string,
    args: readonly string[],
    dir: string,
    fifo: string,
    private readonly recover: (delivered: number) => AsyncIterable<Buffer>,
  ) {
    for (let i = 0; i < BLOCKS; i++) this.free.push(Buffer.allocUnsafeSlow(BLOCK));
    // The read end opens on the thread pool (it waits for a writer), the write end here: each
    // open waits for the other, so neither blocks for long.
    fs.open(fifo, fs.constants.O_RDONLY, (e, fd) => {
      fs.rmSync(dir, { recursive: true, force: true });
      if (e) return this.finish(e);
      if (this.closed) return fs.close(fd, () => undefined);
      this.fd = fd;
      this.pump();
    });
    let out: number;
    try {
      out = fs.openSync(fifo, fs.constants.O_WRONLY);
    } catch (e) {
      fs.rmSync(dir, { recursive: true, force: true });
      this.error = e as Error;
      this.ended = true;
      this.chunks = this.read();
      return;
    }
    try {
      const child = spawn(tool, args, { stdio: ['ignore', out, 'pipe'] });
      child.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
      this.exit = new Promise((resolve) => {
        child.on('error', (e) => {
          this.stderr ||= e.message;
          resolve(null);
        });
        child.on('close', (code) => resolve(code));
      });
      this.kill = () => child.kill();
    } finally {
      fs.closeSync(out);
    }
    this.chunks = this.read();
  }

  private kill = (): void => undefined;

  failure(): Error | undefined {
    return this.error;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.kill();
    // A read in flight ends once the tool is gone; its callback closes the descriptor.
    if (!this.reading && this.fd >= 0) fs.close(this.fd, () => undefined);
    this.wake?.();
  }

  /** Keeps one read going into the current block while there is a block to fill. */
  private pump(): void {
    if (this.reading || this.ended || this.closed || this.fd < 0) return;
    if (!this.filling) {
      this.filling = this.free.pop();
      this.filled = 0;
      if (!this.filling) return;
    }
    this.reading = true;
    const block = this.filling;
    fs.read(this.fd, block, this.filled, block.length - this.filled, null, (e, n) => {
      this.reading = false;
      if (this.closed) {
        fs.close(this.fd, () => undefined);
        return;
      }
      if (e || n === 0) return this.finish(e ?? undefined);
      this.filled += n;
      // A full block goes to the reader; so does a partial one when the reader is waiting.
      if (this.filled === block.length || (this.wake && this.ready.length === 0)) this.handOver();
      this.pump();
    });
  }

  private handOver(): void {
    if (!this.filling || this.filled === 0) return;
    this.ready.push({ block: this.filling, length: this.filled });
    this.filling = undefined;
    this.filled = 0;
    this.wake?.();
  }

  private finish(e: Error | undefined): void {
    this.handOver();
    if (e) this.error ??= e;
    this.ended = true;
    if (this.fd >= 0) {
      fs.close(this.fd, () => undefined);
      this.fd = -1;
    }
    this.wake?.();
  }

  private async *read(): AsyncGenerator<Buffer> {
    let held: Buffer | undefined;
    while (!this.closed) {
      // Asking for the next block means the last one is no longer used.
      if (held) {
        this.free.push(held);
        held = undefined;
        this.pump();
      }
      const next = this.ready.shift();
      if (next) {
        held = next.block;
        this.delivered += next.length;
        yield next.length === next.block.length ? next.block : next.block.subarray(0, next.length);
        continue;
      }
      if (this.ended) break;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
    if (this.closed) return;
    const code = this.error ? null : await this.exit;
    if (code === 0) return;
    // The tool stopped: the rest comes from the caller's own reading, which names the fault.
    this.error = undefined;
    try {
      yield* this.recover(this.delivered);
    } catch (e) {
      this.error = e as Error;
    }
  }
}
