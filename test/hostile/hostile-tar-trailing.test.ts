import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { xorshiftBytes } from '../unpack/support';
import { generator } from './fixtures';
import { changes, Sandbox, STACK_FRAME, treeOf } from './sandbox';

/**
 * Data after a tar archive's end: zeros, a lone zero block before more entries, garbage. The
 * first zero block ends the archive, as in commons-compress (Maven) and GNU tar; whatever follows
 * is never read, so any amount of it costs nothing (a reader that concatenates it into one
 * buffer, as node-tar does, takes minutes over 64 MiB of zeros, a 65 kB .tar.gz).
 */

const ENTRIES = [
  { name: 'dir/', dir: true },
  { name: 'dir/a.txt', data: 'a\n' },
  { name: 'b.txt', data: 'b\n' },
];
const TREE = ['f 644 b.txt = "b\\n"', 'd 755 dir/', 'f 644 dir/a.txt = "a\\n"'];
const MiB = 1024 * 1024;

interface Case {
  readonly name: string;
  readonly type: 'tar' | 'tar.gz';
  readonly content: () => Buffer;
  readonly tree: readonly string[];
}

const CASES: readonly Case[] = [
  {
    name: '64 MiB of zeros after the end blocks, compressed (a 65 kB .tar.gz)',
    type: 'tar.gz',
    content: () => generator.gz(Buffer.concat([generator.tar(ENTRIES), Buffer.alloc(64 * MiB)])),
    tree: TREE,
  },
  {
    name: '10 MiB of zeros after the end blocks (.tar)',
    type: 'tar',
    content: () => Buffer.concat([generator.tar(ENTRIES), Buffer.alloc(10 * MiB)]),
    tree: TREE,
  },
  {
    name: '65 kB of zeros after the gzip member',
    type: 'tar.gz',
    content: () => Buffer.concat([generator.gz(generator.tar(ENTRIES)), Buffer.alloc(65_000)]),
    tree: TREE,
  },
  {
    name: '8 MiB of garbage after the end blocks',
    type: 'tar.gz',
    content: () => generator.gz(Buffer.concat([generator.tar(ENTRIES), xorshiftBytes(7, 8 * MiB)])),
    tree: TREE,
  },
  {
    // One zero block, then another entry: the archive ended at the zero block (Maven, GNU tar).
    name: 'a lone zero block before more entries',
    type: 'tar',
    content: () => {
      const first = generator.tar(ENTRIES);
      const rest = generator.tar([{ name: 'after.txt', data: 'after\n' }]);
      return Buffer.concat([first.subarray(0, first.length - 512), rest]);
    },
    tree: TREE,
  },
];

describe('hostile archives: data after the end of a tar (linear time, Maven tree)', function () {
  this.timeout(120_000);
  for (const c of CASES) {
    it(`${c.name}: unpacked in bounded time, exactly the archive's tree`, async () => {
      const sandbox = Sandbox.create('tar-trailing');
      try {
        sandbox.install({ artifactId: 'z', type: c.type }, c.content());
        sandbox.pom([{ artifactId: 'z', type: c.type }]);
        const before = sandbox.snapshot();
        const run = await sandbox.run(sandbox.unpackArgs(), { timeoutMs: 60_000 });
        expect(run.status, run.stdout).to.equal(0);
        expect(run.stderr).to.equal('');
        expect(run.stdout).not.to.match(STACK_FRAME);
        // Loose, so a loaded machine passes: the quadratic reader took over a minute for the
        // first case, this takes about 1 s.
        expect(run.millis).to.be.below(30_000);
        const out = path.join(sandbox.proj, 'target', 'dependency');
        expect(treeOf(out)).to.deep.equal(c.tree);
        const markers = path.join(sandbox.proj, 'target', 'dependency-maven-plugin-markers');
        expect(fs.readdirSync(markers)).to.deep.equal([`g-z-${c.type}-1.0.marker`]);
        const outside = changes(before, sandbox.snapshot()).filter((ch) => !/^\+ proj\/target(\/|$)/.test(ch));
        expect(outside).to.deep.equal([]);
      } finally {
        sandbox.dispose();
      }
    });
  }
});
