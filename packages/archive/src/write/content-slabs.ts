/**
 * Shared memory for tar entry contents on their way to the worker threads: the main thread
 * copies an entry's bytes into a slab, the thread that writes the file reads them from there
 * (no copy, no transfer, no allocation per file), and the slab is reused once every content cut
 * from it is written. A fixed amount of memory instead of one buffer per file keeps the peak
 * RSS flat and the garbage collectors idle. When every slab is busy, the caller allocates.
 * Memory the main thread lends (a tar.gz inflated whole) serves as content as it lies: no copy.
 */
const SLAB_SIZE = 2 * 1024 * 1024;
const SLAB_COUNT = 8;

export class ContentSlabs {
  private memory?: SharedArrayBuffer;
  /** Contents cut from each slab and not yet released. */
  private readonly live = new Array<number>(SLAB_COUNT).fill(0);
  private current = -1;
  private used = 0;
  private readonly loans = new Map<ArrayBufferLike, Loan>();

  /** `size` bytes of shared memory, or undefined when the content does not fit a free slab. */
  take(size: number): Uint8Array | undefined {
    if (size > SLAB_SIZE) return undefined;
    if (this.current < 0 || this.used + size > SLAB_SIZE) {
      const free = this.live.findIndex((n, i) => n === 0 && i !== this.current);
      if (free < 0) return undefined;
      this.current = free;
      this.used = 0;
    }
    this.memory ??= new SharedArrayBuffer(SLAB_SIZE * SLAB_COUNT);
    this.live[this.current]++;
    this.used += size;
    return new Uint8Array(this.memory, this.current * SLAB_SIZE + this.used - size, size);
  }

  /** A content written (or dropped): its slab may be reused when it was the last one. */
  release(content: Uint8Array): void {
    const loan = this.loans.get(content.buffer);
    if (loan) {
      if (loan.live > 0) loan.live--;
      this.settle(content.buffer, loan);
      return;
    }
    if (content.buffer !== this.memory) return;
    const slab = Math.floor(content.byteOffset / SLAB_SIZE);
    if (this.live[slab] > 0) this.live[slab]--;
  }

  /** Nothing is in flight any more: every slab is free (contents planned but overwritten never come back). */
  reset(): void {
    this.live.fill(0);
    this.current = -1;
    for (const [memory, loan] of this.loans) {
      loan.live = 0;
      this.settle(memory, loan);
    }
  }

  /**
   * `memory` (a whole inflated archive) lent until `reclaim`: contents may be views into it
   * instead of copies into a slab (see `borrow`).
   */
  lend(memory: SharedArrayBuffer): void {
    this.loans.set(memory, { live: 0 });
  }

  /**
   * `bytes` itself as an entry's content, when it lies in lent memory; undefined otherwise. The
   * memory goes back to its owner only once every content borrowed from it is released.
   */
  borrow(bytes: Uint8Array): Uint8Array | undefined {
    const loan = this.loans.get(bytes.buffer);
    if (!loan || loan.whenFree) return undefined;
    loan.live++;
    return bytes;
  }

  /** The owner wants `memory` back: `whenFree` runs once no content borrowed from it is in flight (maybe now). */
  reclaim(memory: SharedArrayBuffer, whenFree: () => void): void {
    const loan = this.loans.get(memory);
    if (!loan) return whenFree();
    loan.whenFree = whenFree;
    this.settle(memory, loan);
  }

  private settle(memory: ArrayBufferLike, loan: Loan): void {
    if (loan.live > 0 || !loan.whenFree) return;
    this.loans.delete(memory);
    loan.whenFree();
  }
}

/** Lent memory: contents borrowed and not yet released, and what to do once none is left. */
interface Loan {
  live: number;
  whenFree?: () => void;
}

/** The main thread's slabs (contents only ever travel from it to the workers). */
export const contentSlabs = new ContentSlabs();
