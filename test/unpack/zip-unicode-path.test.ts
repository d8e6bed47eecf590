import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { ROOT } from '../support/paths';
import { artifact, runGoal, tempDir, treeOf } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { zipBuffer } = require(path.join(ROOT, 'tools', 'gen-unpack-archives.js')) as {
  zipBuffer: (entries: object[], options?: object) => Buffer;
};

/** Info-ZIP Unicode Path extra field (0x7075): version, CRC-32 of the raw name, UTF-8 name. */
function unicodePath(raw: string, name: string, version = 1): Buffer {
  const utf8 = Buffer.from(name, 'utf8');
  const b = Buffer.alloc(9 + utf8.length);
  b.writeUInt16LE(0x7075, 0);
  b.writeUInt16LE(5 + utf8.length, 2);
  b[4] = version;
  b.writeUInt32LE(zlib.crc32(Buffer.from(raw)) >>> 0, 5);
  utf8.copy(b, 9);
  return b;
}

describe('unpack: Unicode Path extra fields in the central and the local header (as commons-compress)', () => {
  let dir: string;
  beforeEach(() => (dir = tempDir('upath')));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('the local header field replaces the central one: a local field of an unknown version means the raw name (COMPRESS-479)', async () => {
    const zip = zipBuffer([
      { name: '%U00D6l.txt', content: 'oel\n', extra: unicodePath('%U00D6l.txt', 'Öl.txt') },
      { name: '%U20AC.txt', content: 'euro\n', extra: unicodePath('%U20AC.txt', '€.txt') },
      { name: 'plain.txt', content: 'plain\n' },
    ]);
    // Break the version byte (1 -> 't') of the second entry's local field only: the local header
    // is the first occurrence of its name, the central one the second.
    const local = zip.indexOf(Buffer.from('%U20AC.txt')) + '%U20AC.txt'.length;
    expect(zip.readUInt16LE(local)).to.equal(0x7075);
    zip[local + 4] = 0x74;
    const file = path.join(dir, 'names.zip');
    fs.writeFileSync(file, zip);
    const out = path.join(dir, 'target', 'dependency');
    expect((await runGoal(dir, [artifact(file, { artifactId: 'names' })])).error).to.equal(undefined);
    expect(treeOf(out)).to.deep.equal([
      'f 644 %U20AC.txt = "euro\\n"',
      'f 644 plain.txt = "plain\\n"',
      'f 644 Öl.txt = "oel\\n"',
    ]);
  });
});
