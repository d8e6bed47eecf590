import { expect } from 'chai';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { artifact, runGoal, tempDir, treeOf } from './support';
import { END, file } from './tar-blocks';

/**
 * Large tar.gz files stream through ISA-L's `igzip` when it is on PATH, through zlib when it is
 * not: both give the same files and the same messages on clean, concatenated, followed-by-junk
 * and cut archives. `igzip` is reached through a script on PATH that records each run, so the
 * test knows which decoder did the work.
 */
describe('unpack: large tar.gz through igzip or zlib', () => {
  let dir: string;
  let out: string;
  let bin: string;
  let savedPath: string | undefined;
  beforeEach(() => {
    dir = tempDir('unpack-igzip');
    out = path.join(dir, 'target', 'dependency');
    bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    savedPath = process.env.PATH;
  });
  afterEach(() => {
    process.env.PATH = savedPath;
    delete process.env.GOALHOST_SYSTEM_DECOMPRESSORS;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ran = (): number => {
    const log = path.join(dir, 'igzip-runs');
    return fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).length : 0;
  };

  /** Puts the decoder in place: igzip first on PATH, or igzip missing from PATH. */
  const use = (decoder: string): void => {
    if (decoder === 'igzip') {
      const real = (savedPath ?? '')
        .split(path.delimiter)
        .map((d) => path.join(d, 'igzip'))
        .find((p) => fs.existsSync(p));
      if (!real) throw new Error('igzip is not installed (Debian package isal): .ci/run installs it');
      fs.writeFileSync(
        path.join(bin, 'igzip'),
        `#!/bin/sh\necho "$@" >> '${path.join(dir, 'igzip-runs')}'\nexec '${real}' "$@"\n`,
        { mode: 0o755 },
      );
      process.env.PATH = `${bin}${path.delimiter}${savedPath}`;
    } else process.env.PATH = bin;
  };

  /** 9 MB that gzip cannot shrink: the archive is past the size from which igzip is used. */
  const big = crypto.randomBytes(9 * 1024 * 1024);
  const archiveOf = (...parts: Buffer[]): string => {
    const archive = path.join(dir, 'a.tar.gz');
    fs.writeFileSync(archive, Buffer.concat(parts));
    return archive;
  };
  const unpack = (archive: string) => runGoal(dir, [artifact(archive, { artifactId: 'a', type: 'tar.gz' })]);
  const gzip = (data: Buffer): Buffer => zlib.gzipSync(data, { level: 1 });

  for (const decoder of ['igzip', 'zlib (igzip missing from PATH)']) {
    const runs = decoder === 'igzip' ? 1 : 0;

    it(`a clean archive followed by bytes that are not gzip gives every file (${decoder})`, async () => {
      const tar = Buffer.concat([file('big.bin', big), file('small.txt', 'small\n'), END]);
      use(decoder);
      const run = await unpack(archiveOf(gzip(tar), Buffer.from('trailing bytes, not a gzip member\n')));
      expect(run.error).to.equal(undefined);
      expect(ran()).to.equal(runs);
      expect(treeOf(out)).to.deep.equal([`f 644 big.bin = ${big.length} bytes`, 'f 644 small.txt = "small\\n"']);
      expect(fs.readFileSync(path.join(out, 'big.bin')).equals(big)).to.equal(true);
    });

    it(`concatenated gzip members are read one after the other (${decoder})`, async () => {
      use(decoder);
      // Over 16 MB inflated, so it streams rather than being inflated whole on a thread.
      const first = gzip(Buffer.concat([file('big.bin', big), file('again.bin', big)]));
      const run = await unpack(archiveOf(first, gzip(Buffer.concat([file('two.txt', 'two\n'), END]))));
      expect(run.error).to.equal(undefined);
      expect(ran()).to.equal(runs);
      expect(treeOf(out)).to.deep.equal([
        `f 644 again.bin = ${big.length} bytes`,
        `f 644 big.bin = ${big.length} bytes`,
        'f 644 two.txt = "two\\n"',
      ]);
    });

    it(`an archive cut short keeps what came and fails with zlib's message naming the entry (${decoder})`, async () => {
      const gz = gzip(Buffer.concat([file('first.txt', 'first\n'), file('big.bin', big), END]));
      const archive = archiveOf(gz.subarray(0, gz.length - 1024 * 1024));
      use(decoder);
      const run = await unpack(archive);
      expect(ran()).to.equal(runs);
      expect(run.error?.message).to.equal(
        `Error unpacking file: ${archive} to: ${out}: Error while expanding ${archive}: Corrupt GZIP data: unexpected end of file (at entry big.bin)`,
      );
      expect(treeOf(out)[1]).to.equal('f 644 first.txt = "first\\n"');
      const partial = fs.readFileSync(path.join(out, 'big.bin'));
      expect(partial.length).to.be.within(1, big.length - 1);
      expect(partial.equals(big.subarray(0, partial.length))).to.equal(true);
    });

    it(`a second member that is damaged fails with zlib's message (${decoder})`, async () => {
      const second = gzip(Buffer.concat([file('two.txt', 'two\n'), END]));
      second.fill(0x55, 12, 20);
      use(decoder);
      const archive = archiveOf(gzip(file('big.bin', big)), second);
      const run = await unpack(archive);
      expect(ran()).to.equal(runs);
      expect(run.error?.message).to.match(
        new RegExp(
          `^Error unpacking file: ${archive} to: ${out}: Error while expanding ${archive}: Corrupt GZIP data: .+ \\(at entry big\\.bin\\)$`,
        ),
      );
      expect(treeOf(out)).to.deep.equal([`f 644 big.bin = ${big.length} bytes`]);
    });
  }
});
