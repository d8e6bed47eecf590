import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  excerpt,
  InputFileError,
  INPUT_KINDS,
  parseXml,
  readInputFile,
  redactUrl,
  type InputKind,
} from '@goalhost/model';
import { parseLockFile } from '@goalhost/resolver/internal';
import { Sandbox } from './sandbox';

/**
 * The one reader of whole input files: only regular files, never more than the limit of their
 * kind, whatever size the file claims; and what parse errors may quote of a file.
 */

const MiB = 1024 * 1024;

function refusal(file: string, kind: InputKind = INPUT_KINDS.lock): string {
  try {
    readInputFile(file, 'The lock file', kind);
  } catch (e) {
    expect(e).to.be.instanceOf(InputFileError);
    return (e as Error).message;
  }
  throw new Error(`${file} was read`);
}

describe('input files: readInputFile reads only regular files, within a limit', () => {
  let sandbox: Sandbox;
  beforeEach(() => (sandbox = Sandbox.create('input-file')));
  afterEach(() => sandbox.dispose());

  it('reads a regular file, an empty one, and one through a link', () => {
    const file = path.join(sandbox.root, 'goalhost.lock');
    fs.writeFileSync(file, 'format 1\n');
    const empty = path.join(sandbox.root, 'empty');
    fs.writeFileSync(empty, '');
    const link = path.join(sandbox.root, 'link');
    fs.symlinkSync(file, link);
    expect([file, empty, link].map((f) => readInputFile(f, 'The lock file', INPUT_KINDS.lock))).to.deep.equal([
      'format 1\n',
      '',
      'format 1\n',
    ]);
  });

  it('refuses a link to /dev/zero, a FIFO and a directory, naming the file and what it is', () => {
    const zero = path.join(sandbox.root, 'zero');
    fs.symlinkSync('/dev/zero', zero);
    const fifo = path.join(sandbox.root, 'fifo');
    execFileSync('mkfifo', [fifo]);
    expect([zero, fifo, sandbox.root].map((f) => refusal(f))).to.deep.equal([
      `The lock file ${zero} is not a regular file (a character device); goalhost reads lock files only from regular files`,
      `The lock file ${fifo} is not a regular file (a FIFO); goalhost reads lock files only from regular files`,
      `The lock file ${sandbox.root} is not a regular file (a directory); goalhost reads lock files only from regular files`,
    ]);
  });

  it('refuses /proc/self/environ, which claims 0 bytes, without a byte of it in the message', () => {
    const environ = path.join(sandbox.root, 'environ');
    fs.symlinkSync('/proc/self/environ', environ);
    expect(fs.statSync(environ).size).to.equal(0);
    expect(refusal(environ)).to.equal(
      `The lock file ${environ} is not a regular file (it claims 0 bytes but holds data, as /proc and /sys files do); goalhost reads lock files only from regular files`,
    );
  });

  it('refuses a file over the limit of its kind before reading it (64 MiB for lock files, 1 MiB for records)', () => {
    const big = path.join(sandbox.root, 'big');
    fs.writeFileSync(big, '');
    fs.truncateSync(big, 64 * MiB + 1);
    expect(refusal(big)).to.equal(
      `The lock file ${big} is 64.0 MiB (${64 * MiB + 1} bytes), more than the 64 MiB goalhost reads from such a file`,
    );
    fs.truncateSync(big, MiB + 1);
    expect(refusal(big, INPUT_KINDS.repositoryRecord)).to.equal(
      `The lock file ${big} is 1.0 MiB (${MiB + 1} bytes), more than the 1 MiB goalhost reads from such a file`,
    );
    fs.truncateSync(big, MiB);
    expect(readInputFile(big, 'The record', INPUT_KINDS.repositoryRecord).length).to.equal(MiB);
  });
});

describe('input files: what errors quote of them', () => {
  it('an excerpt: control characters, NULs and line separators escaped, at most 80 characters', () => {
    expect(excerpt('a\0b\nc\td\x1b[31m\u2028\x7f')).to.equal('a\\x00b\\nc\\td\\x1b[31m\\u2028\\x7f');
    expect(excerpt('x'.repeat(200))).to.equal(`${'x'.repeat(80)}…`);
  });

  it('a lock file parse error quotes at most an excerpt of the line', () => {
    const line = `SECRET_TOKEN=abc\0${'PATH=/usr/bin:'.repeat(10_000)}`;
    expect(() => parseLockFile(`${line}\n`, '/p/goalhost.lock')).to.throw(
      `Invalid lock file /p/goalhost.lock, line 1: expected 'format 2' before anything else, found '${'SECRET_TOKEN=abc\\x00'}${'PATH=/usr/bin:'.repeat(5).slice(0, 60)}…'; ` +
        'fix the line or write the lock again with goalhost dependency:lock',
    );
  });

  it('an XML syntax error quotes at most an excerpt of a name', () => {
    const name = `a${'b'.repeat(100_000)}`;
    let message = '';
    try {
      parseXml(`<project></${name}>`, '/p/pom.xml');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).to.equal(
      `Malformed XML in /p/pom.xml:1:10 (in project): Expected closing tag 'project' (opened in line 1, col 1) instead of closing tag 'a${'b'.repeat(79)}…'.`,
    );
  });
});

describe('URLs with a password: redactUrl', () => {
  it('shows every password in a text as ***, and leaves other URLs alone', () => {
    expect(
      [
        'http://user:pw@127.0.0.1:8080/repo/',
        "svn: E170013: Unable to connect to a repository at URL 'svn://alice:s3cret@h/x' (svn://alice:s3cret@h/x)",
        'ssh://git:p%40ss:w@h:22/x.git',
        'https://user@h/x https://h:443/x user@example.com',
        'scm:git:https://u:p@h/x.git',
        'http://localhost:@port@/repo and http://u:@h/x (no password: nothing to hide)',
      ].map(redactUrl),
    ).to.deep.equal([
      'http://user:***@127.0.0.1:8080/repo/',
      "svn: E170013: Unable to connect to a repository at URL 'svn://alice:***@h/x' (svn://alice:***@h/x)",
      'ssh://git:***@h:22/x.git',
      'https://user@h/x https://h:443/x user@example.com',
      'scm:git:https://u:***@h/x.git',
      'http://localhost:@port@/repo and http://u:@h/x (no password: nothing to hide)',
    ]);
  });
});
