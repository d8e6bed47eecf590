import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/paths';
import { artifact, fixture, runGoal, tempDir, treeOf } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { zipBuffer } = require(path.join(ROOT, 'tools', 'gen-unpack-archives.js')) as {
  zipBuffer: (entries: object[], options?: object) => Buffer;
};
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { contents } = require(path.join(ROOT, 'tools', 'gen-zip-method-contents.js')) as {
  contents: () => Record<string, Buffer>;
};

/*
 * Zip methods beyond stored and deflate, as commons-compress (Maven) reads them. Deflate64 and
 * bzip2 archives are written by 7-Zip and Info-ZIP zip (tools/gen-zip-method-fixtures.sh);
 * no maintained tool writes shrink or implode any more, so those streams are built here, bit by
 * bit, from the formats' definitions (APPNOTE 5.1 and 5.3), with the expected output worked out
 * by hand. The public archives of the oracle (`COMPRESS-380`, `SHRUNK.ZIP`, `imploding-*`,
 * `moby-imploded`, `bzip2-zip`, `lorem-ipsum-*`) are unpacked byte for byte as Maven did.
 */

/** Bits packed least significant first, as deflate, implode and shrink read them. */
class BitWriter {
  private readonly bytes: number[] = [];
  private bit = 0;

  /** `value` in `n` bits, lowest first. */
  lsb(value: number, n: number): this {
    for (let i = 0; i < n; i++) this.push((value >> i) & 1);
    return this;
  }

  /** A Shannon-Fano code of `n` bits, most significant first. */
  msb(code: number, n: number): this {
    for (let i = n - 1; i >= 0; i--) this.push((code >> i) & 1);
    return this;
  }

  private push(b: number): void {
    if (this.bit === 0) this.bytes.push(0);
    this.bytes[this.bytes.length - 1] |= b << this.bit;
    this.bit = (this.bit + 1) % 8;
  }

  done(): Buffer {
    return Buffer.from(this.bytes);
  }
}

