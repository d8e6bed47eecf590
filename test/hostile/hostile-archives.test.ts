import { expect } from 'chai';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generator, hostile } from './fixtures';
import {
  changes,
  errorLines,
  inParallel,
  Sandbox,
  STACK_FRAME,
  treeOf,
  unpackFailure,
  type Run,
  type Snapshot,
} from './sandbox';

/**
 * Hostile archives through the real CLI. Each case is a project depending on a harmless
 * zip, then on the hostile archive. A refused archive must: fail the run with exit 1 and one
 * error naming the archive file (its repository path carries the coordinates) and the entry;
 * create, change or remove nothing outside the output directory (a snapshot of the whole sandbox,
 * /etc/passwd and the absolute names the archives aim at are compared); leave no marker for
 * itself (the harmless artifact before it keeps its own). The shapes Maven handles without
 * harm (modes, duplicates, case, undecodable names, devices, inner hard links) must unpack to
 * exactly the tree Maven gives, with nothing special created.
 */

type Outcome =
  /** Refused; `reason` follows "Error unpacking file: <file> to: <out>: ". */
  | { readonly refused: (file: string, out: string) => string; readonly wrote: readonly string[] }
  /** Unpacked, to exactly this tree (plus the harmless artifact's file). */
  | { readonly tree: readonly string[] };

interface Case {
  /** Unique name of the case (the fixture, unless the same fixture runs twice). */
  readonly name?: string;
  readonly fixture: string;
  readonly outcome: Outcome;
  readonly args?: readonly string[];
  /** Extra POM content (before </project>). */
  readonly pom?: string;
}

const OK = 'f 644 ok.txt = "ok\\n"';
const LINK_POLICY = 'goalhost refuses such links: exclude the entry with mdep.unpack.excludes if it is not needed';
const outside = (entry: string) => () => `Entry is outside of the target directory (${entry})`;
const link = (entry: string, target: string) => () =>
  `Symbolic link entry ${entry} points outside of the target directory (${target}); ${LINK_POLICY}`;
const hard = (entry: string, target: string) => () =>
  `Hard link entry ${entry} points outside of the target directory (${target}); ${LINK_POLICY}`;
const LIMIT_ADVICE =
  'goalhost refuses archives that unpack to more (a zip bomb?); if this one is trusted, raise the limit, e.g. -Dmdep.unpack.maxSize=20g';
const limit = (entry: string, size: string) => () =>
  `Entry ${entry} takes the archive past ${size} unpacked, the limit of mdep.unpack.maxSize: ${LIMIT_ADVICE}`;
const expanding = (reason: (file: string, out: string) => string) => (file: string, out: string) =>
  `Error while expanding ${file}: ${reason(file, out)}`;

/** The same hostile shape as zip (Unix host: names verbatim) and as tar. */
function bothFormats(base: string, outcome: Outcome): Case[] {
  return [
    { fixture: `${base}.zip`, outcome },
    { fixture: `${base}.tar`, outcome },
  ];
}

