import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/paths';
import { artifact, runGoal, tempDir, treeOf } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { zipBuffer } = require(path.join(ROOT, 'tools', 'gen-unpack-archives.js')) as {
  zipBuffer: (entries: object[], options?: object) => Buffer;
};

/*
 * Zips that do not start at byte 0 of their file or do not end at its last byte, and stored
 * entries whose size fields disagree by 4 GiB. The archives are written by tools/gen-unpack-
 * archives.js (byte-exact) or by Info-ZIP `zip`, and then given the bytes each test explains.
 */

const ENTRIES = [
  { name: 'a.txt', content: 'alpha\n', mode: 0o644 },
  { name: 'dir/', dir: true, mode: 0o755 },
  { name: 'dir/b.sh', content: '#!/bin/sh\n', mode: 0o755 },
  { name: 'dir/link', symlink: 'b.sh' },
];
const TREE = ['f 644 a.txt = "alpha\\n"', 'd 755 dir/', 'f 755 dir/b.sh = "#!/bin/sh\\n"', 'l dir/link -> b.sh'];

/** A zip64 extra field (0x0001) holding one 8-byte value. */
function zip64Extra(value: number): Buffer {
  const b = Buffer.alloc(12);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(8, 2);
  b.writeBigUInt64LE(BigInt(value), 4);
  return b;
}

