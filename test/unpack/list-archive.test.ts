import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import {
  listArchive,
  nameDecoderFor,
  type ArchiveEntry,
  type NameDecoder,
  type ReadableFormat,
} from '@goalhost/archive';
import { fixture } from './support';

/** `kind name` of every entry @goalhost/archive lists, in order (`stopAfter`: the visitor stops there). */
async function listed(
  file: string,
  format: ReadableFormat,
  decoder?: NameDecoder,
  stopAfter?: number,
): Promise<string[]> {
  const seen: string[] = [];
  await listArchive(
    file,
    format,
    (entry: ArchiveEntry) => {
      seen.push(`${entry.kind} ${entry.name}${entry.kind === 'file' ? ` ${entry.size}` : ''}`);
      return seen.length !== stopAfter;
    },
    decoder,
  );
  return seen;
}

/** GNU tar's verbose listing turned into `kind name [size]` (a hard link is a file of its own). */
function gnuTar(file: string): string[] {
  return execFileSync('tar', ['-tvf', file], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => {
      const [mode, , size] = line.split(/\s+/);
      const name = line.replace(/^(\S+\s+){5}/, '').replace(/ (->|link to) .*$/, '');
      return mode[0] === 'd'
        ? `dir ${name}`
        : mode[0] === 'l'
          ? `symlink ${name}`
          : `file ${name} ${mode[0] === 'h' ? 0 : Number(size)}`;
    });
}

describe('archive: listArchive, the entries of an archive without extracting them', () => {
  for (const name of ['tree.tar', 'tree.tar.gz', 'tree.tar.bz2', 'tree.tar.xz']) {
    it(`${name}: the entries GNU tar lists, in its order, with kinds and sizes`, async () => {
      const format = name === 'tree.tar' ? 'tar' : (name.slice('tree.'.length) as ReadableFormat);
      expect(await listed(fixture(name), format)).to.deep.equal(gnuTar(fixture(name)));
    });
  }

  it('a zip: the entries zipinfo lists, in order; directory entries are dirs', async () => {
    const names = execFileSync('zipinfo', ['-1', fixture('basic.zip')], { encoding: 'utf8' })
      .trim()
      .split('\n');
    const kinds = (await listed(fixture('basic.zip'), 'zip')).map((e) => e.split(' ').slice(0, 2).join(' '));
    expect(kinds).to.deep.equal(names.map((n) => (n.endsWith('/') ? `dir ${n}` : `file ${n}`)));
  });

  it('zip names not flagged UTF-8 are read with the decoder given (UTF-8 by default, bad bytes as ?)', async () => {
    expect(await listed(fixture('latin1.zip'), 'zip')).to.deep.equal(['file caf?/menu-?.txt 5']);
    const latin1 = nameDecoderFor('ISO-8859-1') as NameDecoder;
    expect(await listed(fixture('latin1.zip'), 'zip', latin1)).to.deep.equal(['file café/menu-é.txt 5']);
  });

  it('a visitor returning false stops the listing there, in a zip and in a tar', async () => {
    expect(await listed(fixture('basic.zip'), 'zip', undefined, 2)).to.have.length(2);
    expect(await listed(fixture('tree.tar.gz'), 'tar.gz', undefined, 2)).to.deep.equal(
      gnuTar(fixture('tree.tar.gz')).slice(0, 2),
    );
  });

  it('a tar.gz cut short: the entries before the cut are visited, then the decompressor failure is the error', async () => {
    const seen: string[] = [];
    const error = await listArchive(fixture('truncated.tar.gz'), 'tar.gz', (e) => void seen.push(e.name)).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(seen).to.deep.equal(['pkg/', 'pkg/bin/run.sh', 'pkg/plain.txt']);
    expect(error?.message).to.equal('Corrupt GZIP data: unexpected end of file');
  });
});
