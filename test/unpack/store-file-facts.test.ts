import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkerPool, type FileFacts, type WorkerPool } from '@goalhost/archive';
import { tempDir } from './support';

/** The facts of one file as [size, mtime, mode, digest]. */
function factOf(facts: FileFacts, i: number): [number, number, number, string] {
  const s = facts.stats;
  return [s[i * 3], s[i * 3 + 1], s[i * 3 + 2], facts.digests.slice(i * 64, (i + 1) * 64)];
}

describe('unpack: the facts of stored files (size, time, mode, digest) as the threads tell them', function () {
  this.timeout(30_000);
  let dir: string;
  let paths: string[];
  const content = Buffer.alloc(3 * 1024 * 1024 + 17, 'x');
  const none = '0'.repeat(64);

  before(() => {
    dir = tempDir('store-facts');
    const file = path.join(dir, 'file.bin');
    fs.writeFileSync(file, content);
    fs.chmodSync(file, 0o640);
    fs.utimesSync(file, 1_000_000.1239, 1_000_000.1239);
    fs.symlinkSync('file.bin', path.join(dir, 'link'));
    fs.mkdirSync(path.join(dir, 'dir'));
    // A FIFO is not read: opening one for reading would wait for a writer that never comes.
    execFileSync('mkfifo', [path.join(dir, 'fifo')]);
    paths = ['file.bin', 'link', 'dir', 'fifo', 'missing'].map((name) => path.join(dir, name));
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const threads of [false, true]) {
    it(`a regular file has its size, whole-millisecond mtime, mode and SHA-256; links, directories, FIFOs and missing files are not regular (${threads ? 'on threads' : 'inline'})`, async () => {
      const pool: WorkerPool = await createWorkerPool(2);
      if (threads) pool.start();
      try {
        const sha = createHash('sha256').update(content).digest('hex');
        const withDigests = await pool.facts(paths, true);
        expect(paths.map((_, i) => factOf(withDigests, i))).to.deep.equal([
          [content.length, 1_000_000_123, 0o640, sha],
          [-1, 0, 0, none],
          [-1, 0, 0, none],
          [-1, 0, 0, none],
          [-1, 0, 0, none],
        ]);
        const without = await pool.facts(paths, false);
        expect(without.digests).to.equal('');
        expect([...without.stats]).to.deep.equal([
          content.length,
          1_000_000_123,
          0o640,
          -1,
          0,
          0,
          -1,
          0,
          0,
          -1,
          0,
          0,
          -1,
          0,
          0,
        ]);
      } finally {
        await pool.close();
      }
    });
  }
});