describe('unpack: where the zip lies in its file (prefix, trailer) and 4 GiB size fields', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = tempDir('ziplayout');
    out = path.join(dir, 'target', 'dependency');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function unpack(bytes: Buffer, parameters: object = {}): Promise<Error | undefined> {
    const file = path.join(dir, 'x.zip');
    fs.writeFileSync(file, bytes);
    return (await runGoal(dir, [artifact(file, { artifactId: 'x' })], parameters)).error;
  }

  it('bytes before the zip (a self-extractor stub, offsets not adjusted): extracted as unzip does, offsets shifted', async () => {
    // 4,000 bytes of stub holding stray signatures: PK\3\4 and PK\1\2 must not confuse the search.
    const stub = Buffer.concat([Buffer.from('#!/bin/sh\nexit 0\nPK\x03\x04PK\x01\x02'), Buffer.alloc(4000 - 27, 0x20)]);
    expect(await unpack(Buffer.concat([stub, zipBuffer(ENTRIES)]))).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(TREE);
    expect(fs.readdirSync(path.join(dir, 'target', 'dependency-maven-plugin-markers'))).to.deep.equal([
      'g-x-zip-1.0.marker',
    ]);
  });

  it('bytes after the end record (a trailer, even one holding a stray end-record signature) are ignored', async () => {
    const trailer = Buffer.concat([
      Buffer.from('Hello, world!\n'),
      Buffer.from([0x50, 0x4b, 0x05, 0x06]),
      Buffer.alloc(30, 0xff),
    ]);
    expect(await unpack(Buffer.concat([zipBuffer(ENTRIES), trailer]))).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(TREE);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    expect(await unpack(Buffer.concat([Buffer.from('stub'), zipBuffer(ENTRIES), trailer]))).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(TREE);
  });

  it('a zip64 archive (Info-ZIP zip -fz) with a prefix: the zip64 end record locates the shift', async function () {
    if (spawnSync('zip', ['-v']).status !== 0) this.skip();
    const src = path.join(dir, 'src');
    fs.mkdirSync(path.join(src, 'sub'), { recursive: true });
    fs.writeFileSync(path.join(src, 'one.txt'), 'one\n');
    fs.writeFileSync(path.join(src, 'sub', 'two.txt'), 'two two two two two two\n');
    const made = spawnSync('zip', ['-q', '-X', '-fz', '-r', path.join(dir, 'z64.zip'), 'one.txt', 'sub'], { cwd: src });
    expect(made.status, made.stderr?.toString()).to.equal(0);
    const z64 = fs.readFileSync(path.join(dir, 'z64.zip'));
    // The zip64 end-of-central-directory locator is there (zip -fz writes it).
    expect(z64.indexOf(Buffer.from([0x50, 0x4b, 0x06, 0x07]))).to.be.greaterThan(0);
    expect(await unpack(Buffer.concat([Buffer.alloc(1234, 0x41), z64]))).to.equal(undefined);
    expect(treeOf(out).filter((l) => !l.startsWith('d '))).to.deep.equal([
      'f 644 one.txt = "one\\n"',
      'f 644 sub/two.txt = "two two two two two two\\n"',
    ]);
  });

  it('a link entry as plexus-archiver makes it from a java.io.File: doubled and trailing slashes dropped, its time set on its target directory', async () => {
    const t1 = new Date(Date.UTC(2013, 0, 8, 23, 33, 0));
    const t2 = new Date(Date.UTC(2013, 0, 9, 1, 1, 2));
    const zip = zipBuffer([
      { name: 'a/', dir: true, mode: 0o755, mtime: t1 },
      { name: 'a/b/', dir: true, mode: 0o755, mtime: t1 },
      { name: 'link', symlink: '././a//b/', mtime: t2 },
    ]);
    expect(await unpack(zip)).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['d 755 a/', 'd 755 a/b/', 'l link -> ././a/b']);
    expect(fs.statSync(path.join(out, 'a', 'b')).mtime.toISOString()).to.equal('2013-01-09T01:01:02.000Z');
    // a/ got b/ created in it after its own time was set: the run's time, as on disk in Maven.
    expect(fs.statSync(path.join(out, 'a')).mtimeMs).to.be.greaterThan(Date.UTC(2020, 0, 1));
  });

  it('a stored entry whose size fields differ by 4 GiB (zip64 writer bug) is extracted from the bytes the archive holds, CRC-checked', async () => {
    // Central directory sizes at +20 (compressed) and +24 (uncompressed) of its first header.
    const patched = (field: 20 | 24, zip64Value: number, crcFlip = false): Buffer => {
      const zip = zipBuffer([
        { name: 'big.bin', content: 'hello\n', store: true, extra: zip64Extra(zip64Value) },
        { name: 'after.txt', content: 'after\n' },
      ]);
      const cd = zip.readUInt32LE(zip.length - 6);
      zip.writeUInt32LE(0xffffffff, cd + field);
      if (crcFlip) zip.writeUInt32LE(zip.readUInt32LE(cd + 16) ^ 1, cd + 16);
      return zip;
    };
    const tree = ['f 644 after.txt = "after\\n"', 'f 644 big.bin = "hello\\n"'];
    // Uncompressed size 4 GiB + 6 in the zip64 field, compressed 6: 6 bytes are there.
    expect(await unpack(patched(24, 2 ** 32 + 6))).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(tree);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    // Compressed size 4 GiB + 6, which the archive cannot hold: Maven (commons-compress) refuses
    // the archive when it opens it, before anything is written (recorded with real Maven;
    // Info-ZIP unzip extracts the 6 bytes).
    const overlap = await unpack(patched(20, 2 ** 32 + 6));
    expect(overlap?.message).to.equal(
      `Error unpacking file: ${path.join(dir, 'x.zip')} to: ${out}: Error while expanding ${path.join(dir, 'x.zip')}: ` +
        `Error on ZipFile ${path.join(dir, 'x.zip')}: data for big.bin overlaps with central directory.`,
    );
    expect(treeOf(out)).to.deep.equal([]);
    fs.rmSync(path.join(dir, 'target'), { recursive: true, force: true });
    // The CRC still decides whether those bytes are the entry.
    const error = await unpack(patched(24, 2 ** 32 + 6, true));
    expect(error?.message).to.equal(
      `Error unpacking file: ${path.join(dir, 'x.zip')} to: ${out}: Error while expanding ${path.join(dir, 'x.zip')}: CRC mismatch (corrupt data) in entry big.bin`,
    );
    // A difference that is not a multiple of 4 GiB is a lie, refused before anything is written.
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    const lie = await unpack(patched(24, 2 ** 32 + 7));
    expect(lie?.message).to.equal(
      `Error unpacking file: ${path.join(dir, 'x.zip')} to: ${out}: Error while expanding ${path.join(dir, 'x.zip')}: ` +
        'size mismatch in stored entry big.bin: 6 bytes of data but 4294967303 bytes of content declared (a corrupt archive)',
    );
    expect(treeOf(out)).to.deep.equal([]);
  });
});