const CASES: readonly Case[] = [
  ...bothFormats('dotdot', { refused: outside('../../goalhost-escaped.txt'), wrote: [OK] }),
  ...bothFormats('dotdot-inner', { refused: outside('inc/../../goalhost-escaped-inner.txt'), wrote: [OK] }),
  ...bothFormats('sibling', { refused: outside('../dependency-evil/pwned.txt'), wrote: [OK] }),
  ...bothFormats('absolute', { refused: outside(generator.ABSOLUTE), wrote: [OK] }),
  ...bothFormats('drive', { refused: outside('C:\\goalhost-drive.txt'), wrote: [OK] }),
  ...bothFormats('unc', { refused: outside('\\\\server\\share\\goalhost-unc.txt'), wrote: [OK] }),
  // A symbolic link out of the output directory, then a file written through it.
  ...bothFormats('symlink-escape', { refused: link('escape', '../../..'), wrote: [OK] }),
  ...bothFormats('symlink-absolute', { refused: link('abs', '/tmp'), wrote: [OK] }),
  // deep/deeper/up -> ../.. (inside), then sneaky -> deep/deeper/up/.. (the output's parent).
  ...bothFormats('symlink-chain', {
    refused: link('sneaky', 'deep/deeper/up/..'),
    wrote: ['d 755 deep/', 'd 755 deep/deeper/', 'l deep/deeper/up -> ../..', OK],
  }),
  // An MS-DOS zip: backslashes are separators, so this is C:/… (refused as a drive letter).
  { fixture: 'drive-dos.zip', outcome: { refused: outside('C:/goalhost-drive-dos.txt'), wrote: [OK] } },
  { fixture: 'hardlink-outside.tar', outcome: { refused: hard('passwd', '/etc/passwd'), wrote: [OK] } },
  { fixture: 'hardlink-dotdot.tar', outcome: { refused: hard('up', '../../goalhost-outside.txt'), wrote: [OK] } },
  {
    fixture: 'nul-name.zip',
    outcome: {
      refused: expanding(
        () =>
          'Entry nul\\0name.txt has a NUL character in its name, which no file name can hold; exclude it with mdep.unpack.excludes (? matches the NUL)',
      ),
      wrote: [OK],
    },
  },
  {
    fixture: 'long-name.zip',
    outcome: { refused: expanding((_f, out) => `${out}/${'n'.repeat(300)}.txt: File name too long`), wrote: [OK] },
  },
  // Sizes that lie. A zip entry is never inflated past its declared size (nor its file written).
  {
    fixture: 'size-lie-small.zip',
    outcome: {
      refused: expanding(
        () => 'size mismatch: more than the 16 bytes declared (a zip bomb or a corrupt archive) in entry liar.bin',
      ),
      wrote: [OK],
    },
  },
  {
    fixture: 'size-lie-large.zip',
    outcome: { refused: expanding(() => 'size mismatch: 6 bytes instead of 1048576 in entry liar.txt'), wrote: [OK] },
  },
  {
    fixture: 'csize-lie.zip',
    outcome: {
      // commons-compress's check when Maven opens the archive, before any entry is written
      // (recorded with real Maven on both csize-lie fixtures: the same message, nothing written)
      refused: expanding((file) => `Error on ZipFile ${file}: data for liar.txt overlaps with central directory.`),
      wrote: [],
    },
  },
  {
    fixture: 'csize-lie-deflated.zip',
    outcome: {
      refused: expanding((file) => `Error on ZipFile ${file}: data for liar.txt overlaps with central directory.`),
      wrote: [],
    },
  },
  {
    fixture: 'size-lie-long.tar',
    outcome: {
      refused: expanding(() => 'Truncated TAR archive (at entry liar.txt)'),
      wrote: ['f 644 liar.txt = ""', OK],
    },
  },
  {
    fixture: 'size-lie-short.tar',
    // The rest of the lying entry's data reads as a header with a wrong checksum and zero numbers:
    // commons-compress (Maven) does not check checksums and makes it an empty file, as here
    // (checked with real Maven 3.8.7 on this very archive); nothing leaves the output directory.
    outcome: {
      tree: ['f 644 after.txt = "after\\n"', `f 644 ${'garbage '.repeat(11)} = ""`, 'f 644 liar.txt = "garbag"', OK],
    },
  },
  // Bombs: the limit (mdep.unpack.maxSize, 10 GiB by default) counts the sizes entries declare
  // (binding: an entry is cut off at its own) or carry (tar); the entry crossing it is refused.
  {
    name: 'bomb.zip (-D limit)',
    fixture: 'bomb.zip',
    args: ['-Dmdep.unpack.maxSize=1m'],
    outcome: { refused: limit('zeros.bin', '1 MiB (1048576 bytes)'), wrote: [OK] },
  },
  {
    name: 'bomb.zip (POM property limit)',
    fixture: 'bomb.zip',
    pom: '  <properties><mdep.unpack.maxSize>64K</mdep.unpack.maxSize></properties>\n',
    outcome: { refused: limit('zeros.bin', '64 KiB (65536 bytes)'), wrote: [OK] },
  },
  {
    name: 'bomb.zip (default limit)',
    fixture: 'bomb.zip',
    outcome: { tree: [OK, 'f 644 zeros.bin = 67108864 bytes'] },
  },
  {
    fixture: 'bomb.tar.gz',
    args: ['-Dmdep.unpack.maxSize=1048576'],
    outcome: { refused: limit('zeros.bin', '1 MiB (1048576 bytes)'), wrote: [OK] },
  },
  // 41 entries sharing one 1 MiB record: written up to the limit, then refused.
  {
    fixture: 'bomb-overlap.zip',
    args: ['-Dmdep.unpack.maxSize=8m'],
    outcome: {
      refused: limit('copy7.bin', '8 MiB (8388608 bytes)'),
      wrote: ['shared.bin', ...Array.from({ length: 7 }, (_, i) => `copy${i}.bin`)].map(
        (n) => `f 644 ${n} = 1048576 bytes`,
      ),
    },
  },
  // One entry declaring 11 GiB (zip64): refused under the default limit before a byte of it is written.
  { fixture: 'bomb-declared.zip', outcome: { refused: limit('huge.bin', '10 GiB (10737418240 bytes)'), wrote: [OK] } },
  // Harmless in Maven and here: only the permission bits are applied (never setuid, setgid or
  // sticky on a file, no mode on directories); the later duplicate wins; names differing only in
  // case are distinct files on Linux; undecodable name bytes become '?' (an overlong '/' too).
  ...bothFormats('setuid', {
    tree: [
      'f 755 both = "both\\n"',
      'f 755 sgid = "sgid\\n"',
      'd 755 shared/',
      'f 644 shared/file = "shared\\n"',
      'f 777 sticky = "sticky\\n"',
      'f 755 suid = "suid\\n"',
    ],
  }),
  ...bothFormats('duplicates', { tree: ['f 644 other.txt = "other\\n"', 'f 644 same.txt = "three\\n"'] }),
  ...bothFormats('case', {
    tree: [
      'd 755 Dir/',
      'f 644 Dir/a.txt = "D\\n"',
      'f 644 README.txt = "upper\\n"',
      'f 644 ReadMe.TXT = "mixed\\n"',
      'd 755 dir/',
      'f 644 dir/a.txt = "d\\n"',
      'f 644 readme.txt = "lower\\n"',
    ],
  }),
  ...bothFormats('bad-utf8', {
    tree: [
      'f 644 bad-??.txt = "ff fe\\n"',
      'f 644 caf?.txt = "latin1\\n"',
      'd 755 dir-??/',
      'f 644 dir-??/x.txt = "overlong slash\\n"',
      'f 644 half-?.txt = "truncated sequence\\n"',
    ],
  }),
  { fixture: 'bad-utf8-flagged.zip', outcome: { tree: ['f 644 flag-?(.txt = "flagged\\n"'] } },
  // Devices and FIFOs become empty regular files (as in Maven): nothing special is ever created.
  {
    fixture: 'devices.tar',
    outcome: { tree: ['d 755 dev/', 'f 644 dev/fifo = ""', 'f 666 dev/null = ""', 'f 660 dev/sda = ""', OK] },
  },
  // A hard link inside the archive is an empty regular file, as in Maven; never a link.
  { fixture: 'hardlink-inside.tar', outcome: { tree: ['f 644 a.txt = "a\\n"', 'f 644 b.txt = ""'] } },
];

