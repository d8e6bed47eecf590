import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifact, mtimeOf, runGoal, tempDir, treeOf } from './support';
import { END, file, header, padded, pax, paxRecord } from './tar-blocks';

/**
 * The tar rules beyond the common formats, each recorded with real Maven 3.8.7 +
 * maven-dependency-plugin 3.5.0 (commons-compress 1.22) on the same archive: GNU tar's
 * incremental dumps, volume labels and continued volumes, other writers (bsdtar, MirBSD pax),
 * global PAX headers and where commons-compress applies them, archives ending after a PAX
 * header, empty archives, link entries named with a trailing '/'.
 */
function tool(command: string, cwd: string, args: string[]): void {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${r.stderr}`);
}

/** A path longer than a ustar name field: ustar writers put its start in the prefix field. */
const HALF = 'deep-directory-'.repeat(4);
const DEEP = `${HALF}/${HALF}`;

const WHEN = new Date('2021-03-04T05:06:07Z');

/** `files` (path → content) below `root`, every file and directory timed WHEN. */
function tree(root: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
  const touch = (p: string): void => {
    if (fs.lstatSync(p).isDirectory()) for (const n of fs.readdirSync(p)) touch(path.join(p, n));
    fs.utimesSync(p, WHEN, WHEN);
  };
  touch(root);
}

describe('unpack: tar dialects and the rules Maven reads them by', () => {
  let dir: string;
  let src: string;
  let out: string;
  let markers: string;
  beforeEach(() => {
    dir = tempDir('unpack-tar-dialects');
    src = path.join(dir, 'src');
    fs.mkdirSync(src);
    out = path.join(dir, 'target', 'dependency');
    markers = path.join(dir, 'target', 'dependency-maven-plugin-markers');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const unpack = (archive: string) => runGoal(dir, [artifact(archive, { artifactId: 'a', type: 'tar' })], {});
  const write = (name: string, ...parts: Buffer[]): string => {
    const archive = path.join(dir, name);
    fs.writeFileSync(archive, Buffer.concat(parts));
    return archive;
  };
  const failure = (archive: string, message: string): string =>
    `Error unpacking file: ${archive} to: ${out}: Error while expanding ${archive}: ${message}`;

  it('GNU incremental dumps (tar -g): directories come out, their dumpdir lists are skipped (Maven reads them as headers)', async () => {
    tree(path.join(src, 'inc'), { 'x/1': 'one\n', '2': 'two\n' });
    tool('tar', src, ['--format=gnu', '-g', '../snap', '-cf', '../level0.tar', 'inc']);
    const run = await unpack(path.join(dir, 'level0.tar'));
    expect(run.error).to.equal(undefined);
    // Maven: the same, plus empty files 'Y1' and 'Y2' dated 1970 made of the dumpdir lists.
    expect(treeOf(out)).to.deep.equal([
      'd 755 inc/',
      'f 644 inc/2 = "two\\n"',
      'd 755 inc/x/',
      'f 644 inc/x/1 = "one\\n"',
    ]);
    expect(mtimeOf(path.join(out, 'inc/x/1'))).to.equal(WHEN.toISOString());
  });

  it('a GNU incremental dump of a directory with many files unpacks (Maven fails: "Invalid byte 102 at offset 0 in \'file-num\'")', async () => {
    const files: Record<string, string> = {};
    for (let i = 1; i <= 20; i++) files[`d/file-number-${i}.txt`] = `${i}\n`;
    tree(path.join(src, 'incm'), files);
    tool('tar', src, ['--format=gnu', '-g', '../snap', '-cf', '../level0.tar', 'incm']);
    const run = await unpack(path.join(dir, 'level0.tar'));
    expect(run.error).to.equal(undefined);
    const expected = Object.keys(files)
      .sort()
      .map((name) => `f 644 incm/${name} = ${JSON.stringify(files[name])}`);
    expect(treeOf(out)).to.deep.equal(['d 755 incm/', 'd 755 incm/d/', ...expected]);
  });

  it("a dumpdir entry ('D') named without '/' is a directory too (Maven writes it as a file, then fails on its contents)", async () => {
    const dumpdir = Buffer.concat([
      header('t/dir', { type: 'D', mode: 0o755, size: 10 }),
      padded(Buffer.from('Ya.txt\0\0\0\0')),
    ]);
    const run = await unpack(write('a.tar', dumpdir, file('t/dir/a.txt', 'alpha\n'), END));
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'd 755 t/dir/', 'f 644 t/dir/a.txt = "alpha\\n"']);
  });

  it('GNU tar volume labels (-V): an empty file named by the label in the GNU format, nothing in the PAX format', async () => {
    tree(path.join(src, 't'), { 'a.txt': 'alpha\n' });
    tool('tar', src, ['--format=gnu', '-V', 'My Label', '-cf', '../gnu.tar', 't/a.txt']);
    tool('tar', src, ['--format=pax', '-V', 'My Label', '-cf', '../pax.tar', 't/a.txt']);
    expect((await unpack(path.join(dir, 'gnu.tar'))).error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['f 644 My Label = ""', 'd 755 t/', 'f 644 t/a.txt = "alpha\\n"']);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    expect((await unpack(path.join(dir, 'pax.tar'))).error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/a.txt = "alpha\\n"']);
  });

  for (const [format, part] of [
    ['gnu', 'big.bin'],
    ['pax', 'GNUFileParts/big.bin.2'],
  ]) {
    it(`the second volume of a GNU multi-volume archive (--format=${format}): the continued part as ${part}, dated 1970, as Maven writes it`, async () => {
      const big = Buffer.alloc(30_000);
      for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 251;
      fs.writeFileSync(path.join(src, 'big.bin'), big);
      tree(path.join(src, 't'), { 'a.txt': 'alpha\n' });
      tool('tar', src, [
        `--format=${format}`,
        '-M',
        '-L',
        '20',
        '-cf',
        '../v1.tar',
        '-f',
        '../v2.tar',
        'big.bin',
        't/a.txt',
      ]);
      const run = await unpack(path.join(dir, 'v2.tar'));
      expect(run.error).to.equal(undefined);
      const rest = fs.readFileSync(path.join(out, part));
      expect(rest.length).to.be.within(1, big.length - 1);
      expect(rest.equals(big.subarray(big.length - rest.length))).to.equal(true);
      expect(mtimeOf(path.join(out, part))).to.equal('1970-01-01T00:00:00.000Z');
      expect(treeOf(out).filter((l) => !l.includes('big.bin'))).to.deep.equal([
        ...(format === 'pax' ? ['d 755 GNUFileParts/'] : []),
        'd 755 t/',
        'f 644 t/a.txt = "alpha\\n"',
      ]);
    });
  }

  for (const [writer, args] of [
    ['bsdtar', ['--format', 'pax']],
    ['bsdtar', ['--format', 'ustar']],
    ['bsdtar', ['--format', 'gnutar']],
    ['pax', ['-w', '-x', 'ustar']],
  ] as const) {
    it(`${writer} ${args.join(' ')}: files, directories, symbolic links, FIFOs as Maven unpacks them`, async () => {
      tree(path.join(src, 't'), { 'a.txt': 'alpha\n', 'sub/b.txt': 'bravo\n', [`sub/${DEEP}/c.txt`]: 'deep\n' });
      fs.symlinkSync('a.txt', path.join(src, 't', 'link'));
      tool('mkfifo', src, [path.join(src, 't', 'fifo')]);
      const names = ['t/a.txt', 't/fifo', 't/link', 't/sub'];
      if (writer === 'pax') tool('pax', src, [...args, '-f', '../a.tar', ...names]);
      else tool('bsdtar', src, [...args, '-cf', '../a.tar', ...names]);
      const run = await unpack(path.join(dir, 'a.tar'));
      expect(run.error).to.equal(undefined);
      // A FIFO comes out as an empty file (plexus-archiver writes every other entry as a file).
      expect(treeOf(out)).to.deep.equal([
        'd 755 t/',
        'f 644 t/a.txt = "alpha\\n"',
        'f 644 t/fifo = ""',
        'l t/link -> a.txt',
        'd 755 t/sub/',
        'f 644 t/sub/b.txt = "bravo\\n"',
        `d 755 t/sub/${HALF}/`,
        `d 755 t/sub/${DEEP}/`,
        `f 644 t/sub/${DEEP}/c.txt = "deep\\n"`,
      ]);
      expect(mtimeOf(path.join(out, 't/sub/b.txt'))).to.equal(WHEN.toISOString());
    });
  }

  const globalHeader = (...records: Buffer[]): Buffer => {
    const data = Buffer.concat(records);
    return Buffer.concat([header('./GlobalHead', { type: 'g', size: data.length }), padded(data)]);
  };

  it('global PAX headers: over the entry right after them even where its own PAX header says otherwise, under later local headers (as commons-compress applies them)', async () => {
    const run = await unpack(
      write(
        'a.tar',
        globalHeader(paxRecord('mtime', '1000000000.5')),
        pax([paxRecord('mtime', '1200000000')]),
        file('t/first.txt', 'first\n'),
        pax([paxRecord('mtime', '1300000000')]),
        file('t/second.txt', 'second\n'),
        file('t/third.txt', 'third\n'),
        END,
      ),
    );
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal([
      'd 755 t/',
      'f 644 t/first.txt = "first\\n"',
      'f 644 t/second.txt = "second\\n"',
      'f 644 t/third.txt = "third\\n"',
    ]);
    expect(['first', 'second', 'third'].map((n) => mtimeOf(path.join(out, `t/${n}.txt`)))).to.deep.equal([
      '2001-09-09T01:46:40.500Z',
      '2011-03-13T07:06:40.000Z',
      '2001-09-09T01:46:40.500Z',
    ]);
  });

  it('a global PAX path names the entry after it over its GNU long name and its PAX path; later entries keep their own', async () => {
    const long = 'L'.repeat(150);
    const longName = Buffer.concat([
      header('././@LongLink', { type: 'L', size: long.length + 1 }),
      padded(Buffer.from(`${long}\0`)),
    ]);
    const run = await unpack(
      write(
        'a.tar',
        globalHeader(paxRecord('path', 'G.txt')),
        pax([paxRecord('path', 'X.txt')]),
        longName,
        file('short.txt', 'one\n'),
        pax([paxRecord('path', 'Y.txt')]),
        file('t/b.txt', 'two\n'),
        END,
      ),
    );
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['f 644 G.txt = "one\\n"', 'f 644 Y.txt = "two\\n"']);
  });

  it('an archive ending after a global PAX header fails as Maven fails, after writing the entries before it, without a marker', async () => {
    const archive = write('a.tar', file('t/a.txt', 'alpha\n'), globalHeader(paxRecord('comment', 'late')), END);
    const run = await unpack(archive);
    expect(run.error?.message).to.equal(
      failure(archive, 'Error detected parsing the pax header (at entry ./GlobalHead)'),
    );
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/a.txt = "alpha\\n"']);
    expect(fs.existsSync(markers)).to.equal(false);
  });

  it('an archive ending after a PAX header and a long name fails naming the PAX header; after a long name alone it just ends', async () => {
    const long = Buffer.concat([
      header('././@LongLink', { type: 'L', size: 151 }),
      padded(Buffer.from(`${'L'.repeat(150)}\0`)),
    ]);
    const archive = write('a.tar', file('t/a.txt', 'alpha\n'), pax([paxRecord('mtime', '1')]), long, END);
    const run = await unpack(archive);
    expect(run.error?.message).to.equal(
      failure(
        archive,
        "premature end of tar archive. Didn't find any entry after PAX header. (at entry ././@LongLink)",
      ),
    );
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/a.txt = "alpha\\n"']);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    expect((await unpack(write('b.tar', file('t/a.txt', 'alpha\n'), long, END))).error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/a.txt = "alpha\\n"']);
    expect(fs.existsSync(markers)).to.equal(true);
  });

  for (const [what, bytes] of [
    ['an empty file', Buffer.alloc(0)],
    ['a partial first header block', Buffer.alloc(100, 'x')],
  ] as const) {
    it(`${what} is an empty archive: nothing unpacked, the marker written (as Maven)`, async () => {
      const run = await unpack(write('a.tar', bytes));
      expect(run.error).to.equal(undefined);
      expect(treeOf(out)).to.deep.equal([]);
      expect(fs.existsSync(markers)).to.equal(true);
    });
  }

  it("link entries named with a trailing '/': a symbolic link stays one (its data is not read), a hard link is a directory", async () => {
    const symlink = header('t/l/', { type: '2', linkName: 'a.txt', size: 512 });
    const hard = header('t/h/', { type: '1', linkName: 't/a.txt' });
    // The symbolic link's 512 bytes of "data" are the next header, as commons-compress reads them.
    const run = await unpack(write('a.tar', symlink, file('t/next.txt', ''), file('t/a.txt', 'alpha\n'), hard, END));
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal([
      'd 755 t/',
      'f 644 t/a.txt = "alpha\\n"',
      'd 755 t/h/',
      'l t/l -> a.txt',
      'f 644 t/next.txt = ""',
    ]);
  });

  it("a sparse entry without a map (star's PAX sparse, type 'S' outside old GNU headers) is its real size of bytes read straight from the archive, as commons-compress reads it", async () => {
    const star = (realSize: string): Buffer =>
      pax([paxRecord('SCHILY.filetype', 'sparse'), paxRecord('SCHILY.realsize', realSize)]);
    // The real size equals the stored size: the stored data, and the archive goes on.
    const equal = write('equal.tar', star('6'), file('t/s.txt', 'alpha\n'), file('t/a.txt', 'alpha\n'), END);
    expect((await unpack(equal)).error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/a.txt = "alpha\\n"', 'f 644 t/s.txt = "alpha\\n"']);
    // Larger: 1000 bytes, through the next header; then the stored size's padding, which lands
    // in the end blocks (Maven: the same file, and t/a.txt is never seen).
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    const next = file('t/a.txt', 'alpha\n');
    const larger = write('larger.tar', star('1000'), file('t/s.txt', 'alpha\n'), next, END);
    expect((await unpack(larger)).error).to.equal(undefined);
    const expected = Buffer.concat([padded(Buffer.from('alpha\n')), next]).subarray(0, 1000);
    expect(fs.readFileSync(path.join(out, 't/s.txt')).equals(expected)).to.equal(true);
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/s.txt = 1000 bytes']);
    // Type 'S' in a ustar header: no real size (0), so the padding is skipped from the data's
    // start and the next header read 6 bytes early (Maven fails the same way).
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    const ustar = write('ustar.tar', file('t/s.txt', 'alpha\n', { type: 'S' }), file('t/a.txt', 'alpha\n'), END);
    const run = await unpack(ustar);
    expect(run.error?.message).to.equal(
      failure(ustar, "Corrupted TAR archive. Invalid byte 0 at offset 5 in '00644{NUL}00' len=8 (at entry t/s.txt)"),
    );
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/s.txt = ""']);
    expect(fs.existsSync(markers)).to.equal(false);
  });

  it('an old GNU sparse entry whose map has no run is read as its real size of plain bytes (commons-compress), not as a hole', async () => {
    const sparse = header('t/s.txt', { type: 'S', size: 6 });
    sparse.write('ustar  \0', 257, 'latin1');
    sparse.write('00000000006\0', 483, 'latin1');
    let sum = 0;
    sparse.write('        ', 148);
    for (const byte of sparse) sum += byte;
    sparse.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    const run = await unpack(write('a.tar', sparse, padded(Buffer.from('alpha\n')), file('t/a.txt', 'next\n'), END));
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['d 755 t/', 'f 644 t/a.txt = "next\\n"', 'f 644 t/s.txt = "alpha\\n"']);
  });

  for (const [what, records, message] of [
    [
      'a time BigDecimal refuses',
      [paxRecord('ctime', 'abc')],
      'Error detected parsing the pax header: Character a is neither a decimal digit number, decimal point, nor "e" notation exponential mark.',
    ],
    [
      'a number beyond a long',
      [paxRecord('uid', '99999999999999999999')],
      'Error detected parsing the pax header: For input string: "99999999999999999999"',
    ],
    [
      'a record longer than the header',
      [Buffer.from('30 path=t/zz.txt\n')],
      'Paxheader value size 22 exceeds size of header record',
    ],
    [
      'a record shorter than its value',
      [Buffer.from('10 path=t/zz.txt\n')],
      'Failed to read Paxheader.Value should end with a newline',
    ],
    ['a negative size', [paxRecord('size', '-1')], 'Corrupted TAR archive. Entry size is negative'],
  ] as const) {
    it(`a PAX header with ${what} fails with Maven's message, nothing unpacked`, async () => {
      const archive = write('a.tar', pax([...records]), file('t/a.txt', 'alpha\n'), END);
      const run = await unpack(archive);
      expect(run.error?.message).to.equal(failure(archive, `${message} (at entry ./PaxHeaders/entry)`));
      expect(treeOf(out)).to.deep.equal([]);
    });
  }

  it("a GNU long name that is not UTF-8 has '?' for the bad bytes; a PAX path has U+FFFD (commons-compress decodes them differently)", async () => {
    const latin1 = Buffer.from('t/caf\xe9.txt', 'latin1');
    const longName = Buffer.concat([
      header('././@LongLink', { type: 'L', size: latin1.length + 1 }),
      padded(Buffer.concat([latin1, Buffer.alloc(1)])),
    ]);
    const run = await unpack(
      write(
        'a.tar',
        longName,
        file('x.txt', 'long\n'),
        pax([paxRecord('path', Buffer.from('t/d\xe9j\xe0.txt', 'latin1'))]),
        file('y.txt', 'pax\n'),
        END,
      ),
    );
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal([
      'd 755 t/',
      'f 644 t/caf?.txt = "long\\n"',
      'f 644 t/d\uFFFDj\uFFFD.txt = "pax\\n"',
    ]);
  });

  it("a name holding U+FFFD itself (bytes EF BF BD) keeps it, beside a malformed byte read as '?' (sharpcompress's Tar.oldgnu.tar.gz)", async () => {
    const real = Buffer.from('t/\xef\xbf\xbd.txt', 'latin1');
    const mixed = Buffer.from('t/caf\xe9\xef\xbf\xbd.txt', 'latin1');
    const run = await unpack(write('a.tar', file(real, 'real\n'), file(mixed, 'mixed\n'), END));
    // Maven: the same names (as bytes: 'caf?' then EF BF BD).
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal([
      'd 755 t/',
      'f 644 t/caf?\uFFFD.txt = "mixed\\n"',
      'f 644 t/\uFFFD.txt = "real\\n"',
    ]);
  });

  it('an archive ending inside the padding after an entry: the entry is written and timed, then "Truncated TAR archive" (libarchive\'s test_compat_xz_1.txz)', async () => {
    const cut = Buffer.concat([
      file('a.txt', 'alpha\n', { mtime: 1_600_000_000 }),
      header('b.txt', { size: 6, mtime: 1_600_000_002 }),
      Buffer.from('bravo\n'),
      Buffer.alloc(100),
    ]);
    const archive = write('a.tar', cut);
    const run = await unpack(archive);
    // Maven: the same two files with their times, the same error, no marker.
    expect(run.error?.message).to.equal(failure(archive, 'Truncated TAR archive (at entry b.txt)'));
    expect(treeOf(out)).to.deep.equal(['f 644 a.txt = "alpha\\n"', 'f 644 b.txt = "bravo\\n"']);
    expect(mtimeOf(path.join(out, 'b.txt'))).to.equal('2020-09-13T12:26:42.000Z');
    expect(fs.existsSync(markers)).to.equal(false);
  });
});
