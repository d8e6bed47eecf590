import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { artifact, mtimeOf, runGoal, tempDir, treeOf } from './support';
import { END, file, header, pax, paxRecord } from './tar-blocks';

/**
 * The tar reader on real archives: GNU tar's own output in every format it writes (sparse files
 * in old GNU and PAX 0.0/0.1/1.0 form, long names, times before 1970), and the damaged or
 * unusual archives Maven (commons-compress) reads, made byte by byte.
 */
function gnuTar(cwd: string, args: string[]): void {
  const r = spawnSync('tar', args, { cwd, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  if (r.status !== 0) throw new Error(`tar ${args.join(' ')}: ${r.stderr}`);
}

/** A sparse file: `runs` of data at their offsets, holes between and after them. */
function sparseFile(file: string, size: number, runs: readonly [number, string][]): Buffer {
  const fd = fs.openSync(file, 'w');
  for (const [offset, text] of runs) fs.writeSync(fd, Buffer.from(text), 0, text.length, offset);
  fs.ftruncateSync(fd, size);
  fs.closeSync(fd);
  fs.utimesSync(file, new Date('2021-02-03T04:05:06Z'), new Date('2021-02-03T04:05:06Z'));
  return fs.readFileSync(file);
}

function sha(data: Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex').slice(0, 16);
}

/** The same tree, modes, times and contents in `actual` as in `expected` (GNU tar's). */
function expectSameTree(actual: string, expected: string): void {
  expect(treeOf(actual)).to.deep.equal(treeOf(expected));
  const times = (root: string) =>
    treeOf(root)
      .filter((l) => l.startsWith('f '))
      .map((l) => mtimeOf(path.join(root, l.split(' ')[2])));
  expect(times(actual)).to.deep.equal(times(expected));
  for (const line of treeOf(actual).filter((l) => l.startsWith('f '))) {
    const name = line.split(' ')[2];
    expect(sha(fs.readFileSync(path.join(actual, name))), name).to.equal(
      sha(fs.readFileSync(path.join(expected, name))),
    );
  }
}

describe('unpack: tar formats (GNU tar output and what Maven reads)', () => {
  let dir: string;
  let src: string;
  let out: string;
  beforeEach(() => {
    dir = tempDir('unpack-tar');
    src = path.join(dir, 'src');
    fs.mkdirSync(src);
    out = path.join(dir, 'target', 'dependency');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const unpack = (archive: string, type = 'tar', parameters = {}) =>
    runGoal(dir, [artifact(archive, { artifactId: 'a', type })], parameters);
  const write = (name: string, ...parts: Buffer[]): string => {
    const archive = path.join(dir, name);
    fs.writeFileSync(archive, Buffer.concat(parts));
    return archive;
  };

  const SPARSE_FORMATS: readonly [string, string[]][] = [
    ['old GNU (type S, extension blocks)', ['--format=gnu']],
    ['PAX 0.0', ['--format=posix', '--sparse-version=0.0']],
    ['PAX 0.1', ['--format=posix', '--sparse-version=0.1']],
    ['PAX 1.0', ['--format=posix', '--sparse-version=1.0']],
  ];
  for (const [label, options] of SPARSE_FORMATS) {
    it(`sparse files (${label}) come out whole: holes as zeros, the real name, the whole size`, async () => {
      // Eleven runs: more than an old GNU header holds (4), so extension blocks follow it.
      const runs: [number, string][] = Array.from({ length: 11 }, (_, i) => [
        i * 200_000 + (i % 3),
        `run ${i} `.repeat(40 + i),
      ]);
      const small = sparseFile(path.join(src, 'holes.bin'), 3_000_000, runs);
      // Larger than what goalhost holds in memory per entry: written as it streams.
      const large = sparseFile(path.join(src, 'big.bin'), 6_500_000, [
        [10, 'head'],
        [5_000_000, 'tail data'],
      ]);
      gnuTar(src, ['-cf', '../a.tar', '--sparse', ...options, 'holes.bin', 'big.bin']);
      const run = await unpack(path.join(dir, 'a.tar'));
      expect(run.error).to.equal(undefined);
      expect(treeOf(out)).to.deep.equal(['f 644 big.bin = 6500000 bytes', 'f 644 holes.bin = 3000000 bytes']);
      expect(sha(fs.readFileSync(path.join(out, 'holes.bin')))).to.equal(sha(small));
      expect(sha(fs.readFileSync(path.join(out, 'big.bin')))).to.equal(sha(large));
      expect(mtimeOf(path.join(out, 'holes.bin'))).to.equal('2021-02-03T04:05:06.000Z');
      expect(mtimeOf(path.join(out, 'big.bin'))).to.equal('2021-02-03T04:05:06.000Z');
    });
  }

  for (const format of ['gnu', 'posix']) {
    it(`long names and link targets, times before 1970 and fractions of a second (--format=${format})`, async () => {
      const deep = `${'long-directory-name-'.repeat(6)}end`;
      fs.mkdirSync(path.join(src, deep));
      fs.writeFileSync(path.join(src, deep, `${'file-'.repeat(25)}.txt`), 'deep\n');
      fs.symlinkSync(`${deep}/${'file-'.repeat(25)}.txt`, path.join(src, 'link'));
      fs.writeFileSync(path.join(src, 'old.txt'), 'old\n');
      fs.utimesSync(
        path.join(src, 'old.txt'),
        new Date('1960-05-01T12:00:00.250Z'),
        new Date('1960-05-01T12:00:00.250Z'),
      );
      gnuTar(src, ['-cf', '../a.tar', `--format=${format}`, deep, 'link', 'old.txt']);
      const run = await unpack(path.join(dir, 'a.tar'));
      expect(run.error).to.equal(undefined);
      expect(treeOf(out)).to.deep.equal([
        `l link -> ${deep}/${'file-'.repeat(25)}.txt`,
        `d 755 ${deep}/`,
        `f 644 ${deep}/${'file-'.repeat(25)}.txt = "deep\\n"`,
        'f 644 old.txt = "old\\n"',
      ]);
      // The archive's time, before 1970 (Maven fails with "Negative time"); PAX keeps the fraction.
      expect(mtimeOf(path.join(out, 'old.txt'))).to.equal(
        format === 'posix' ? '1960-05-01T12:00:00.250Z' : '1960-05-01T12:00:00.000Z',
      );
    });
  }

  it('reads what commons-compress reads: a wrong header checksum, a PAX header with a wrong checksum, one end block and junk after it', async () => {
    const archive = write(
      'a.tar',
      file('bad-sum.txt', 'checksum off\n', { checksum: 1234 }),
      pax([paxRecord('path', 'from-pax.txt')], { checksum: 4321 }),
      file('ustar-name.txt', 'pax named\n'),
      Buffer.alloc(512),
      Buffer.alloc(512, 'junk after the end block '),
    );
    const run = await unpack(archive);
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['f 644 bad-sum.txt = "checksum off\\n"', 'f 644 from-pax.txt = "pax named\\n"']);
  });

  it('a PAX path that is not UTF-8 names one file, its undecodable bytes as U+FFFD (as Maven writes it)', async () => {
    const latin1 = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x2e, 0x74, 0x78, 0x74]);
    const run = await unpack(write('a.tar', pax([paxRecord('path', latin1)]), file(latin1, 'latin-1 name\n'), END));
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['f 644 caf\uFFFD.txt = "latin-1 name\\n"']);
  });

  it('a malformed PAX mtime stops the run at that entry: what came before is written, no marker, a message naming the value', async () => {
    const archive = write(
      'a.tar',
      file('first.txt', 'first\n'),
      pax([paxRecord('mtime', '12x')]),
      file('second.txt', 'second\n'),
      END,
    );
    const run = await unpack(archive);
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${archive} to: ${out}: Error while expanding ${archive}: ` +
        'Error detected parsing the pax header: Character x is neither a decimal digit number, decimal point, nor "e" notation exponential mark. (at entry ./PaxHeaders/entry)',
    );
    expect(treeOf(out)).to.deep.equal(['f 644 first.txt = "first\\n"']);
    expect(fs.existsSync(path.join(dir, 'target', 'dependency-maven-plugin-markers'))).to.equal(false);
  });

  it('a PAX record whose length is not a number fails like Maven, after the entries before it', async () => {
    const archive = write(
      'a.tar',
      file('first.txt', 'first\n'),
      pax([Buffer.from('1x path=a\n')]),
      file('second.txt', 'second\n'),
      END,
    );
    const run = await unpack(archive);
    expect(run.error?.message).to.match(
      /Failed to read Paxheader\. Encountered a non-number while reading length \(at entry \.\/PaxHeaders\/entry\)$/,
    );
    expect(treeOf(out)).to.deep.equal(['f 644 first.txt = "first\\n"']);
  });

  it('a number field with a NUL inside is refused before anything is written (commons-compress is strict there)', async () => {
    const bad = header('hi.txt', { size: 3 });
    bad.write('0000644\0', 100);
    bad.write('12\x0034\0\0\0', 108);
    const run = await unpack(write('a.tar', bad, Buffer.alloc(512, 'x'), END));
    expect(run.error?.message).to.match(
      /Corrupted TAR archive\. Invalid byte 0 at offset 2 in '12\{NUL\}34\{NUL\}\{NUL\}\{NUL\}' len=8/,
    );
    expect(treeOf(out)).to.deep.equal([]);
  });

  it('an archive cut inside an entry keeps what came of it, without the entry time, and fails', async () => {
    const whole = file('whole.txt', 'whole\n', { mtime: 1_000_000_000 });
    const cut = Buffer.concat([header('cut.txt', { size: 1000, mtime: 1_000_000_000 }), Buffer.alloc(300, 'c')]);
    const archive = write('a.tar', whole, cut);
    const run = await unpack(archive);
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${archive} to: ${out}: Error while expanding ${archive}: Truncated TAR archive (at entry cut.txt)`,
    );
    expect(treeOf(out)).to.deep.equal(['f 644 cut.txt = 300 bytes', 'f 644 whole.txt = "whole\\n"']);
    expect(mtimeOf(path.join(out, 'whole.txt'))).to.equal('2001-09-09T01:46:40.000Z');
    expect(mtimeOf(path.join(out, 'cut.txt'))).to.not.equal('2001-09-09T01:46:40.000Z');
  });

  const COMPRESSED: readonly [string, string, (tar: Buffer) => Buffer][] = [
    ['tar.gz', 'a gzip member', (tar) => zlib.gzipSync(tar)],
    ['tar.bz2', 'a bzip2 stream', (tar) => spawnSync('bzip2', ['-c'], { input: tar }).stdout],
    ['tar.xz', 'an xz stream', (tar) => spawnSync('xz', ['-c'], { input: tar }).stdout],
  ];
  for (const [type, what, compress] of COMPRESSED) {
    for (const decompressor of ['the system decompressor', 'the JavaScript fallback']) {
      it(`bytes after ${what} are ignored, as gunzip and Maven ignore them (${type}, ${decompressor})`, async () => {
        const tar = Buffer.concat([file('inside.txt', 'inside\n'), END, Buffer.alloc(8192)]);
        const archive = write(`a.${type}`, compress(tar), Buffer.from('trailing garbage, not a compressed stream\n'));
        const saved = process.env.GOALHOST_SYSTEM_DECOMPRESSORS;
        if (decompressor === 'the JavaScript fallback') process.env.GOALHOST_SYSTEM_DECOMPRESSORS = 'false';
        try {
          const run = await unpack(archive, type);
          expect(run.error).to.equal(undefined);
        } finally {
          if (saved === undefined) delete process.env.GOALHOST_SYSTEM_DECOMPRESSORS;
          else process.env.GOALHOST_SYSTEM_DECOMPRESSORS = saved;
        }
        expect(treeOf(out)).to.deep.equal(['f 644 inside.txt = "inside\\n"']);
      });
    }
  }

  it('a tar.gz cut short keeps the entries before the cut and what came of the entry it cut, and fails naming it', async () => {
    const random = crypto.randomBytes(200_000);
    const gz = zlib.gzipSync(Buffer.concat([file('first.txt', 'first\n'), file('second.bin', random), END]));
    const archive = write('a.tar.gz', gz.subarray(0, gz.length >> 1));
    const run = await unpack(archive, 'tar.gz');
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${archive} to: ${out}: Error while expanding ${archive}: Corrupt GZIP data: unexpected end of file (at entry second.bin)`,
    );
    const tree = treeOf(out);
    expect(tree[0]).to.match(/^f 644 first\.txt = "first\\n"$/);
    const partial = fs.readFileSync(path.join(out, 'second.bin'));
    expect(partial.length).to.be.within(1, random.length - 1);
    expect(partial.equals(random.subarray(0, partial.length))).to.equal(true);
  });

  it('concatenated gzip members are read one after the other (as GZIPInputStream does)', async () => {
    const first = file('one.txt', 'one\n');
    const rest = Buffer.concat([file('two.txt', 'two\n'), END]);
    const run = await unpack(write('a.tar.gz', zlib.gzipSync(first), zlib.gzipSync(rest)), 'tar.gz');
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['f 644 one.txt = "one\\n"', 'f 644 two.txt = "two\\n"']);
  });

  for (const decompressor of ['the system decompressor', 'the JavaScript fallback']) {
    it(`a tar.bz2 of several bzip2 streams (as pbzip2 and lbzip2 write) is read to its end (${decompressor}; Maven stops after the first)`, async () => {
      const tar = Buffer.concat([file('one.txt', 'one\n'), file('two.txt', 'two\n'), END]);
      const streams = [tar.subarray(0, 1024), tar.subarray(1024)].map(
        (part) => spawnSync('bzip2', ['-c'], { input: part }).stdout,
      );
      const saved = process.env.GOALHOST_SYSTEM_DECOMPRESSORS;
      if (decompressor === 'the JavaScript fallback') process.env.GOALHOST_SYSTEM_DECOMPRESSORS = 'false';
      try {
        const run = await unpack(write('a.tar.bz2', ...streams), 'tar.bz2');
        expect(run.error).to.equal(undefined);
      } finally {
        if (saved === undefined) delete process.env.GOALHOST_SYSTEM_DECOMPRESSORS;
        else process.env.GOALHOST_SYSTEM_DECOMPRESSORS = saved;
      }
      expect(treeOf(out)).to.deep.equal(['f 644 one.txt = "one\\n"', 'f 644 two.txt = "two\\n"']);
    });
  }

  it('tar.gz archives on the threads (inflated whole; streamed when too big for that, followed by junk or cut short) give GNU tar’s tree in Maven’s order', async () => {
    // Incompressible contents, so the archives together pass the thread threshold (8 MB); names
    // shared between archives, so the order of the run decides which copy stays.
    const archives: string[] = [];
    const gz: Buffer[] = [];
    const sizes = [2_000_000, 3_000_000, 20_000_000, 2_500_000, 1_500_000];
    sizes.forEach((size, a) => {
      const root = path.join(dir, `src${a}`);
      for (let i = 0; i < 40; i++) {
        const name = path.join(root, `d${i % 3}`, `f${i % 25}.bin`);
        fs.mkdirSync(path.dirname(name), { recursive: true });
        fs.writeFileSync(name, crypto.randomBytes(Math.floor(size / 40) + i), { mode: (a + i) % 2 ? 0o755 : 0o640 });
        fs.utimesSync(name, 1_600_000_000 + a * 100 + i, 1_600_000_000 + a * 100 + i);
      }
      gnuTar(root, ['-czf', `../a${a}.tar.gz`, '.']);
      gz.push(fs.readFileSync(path.join(dir, `a${a}.tar.gz`)));
      archives.push(path.join(dir, `a${a}.tar.gz`));
    });
    // Archive 3 is followed by bytes that are not gzip (whole inflating refuses it, the stream reads it).
    fs.appendFileSync(archives[3], 'trailing bytes, not a gzip member\n');
    const byTar = path.join(dir, 'by-tar');
    fs.mkdirSync(byTar);
    gz.forEach((bytes, a) => {
      const clean = path.join(dir, `clean${a}.tar.gz`);
      fs.writeFileSync(clean, bytes);
      gnuTar(byTar, ['-xzf', clean]);
    });
    const run = await runGoal(
      dir,
      archives.map((file, a) => artifact(file, { artifactId: `a${a}`, type: 'tar.gz' })),
    );
    expect(run.error).to.equal(undefined);
    expectSameTree(out, byTar);

    // Cut short: the same failure, the same entries kept, as when it streams.
    fs.rmSync(path.join(dir, 'target'), { recursive: true, force: true });
    fs.writeFileSync(archives[1], gz[1].subarray(0, gz[1].length >> 1));
    const cut = await runGoal(
      dir,
      archives.map((file, a) => artifact(file, { artifactId: `a${a}`, type: 'tar.gz' })),
    );
    expect(cut.error?.message).to.match(
      new RegExp(
        `^Error unpacking file: ${archives[1].replace(/[.]/g, '[.]')} to: ${out}: Error while expanding ${archives[1].replace(/[.]/g, '[.]')}: Corrupt GZIP data: unexpected end of file \\(at entry \\./d[0-2]/f[0-9]+\\.bin\\)$`,
      ),
    );
    expect(fs.readdirSync(path.join(dir, 'target', 'dependency-maven-plugin-markers'))).to.deep.equal([
      'g-a0-tar.gz-1.0.marker',
    ]);
  });

  it('a tar.gz big enough for the worker threads gives the same tree, modes and times as GNU tar', async () => {
    const random = crypto.createHash('sha256');
    for (let i = 0; i < 300; i++) {
      const sub = path.join(src, `d${i % 7}`, `e${i % 3}`);
      fs.mkdirSync(sub, { recursive: true });
      random.update(String(i));
      const data = crypto.randomBytes(i % 50 === 0 ? 5_000_000 : 20_000 + (i % 13) * 1000);
      fs.writeFileSync(path.join(sub, `f${i}.bin`), data, { mode: i % 2 ? 0o755 : 0o640 });
      fs.utimesSync(path.join(sub, `f${i}.bin`), 1_600_000_000 + i, 1_600_000_000 + i);
    }
    gnuTar(src, ['-czf', '../a.tar.gz', '.']);
    const byTar = path.join(dir, 'by-tar');
    fs.mkdirSync(byTar);
    gnuTar(byTar, ['-xf', '../a.tar.gz']);
    const run = await unpack(path.join(dir, 'a.tar.gz'), 'tar.gz');
    expect(run.error).to.equal(undefined);
    expectSameTree(out, byTar);
  });
});
