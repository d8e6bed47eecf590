import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createWorkerPool } from '@goalhost/archive';
import { Unpacker, type UnpackJob } from '@goalhost/unpack';
import { RecordingLog } from '../help/recording-log';
import { ROOT } from '../support/paths';
import { tempDir, xorshiftBytes } from './support';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { zipBuffer } = require(path.join(ROOT, 'tools', 'gen-unpack-archives.js')) as {
  zipBuffer: (entries: object[]) => Buffer;
};

interface Spec {
  name: string;
  content: Buffer;
  mode?: number;
  mtime: Date;
}

/**
 * Archives big enough to run on worker threads (over 8 MB), overlapping on purpose: the result
 * must be exactly Maven's sequential one (later archives and later duplicates win, modes kept
 * from the last writer that has one), whatever the threads' timing.
 */
describe('unpack: parallel extraction gives the sequential result', function () {
  this.timeout(120_000);
  let dir: string;
  const archives: string[] = [];
  const expected = new Map<string, { content: Buffer; mode: number; mtime: number }>();

  before(() => {
    dir = tempDir('unpack-parallel');
    // Incompressible, deterministic bytes (xorshift32), so the archives pass the thread threshold.
    const random = (seed: number, size: number): Buffer => xorshiftBytes(seed, size);
    for (let a = 0; a < 3; a++) {
      const specs: Spec[] = [];
      for (let i = 0; i < 2500; i++) {
        // Names 0..1999 are shared by all three archives; the rest are their own.
        const n = i < 2000 ? i : a * 10000 + i;
        const mode = i % 3 === 0 ? undefined : i % 3 === 1 ? 0o755 : 0o600;
        specs.push({
          name: `common/d${n % 50}/f${n}.bin`,
          content: random(a * 100000 + i, 1500 + (i % 700)),
          mode,
          mtime: new Date(Date.UTC(2019, a, 1 + (i % 27), 0, 0, 2 * (i % 30))),
        });
      }
      // A duplicate inside the archive: its later copy wins.
      specs.push({
        name: 'common/d0/f0.bin',
        content: Buffer.from(`duplicate of archive ${a}\n`),
        mtime: new Date(Date.UTC(2020, 0, 1)),
      });
      const file = path.join(dir, 'repo', `a${a}.zip`);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(
        file,
        zipBuffer(
          specs.map((s) => ({ name: s.name, content: s.content, mode: s.mode, mtime: s.mtime, store: a === 1 })),
        ),
      );
      archives.push(file);
      for (const s of specs) {
        const before = expected.get(s.name);
        // An overwrite without a mode keeps the earlier mode (the file is reopened, not replaced).
        const mode = s.mode ?? before?.mode ?? 0o644;
        expected.set(s.name, { content: s.content, mode, mtime: s.mtime.getTime() });
      }
    }
    expect(archives.reduce((n, f) => n + fs.statSync(f).size, 0)).to.be.greaterThan(8 * 1024 * 1024);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  async function unpack(out: string, threads: number, flattenDestDirs: string[] = []): Promise<void> {
    const jobs: UnpackJob[] = archives.map((file, i) => ({
      artifact: {
        groupId: 'g',
        artifactId: `a${i}`,
        version: '1.0',
        baseVersion: '1.0',
        type: 'zip',
        extension: 'zip',
        scope: 'compile',
        file,
        direct: true,
      },
      destination: out,
    }));
    const pool = await createWorkerPool(threads);
    const marked: string[] = [];
    try {
      const log = new RecordingLog();
      await new Unpacker({ umask: 0o022, flattenDestDirs }, log, log, pool, (unpacked) =>
        marked.push(...unpacked.map((job) => job.artifact.artifactId)),
      ).run(jobs);
    } finally {
      await pool.close();
    }
    expect(marked).to.deep.equal(['a0', 'a1', 'a2']);
  }

  function check(out: string): void {
    const problems: string[] = [];
    let files = 0;
    for (const [name, want] of expected) {
      const p = path.join(out, name);
      const st = fs.statSync(p);
      files++;
      if (!fs.readFileSync(p).equals(want.content)) problems.push(`${name}: content`);
      if ((st.mode & 0o777) !== want.mode)
        problems.push(`${name}: mode ${(st.mode & 0o777).toString(8)} instead of ${want.mode.toString(8)}`);
      if (Math.floor(st.mtimeMs) !== want.mtime) problems.push(`${name}: mtime`);
    }
    const onDisk = fs
      .readdirSync(path.join(out, 'common'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile()).length;
    expect({ problems: problems.slice(0, 10), files, onDisk }).to.deep.equal({
      problems: [],
      files: expected.size,
      onDisk: expected.size,
    });
  }

  it('on two worker threads', async () => {
    const out = path.join(dir, 'threads');
    await unpack(out, 2);
    check(out);
  });

  it('flattened on two threads: every file once, the last archive’s copy, with the entry’s mode', async () => {
    const out = path.join(dir, 'flat-out');
    const flat = path.join(dir, 'flat');
    await unpack(out, 2, [flat]);
    check(out);
    const problems: string[] = [];
    for (const [name, want] of expected) {
      const p = path.join(flat, path.basename(name));
      if (!fs.readFileSync(p).equals(want.content)) problems.push(`${name}: content`);
      if (Math.floor(fs.statSync(p).mtimeMs) !== want.mtime) problems.push(`${name}: mtime`);
    }
    expect({ problems: problems.slice(0, 10), files: fs.readdirSync(flat).length }).to.deep.equal({
      problems: [],
      files: expected.size,
    });
  });

  it('inline on one thread (the reference), and a re-unpack over the result', async () => {
    const out = path.join(dir, 'inline');
    await unpack(out, 1);
    check(out);
    await unpack(out, 2);
    check(out);
  });
});
