import type { WholeInflater } from './tar-input';
import { contentSlabs } from '../write/content-slabs';
import type { WorkerPool } from '../write/worker-pool';

/**
 * Whole tar.gz files inflated by the writing threads into shared memory the main thread owns:
 * SLOTS areas of SLOT_SIZE bytes, reused from one archive to the next, so the memory stays
 * fixed. Entries' contents are planned as views into the slot (lent to the content slabs, no
 * copy): a slot is reused only once they are all written. A file that inflates to more, or
 * finds every slot taken, streams instead.
 */
const SLOT_SIZE = 16 * 1024 * 1024;
/**
 * The archive being read, the two read ahead, and those whose contents are still queued for
 * the threads (up to the pool's in-flight and queued batches, about three archives of 10 MB):
 * with fewer, read-ahead finds no slot and streams (measured on 40 tar.gz of 10 MB).
 */
const SLOTS = 6;

export function wholeInflater(pool: WorkerPool): WholeInflater {
  const slots = Array.from({ length: SLOTS }, () => ({
    memory: undefined as SharedArrayBuffer | undefined,
    busy: false,
  }));
  return (file) => {
    const slot = slots.find((s) => !s.busy);
    if (!slot) return { inflated: Promise.resolve(undefined), done: () => undefined };
    slot.busy = true;
    slot.memory ??= new SharedArrayBuffer(SLOT_SIZE);
    const memory = slot.memory;
    const inflating = pool.inflate(file, new Uint8Array(memory));
    let done = false;
    return {
      inflated: inflating.then((length) => {
        if (length === undefined) return undefined;
        contentSlabs.lend(memory);
        return new Uint8Array(memory, 0, length);
      }),
      // Free again once the reader is done with it, the thread no longer writes into it and no
      // content planned from it is still to be written.
      done: () => {
        if (done) return;
        done = true;
        void inflating.finally(() => contentSlabs.reclaim(memory, () => (slot.busy = false)));
      },
    };
  };
}
