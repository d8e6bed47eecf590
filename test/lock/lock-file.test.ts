import { expect } from 'chai';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { formatLockFile, parseLockFile, type LockEntry, type LockFile } from '@goalhost/resolver/internal';
import { RememberedDigests } from '@goalhost/resolver/internal';
import { lockDifferences } from '@goalhost/resolver/internal';

const HEX = (c: string): string => c.repeat(64);
const entry = (over: Partial<LockEntry> = {}): LockEntry => ({
  groupId: 'org.example',
  artifactId: 'zlib',
  type: 'zip',
  classifier: 'linux',
  version: '1.2.13',
  extension: 'zip',
  scope: 'compile',
  depth: 1,
  optional: false,
  sha256: HEX('a'),
  repository: 'central',
  ...over,
});

describe('lock: the lock file format', () => {
  const lock: LockFile = {
    inputs: HEX('0'),
    entries: [
      entry(),
      entry({
        artifactId: 'util',
        type: 'test-jar',
        classifier: 'tests',
        version: '2.0-20261101.120000-3',
        extension: 'jar',
        scope: 'test',
        depth: 2,
        via: 'org.example:zlib:1.2.13',
        optional: true,
        sha256: HEX('b'),
        repository: 'snapshots',
      }),
      entry({
        artifactId: 'odd',
        type: 'dll',
        classifier: '',
        version: '1',
        extension: 'so',
        repository: undefined,
        sha256: HEX('c'),
      }),
      entry({
        artifactId: 'sys',
        type: 'jar',
        classifier: '',
        version: '1',
        extension: 'jar',
        scope: 'system',
        repository: undefined,
        systemPath: '/opt/with space/sys.jar',
        sha256: HEX('d'),
      }),
    ].map((e) => JSON.parse(JSON.stringify(e)) as LockEntry),
    poms: [
      { groupId: 'org.example', artifactId: 'parent', version: '3', sha256: HEX('1'), repository: 'central' },
      { groupId: 'org.example', artifactId: 'util', version: '2.0-SNAPSHOT', sha256: HEX('2') },
    ],
    sources: [
      {
        groupId: 'org.example',
        artifactId: 'libgit',
        version: '1.0',
        scm: 'git',
        revision: 'c'.repeat(40),
        url: '../libgit.git',
        path: 'externals/lib git',
      },
      {
        groupId: 'org.example',
        artifactId: 'libsvn',
        version: '2',
        scm: 'svn',
        revision: '17',
        url: '^/libs/svn',
        path: 'libsvn',
      },
    ],
    requested: [
      {
        groupId: 'org.example',
        artifactId: 'parent',
        type: 'pom',
        classifier: '',
        version: '3',
        extension: 'pom',
        sha256: HEX('e'),
        repository: 'central',
      },
      {
        groupId: 'org.example',
        artifactId: 'zlib',
        type: 'zip',
        classifier: 'sources',
        version: '1.2.13',
        extension: 'zip',
        sha256: HEX('f'),
      },
    ],
  };
  const text = formatLockFile(lock, 't:p:jar:1');

  it('writes one line per artifact, in order, with only the fields that say something', () => {
    expect(text.split('\n').slice(2)).to.deep.equal([
      'format 2',
      `inputs sha256:${HEX('0')}`,
      `org.example:zlib:zip:linux:1.2.13 compile depth=1 sha256:${HEX('a')} from=central`,
      `org.example:util:test-jar:tests:2.0-20261101.120000-3 test depth=2 via=org.example:zlib:1.2.13 optional sha256:${HEX('b')} from=snapshots`,
      `org.example:odd:dll:1 compile depth=1 ext=so sha256:${HEX('c')} local`,
      `org.example:sys:jar:1 system depth=1 sha256:${HEX('d')} path=/opt/with space/sys.jar`,
      `org.example:parent:3 pom sha256:${HEX('1')} from=central`,
      `org.example:util:2.0-SNAPSHOT pom sha256:${HEX('2')} local`,
      `org.example:libgit:1.0 source git rev=${'c'.repeat(40)} url=../libgit.git path=externals/lib git`,
      'org.example:libsvn:2 source svn rev=17 url=^/libs/svn path=libsvn',
      `org.example:parent:pom:3 requested sha256:${HEX('e')} from=central`,
      `org.example:zlib:zip:sources:1.2.13 requested sha256:${HEX('f')} local`,
      '',
    ]);
  });

  it('reads back what it writes (CRLF line ends and comments too)', () => {
    expect(parseLockFile(text, 'goalhost.lock')).to.deep.equal(lock);
    expect(parseLockFile(`# a comment\r\n${text.replace(/\n/g, '\r\n')}`, 'goalhost.lock')).to.deep.equal(lock);
  });

  const broken: Array<[string, string, string]> = [
    [
      'no format line',
      `inputs sha256:${HEX('0')}\n`,
      "line 1: expected 'format 2' before anything else, found 'inputs sha256:" + HEX('0') + "'",
    ],
    ['a newer format', 'format 3\n', 'line 1: format 3 is not known to this goalhost (it reads format 2)'],
    [
      'format 1 (no POM lines)',
      'format 1\n',
      'line 1: format 1 does not lock the POMs the build reads (this goalhost reads format 2); write the lock again with goalhost dependency:lock and review the POM lines it adds',
    ],
    [
      'a pom line with a type',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:pom:1 pom sha256:${HEX('a')} local\n`,
      "line 3: 'g:a:pom:1' is not groupId:artifactId:version",
    ],
    [
      'a pom line with a path',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:1 pom sha256:${HEX('a')} path=/etc/shadow\n`,
      'line 3: the fields of g:a:1 are not: pom sha256:<64 hex digits> (from=…|local)',
    ],
    [
      'a pom line leaving the repository',
      `format 2\ninputs sha256:${HEX('0')}\ng:..:.. pom sha256:${HEX('a')} local\n`,
      'line 3: the coordinates g:..:.. could place a file outside the local repository',
    ],
    [
      'a dependency after the pom lines',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:1 pom sha256:${HEX('a')} local\ng:b:jar:1 compile depth=1 sha256:${HEX('a')} local\n`,
      "line 4: a dependency line after the 'pom' lines (the order is: dependencies, pom, source, requested)",
    ],
    [
      'a source line of another scm',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:1 source hg rev=1 url=x path=y\n`,
      'line 3: the fields of g:a:1 are not: source (svn|git) rev=<revision> url=<url> path=<directory>',
    ],
    [
      'a pom line after the source lines',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:1 source svn rev=1 url=x path=y\ng:a:1 pom sha256:${HEX('a')} local\n`,
      "line 4: a pom line after the 'source' lines (the order is: dependencies, pom, source, requested)",
    ],
    [
      'a pom line after the requested lines',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 requested sha256:${HEX('a')} local\ng:a:1 pom sha256:${HEX('a')} local\n`,
      "line 4: a pom line after the 'requested' lines (the order is: dependencies, pom, source, requested)",
    ],
    [
      'a short inputs digest',
      'format 2\ninputs sha256:abc\n',
      "line 2: expected 'inputs sha256:<64 hex digits>', found 'inputs sha256:abc'",
    ],
    ['no inputs line', 'format 2\n', "line 2: no 'inputs' line"],
    [
      'bad coordinates',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:1 compile depth=1 sha256:${HEX('a')} local\n`,
      "line 3: 'g:a:1' is not groupId:artifactId:type[:classifier]:version",
    ],
    [
      'an unknown scope',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 import depth=1 sha256:${HEX('a')} local\n`,
      "line 3: 'import' is not a scope (compile, provided, runtime, test or system)",
    ],
    [
      'no digest',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 compile depth=1 local\n`,
      "line 3: no 'sha256:<64 hex digits>' for g:a:jar:1",
    ],
    [
      'two origins',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 compile depth=1 sha256:${HEX('a')} local from=central\n`,
      "line 3: g:a:jar:1 needs exactly one of 'from=<repository id>', 'local' or 'path=<file>' at the end",
    ],
    [
      'fields out of order',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 compile sha256:${HEX('a')} depth=1 local\n`,
      'line 3: the fields of g:a:jar:1 are not in the order: scope depth=N [via=…] [optional] [ext=…] sha256:… (from=…|local|path=…)',
    ],
    [
      'a version leaving the repository',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:.. compile depth=1 sha256:${HEX('a')} local\n`,
      'line 3: the coordinates g:a:jar:.. could place a file outside the local repository',
    ],
    [
      'a requested line without a digest',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 requested local\n`,
      'line 3: the fields of g:a:jar:1 are not: requested [ext=…] sha256:<64 hex digits> (from=…|local)',
    ],
    [
      'a requested line with a path',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 requested sha256:${HEX('a')} path=/etc/shadow\n`,
      'line 3: the fields of g:a:jar:1 are not: requested [ext=…] sha256:<64 hex digits> (from=…|local)',
    ],
    [
      'a requested line leaving the repository',
      `format 2\ninputs sha256:${HEX('0')}\ng:..:pom:.. requested sha256:${HEX('a')} local\n`,
      'line 3: the coordinates g:..:pom:.. could place a file outside the local repository',
    ],
    [
      'a dependency after the requested lines',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:jar:1 requested sha256:${HEX('a')} local\ng:b:jar:1 compile depth=1 sha256:${HEX('a')} local\n`,
      "line 4: a dependency line after the 'requested' lines (the order is: dependencies, pom, source, requested)",
    ],
    [
      'a separator in an extension',
      `format 2\ninputs sha256:${HEX('0')}\ng:a:x:1 compile depth=1 ext=../../x sha256:${HEX('a')} local\n`,
      'line 3: the coordinates g:a:x:1 could place a file outside the local repository',
    ],
  ];
  for (const [what, content, message] of broken) {
    it(`refuses ${what}, naming the file and the line`, () => {
      expect(() => parseLockFile(content, '/p/goalhost.lock')).to.throw(
        `Invalid lock file /p/goalhost.lock, ${message}; fix the line or write the lock again with goalhost dependency:lock`,
      );
    });
  }

  it('describes a reordering when the set is the same', () => {
    const a = entry();
    const b = entry({ artifactId: 'util', classifier: '' });
    expect(lockDifferences([a, b], [b, a], '/p/pom.xml')).to.deep.equal([
      '  order: position 1 is now org.example:util:zip:1.2.13, locked org.example:zlib:zip:linux:1.2.13 (the order is the class and link path order)',
    ]);
    expect(lockDifferences([a, b], [a, b], '/p/pom.xml')).to.deep.equal([]);
  });
});

describe('lock: remembered digests', () => {
  let dir: string;
  let store: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-digests-'));
    store = path.join(dir, 'cache', 'lock-digests.json');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
  const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 150));
  const sha = (s: string): string => crypto.createHash('sha256').update(s).digest('hex');

  it('hashes a file once, then reuses the digest while the file is unchanged, and hashes a changed one again', async () => {
    const file = path.join(dir, 'a.zip');
    fs.writeFileSync(file, 'first');
    await settle();
    const first = new RememberedDigests(store, () => undefined);
    expect(await first.sha256All([file])).to.deep.equal([sha('first')]);
    expect(first.hashed).to.equal(1);
    first.save();
    const second = new RememberedDigests(store, () => undefined);
    expect(await second.sha256All([file])).to.deep.equal([sha('first')]);
    expect(second.hashed).to.equal(0);
    // Same size, same modification time: the change time still moves.
    const before = fs.statSync(file);
    fs.writeFileSync(file, 'FIRST');
    fs.utimesSync(file, before.atime, before.mtime);
    await settle();
    const third = new RememberedDigests(store, () => undefined);
    expect(await third.sha256All([file])).to.deep.equal([sha('FIRST')]);
    expect(third.hashed).to.equal(1);
  });

  it('does not remember the digest of a file changed just before it was read, nor anything without a store', async () => {
    const file = path.join(dir, 'b.zip');
    fs.writeFileSync(file, 'fresh');
    const racy = new RememberedDigests(store, () => undefined);
    expect(await racy.sha256All([file])).to.deep.equal([sha('fresh')]);
    racy.save();
    await settle();
    const next = new RememberedDigests(store, () => undefined);
    await next.sha256All([file]);
    expect(next.hashed).to.equal(1);
    const none = new RememberedDigests(undefined, () => undefined);
    await none.sha256All([file, file]);
    expect(none.hashed).to.equal(2);
  });

  it('rejects with ENOENT for a missing file (the fast path then resolves)', async () => {
    const error = await new RememberedDigests(store, () => undefined).sha256All([path.join(dir, 'missing.zip')]).then(
      () => undefined,
      (e: NodeJS.ErrnoException) => e,
    );
    expect(error?.code).to.equal('ENOENT');
  });
});
