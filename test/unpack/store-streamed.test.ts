import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifact, runGoal, tempDir } from './support';
import { onlyTree, snapshot, storeTemporaries } from './store-support';

/**
 * A tar entry too large to hold in memory is written to the output as it streams; a cold run
 * with the store puts it into the archive's tree from the finished file, so the tree is made
 * from the run's own writes (the archive is not decompressed a second time after the run).
 */
describe('unpack: the store takes large streamed tar entries from the run’s own writes', function () {
  this.timeout(60_000);
  let dir: string;
  let since: number;
  before(() => {
    dir = tempDir('unpack-store-streamed');
    since = Date.now() - 1000;
    const src = path.join(dir, 'src');
    fs.mkdirSync(path.join(src, 'lib'), { recursive: true });
    // 6 MB that do not compress away: a SHA-256 chain.
    const blocks: Buffer[] = [];
    let block = createHash('sha256').update('seed').digest();
    for (let i = 0; i < (6 * 1024 * 1024) / 32; i++) blocks.push((block = createHash('sha256').update(block).digest()));
    fs.writeFileSync(path.join(src, 'lib', 'libbig.so'), Buffer.concat(blocks));
    fs.writeFileSync(path.join(src, 'lib', 'small.txt'), 'small\n');
    fs.chmodSync(path.join(src, 'lib', 'libbig.so'), 0o755);
    fs.utimesSync(
      path.join(src, 'lib', 'libbig.so'),
      new Date('2020-02-03T04:05:06Z'),
      new Date('2020-02-03T04:05:06Z'),
    );
    execFileSync('tar', ['-czf', path.join(dir, 'big.tar.gz'), '-C', src, 'lib']);
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const big = () => [artifact(path.join(dir, 'big.tar.gz'), { artifactId: 'big', type: 'tar.gz' })];

  for (const mode of ['copy', 'hardlink']) {
    it(`${mode}: the cold run's tree holds the streamed file as extracted; the warm run places the same output`, async () => {
      const store = path.join(dir, `store-${mode}`);
      const properties = { 'goalhost.store': mode, 'goalhost.store.dir': store };
      const plainDir = path.join(dir, `plain-${mode}`);
      expect((await runGoal(plainDir, big(), {}, undefined, false, { 'goalhost.store': 'off' })).error).to.equal(
        undefined,
      );
      const plain = snapshot(path.join(plainDir, 'target', 'dependency'), since);
      expect(plain.some((l) => l.startsWith('f 755 lib/libbig.so 2020-02-03T04:05:06.000Z'))).to.equal(true);

      const cold = await runGoal(path.join(dir, `cold-${mode}`), big(), {}, undefined, true, properties);
      expect(cold.error).to.equal(undefined);
      expect(cold.log.entries.filter((l) => l.includes('Not stored from the run'))).to.deep.equal([]);
      expect(snapshot(path.join(dir, `cold-${mode}`, 'target', 'dependency'), since)).to.deep.equal(plain);
      expect(snapshot(onlyTree(store), since)).to.deep.equal(plain);
      expect(storeTemporaries(store)).to.deep.equal([]);

      const warm = await runGoal(path.join(dir, `warm-${mode}`), big(), {}, undefined, false, properties);
      expect(warm.error).to.equal(undefined);
      expect(snapshot(path.join(dir, `warm-${mode}`, 'target', 'dependency'), since)).to.deep.equal(plain);
    });
  }
});