const GOOD = 'f 644 good.txt = "good\\n"';
const GOOD_MARKER = 'g-good-zip-1.0.marker';

interface Result {
  readonly sandbox: Sandbox;
  readonly file: string;
  readonly out: string;
  readonly run: Run;
  readonly before: Snapshot;
  readonly after: Snapshot;
}

function typeOf(fixture: string): string {
  return fixture.endsWith('.tar.gz') ? 'tar.gz' : path.extname(fixture).slice(1);
}

/** What must never change: the system file a hard link aims at, and the absolute names aimed at. */
function systemState(): string {
  const passwd = fs.statSync('/etc/passwd');
  const hash = crypto.createHash('sha1').update(fs.readFileSync('/etc/passwd')).digest('hex');
  const aimed = [generator.ABSOLUTE, '/tmp/goalhost-through-abs.txt', '/goalhost-escaped.txt'].map(
    (p) => `${p}:${fs.existsSync(p)}`,
  );
  return `passwd nlink=${passwd.nlink} ${hash} ${aimed.join(' ')}`;
}

describe('hostile archives: refused cleanly or neutralised, never written outside (CLI)', function () {
  this.timeout(180_000);
  const results = new Map<string, Result>();
  let system: string;

  before(async () => {
    system = systemState();
    const good = generator.zip([{ name: 'good.txt', data: 'good\n', mode: 0o644 }]);
    await inParallel(CASES, 2, async (c) => {
      const name = c.name ?? c.fixture;
      const sandbox = Sandbox.create('hostile');
      sandbox.install({ artifactId: 'good', type: 'zip' }, good);
      const type = typeOf(c.fixture);
      const file = sandbox.install({ artifactId: 'evil', type }, hostile(c.fixture));
      sandbox.pom(
        [
          { artifactId: 'good', type: 'zip' },
          { artifactId: 'evil', type },
        ],
        c.pom,
      );
      // Bait for a hard link to ../../goalhost-outside.txt: it must keep one link and its content.
      fs.writeFileSync(path.join(sandbox.proj, 'goalhost-outside.txt'), 'bait\n');
      const before = sandbox.snapshot();
      const run = await sandbox.run(sandbox.unpackArgs(...(c.args ?? [])));
      results.set(name, {
        sandbox,
        file,
        out: path.join(sandbox.proj, 'target', 'dependency'),
        run,
        before,
        after: sandbox.snapshot(),
      });
    });
  });

  after(() => {
    for (const r of results.values()) r.sandbox.dispose();
  });

  for (const c of CASES) {
    const outcome = c.outcome;
    const name = c.name ?? c.fixture;
    const title =
      'refused' in outcome
        ? `${name}: refused, exit 1, nothing outside, no marker`
        : `${name}: unpacked harmlessly, exactly as Maven does`;
    it(title, () => {
      const r = results.get(name)!;
      const { run } = r;
      expect(run.stderr).to.equal('');
      expect(run.stdout).not.to.match(STACK_FRAME);
      const dependency = path.join('proj', 'target', 'dependency');
      const markers = path.join('proj', 'target', 'dependency-maven-plugin-markers');
      const outsideOutput = changes(r.before, r.after).filter(
        (ch) =>
          ![`+ proj/target`, `+ ${dependency}`, `+ ${markers}`].includes(ch) &&
          !ch.startsWith(`+ ${dependency}/`) &&
          !ch.startsWith(`+ ${markers}/`),
      );
      expect(outsideOutput, 'changes outside the output and markers directories').to.deep.equal([]);
      expect(systemState()).to.equal(system);
      const markerDir = path.join(r.sandbox.proj, 'target', 'dependency-maven-plugin-markers');
      if ('refused' in outcome) {
        expect(run.status).to.equal(1);
        expect(errorLines(run)[0]).to.equal(
          unpackFailure(`Error unpacking file: ${r.file} to: ${r.out}: ${outcome.refused(r.file, r.out)}`),
        );
        expect(fs.readdirSync(markerDir)).to.deep.equal([GOOD_MARKER]);
        expect(treeOf(r.out).sort(byPath)).to.deep.equal([...outcome.wrote, GOOD].sort(byPath));
      } else {
        expect(run.status, run.stdout).to.equal(0);
        expect(fs.readdirSync(markerDir).sort()).to.deep.equal([
          'g-evil-' + typeOf(c.fixture) + '-1.0.marker',
          GOOD_MARKER,
        ]);
        expect(treeOf(r.out).sort(byPath)).to.deep.equal([...outcome.tree, GOOD].sort(byPath));
      }
    });
  }
});

/** One order for expected and actual trees: by path. */
function byPath(a: string, b: string): number {
  const key = (line: string): string => line.replace(/^[dfls] (\d+ )?/, '');
  return key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;
}

describe('hostile archives: the size limit itself', () => {
  it('an invalid mdep.unpack.maxSize is a clear error before anything is unpacked', async () => {
    const sandbox = Sandbox.create('hostile-limit');
    try {
      sandbox.install({ artifactId: 'good', type: 'zip' }, generator.zip([{ name: 'good.txt', data: 'good\n' }]));
      sandbox.pom([{ artifactId: 'good', type: 'zip' }]);
      const run = await sandbox.run(sandbox.unpackArgs('-Dmdep.unpack.maxSize=lots'));
      expect(run.status).to.equal(1);
      expect(errorLines(run)[0]).to.equal(
        unpackFailure(
          "Invalid mdep.unpack.maxSize 'lots': give the most bytes one artifact may unpack to, optionally with k, m, g or t (1024-based), e.g. 20g",
        ),
      );
      expect(fs.existsSync(path.join(sandbox.proj, 'target'))).to.equal(false);
    } finally {
      sandbox.dispose();
    }
  });
});
