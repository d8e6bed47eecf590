#!/usr/bin/env node
'use strict';
/*
 * Writes the archives of test/fixtures/unpack/ (the unpack-dependencies tests' small real
 * archives). Deterministic: running it again gives the same bytes.
 *
 *   node tools/gen-unpack-fixtures.js            (needs bzip2 and xz on PATH for the .bz2/.xz variants)
 */
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { execFileSync } = require('node:child_process');
const { zipBuffer, tarBuffer, extendedTimestamp, ntfsTimes } = require('./gen-unpack-archives');

const OUT = path.resolve(__dirname, '..', 'test', 'fixtures', 'unpack');
const T2010 = new Date(Date.UTC(2010, 0, 1, 0, 0, 0));
const T_ODD = new Date(Date.UTC(2018, 2, 3, 4, 5, 7));

/** The tree most tests unpack: files, nested and empty directories, MS-DOS host (no modes). */
const basic = [
  { name: 'README.txt', content: 'basic readme\n' },
  { name: 'include/a.h', content: '#define A 1\n' },
  { name: 'include/sub/deep.h', content: '#define DEEP 1\n' },
  { name: 'src/main.c', content: 'int main(void) { return 0; }\n' },
  { name: 'docs/', dir: true },
  { name: 'docs/index.html', content: '<html></html>\n' },
  { name: 'empty/', dir: true },
];

const scm = [
  { name: 'keep.txt', content: 'keep\n' },
  { name: 'src/a.c', content: 'int a;\n' },
  { name: 'src/b.h', content: 'int b;\n' },
  { name: '.svn/entries', content: 'svn\n' },
  { name: 'CVS/Root', content: 'cvs\n' },
  { name: 'sub/.git/config', content: 'git\n' },
  { name: 'notes.txt~', content: 'backup\n' },
  { name: '.DS_Store', content: 'mac\n' },
  { name: '.gitignore', content: 'target/\n' },
];

const tarTree = [
  { name: 'pkg/', dir: true, mode: 0o700 },
  { name: 'pkg/bin/run.sh', content: '#!/bin/sh\necho run\n', mode: 0o755, mtime: T_ODD },
  { name: 'pkg/plain.txt', content: 'plain\n', mode: 0o640 },
  { name: 'pkg/lib/libx.so.1', content: 'ELF\n', mode: 0o644 },
  { name: 'pkg/lib/libx.so', symlink: 'libx.so.1' },
  { name: 'pkg/hard.txt', hardlink: 'pkg/plain.txt' },
  {
    name: `pkg/${'long-directory-name/'.repeat(5)}a-file-whose-path-is-longer-than-one-hundred-characters.txt`,
    content: 'long\n',
  },
];

