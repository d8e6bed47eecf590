/** Reads an in-memory byte string as bits, least significant bit of each byte first (deflate, implode, shrink). */
export class BitReader {
  private at = 0;
  private bits = 0;
  private count = 0;

  constructor(private readonly input: Buffer) {}

  /** `n` (at most 24) bits, the first read as the lowest; throws at the end of the input. */
  bits32(n: number): number {
    while (this.count < n) {
      if (this.at >= this.input.length) throw new TruncatedInput();
      this.bits |= this.input[this.at++] << this.count;
      this.count += 8;
    }
    const value = this.bits & ((1 << n) - 1);
    this.bits >>>= n;
    this.count -= n;
    return value;
  }

  bit(): number {
    return this.bits32(1);
  }

  /** True when no whole byte is left (the bits of a partly read byte may remain). */
  get exhausted(): boolean {
    return this.at >= this.input.length && this.count === 0;
  }

  /** Drops the bits left of the current byte (deflate's stored blocks start on a byte). */
  alignToByte(): void {
    const drop = this.count % 8;
    this.bits >>>= drop;
    this.count -= drop;
  }

  /** A byte-aligned 16-bit little-endian value (after alignToByte). */
  uint16(): number {
    return this.bits32(8) | (this.bits32(8) << 8);
  }
}

/** The compressed data ended before the entry did. */
export class TruncatedInput extends Error {
  constructor() {
    super('unexpected end of compressed data');
  }
}
