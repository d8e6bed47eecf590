import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { generator } from '../hostile/fixtures';
import {
  errorLines,
  HELP_1,
  inParallel,
  Sandbox,
  STACK_FRAME,
  UNPACK_FAILURE,
  unpackFailure,
  type Run,
} from '../hostile/sandbox';
import { runOnSmallDisk } from './small-disk';
import { installWorkload, markerCount, outcome, outputFileCount } from './workload';

/**
 * Unpacks that break in the middle, through the real CLI: damaged archives, a killed
 * process, two processes at once, a full disk. After each, the output either is complete and
 * correct, or the run failed cleanly without a marker and a rerun completes it.
 */

const MiB = 1024 * 1024;

function cleanRun(r: Run): void {
  expect(r.stdout).not.to.match(STACK_FRAME);
  expect(r.stderr).to.equal('');
}

function succeeded(r: Run): void {
  cleanRun(r);
  expect(r.status, r.stdout).to.equal(0);
  expect(r.stdout).to.include('[INFO] BUILD SUCCESS');
}

/** The output and markers a clean, uninterrupted run leaves for the same artifacts. */
async function reference(install: (s: Sandbox) => void): Promise<ReturnType<typeof outcome>> {
  const s = Sandbox.create('faults-reference');
  try {
    install(s);
    succeeded(await s.run(s.unpackArgs()));
    return outcome(s.proj);
  } finally {
    s.dispose();
  }
}