const fixtures = {
  'basic.zip': zipBuffer(basic),
  'other.zip': zipBuffer([
    { name: 'README.txt', content: 'other readme (older entry)\n', mtime: T2010 },
    { name: 'other.txt', content: 'other\n' },
  ]),
  'modes.jar': zipBuffer([
    { name: 'bin/', dir: true, mode: 0o700 },
    { name: 'bin/run.sh', content: '#!/bin/sh\n', mode: 0o755 },
    { name: 'secret.txt', content: 'secret\n', mode: 0o600 },
    { name: 'readonly.txt', content: 'ro\n', mode: 0o444 },
    { name: 'suid.sh', content: 'suid\n', mode: 0o6755 },
    { name: 'sticky.txt', content: 'sticky\n', mode: 0o1777 },
    { name: 'group.txt', content: 'group\n', mode: 0o664 },
    { name: 'nomode.txt', content: 'dos\n' },
  ]),
  'symlinks.zip': zipBuffer([
    { name: 'target.txt', content: 'target\n' },
    { name: 'link-to-target', symlink: 'target.txt' },
    { name: 'sub/', dir: true },
    { name: 'sub/up', symlink: '../target.txt' },
  ]),
  'symlink-outside.zip': zipBuffer([
    { name: 'first.txt', content: 'first\n' },
    { name: 'link-outside', symlink: '../../outside.txt' },
    { name: 'after.txt', content: 'after\n' },
  ]),
  'symlink-write-through.zip': zipBuffer([
    { name: 'real/', dir: true },
    { name: 'alias', symlink: 'real' },
    { name: 'alias/file.txt', content: 'through\n' },
  ]),
  'slip-dotdot.tar.gz': zlib.gzipSync(
    tarBuffer([
      { name: 'first.txt', content: 'first\n' },
      { name: '../../escaped.txt', content: 'escaped\n' },
      { name: 'later.txt', content: 'later\n' },
    ]),
    { level: 9 },
  ),
  'slip-sibling.zip': zipBuffer([
    { name: 'ok.txt', content: 'ok\n' },
    { name: '../dependency-evil/pwned.txt', content: 'pwned\n' },
    { name: 'never.txt', content: 'never\n' },
  ]),
  'slip-absolute.zip': zipBuffer([{ name: '/tmp/goalhost-unpack-ABSOLUTE.txt', content: 'abs\n' }]),
  'slip-drive.zip': zipBuffer([{ name: 'C:/windows/evil.txt', content: 'evil\n', mode: 0o644 }]),
  'inner-dotdot.zip': zipBuffer([
    { name: 'a/../b.txt', content: 'b\n' },
    { name: './c.txt', content: 'c\n' },
    { name: 'd/./e.txt', content: 'e\n' },
  ]),
  'latin1.zip': zipBuffer([{ name: Buffer.from('café/menu-é.txt', 'latin1'), content: 'menu\n' }]),
  'utf8.zip': zipBuffer([{ name: 'naïve/文件.txt', content: 'utf8\n', utf8: true }]),
  'backslash.zip': zipBuffer([
    { name: 'win\\dir\\file.txt', content: 'dos host\n' },
    { name: 'unix\\name.txt', content: 'unix host\n', mode: 0o644 },
  ]),
  'duplicates.zip': zipBuffer([
    { name: 'same.txt', content: 'one\n' },
    { name: 'same.txt', content: 'two\n' },
  ]),
  'file-x.zip': zipBuffer([{ name: 'x', content: 'x is a file\n' }]),
  'dir-x.zip': zipBuffer([{ name: 'x/y.txt', content: 'x is a directory\n' }]),
  'scm.zip': zipBuffer(scm),
  'empty.zip': zipBuffer([]),
  'not-a-zip.zip': Buffer.from('this is not a zip archive\n'.repeat(8)),
  'truncated.zip': zipBuffer(basic).subarray(0, 150),
  'corrupt-crc.zip': zipBuffer(
    [
      { name: 'good.txt', content: 'good\n', store: true },
      { name: 'bad.txt', content: 'bad content\n', store: true },
    ],
    {
      corrupt: (zip) => {
        const copy = Buffer.from(zip);
        const at = copy.indexOf('bad content');
        copy[at] = 'B'.charCodeAt(0);
        return copy;
      },
    },
  ),
  'tree.tar': tarBuffer(tarTree),
  'tree.tar.gz': zlib.gzipSync(tarBuffer(tarTree), { level: 9 }),
  'truncated.tar.gz': zlib.gzipSync(tarBuffer(tarTree)).subarray(0, 200),
  // DOS times have 2 s steps; Maven (commons-compress 1.22) prefers NTFS, then extended timestamps.
  'entry-times.zip': zipBuffer([
    { name: 'dos.txt', content: 'dos\n', mtime: new Date(Date.UTC(2019, 5, 1, 12, 0, 8)) },
    {
      name: 'ut.txt',
      content: 'ut\n',
      mtime: new Date(Date.UTC(2019, 5, 1, 12, 0, 8)),
      extra: extendedTimestamp(new Date(Date.UTC(2019, 5, 1, 12, 0, 7))),
    },
    {
      name: 'ntfs.txt',
      content: 'ntfs\n',
      mtime: new Date(Date.UTC(2019, 5, 1, 12, 0, 8)),
      extra: Buffer.concat([
        extendedTimestamp(new Date(Date.UTC(2019, 5, 1, 12, 0, 7))),
        ntfsTimes(new Date(Date.UTC(2019, 5, 1, 12, 0, 3, 456))),
      ]),
    },
  ]),
  'flat.zip': zipBuffer([
    { name: 'include/', dir: true },
    { name: 'include/f.h', content: '#define F\n', mode: 0o664 },
    { name: 'lib/libf.a', content: 'archive\n', mode: 0o755 },
    { name: 'lib/link.a', symlink: 'libf.a' },
    { name: 'README.txt', content: 'flat readme\n' },
  ]),
};

fs.mkdirSync(OUT, { recursive: true });
for (const [name, data] of Object.entries(fixtures)) fs.writeFileSync(path.join(OUT, name), data);
const tar = tarBuffer(tarTree);
fs.writeFileSync(path.join(OUT, 'tree.tar.bz2'), execFileSync('bzip2', ['-9', '-c'], { input: tar }));
fs.writeFileSync(path.join(OUT, 'tree.tar.xz'), execFileSync('xz', ['-6', '-c'], { input: tar }));
console.log(`wrote ${Object.keys(fixtures).length + 2} archives to ${path.relative(process.cwd(), OUT)}`);
