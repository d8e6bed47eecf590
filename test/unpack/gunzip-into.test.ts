import { expect } from 'chai';
import * as zlib from 'node:zlib';
import { gunzipInto } from '@goalhost/archive/internal';
import { xorshiftBytes } from './support';

/** What gunzipSync says about `gzip` given `room` bytes of output (one to spare): its bytes, or undefined. */
function oneShot(gzip: Buffer, room: number): Buffer | undefined {
  try {
    return zlib.gunzipSync(gzip, { maxOutputLength: room - 1 });
  } catch {
    return undefined;
  }
}

describe('gunzipInto (a whole tar.gz inflated into shared memory)', () => {
  const text = xorshiftBytes(3, 200_000, 11);
  const one = zlib.gzipSync(text);
  const cases: [string, Buffer][] = [
    ['one member', one],
    ['two members', Buffer.concat([one, zlib.gzipSync(text.subarray(5, 9000))])],
    ['trailing zeros', Buffer.concat([one, Buffer.alloc(100)])],
    ['trailing garbage', Buffer.concat([one, Buffer.from('not gzip')])],
    ['truncated', one.subarray(0, one.length - 20)],
    ['damaged', Buffer.concat([one.subarray(0, 100), Buffer.alloc(50, 0xff), one.subarray(150)])],
    ['not gzip', Buffer.from('plain text, not gzip at all')],
  ];

  for (const [name, gzip] of cases) {
    it(`gives what gunzipSync gives: ${name}`, () => {
      for (const room of [text.length * 2, text.length, text.length + 1, 1000]) {
        const into = new Uint8Array(new SharedArrayBuffer(room));
        const got = gunzipInto(gzip, into);
        const want = oneShot(gzip, room);
        expect(got, `room ${room}`).to.equal(want?.length);
        if (want) expect(Buffer.from(into.subarray(0, got)).equals(want), `room ${room}`).to.equal(true);
      }
    });
  }

  it('keeps working after a failure', () => {
    const into = new Uint8Array(new SharedArrayBuffer(text.length * 2));
    expect(gunzipInto(one.subarray(0, 40), into)).to.equal(undefined);
    expect(gunzipInto(one, into)).to.equal(text.length);
    expect(Buffer.from(into.subarray(0, text.length)).equals(text)).to.equal(true);
  });
});
