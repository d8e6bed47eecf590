import { BitReader } from './bit-reader';
import type { DecodedOutput } from './decoded-output';
import { InvalidData } from './inflate64';

/**
 * Shrunk entries (zip method 1, PKZIP 1.x): LZW with codes of 9 to 13 bits, where code 256
 * followed by 1 widens the codes and followed by 2 frees every code that no other code extends
 * (a partial clear); new strings take the lowest free code.
 */

const CLEAR = 256;
const MAX_BITS = 13;
const TABLE = 1 << MAX_BITS;

export function unshrink(input: Buffer, out: DecodedOutput): void {
  const bits = new BitReader(input);
  const prefix = new Int16Array(TABLE).fill(-1);
  const suffix = new Uint8Array(TABLE);
  const used = new Uint8Array(TABLE);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    used[i] = 1;
  }
  const stack = new Uint8Array(TABLE);
  let codeBits = 9;
  let free = CLEAR + 1;
  let previous = -1;
  let previousFirst = 0;

  const add = (pre: number, ch: number): number => {
    while (free < TABLE && used[free]) free++;
    if (free >= TABLE) return -1;
    prefix[free] = pre;
    suffix[free] = ch;
    used[free] = 1;
    return free++;
  };

  while (!out.full) {
    const code = bits.bits32(codeBits);
    if (code === CLEAR) {
      const sub = bits.bits32(codeBits);
      if (sub === 1) {
        if (codeBits === MAX_BITS) throw new InvalidData('shrink code size beyond 13 bits');
        codeBits++;
      } else if (sub === 2) {
        const parent = new Uint8Array(TABLE);
        for (let i = 0; i < TABLE; i++) if (used[i] && prefix[i] >= 0) parent[prefix[i]] = 1;
        for (let i = CLEAR + 1; i < TABLE; i++) {
          if (!parent[i]) {
            used[i] = 0;
            prefix[i] = -1;
          }
        }
        free = CLEAR + 1;
      } else throw new InvalidData(`invalid shrink control code ${sub}`);
      continue;
    }
    let effective = code;
    let addedRepeat = false;
    if (!used[code]) {
      // The string being defined: the previous one plus its own first byte.
      if (previous < 0) throw new InvalidData('the first shrink code refers to an undefined string');
      effective = add(previous, previousFirst);
      if (effective < 0) throw new InvalidData('shrink table overflow');
      addedRepeat = true;
    }
    let top = TABLE;
    for (let c = effective; c >= 0; c = prefix[c]) {
      if (top === 0) throw new InvalidData('shrink string loop');
      stack[--top] = suffix[c];
    }
    if (previous >= 0 && !addedRepeat) add(previous, stack[top]);
    previous = effective;
    previousFirst = stack[top];
    for (let i = top; i < TABLE && !out.full; i++) out.byte(stack[i]);
  }
}
