import { BitReader } from './bit-reader';
import type { DecodedOutput } from './decoded-output';

/**
 * Deflate64 ("enhanced deflate", zip method 9, written by Windows' compressed folders and
 * PKZIP): deflate with a 64 KiB window, length code 285 taking 16 extra bits (base 3) and
 * distance codes 30 and 31. zlib does not read it; this is a plain canonical-Huffman inflater.
 */

const LENGTH_BASE = [
  3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 3,
];
const LENGTH_EXTRA = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 16];
const DIST_BASE = [
  1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
  8193, 12289, 16385, 24577, 32769, 49153,
];
const DIST_EXTRA = [
  0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14,
];
const CODE_LENGTH_ORDER = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15];

export const DEFLATE64_WINDOW = 65536;

export class InvalidData extends Error {}

/** A canonical Huffman code: symbols by code length, read bit by bit (MSB of the code first). */
class Huffman {
  private readonly counts = new Uint16Array(16);
  private readonly symbols: Uint16Array;

  constructor(lengths: ArrayLike<number>) {
    this.symbols = new Uint16Array(lengths.length);
    for (let i = 0; i < lengths.length; i++) this.counts[lengths[i]]++;
    this.counts[0] = 0;
    const offsets = new Uint16Array(16);
    for (let len = 1; len < 16; len++) offsets[len] = offsets[len - 1] + this.counts[len - 1];
    for (let i = 0; i < lengths.length; i++) if (lengths[i] !== 0) this.symbols[offsets[lengths[i]]++] = i;
  }

  decode(bits: BitReader): number {
    let code = 0;
    let first = 0;
    let index = 0;
    for (let len = 1; len < 16; len++) {
      code |= bits.bit();
      const count = this.counts[len];
      if (code - first < count) return this.symbols[index + code - first];
      index += count;
      first = (first + count) << 1;
      code <<= 1;
    }
    throw new InvalidData('invalid Huffman code');
  }
}

let fixed: { lit: Huffman; dist: Huffman } | undefined;

function fixedCodes(): { lit: Huffman; dist: Huffman } {
  if (!fixed) {
    const lit = new Uint8Array(288);
    lit.fill(8, 0, 144);
    lit.fill(9, 144, 256);
    lit.fill(7, 256, 280);
    lit.fill(8, 280, 288);
    fixed = { lit: new Huffman(lit), dist: new Huffman(new Uint8Array(32).fill(5)) };
  }
  return fixed;
}

function dynamicCodes(bits: BitReader): { lit: Huffman; dist: Huffman } {
  const nlen = bits.bits32(5) + 257;
  const ndist = bits.bits32(5) + 1;
  const ncode = bits.bits32(4) + 4;
  const codeLengths = new Uint8Array(19);
  for (let i = 0; i < ncode; i++) codeLengths[CODE_LENGTH_ORDER[i]] = bits.bits32(3);
  const lengthCode = new Huffman(codeLengths);
  const lengths = new Uint8Array(nlen + ndist);
  for (let i = 0; i < nlen + ndist;) {
    const symbol = lengthCode.decode(bits);
    if (symbol < 16) lengths[i++] = symbol;
    else {
      let repeat: number;
      let value = 0;
      if (symbol === 16) {
        if (i === 0) throw new InvalidData('invalid code length repeat');
        value = lengths[i - 1];
        repeat = 3 + bits.bits32(2);
      } else if (symbol === 17) repeat = 3 + bits.bits32(3);
      else repeat = 11 + bits.bits32(7);
      if (i + repeat > nlen + ndist) throw new InvalidData('invalid code lengths');
      lengths.fill(value, i, i + repeat);
      i += repeat;
    }
  }
  if (lengths[256] === 0) throw new InvalidData('no end-of-block code');
  return { lit: new Huffman(lengths.subarray(0, nlen)), dist: new Huffman(lengths.subarray(nlen)) };
}

/** Inflates deflate64 `input` into `out` until the last block ends (or `out` is full). */
export function inflate64(input: Buffer, out: DecodedOutput): void {
  const bits = new BitReader(input);
  for (let last = 0; !last;) {
    last = bits.bit();
    const type = bits.bits32(2);
    if (type === 0) {
      bits.alignToByte();
      const len = bits.uint16();
      const nlen = bits.uint16();
      if ((len ^ 0xffff) !== nlen) throw new InvalidData('invalid stored block lengths');
      for (let i = 0; i < len; i++) out.byte(bits.bits32(8));
      continue;
    }
    if (type === 3) throw new InvalidData('invalid block type');
    const { lit, dist } = type === 1 ? fixedCodes() : dynamicCodes(bits);
    for (;;) {
      const symbol = lit.decode(bits);
      if (symbol < 256) out.byte(symbol);
      else if (symbol === 256) break;
      else {
        const l = symbol - 257;
        if (l >= 29) throw new InvalidData('invalid length code');
        const length = LENGTH_BASE[l] + bits.bits32(LENGTH_EXTRA[l]);
        const d = dist.decode(bits);
        if (d >= 32) throw new InvalidData('invalid distance code');
        out.copy(DIST_BASE[d] + bits.bits32(DIST_EXTRA[d]), length);
      }
    }
  }
}