describe('unpack: zip compression methods deflate64, bzip2, implode and shrink', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = tempDir('methods');
    out = path.join(dir, 'target', 'dependency');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function unpack(file: string): Promise<Error | undefined> {
    return (await runGoal(dir, [artifact(file, { artifactId: 'm' })])).error;
  }

  async function unpackBytes(bytes: Buffer): Promise<Error | undefined> {
    const file = path.join(dir, 'm.zip');
    fs.writeFileSync(file, bytes);
    return unpack(file);
  }

  function expectContents(names: string[]): void {
    const expected = contents();
    for (const name of names) expect(fs.readFileSync(path.join(out, name)).equals(expected[name]), name).to.equal(true);
  }

  it('deflate64 from 7-Zip: matches 40,000 bytes back (distance codes 30, 31) and runs past 258 bytes (16-bit length code)', async () => {
    const zip = fs.readFileSync(fixture('methods-deflate64.zip'));
    // Every entry of the fixture is method 9 (the central directory's method field).
    for (let at = zip.indexOf('PK\x01\x02'); at >= 0; at = zip.indexOf('PK\x01\x02', at + 4))
      expect(zip.readUInt16LE(at + 10)).to.equal(9);
    expect(await unpack(fixture('methods-deflate64.zip'))).to.equal(undefined);
    expect(treeOf(out).map((l) => l.replace(/ = .*/, ''))).to.deep.equal([
      'f 644 far.bin',
      'f 644 runs.bin',
      'd 755 text/',
      'f 644 text/lines.txt',
    ]);
    expectContents(['far.bin', 'runs.bin', 'text/lines.txt']);
  });

  it('bzip2 from Info-ZIP zip -Z bzip2', async () => {
    expect(await unpack(fixture('methods-bzip2.zip'))).to.equal(undefined);
    expectContents(['text/lines.txt', 'runs.bin']);
  });

  it('a deflate64 or bzip2 entry that inflates past its declared size stops there and fails as a size lie; corrupt data fails naming the method', async () => {
    const zip = fs.readFileSync(fixture('methods-bzip2.zip'));
    // Declare runs.bin (70,011 bytes) as 1,000 bytes in the central directory.
    const cd = zip.indexOf('PK\x01\x02', zip.indexOf('PK\x01\x02') + 4);
    zip.writeUInt32LE(1000, cd + 24);
    const file = path.join(dir, 'm.zip');
    expect((await unpackBytes(zip))?.message).to.equal(
      `Error unpacking file: ${file} to: ${out}: Error while expanding ${file}: size mismatch: more than the 1000 bytes declared (a zip bomb or a corrupt archive) in entry runs.bin`,
    );
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    const d64 = fs.readFileSync(fixture('methods-deflate64.zip'));
    // The first entry's data starts after its 30-byte local header, name and extra field.
    const data = 30 + d64.readUInt16LE(26) + d64.readUInt16LE(28);
    d64[data] = 0xff;
    expect((await unpackBytes(d64))?.message).to.match(
      /Error while expanding .*: invalid deflate64 data \(.*\) in entry far\.bin$/,
    );
  });

  it('shrink: literals, a code defined by its own use, wider codes after 256,1 and a partial clear after 256,2', async () => {
    const w = new BitWriter();
    // 9-bit codes: a, b (257 = ab), 257 (258 = ba), 259 not yet defined: previous + its first
    // byte, "aba", defined as 259; then 256,1: codes are 10 bits wide.
    w.lsb(97, 9).lsb(98, 9).lsb(257, 9).lsb(259, 9).lsb(256, 9).lsb(1, 9);
    // 258 "ba" (260 = aba+b), 257 "ab" (261 = ba+a); 256,2 frees the codes that prefix no other
    // code: 260 and 261; the next strings take them again, lowest first.
    w.lsb(258, 10).lsb(257, 10).lsb(256, 10).lsb(2, 10);
    // c (260 = ab+c), 260 "abc" (261 = c+a), 261 "ca".
    w.lsb(99, 10).lsb(260, 10).lsb(261, 10);
    const content = 'a' + 'b' + 'ab' + 'aba' + 'ba' + 'ab' + 'c' + 'abc' + 'ca';
    const zip = zipBuffer([{ name: 'shrunk.txt', content, method: 1, compressed: w.done() }]);
    expect(await unpackBytes(zip)).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal([`f 644 shrunk.txt = ${JSON.stringify(content)}`]);
  });

  /**
   * An implode stream whose Shannon-Fano trees give every value the same length, so that value
   * v has the code (count - 1 - v): trees are written as APPNOTE says (a byte holding the number
   * of bytes - 1, then bytes of (values - 1) << 4 | (length - 1)).
   */
  function implode(
    tokens: ({ literal: number } | { distance: number; length: number })[],
    bigWindow: boolean,
    literalTree: boolean,
  ): Buffer {
    const tree = (values: number, length: number): number[] => [
      values / 16 - 1,
      ...new Array(values / 16).fill(0xf0 | (length - 1)),
    ];
    const trees = [...(literalTree ? tree(256, 8) : []), ...tree(64, 6), ...tree(64, 6)];
    const lowBits = bigWindow ? 7 : 6;
    const minimum = literalTree ? 3 : 2;
    const w = new BitWriter();
    for (const t of tokens) {
      if ('literal' in t) {
        w.lsb(1, 1);
        if (literalTree) w.msb(255 - t.literal, 8);
        else w.lsb(t.literal, 8);
      } else {
        const d = t.distance - 1;
        w.lsb(0, 1)
          .lsb(d & ((1 << lowBits) - 1), lowBits)
          .msb(63 - (d >> lowBits), 6);
        const l = t.length - minimum;
        if (l < 63) w.msb(63 - l, 6);
        else w.msb(0, 6).lsb(l - 63, 8);
      }
    }
    return Buffer.concat([Buffer.from(trees), w.done()]);
  }

  it('implode, 4 KiB window and two trees: raw literals, a match before the start (zeros), a long match, a distance over 64', async () => {
    const digits = [...'0123456789'].map((c) => ({ literal: c.charCodeAt(0) }));
    const stream = implode(
      [
        { distance: 5, length: 3 },
        ...digits,
        { distance: 10, length: 100 },
        { literal: 88 },
        { literal: 89 },
        { distance: 100, length: 5 },
      ],
      false,
      false,
    );
    // 3 zeros, the digits, 100 bytes repeating them, XY, then 5 bytes from 100 back: "23456".
    const content = Buffer.concat([Buffer.alloc(3), Buffer.from('0123456789'.repeat(11)), Buffer.from('XY23456')]);
    const zip = zipBuffer([{ name: 'imploded.bin', content, method: 6, compressed: stream }]);
    expect(await unpackBytes(zip)).to.equal(undefined);
    expect(fs.readFileSync(path.join(out, 'imploded.bin')).equals(content)).to.equal(true);
  });

  it('implode, 8 KiB window and three trees (flags 0x02 and 0x04): literals through the literal tree, a match 5,000 bytes back', async () => {
    const text = Buffer.from(contents()['text/lines.txt'].subarray(0, 5000));
    const stream = implode([...[...text].map((b) => ({ literal: b })), { distance: 5000, length: 70 }], true, true);
    const content = Buffer.concat([text, text.subarray(0, 70)]);
    const zip = zipBuffer([{ name: 'imploded.txt', content, method: 6, flags: 0x06, compressed: stream }]);
    expect(await unpackBytes(zip)).to.equal(undefined);
    expect(fs.readFileSync(path.join(out, 'imploded.txt')).equals(content)).to.equal(true);
    // Read with the 4 KiB layout (flags cleared), the same bytes decode to something else: the CRC says so.
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    const wrong = zipBuffer([{ name: 'imploded.txt', content, method: 6, flags: 0x04, compressed: stream }]);
    expect((await unpackBytes(wrong))?.message).to.match(/in entry imploded\.txt$/);
  });
});
