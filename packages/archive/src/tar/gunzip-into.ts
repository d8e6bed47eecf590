import * as zlib from 'node:zlib';
import { reusableZlib, type ZlibBinding } from '../zlib-binding';

/**
 * Whole gzip files inflated straight into memory the caller owns, with one gunzip stream per
 * thread, reset between files. `zlib.gunzipSync` allocates an output buffer of the file's size
 * for every call (fresh pages, faulted in by the kernel) which then has to be copied where it
 * is wanted: on 40 files of 10 MB that is a tenth of the inflating's CPU. The stream's binding
 * is Node's internal one (`_handle.writeSync`, the one `gunzipSync` itself drives); it is
 * checked on known inputs first, and where it is missing or behaves differently, `gunzipSync`
 * and a copy are used.
 */

/**
 * Inflates `gzip` (one or more members, as gunzip reads them) into `into`; returns the length,
 * or undefined when the bytes are not clean gzip or do not fit in `into` with a byte to spare.
 */
export type GunzipInto = (gzip: Uint8Array, into: Uint8Array) => number | undefined;

class ReusedGunzip {
  private readonly stream = zlib.createGunzip();
  private readonly binding: ZlibBinding;
  private readonly state: Uint32Array;
  private error: string | undefined;

  constructor() {
    ({ binding: this.binding, state: this.state } = reusableZlib(this.stream, (message) => {
      this.error = message;
    }));
  }

  /** See GunzipInto; false (instead of undefined) when this stream failed and must not be reused. */
  inflate(gzip: Uint8Array, into: Uint8Array): number | undefined | false {
    this.error = undefined;
    this.binding.writeSync(zlib.constants.Z_FINISH, gzip, 0, gzip.length, into, 0, into.length);
    if (this.error !== undefined) return false;
    const spare = this.state[0];
    this.binding.reset();
    // No byte to spare: the output may go on beyond `into`.
    return spare > 0 ? into.length - spare : undefined;
  }

  close(): void {
    this.stream.close();
  }
}

function oneShot(gzip: Uint8Array, into: Uint8Array): number | undefined {
  try {
    const inflated = zlib.gunzipSync(gzip, { maxOutputLength: Math.max(1, into.length - 1) });
    into.set(inflated);
    return inflated.length;
  } catch {
    return undefined;
  }
}

let current: ReusedGunzip | undefined;
let checked: boolean | undefined;

function reusedGunzip(): ReusedGunzip | undefined {
  if (current) return current;
  try {
    current = new ReusedGunzip();
  } catch {
    checked = false;
  }
  return current;
}

/** The reused stream must give what `gunzipSync` gives, failures included, or it is not used. */
function behavesLikeOneShot(): boolean {
  const text = Buffer.from('goalhost gunzip self-check '.repeat(40));
  const one = zlib.gzipSync(text);
  const cases = [
    one,
    Buffer.concat([one, zlib.gzipSync(text.subarray(7))]),
    Buffer.concat([one, Buffer.alloc(9)]),
    one.subarray(0, one.length - 5),
    Buffer.concat([one, Buffer.from('garbage')]),
    Buffer.from([0x1f, 0x8b, 8, 0, 0xff, 0xff]),
    one,
  ];
  for (const gzip of cases) {
    for (const room of [text.length * 3, text.length]) {
      const expected = new Uint8Array(room);
      const actual = new Uint8Array(room);
      const want = oneShot(gzip, expected);
      const got = gunzipWith(gzip, actual);
      if (want !== got) return false;
      // Only the inflated bytes count: zlib may leave bytes of its own beyond them.
      if (want !== undefined && !Buffer.from(expected.subarray(0, want)).equals(actual.subarray(0, got))) return false;
    }
  }
  return true;
}

function gunzipWith(gzip: Uint8Array, into: Uint8Array): number | undefined {
  const stream = reusedGunzip();
  if (!stream) return oneShot(gzip, into);
  const length = stream.inflate(gzip, into);
  if (length !== false) return length;
  // After a failure the stream's state is not trusted: the next file gets a new one.
  stream.close();
  current = undefined;
  return undefined;
}

/** This thread's whole-file gunzip (see GunzipInto): the reused stream once checked, else gunzipSync. */
export const gunzipInto: GunzipInto = (gzip, into) => {
  if (checked === undefined) {
    checked = reusedGunzip() !== undefined && behavesLikeOneShot();
    if (!checked) {
      current?.close();
      current = undefined;
    }
  }
  return checked ? gunzipWith(gzip, into) : oneShot(gzip, into);
};
