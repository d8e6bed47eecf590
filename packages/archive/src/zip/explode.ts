import { BitReader, TruncatedInput } from './bit-reader';
import type { DecodedOutput } from './decoded-output';
import { InvalidData } from './inflate64';

/**
 * Imploded entries (zip method 6, PKZIP 1.x): LZ77 with a 4 or 8 KiB window and two or three
 * Shannon-Fano trees, as APPNOTE 5.3 describes them and commons-compress reads them. General
 * purpose flag 0x02 selects the 8 KiB window, 0x04 the literal tree (and a minimum match of 3).
 */

/** A Shannon-Fano tree, as a map from (length, code) to value; codes arrive most significant bit first. */
class ShannonFano {
  private readonly byCode = new Map<number, number>();
  private readonly maxLength: number;

  constructor(input: Buffer, at: number, values: number) {
    const size = input[at] + 1;
    if (at + 1 + size > input.length) throw new TruncatedInput();
    const lengths: number[] = [];
    for (let i = 0; i < size; i++) {
      const b = input[at + 1 + i];
      const count = (b >> 4) + 1;
      const length = (b & 0x0f) + 1;
      for (let j = 0; j < count; j++) lengths.push(length);
    }
    if (lengths.length > values) throw new InvalidData('a Shannon-Fano tree describes more values than it may');
    while (lengths.length < values) lengths.push(0);
    this.size = 1 + size;
    // Codes are given out from the longest lengths down (ties: the higher value first), counting
    // upwards in 16-bit left-aligned steps of the previous code's length.
    const order = lengths
      .map((length, value) => ({ length, value }))
      .sort((a, b) => a.length - b.length || a.value - b.value);
    let code = 0;
    let increment = 0;
    let last = 0;
    for (let i = order.length - 1; i >= 0; i--) {
      code += increment;
      const { length, value } = order[i];
      if (length !== last) {
        last = length;
        increment = 1 << (16 - length);
      }
      if (length > 0) this.byCode.set(length * 0x10000 + ((code >>> (16 - length)) & ((1 << length) - 1)), value);
    }
    this.maxLength = Math.max(0, ...lengths);
  }

  /** Bytes the tree took in the input. */
  readonly size: number;

  read(bits: BitReader): number {
    let code = 0;
    for (let length = 1; length <= this.maxLength; length++) {
      code = (code << 1) | bits.bit();
      const value = this.byCode.get(length * 0x10000 + code);
      if (value !== undefined) return value;
    }
    throw new InvalidData('invalid Shannon-Fano code');
  }
}

export const IMPLODE_WINDOW = 8192;

/** Explodes `input` (flags: the entry's general purpose flags) into `out` until it is full. */
export function explode(input: Buffer, flags: number, out: DecodedOutput): void {
  const bigWindow = (flags & 0x02) !== 0;
  const threeTrees = (flags & 0x04) !== 0;
  let at = 0;
  let literals: ShannonFano | undefined;
  if (threeTrees) {
    literals = new ShannonFano(input, at, 256);
    at += literals.size;
  }
  const lengths = new ShannonFano(input, at, 64);
  at += lengths.size;
  const distances = new ShannonFano(input, at, 64);
  at += distances.size;
  const bits = new BitReader(input.subarray(at));
  const lowBits = bigWindow ? 7 : 6;
  const minimumMatch = threeTrees ? 3 : 2;
  while (!out.full) {
    if (bits.bit() === 1) {
      out.byte(literals ? literals.read(bits) : bits.bits32(8));
    } else {
      const low = bits.bits32(lowBits);
      const distance = ((distances.read(bits) << lowBits) | low) + 1;
      let length = lengths.read(bits);
      if (length === 63) length += bits.bits32(8);
      out.copyOrZero(distance, Math.min(length + minimumMatch, out.limit - out.total));
    }
  }
}
