import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { ROOT } from '../support/paths';

/** The modules of @goalhost/archive (and yauzl) a fresh Node process has loaded after `script`. */
function engineModulesAfter(script: string): string[] {
  const report = `
    const loaded = Object.keys(require.cache)
      .map((f) => f.replace(/\\\\/g, '/'))
      .filter((f) => f.includes('/packages/archive/dist/') || f.includes('/node_modules/yauzl/'))
      .map((f) => f.replace(/.*\\/packages\\/archive\\/dist\\//, 'archive/').replace(/.*\\/node_modules\\/yauzl\\/.*/, 'yauzl'));
    console.log(JSON.stringify([...new Set(loaded)].sort()));`;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', `(async () => { ${script}; ${report} })()`], { cwd: ROOT, encoding: 'utf8' }),
  );
}

/** What loads with the front door itself: choosing a reader, selecting, mapping and placing entries. */
const FRONT_DOOR = [
  'archive/archiver-registry.js',
  'archive/canonical-path.js',
  'archive/entry-path.js',
  'archive/entry-selector.js',
  'archive/file-mappers.js',
  'archive/file-times.js',
  'archive/index.js',
  'archive/name-decoder.js',
  'archive/target-tree.js',
  'archive/write/worth-threads.js',
];

describe('archive: the readers, decoders and threads load only when something is extracted', () => {
  it('loading the cxx plugin (every build does) loads the front door alone', () => {
    expect(engineModulesAfter("require('@goalhost/plugin-cxx')")).to.deep.equal(FRONT_DOOR);
  });

  it('acquiring the worker pool loads the threads; starting an extraction loads the readers', () => {
    const pool = engineModulesAfter(
      "const a = require('@goalhost/archive'); const p = await a.acquireWorkerPool(); await a.releaseWorkerPool(p)",
    );
    expect(pool).to.include('archive/write/worker-pool.js');
    expect(pool).not.to.include('archive/extraction.js');
    expect(pool).not.to.include('yauzl');
    const extraction = engineModulesAfter(
      "const a = require('@goalhost/archive'); const p = await a.createWorkerPool(1); " +
        "await a.startExtraction([], { selector: new a.EntrySelector(undefined, undefined, { includes: '', excludes: '' }) }, p, () => {})",
    );
    expect(extraction).to.include.members([
      'archive/extraction.js',
      'archive/zip/zip-listing.js',
      'archive/tar/tar-reader.js',
      'yauzl',
    ]);
  });
});
