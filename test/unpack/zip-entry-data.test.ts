import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import type { ZipEntryData } from '@goalhost/archive/internal';
import { rawInflater } from '@goalhost/archive/internal';
import { readEntrySync, readWindow, WINDOW_SLACK } from '@goalhost/archive/internal';
import { tempDir, xorshiftBytes } from './support';

/** Deterministic bytes that compress somewhat (a small alphabet), as entry contents. */
const bytes = (seed: number, size: number): Buffer => xorshiftBytes(seed, size, 7);

/** What `inflateRawSync` with the extraction's options says about `raw` declared as `size` bytes. */
function oneShot(raw: Buffer, size: number): string {
  try {
    return `ok ${zlib.inflateRawSync(raw, { maxOutputLength: Math.max(1, size), chunkSize: Math.max(64, size + 1) }).toString('hex')}`;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : `error ${(e as Error).message}`;
  }
}

function reused(raw: Buffer, size: number): string {
  const result = rawInflater().inflate(raw, size);
  return result.kind === 'ok'
    ? `ok ${result.data.toString('hex')}`
    : result.kind === 'too-large'
      ? 'too-large'
      : `error ${result.message}`;
}

describe('unpack: zip entry data (reused inflater, one read per batch)', () => {
  it('the reused inflater answers exactly as inflateRawSync does: contents, size lies, corrupt and truncated data', () => {
    const outcomes = new Set<string>();
    for (let i = 0; i < 300; i++) {
      const content = bytes(i, [0, 1, 5, 63, 64, 65, 1000, 40_000][i % 8] + (i % 3));
      const deflated = zlib.deflateRawSync(content);
      const declared = [content.length, content.length - 1, content.length + 1, 0][i % 4];
      const variants = [
        deflated,
        deflated.subarray(0, Math.floor(deflated.length / 2)),
        Buffer.concat([deflated, Buffer.from('trailing')]),
        Buffer.from(deflated.map((b, k) => (k === (i * 7) % deflated.length ? b ^ 0x5a : b))),
        bytes(i + 1000, 1 + (i % 50)),
      ];
      for (const raw of variants) {
        const expected = oneShot(raw, Math.max(0, declared));
        expect(reused(raw, Math.max(0, declared)), `case ${i}`).to.equal(expected);
        outcomes.add(expected.split(' ')[0]);
      }
    }
    // The fast path is the one compared on this Node (not the fallback), and every kind of
    // outcome was compared, not only the happy one.
    expect(
      rawInflater().reusesStream,
      "this Node's zlib binding is not reusable here, so this test would compare the one-shot fallback with itself: check raw-inflater.ts against this Node",
    ).to.equal(true);
    expect([...outcomes].sort()).to.deep.equal(['error', 'ok', 'too-large']);
  });

  it('entries are read from a batch window where it holds them and from the file where it does not, with the same results', () => {
    const dir = tempDir('zip-entry-data');
    const file = path.join(dir, 'entries.bin');
    // Local headers with name and extra lengths the central directory does not know, then data.
    const entries: { data: ZipEntryData; content: Buffer }[] = [];
    const parts: Buffer[] = [];
    let offset = 0;
    for (let i = 0; i < 40; i++) {
      const content = bytes(i, 100 + i * 37);
      const stored = i % 5 === 0;
      const payload = stored ? content : zlib.deflateRawSync(content);
      const header = Buffer.alloc(30);
      header.writeUInt32LE(0x04034b50, 0);
      header.writeUInt16LE(8 + i, 26);
      header.writeUInt16LE(i % 4 === 0 ? 900 : 0, 28);
      const local = Buffer.concat([header, Buffer.alloc(8 + i + (i % 4 === 0 ? 900 : 0), 0x2e), payload]);
      entries.push({
        content,
        data: {
          localHeaderOffset: offset,
          compressedSize: payload.length,
          uncompressedSize: content.length,
          method: stored ? 0 : 8,
          crc32: zlib.crc32(content),
        },
      });
      parts.push(local);
      offset += local.length;
    }
    fs.writeFileSync(file, Buffer.concat(parts));
    const fd = fs.openSync(file, 'r');
    try {
      const wanted = entries.reduce((sum, e) => sum + WINDOW_SLACK + e.data.compressedSize, 0);
      // The window ends short of the last entries: those come from the file.
      const window = readWindow(fd, 0, entries[30].data.localHeaderOffset + 10, wanted);
      expect(window).to.not.equal(undefined);
      for (const { data, content } of entries) {
        expect(readEntrySync(fd, data, window).equals(content)).to.equal(true);
        expect(readEntrySync(fd, data).equals(content)).to.equal(true);
      }
      // An offset that misses the header fails alike with and without the window (the signature
      // is not checked, as in commons-compress: the data read from there fails its checks).
      const wrong = { ...entries[3].data, localHeaderOffset: entries[3].data.localHeaderOffset + 1 };
      const failure = (read: () => unknown): string => {
        try {
          read();
          return 'no failure';
        } catch (e) {
          return (e as Error).message;
        }
      };
      expect(failure(() => readEntrySync(fd, wrong, window))).to.equal(failure(() => readEntrySync(fd, wrong)));
      expect(failure(() => readEntrySync(fd, wrong))).to.match(
        /^(invalid deflate data|CRC mismatch|size mismatch|unexpected end)/,
      );
      // Too sparse a range is not read at once.
      expect(readWindow(fd, 0, 1_000_000, 100)).to.equal(undefined);
    } finally {
      fs.closeSync(fd);
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