async function until(probe: () => boolean, timeoutMs = 30_000): Promise<void> {
  for (const started = Date.now(); !probe();) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('faults: damaged archives, then replaced (CLI)', function () {
  this.timeout(60_000);
  const entries = Array.from({ length: 30 }, (_, i) => ({
    name: `pkg/f${i}.txt`,
    data: `file ${i}\n`.repeat(50),
    mode: 0o644,
    store: true,
  }));
  const zip = generator.zip(entries);
  const tgz = generator.gz(generator.tar(entries));
  // A byte of the 10th entry's stored data flipped: its CRC no longer matches.
  const corrupt = Buffer.from(zip);
  corrupt[corrupt.indexOf('file 9\n') + 2] ^= 0x20;

  const cases = [
    {
      name: 'a truncated zip',
      type: 'zip',
      bad: zip.subarray(0, Math.floor(zip.length * 0.6)),
      good: zip,
      cause: (f: string) => `Error on ZipFile ${f}: Archive is not a ZIP archive`,
    },
    {
      name: 'a zip with corrupt data',
      type: 'zip',
      bad: corrupt,
      good: zip,
      cause: () => 'CRC mismatch (corrupt data) in entry pkg/f9.txt',
    },
    {
      name: 'a truncated tar.gz',
      type: 'tar.gz',
      bad: tgz.subarray(0, Math.floor(tgz.length * 0.6)),
      good: tgz,
      cause: () => /^Corrupt GZIP data: unexpected end of file \(at entry pkg\/f\d+\.txt\)$/,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: exit 1, the archive and the cause named, no marker; once replaced, a rerun unpacks it completely`, async () => {
      const expected = await reference((s) => {
        s.install({ artifactId: 'a', type: c.type }, c.good);
        s.pom([{ artifactId: 'a', type: c.type }]);
      });
      const s = Sandbox.create('faults-damaged');
      try {
        const file = s.install({ artifactId: 'a', type: c.type }, c.bad);
        s.pom([{ artifactId: 'a', type: c.type }]);
        const failed = await s.run(s.unpackArgs());
        cleanRun(failed);
        expect(failed.status).to.equal(1);
        const out = path.join(s.proj, 'target', 'dependency');
        const prefix = `Error unpacking file: ${file} to: ${out}: Error while expanding ${file}: `;
        const line = errorLines(failed)[0];
        expect(line.startsWith(UNPACK_FAILURE + prefix) && line.endsWith(HELP_1), line).to.equal(true);
        const cause = c.cause(file);
        const said = line.slice((UNPACK_FAILURE + prefix).length, -HELP_1.length);
        if (typeof cause === 'string') expect(said).to.equal(cause);
        else expect(said).to.match(cause);
        expect(outcome(s.proj).markers).to.deep.equal([]);
        s.install({ artifactId: 'a', type: c.type }, c.good);
        succeeded(await s.run(s.unpackArgs()));
        expect(outcome(s.proj)).to.deep.equal(expected);
      } finally {
        s.dispose();
      }
    });
  }
});

describe('faults: killed mid-unpack, and two processes at once (CLI)', function () {
  this.timeout(180_000);
  let expected: ReturnType<typeof outcome>;
  const ARTIFACTS = 24;

  before(async () => {
    expected = await reference((s) => installWorkload(s, ARTIFACTS));
    expect(expected.markers).to.have.length(ARTIFACTS);
  });

  // Zip and tar artifacts are planned as one stretch of parallel work, marked when it is all on
  // disk, so the later kill points count files (a third, two thirds of the output).
  const files = () => [...expected.output.keys()].length;
  const killPoints = [
    { when: 'the first file is written', ready: (proj: string) => outputFileCount(proj) > 0 },
    { when: 'a third of the files are written', ready: (proj: string) => outputFileCount(proj) >= files() / 3 },
    {
      when: 'two thirds of the files are written',
      ready: (proj: string) => outputFileCount(proj) >= (2 * files()) / 3,
    },
  ];
  for (const k of killPoints) {
    it(`SIGKILL once ${k.when}: the rerun leaves the complete, correct output and markers`, async () => {
      const s = Sandbox.create('faults-kill');
      try {
        installWorkload(s, ARTIFACTS);
        let pid = 0;
        const killed = s.run(s.unpackArgs(), { started: (p) => (pid = p) });
        await until(() => k.ready(s.proj));
        process.kill(pid, 'SIGKILL');
        expect((await killed).signal).to.equal('SIGKILL');
        expect(markerCount(s.proj), 'the kill came before the end').to.be.lessThan(ARTIFACTS);
        succeeded(await s.run(s.unpackArgs()));
        expect(outcome(s.proj)).to.deep.equal(expected);
      } finally {
        s.dispose();
      }
    });
  }

  it('two goalhost processes on the same project at once: each succeeds or fails cleanly; the output is complete', async () => {
    for (let round = 0; round < 2; round++) {
      const s = Sandbox.create('faults-concurrent');
      try {
        installWorkload(s, ARTIFACTS);
        const runs = await inParallel([0, 1], 2, () => s.run(s.unpackArgs()));
        for (const r of runs) {
          cleanRun(r);
          if (r.status !== 0) {
            expect(r.status).to.equal(1);
            expect(errorLines(r)[0]).to.match(/^\[ERROR\] Failed to execute goal /);
          } else expect(r.stdout).to.include('[INFO] BUILD SUCCESS');
        }
        expect(
          runs.some((r) => r.status === 0),
          'at least one run succeeds',
        ).to.equal(true);
        expect(outcome(s.proj)).to.deep.equal(expected);
      } finally {
        s.dispose();
      }
    }
  });
});

describe('faults: disk full (a 1 MiB tmpfs over the output directory)', function () {
  this.timeout(60_000);
  const cases = [
    {
      name: 'zip, an entry written in one piece',
      type: 'zip',
      bytes: () =>
        generator.zip([
          { name: 'small.txt', data: 'small\n', mode: 0o644 },
          { name: 'big.bin', data: Buffer.alloc(2 * MiB, 7), mode: 0o644 },
        ]),
    },
    {
      name: 'zip, an entry streamed (over 16 MiB)',
      type: 'zip',
      bytes: () =>
        generator.zip([
          { name: 'small.txt', data: 'small\n', mode: 0o644 },
          { name: 'big.bin', data: Buffer.alloc(17 * MiB, 7), mode: 0o644 },
        ]),
    },
    {
      name: 'tar.gz',
      type: 'tar.gz',
      bytes: () =>
        generator.gz(
          generator.tar([
            { name: 'small.txt', data: 'small\n' },
            { name: 'big.bin', data: Buffer.alloc(2 * MiB, 7) },
          ]),
        ),
    },
  ];
  for (const c of cases) {
    it(`${c.name}: "No space left on device" naming the file, exit 1, no marker; with space, the rerun completes`, async () => {
      const s = Sandbox.create('faults-full');
      try {
        const file = s.install({ artifactId: 'a', type: c.type }, c.bytes());
        s.pom([{ artifactId: 'a', type: c.type }]);
        const full = await runOnSmallDisk(s, s.unpackArgs());
        cleanRun(full);
        expect(full.status, full.stdout).to.equal(1);
        const out = path.join(s.proj, 'target', 'dependency');
        expect(errorLines(full)[0]).to.equal(
          unpackFailure(
            `Error unpacking file: ${file} to: ${out}: Error while expanding ${file}: ${out}/big.bin: No space left on device`,
          ),
        );
        expect(outcome(s.proj).markers).to.deep.equal([]);
        succeeded(await s.run(s.unpackArgs()));
        expect(outcome(s.proj).markers).to.deep.equal([`g-a-${c.type}-1.0.marker`]);
        expect(fs.statSync(path.join(out, 'big.bin')).size).to.equal(c.name.includes('16 MiB') ? 17 * MiB : 2 * MiB);
      } finally {
        s.dispose();
      }
    });
  }
});
