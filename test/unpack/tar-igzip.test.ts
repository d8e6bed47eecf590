import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifact, mtimeOf, runGoal, tempDir, treeOf } from './support';

/**
 * A large tar.gz is inflated by igzip (ISA-L) when it is on PATH, read through a named pipe;
 * wherever igzip stops with an error, zlib's member-by-member reading takes over, so the tree,
 * the failures and their messages are the ones zlib gives.
 */
const IGZIP = spawnSync('sh', ['-c', 'command -v igzip'], { encoding: 'utf8' }).stdout.trim();

function gnuTar(cwd: string, args: string[]): void {
  const r = spawnSync('tar', args, { cwd, encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } });
  if (r.status !== 0) throw new Error(`tar ${args.join(' ')}: ${r.stderr}`);
}

function withEnv<T>(vars: Record<string, string>, run: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  Object.assign(process.env, vars);
  return run().finally(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });
}

describe('unpack: large tar.gz through igzip, zlib where igzip stops', function () {
  let dir: string;
  let out: string;
  let archive: string;
  let byTar: string;
  let bin: string;
  let calls: string;

  before(function () {
    if (!IGZIP) {
      process.stdout.write('      (skipped: igzip is not on PATH; Debian package isal)\n');
      this.skip();
    }
  });

  beforeEach(() => {
    dir = tempDir('unpack-igzip');
    out = path.join(dir, 'target', 'dependency');
    // Incompressible contents: the archive passes the size from which igzip is used (8 MB) and
    // inflates to more than the threads inflate whole (16 MB), with one entry large enough to be
    // written as it streams (over 4 MB).
    const src = path.join(dir, 'src');
    for (let i = 0; i < 120; i++) {
      const name = path.join(src, `d${i % 4}`, `f${i}.bin`);
      fs.mkdirSync(path.dirname(name), { recursive: true });
      fs.writeFileSync(name, crypto.randomBytes(i === 7 ? 5_000_000 : 150_000 + i * 500), {
        mode: i % 2 ? 0o755 : 0o640,
      });
      fs.utimesSync(name, 1_600_000_000 + i, 1_600_000_000 + i);
    }
    archive = path.join(dir, 'a.tar.gz');
    gnuTar(src, ['-czf', archive, '.']);
    byTar = path.join(dir, 'by-tar');
    fs.mkdirSync(byTar);
    gnuTar(byTar, ['-xzf', archive]);
    // igzip behind a script that records each call, first on PATH.
    bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    calls = path.join(dir, 'igzip-calls');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const igzipScript = (body: string): Record<string, string> => {
    fs.writeFileSync(path.join(bin, 'igzip'), `#!/bin/sh\necho "$@" >> '${calls}'\n${body}\n`, { mode: 0o755 });
    return { PATH: `${bin}${path.delimiter}${process.env.PATH}` };
  };
  const unpack = () => runGoal(dir, [artifact(archive, { artifactId: 'a', type: 'tar.gz' })]);
  const expectGnuTarTree = (): void => {
    expect(treeOf(out)).to.deep.equal(treeOf(byTar));
    for (const line of treeOf(byTar).filter((l) => l.startsWith('f '))) {
      const name = line.split(' ')[2];
      expect(mtimeOf(path.join(out, name)), name).to.equal(mtimeOf(path.join(byTar, name)));
      expect(fs.readFileSync(path.join(out, name)).equals(fs.readFileSync(path.join(byTar, name))), name).to.equal(
        true,
      );
    }
  };

  it('igzip inflates it: GNU tar’s tree, modes, times and contents', async () => {
    const run = await withEnv(igzipScript(`exec '${IGZIP}' "$@"`), unpack);
    expect(run.error).to.equal(undefined);
    expectGnuTarTree();
    expect(fs.readFileSync(calls, 'utf8')).to.equal(`-dc ${archive}\n`);
  });

  it('with GOALHOST_SYSTEM_DECOMPRESSORS=false zlib inflates it, igzip is not run', async () => {
    const run = await withEnv(
      { ...igzipScript(`exec '${IGZIP}' "$@"`), GOALHOST_SYSTEM_DECOMPRESSORS: 'false' },
      unpack,
    );
    expect(run.error).to.equal(undefined);
    expectGnuTarTree();
    expect(fs.existsSync(calls)).to.equal(false);
  });

  it('igzip failing after part of its output: zlib reads on from there, the tree is whole', async () => {
    const run = await withEnv(igzipScript(`'${IGZIP}' "$@" | head -c 3000000\nexit 1`), unpack);
    expect(run.error).to.equal(undefined);
    expectGnuTarTree();
    expect(fs.readFileSync(calls, 'utf8')).to.equal(`-dc ${archive}\n`);
  });

  it('bytes after the gzip member are ignored, as gunzip and Maven ignore them', async () => {
    fs.appendFileSync(archive, 'trailing bytes, not a gzip member\n');
    const run = await withEnv(igzipScript(`exec '${IGZIP}' "$@"`), unpack);
    expect(run.error).to.equal(undefined);
    expectGnuTarTree();
  });

  it('cut short: the same failure and the same files as zlib alone gives', async () => {
    const whole = fs.readFileSync(archive);
    fs.writeFileSync(archive, whole.subarray(0, whole.length >> 1));
    const viaIgzip = await withEnv(igzipScript(`exec '${IGZIP}' "$@"`), unpack);
    const igzipTree = treeOf(out);
    expect(fs.readFileSync(calls, 'utf8')).to.equal(`-dc ${archive}\n`);
    fs.rmSync(path.join(dir, 'target'), { recursive: true, force: true });
    const viaZlib = await withEnv({ GOALHOST_SYSTEM_DECOMPRESSORS: 'false' }, unpack);
    expect(viaZlib.error?.message).to.match(
      /: Error while expanding .*a\.tar\.gz: Corrupt GZIP data: unexpected end of file \(at entry \.\/d[0-3]\/f[0-9]+\.bin\)$/,
    );
    expect(viaIgzip.error?.message).to.equal(viaZlib.error?.message);
    expect(igzipTree).to.deep.equal(treeOf(out));
  });
});
