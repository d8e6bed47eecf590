import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { TarReader } from '@goalhost/archive/internal';
import { tempDir } from './support';

/** What the reader gave for one entry: kind, size, link target and the content its sink received. */
interface ReadEntry {
  readonly kind: string;
  readonly size: number;
  readonly link?: string;
  content?: string;
}

/**
 * Feeds `tar` to the reader in pieces of `piece` bytes (the whole archive when 0), as a
 * decompressor's chunks would come, and returns every entry by name.
 */
function readInPieces(tar: Buffer, piece: number): Map<string, ReadEntry> {
  const entries = new Map<string, ReadEntry>();
  const reader = new TarReader((entry) => {
    const read: ReadEntry = { kind: entry.kind, size: entry.size, link: entry.linkTarget };
    entries.set(entry.name, read);
    if (entry.kind !== 'file') return null;
    const content = Buffer.alloc(entry.size);
    return {
      write: (bytes, position) => void bytes.copy(content, position),
      end: () => void (read.content = content.toString('latin1')),
      truncated: () => expect.fail(`${entry.name} cut short`),
    };
  });
  const size = piece === 0 ? tar.length : piece;
  for (let at = 0; at < tar.length && !reader.done; at += size) {
    const chunk = tar.subarray(at, Math.min(tar.length, at + size));
    let used = 0;
    while (used < chunk.length && !reader.done) used += reader.push(used === 0 ? chunk : chunk.subarray(used));
  }
  reader.finish();
  return entries;
}

describe('archive: the tar reader gives the same entries however the stream is cut into chunks', () => {
  let dir: string;
  let source: string;

  before(() => {
    dir = tempDir('tar-chunks');
    source = path.join(dir, 'src');
    const deep = path.join(source, 'a-directory-name-long-enough'.repeat(3), 'and-deeper'.repeat(4));
    fs.mkdirSync(deep, { recursive: true });
    fs.writeFileSync(path.join(source, 'empty.txt'), '');
    fs.writeFileSync(path.join(source, 'block.bin'), Buffer.alloc(512, 7));
    fs.writeFileSync(
      path.join(source, 'odd.bin'),
      Buffer.from(Array.from({ length: 70_001 }, (_, i) => (i * 31) % 251)),
    );
    fs.writeFileSync(path.join(deep, `${'long-file-name-'.repeat(8)}.txt`), 'under a long name\n');
    fs.symlinkSync('odd.bin', path.join(source, 'link'));
    // A sparse file: data, a hole of 1 MB, data again.
    const sparse = fs.openSync(path.join(source, 'sparse.bin'), 'w');
    fs.writeSync(sparse, Buffer.from('head'), 0, 4, 0);
    fs.writeSync(sparse, Buffer.from('tail'), 0, 4, 1024 * 1024);
    fs.closeSync(sparse);
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const format of ['gnu', 'pax']) {
    it(`GNU tar --format=${format} (long names, a sparse file, a link): pieces of 1, 7, 511, 513 and 4097 bytes read as the whole archive does, contents as on disk`, () => {
      const archive = path.join(dir, `${format}.tar`);
      execFileSync('tar', [`--format=${format}`, '--sparse', '-cf', archive, '-C', source, '.']);
      const tar = fs.readFileSync(archive);
      const whole = readInPieces(tar, 0);
      const listed = execFileSync('tar', ['-tf', archive], { encoding: 'utf8' }).trim().split('\n');
      expect([...whole.keys()]).to.deep.equal(listed);
      for (const [name, entry] of whole) {
        const onDisk = path.join(source, name);
        const st = fs.lstatSync(onDisk);
        if (st.isSymbolicLink())
          expect(entry).to.deep.equal({ kind: 'symlink', size: 0, link: fs.readlinkSync(onDisk) });
        else if (st.isDirectory()) expect(entry.kind, name).to.equal('dir');
        else expect(entry.content, name).to.equal(fs.readFileSync(onDisk).toString('latin1'));
      }
      for (const piece of [1, 7, 511, 513, 4097]) {
        expect(readInPieces(tar, piece), `pieces of ${piece} bytes`).to.deep.equal(whole);
      }
    });
  }
});
