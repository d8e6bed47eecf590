import type { WholeInflater } from './tar-input';
import type { WorkerPool } from '../write/worker-pool';

/**
 * Whole tar.gz files inflated by the writing threads into shared memory the main thread owns:
 * SLOTS areas of SLOT_SIZE bytes, reused from one archive to the next (the one being read and
 * the two read ahead), so the memory stays fixed. A file that inflates to more, or finds every
 * slot taken, streams instead.
 */
const SLOT_SIZE = 16 * 1024 * 1024;
const SLOTS = 3;

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
      inflated: inflating.then((length) => (length === undefined ? undefined : new Uint8Array(memory, 0, length))),
      // Free again once the reader is done with it and the thread no longer writes into it.
      done: () => {
        if (done) return;
        done = true;
        void inflating.finally(() => (slot.busy = false));
      },
    };
  };
}
