/**
 * Where a decoder writes: never more than `limit` bytes (the entry's declared size, so a lying
 * entry stops there), with the last `window` bytes kept for back-references. Without `flush` the
 * whole output stays in one buffer; with it, full chunks are handed out as they fill.
 */
export class DecodedOutput {
  private buffer: Buffer;
  private at = 0;
  /** Bytes produced so far. */
  total = 0;

  constructor(
    readonly limit: number,
    private readonly window: number,
    private readonly flush?: (chunk: Buffer) => void,
    chunk = 1 << 20,
  ) {
    this.buffer = Buffer.allocUnsafe(flush ? chunk + window : Math.max(1, limit));
  }

  get full(): boolean {
    return this.total >= this.limit;
  }

  /** Throws `TooLarge` past the limit. */
  byte(value: number): void {
    if (this.total >= this.limit) throw new TooLarge();
    if (this.at === this.buffer.length) this.spill();
    this.buffer[this.at++] = value;
    this.total++;
  }

  /** Copies `length` bytes from `distance` back (overlapping copies repeat, as LZ77 means them). */
  copy(distance: number, length: number): void {
    if (distance > this.total || distance > this.window) throw new BadDistance(distance);
    for (let i = 0; i < length; i++) this.byte(this.buffer[this.at - distance]);
  }

  /** Copies `length` bytes from `distance` back, zeros for what lies before the start (implode). */
  copyOrZero(distance: number, length: number): void {
    for (let i = 0; i < length; i++) this.byte(distance > this.total ? 0 : this.buffer[this.at - distance]);
  }

  /** Hands out all but the window (every byte before `at` is unflushed: the window moved down was never handed out). */
  private spill(): void {
    if (!this.flush) throw new TooLarge();
    const keep = this.at - this.window;
    this.flush(Buffer.from(this.buffer.subarray(0, keep)));
    this.buffer.copy(this.buffer, 0, keep, this.at);
    this.at = this.window;
  }

  /** Everything (no flush), or what is left since the last chunk (flush): valid until the next write. */
  end(): Buffer {
    return this.buffer.subarray(0, this.at);
  }
}

/** More output than the entry declares. */
export class TooLarge extends Error {}

export class BadDistance extends Error {
  constructor(distance: number) {
    super(`invalid distance ${distance} too far back`);
  }
}
