import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatSummaryFile, readChecksumFile, readSummaryFile } from '@goalhost/resolver/internal';

/** The two file formats of Maven 3.9's trusted checksums, read and written as maven-resolver 1.9 does. */
describe('trusted checksums: the file formats', () => {
  it('a sparse directory checksum file gives its checksum in every format maven-resolver reads', () => {
    expect(readChecksumFile('abc123')).to.equal('abc123');
    expect(readChecksumFile('\n  \nabc123  f/a/1/a-1.jar\nffff\n')).to.equal('abc123');
    expect(readChecksumFile('SHA1 (a-1.jar) = ABC123\n')).to.equal('ABC123');
    expect(readChecksumFile('MD5 (a b.jar) = 0f\r\n')).to.equal('0f');
    expect(readChecksumFile('\t abc123\t\n')).to.equal('abc123');
    expect(readChecksumFile('')).to.equal('');
  });

  it('a summary file skips comments and empty lines, warns about malformed and repeated lines, the last one winning', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-trusted-'));
    try {
      const file = path.join(dir, 'checksums.sha1');
      fs.writeFileSync(
        file,
        '# team file\r\n\r\naa  g/a/1/a-1.jar\nbb  g/b/1/b-1.jar\nmalformed line\naa  g/a/1/a-1.jar\ncc  g/b/1/b-1.jar\ndd  g/c/1/c 1.jar',
      );
      const lines: string[] = [];
      const read = readSummaryFile(file, {
        info: (m) => lines.push(`INFO ${m}`),
        warn: (m) => lines.push(`WARN ${m}`),
      });
      expect([...read]).to.deep.equal([
        ['g/a/1/a-1.jar', 'aa'],
        ['g/b/1/b-1.jar', 'cc'],
        ['g/c/1/c 1.jar', 'dd'],
      ]);
      expect(lines).to.deep.equal([
        `WARN Checksums file '${file}' ignored malformed line 'malformed line'`,
        `WARN Checksums file '${file}' contains duplicate checksums for artifact g/a/1/a-1.jar: aa`,
        `WARN Checksums file '${file}' contains different checksums for artifact g/b/1/b-1.jar: old 'bb' replaced by new 'cc'`,
        `INFO Loaded 3 trusted checksums from ${file}`,
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a summary file is written sorted by checksum, two spaces before the path, a line feed after each line', () => {
    expect(
      formatSummaryFile(
        new Map([
          ['g/z/1/z-1.jar', '01'],
          ['g/a/1/a-1.jar', 'ff'],
          ['g/m/1/m-1.pom', '0a'],
        ]),
      ),
    ).to.equal('01  g/z/1/z-1.jar\n0a  g/m/1/m-1.pom\nff  g/a/1/a-1.jar\n');
  });
});
