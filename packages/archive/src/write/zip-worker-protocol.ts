import * as fs from 'node:fs';
import type { FileFacts } from './file-facts';
import type { TaskBatch, TaskFailure } from './write-tasks';
import { gunzipInto } from '../tar/gunzip-into';

/** What the main thread asks an extraction thread (zip-worker.ts) to do: one of these. */
export interface WorkerRequest {
  /** Write these files. */
  readonly batch?: TaskBatch;
  /** Inflate this whole gzip file into `into` (see `inflateWhole`). */
  readonly inflate?: { readonly file: string; readonly into: Uint8Array };
  /** The facts of these files ('\0'-separated), see file-facts.ts. */
  readonly facts?: { readonly paths: string; readonly digests: boolean };
}

export interface WorkerReply {
  /** The batch's first failure, if any. */
  readonly failure?: TaskFailure;
  /** The batch's tees' digests (see BatchOutcome). */
  readonly teed?: string;
  /** The inflated file's length in `into`; absent when it could not be inflated in one piece. */
  readonly inflated?: number;
  readonly facts?: FileFacts;
}

/**
 * The thread's buffer for compressed files, reused: a new one per file would pile up unused
 * (dozens of MB) between this thread's rare garbage collections.
 */
let input = Buffer.alloc(0);

/** The whole file in the reused buffer; undefined when it is larger than `limit`. */
function readWhole(file: string, limit: number): Buffer | undefined {
  const fd = fs.openSync(file, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    if (size > limit) return undefined;
    if (input.length < size) input = Buffer.allocUnsafeSlow(Math.max(size, 2 * input.length));
    let done = 0;
    while (done < size) {
      const n = fs.readSync(fd, input, done, size - done, done);
      if (n === 0) break;
      done += n;
    }
    return input.subarray(0, done);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A gzip file inflated in one synchronous call straight into `into` (shared memory the main
 * thread reuses: no output buffer per file, no copy); returns the length. No
 * chunk-by-chunk hand-over to the main thread (the stream's every 256 KB waits for the main
 * thread's event loop, busy planning) and a third less CPU than the stream. A file whose gzip
 * trailer declares more than `into` holds is not tried; `into` bounds the output whatever the
 * trailer says. Undefined when the file is not one clean gzip stream that fits
 * (trailing bytes, damage, too large): the streaming reader then reads it, with its own rules
 * and messages.
 */
export function inflateWhole(file: string, into: Uint8Array): number | undefined {
  try {
    const compressed = readWhole(file, into.length);
    if (!compressed || compressed.length < 18) return undefined;
    const declared = compressed.readUInt32LE(compressed.length - 4);
    if (declared > into.length) return undefined;
    return gunzipInto(compressed, into);
  } catch {
    return undefined;
  }
}
