import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifact, mtimeOf, runGoal, tempDir, treeOf } from './support';
import { extendedTimestamp, extraField, zipRecords, type ZipLayout } from './zip-records';

/**
 * Damaged zips of the kinds other zip readers keep in their test suites (yauzl's
 * test/failure, zip2's tests/data; the foreign-archive corpus of docs/differences-unpack.md, 273
 * archives from libarchive, node-tar, tar-rs, zip2 and yauzl), each made here record by record and unpacked
 * by real Maven 3.8.7 + maven-dependency-plugin 3.5.0 (commons-compress 1.22) first: the
 * expected trees, times and messages below are Maven's.
 */
describe('unpack: damaged zips as Maven reads them', () => {
  let dir: string;
  let out: string;
  let markers: string;
  beforeEach(() => {
    dir = tempDir('unpack-zip-damage');
    out = path.join(dir, 'target', 'dependency');
    markers = path.join(dir, 'target', 'dependency-maven-plugin-markers');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const two = [
    { name: 'a.txt', content: 'alpha\n' },
    { name: 'b.txt', content: 'bravo\n' },
  ];
  const BOTH = ['f 644 a.txt = "alpha\\n"', 'f 644 b.txt = "bravo\\n"'];
  /** The DOS time zipRecords gives every entry. */
  const DOS = '2021-03-04T05:06:08.000Z';

  const unpack = (zip: ZipLayout) => {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, zip.bytes);
    return runGoal(dir, [artifact(file, { artifactId: 'a', type: 'zip' })], {});
  };
  const openFailure = (message: string): string => {
    const file = path.join(dir, 'a.zip');
    return `Error unpacking file: ${file} to: ${out}: Error while expanding ${file}: Error on ZipFile ${file}: ${message}`;
  };

  it("entries are unpacked in their local headers' order, as plexus-archiver does, whatever the central directory's (zip4j's cen_dir_entries_diff_order_as_local_entries.zip)", async () => {
    // Local headers: x.txt "first", y.txt, x.txt "second"; the central directory lists them backwards.
    const entries = [
      { name: 'x.txt', content: 'first\n' },
      { name: 'y.txt', content: 'y\n' },
      { name: 'x.txt', content: 'second\n' },
    ];
    const run = await unpack(zipRecords(entries, [2, 1, 0]));
    expect(run.error).to.equal(undefined);
    // Maven: the later local header wins (the central directory's order would leave "first").
    expect(treeOf(out)).to.deep.equal(['f 644 x.txt = "second\\n"', 'f 644 y.txt = "y\\n"']);
  });

  it('disk numbers in the end record are not looked at (yauzl: "multi-disk zip files are not supported")', async () => {
    const zip = zipRecords(two);
    zip.bytes.writeUInt16LE(1, zip.endRecord + 4);
    const run = await unpack(zip);
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(BOTH);
    expect(fs.readdirSync(markers)).to.deep.equal(['g-a-zip-1.0.marker']);
  });

  it('an end record whose comment length runs past the end of the file is read (libzip incons-archive-comment-longer.zip; yauzl: "Invalid comment length")', async () => {
    const zip = zipRecords(two);
    zip.bytes.writeUInt16LE(32, zip.endRecord + 20);
    const run = await unpack(zip);
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(BOTH);
  });

  for (const [what, count] of [
    ['more', 5],
    ['fewer', 1],
  ] as const) {
    it(`an end record counting ${what} entries than the central directory holds: every record is unpacked (libzip incons-file-count-*.zip)`, async () => {
      const zip = zipRecords(two);
      zip.bytes.writeUInt16LE(count, zip.endRecord + 8);
      zip.bytes.writeUInt16LE(count, zip.endRecord + 10);
      const run = await unpack(zip);
      expect(run.error).to.equal(undefined);
      expect(treeOf(out)).to.deep.equal(BOTH);
    });
  }

  it('an extra field running past its block is kept as unparseable data; the fields before it count (yauzl: "extra field length exceeds extra field buffer size")', async () => {
    const centralExtra = Buffer.concat([
      extendedTimestamp(1_600_000_000),
      extraField(0x7875, Buffer.from([1, 4, 0]), 11),
    ]);
    const run = await unpack(zipRecords([{ ...two[0], centralExtra }, two[1]]));
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(BOTH);
    expect(mtimeOf(path.join(out, 'a.txt'))).to.equal('2020-09-13T12:26:40.000Z');
    expect(mtimeOf(path.join(out, 'b.txt'))).to.equal(DOS);
  });

  it("a central extended timestamp without the time takes it from the local header's (zip2's extended_timestamp_bad.zip)", async () => {
    const run = await unpack(
      zipRecords([
        { ...two[0], centralExtra: extraField(0x5455, Buffer.alloc(0)), localExtra: extendedTimestamp(1_600_000_001) },
        two[1],
      ]),
    );
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(BOTH);
    expect(mtimeOf(path.join(out, 'a.txt'))).to.equal('2020-09-13T12:26:41.000Z');
    expect(mtimeOf(path.join(out, 'b.txt'))).to.equal(DOS);
  });

  it('a damaged local header signature is not checked; the data is, by its CRC (Info-ZIP unzip and yauzl refuse the entry)', async () => {
    const zip = zipRecords(two);
    zip.bytes.writeUInt32LE(0x03034b50, zip.localHeaders[1]);
    const run = await unpack(zip);
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(BOTH);
  });

  it('a local header recorded after the central directory fails before anything is written', async () => {
    const zip = zipRecords(two);
    zip.bytes.writeUInt32LE(zip.centralDirectory + 10, zip.centralRecords[1] + 42);
    const run = await unpack(zip);
    expect(run.error?.message).to.equal(openFailure('local file header for b.txt starts after central directory'));
    expect(treeOf(out)).to.deep.equal([]);
    expect(fs.existsSync(markers)).to.equal(false);
  });

  it('entry data running into the central directory fails before anything is written', async () => {
    const zip = zipRecords(two);
    zip.bytes.writeUInt32LE(106, zip.centralRecords[1] + 20);
    zip.bytes.writeUInt32LE(106, zip.centralRecords[1] + 24);
    const run = await unpack(zip);
    expect(run.error?.message).to.equal(openFailure('data for b.txt overlaps with central directory.'));
    expect(treeOf(out)).to.deep.equal([]);
    expect(fs.existsSync(markers)).to.equal(false);
  });

  it("a name that is not UTF-8 has '?' for the malformed byte and keeps a U+FFFD it really holds (bytes EF BF BD)", async () => {
    const run = await unpack(
      zipRecords([{ name: Buffer.from('caf\xe9\xef\xbf\xbd.txt', 'latin1'), content: 'mixed\n' }]),
    );
    expect(run.error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal(['f 644 caf?\uFFFD.txt = "mixed\\n"']);
  });

  it('a central directory record with a wrong signature fails (Maven stops listing there: it unpacks a.txt only, succeeds and writes its marker)', async () => {
    const zip = zipRecords(two);
    zip.bytes.writeUInt32LE(0x01014b50, zip.centralRecords[1]);
    const run = await unpack(zip);
    expect(run.error?.message).to.equal(openFailure('invalid central directory file header signature: 0x1014b50'));
    expect(fs.existsSync(markers)).to.equal(false);
  });
});
