import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Artifact } from '@goalhost/model';
import type { UnpackDependenciesGoal } from '@goalhost/plugin-cxx';
import { artifact, fixture, runGoal, tempDir } from './support';
import { onlyTree, snapshot, storeEntries, storeTemporaries } from './store-support';

type Parameters = Partial<UnpackDependenciesGoal>;

/**
 * The store of unpacked trees (goalhost.store=copy|hardlink): a cold run (filling the store)
 * and a warm one (placing from it, in a fresh workspace) leave exactly what the same run leaves
 * without the store: every path, content, mode, file time, marker, log line and failure.
 */
describe('unpack: the store of unpacked trees gives the result of a plain extraction', function () {
  this.timeout(60_000);
  let dir: string;
  let since: number;
  beforeEach(() => {
    dir = tempDir('unpack-store');
    since = Date.now() - 1000;
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const zip = (name: string, artifactId: string, type = 'zip'): Artifact =>
    artifact(fixture(name), { artifactId, type, extension: type });

  interface Outcome {
    readonly tree: string[];
    readonly error?: string;
    readonly log: string[];
  }

  /** One run in workspace `name` (after `prepare`), with the store in `mode` at `store`. */
  async function outcome(
    name: string,
    artifacts: readonly Artifact[],
    parameters: Parameters,
    properties: Record<string, string>,
    prepare?: (basedir: string) => Promise<void>,
  ): Promise<Outcome> {
    const basedir = path.join(dir, name);
    fs.mkdirSync(basedir, { recursive: true });
    await prepare?.(basedir);
    const run = await runGoal(basedir, artifacts, parameters, undefined, false, properties);
    const local = (s: string): string => s.split(basedir).join('<ws>');
    return {
      tree: snapshot(path.join(basedir, 'target'), since),
      ...(run.error ? { error: local(run.error.message) } : {}),
      log: run.log.entries.map(local),
    };
  }

  const off = { 'goalhost.store': 'off' };
  const using = (mode: string): { 'goalhost.store': string; 'goalhost.store.dir': string } => ({
    'goalhost.store': mode,
    'goalhost.store.dir': path.join(dir, `store-${mode}`),
  });

  const CASES: readonly [string, () => Artifact[], Parameters, ((basedir: string) => Promise<void>)?][] = [
    [
      'zip, jar and tar.gz archives overlapping in one directory (duplicates, links, modes, entry times)',
      () => [
        zip('basic.zip', 'basic'),
        zip('tree.tar.gz', 'tree', 'tar.gz'),
        zip('duplicates.zip', 'duplicates'),
        zip('symlinks.zip', 'symlinks'),
        zip('modes.jar', 'modes', 'jar'),
        zip('entry-times.zip', 'times'),
        zip('basic.zip', 'again'),
      ],
      {},
    ],
    [
      'a directory per artifact, includes and excludes, ignorePermissions',
      () => [zip('basic.zip', 'basic'), zip('tree.tar.gz', 'tree', 'tar.gz'), zip('modes.jar', 'modes', 'jar')],
      {
        useSubDirectoryPerArtifact: true,
        includes: '**/*.txt,**/*.h,pkg/**',
        excludes: '**/deep.h',
        ignorePermissions: true,
      } as Parameters,
    ],
    [
      "a failure part way: a file where the next archive needs a directory (Maven's 'Not a directory')",
      () => [
        zip('basic.zip', 'basic'),
        zip('file-x.zip', 'filex'),
        zip('dir-x.zip', 'dirx'),
        zip('other.zip', 'other'),
      ],
      {},
    ],
    [
      'an archive goalhost refuses (a link pointing outside) after one it unpacks',
      () => [zip('basic.zip', 'basic'), zip('symlink-outside.zip', 'outside'), zip('other.zip', 'other')],
      {},
    ],
    [
      'over an earlier unpack whose files were edited and chmod-ed (overWriteReleases keeps their modes)',
      () => [zip('basic.zip', 'basic'), zip('tree.tar.gz', 'tree', 'tar.gz')],
      { overWriteReleases: true },
      async (basedir) => {
        const first = await runGoal(
          basedir,
          [zip('basic.zip', 'basic'), zip('tree.tar.gz', 'tree', 'tar.gz')],
          {},
          undefined,
          false,
          off,
        );
        expect(first.error).to.equal(undefined);
        const out = path.join(basedir, 'target', 'dependency');
        fs.writeFileSync(path.join(out, 'README.txt'), 'edited\n');
        fs.chmodSync(path.join(out, 'pkg', 'plain.txt'), 0o600);
        fs.chmodSync(path.join(out, 'include', 'a.h'), 0o755);
        fs.writeFileSync(path.join(out, 'mine.txt'), 'not from an archive\n');
        fs.utimesSync(path.join(out, 'mine.txt'), new Date(Date.UTC(2021, 0, 1)), new Date(Date.UTC(2021, 0, 1)));
      },
    ],
  ];

  for (const [what, artifacts, parameters, prepare] of CASES) {
    for (const mode of ['copy', 'hardlink']) {
      it(`${what}: ${mode}, cold and warm`, async () => {
        const plain = await outcome('plain', artifacts(), parameters, off, prepare);
        expect(plain.tree.length).to.be.greaterThan(2);
        expect(await outcome('cold', artifacts(), parameters, using(mode), prepare)).to.deep.equal(plain);
        expect(storeEntries(path.join(dir, `store-${mode}`)).length).to.be.greaterThan(0);
        expect(await outcome('warm', artifacts(), parameters, using(mode), prepare)).to.deep.equal(plain);
        expect(storeTemporaries(path.join(dir, `store-${mode}`))).to.deep.equal([]);
      });
    }
  }

  for (const mode of ['copy', 'hardlink']) {
    it(`the trees a cold run stores, from its own writes or filled after it, are each archive extracted alone into an empty directory (${mode})`, async () => {
      // README.txt of basic.zip is overwritten by other.zip's and flat.zip's in the same run.
      const artifacts = [...CASES[0][1](), zip('other.zip', 'other'), zip('flat.zip', 'flat')];
      const filesAndLinks = (root: string): string =>
        JSON.stringify(snapshot(root, since).filter((l) => !l.startsWith('d ')));
      expect((await outcome('cold', artifacts, {}, using(mode))).error).to.equal(undefined);
      const alone = new Set<string>();
      for (const [i, a] of artifacts.entries()) {
        const basedir = path.join(dir, `alone-${i}`);
        expect((await runGoal(basedir, [a], {}, undefined, false, off)).error).to.equal(undefined);
        alone.add(filesAndLinks(path.join(basedir, 'target', 'dependency')));
      }
      const store = path.join(dir, `store-${mode}`);
      const stored = storeEntries(store).map((key) => filesAndLinks(path.join(store, 'entries', key, 'tree')));
      expect(stored.sort()).to.deep.equal([...alone].sort());
      expect(storeTemporaries(store)).to.deep.equal([]);
    });
  }

  it('hardlink mode links the files; a later re-unpack without the store writes its own copies, never into the store', async () => {
    const basic = [zip('basic.zip', 'basic')];
    const store = using('hardlink');
    const ws = path.join(dir, 'ws');
    expect((await runGoal(ws, basic, {}, undefined, false, store)).error).to.equal(undefined);
    const tree = onlyTree(store['goalhost.store.dir']);
    const readme = path.join(ws, 'target', 'dependency', 'README.txt');
    expect(fs.statSync(readme).ino).to.equal(fs.statSync(path.join(tree, 'README.txt')).ino);
    expect(fs.statSync(readme).nlink).to.equal(2);
    const before = snapshot(tree, since);
    // Maven rewrites files in place; here the linked file becomes the workspace's own first.
    const again = await runGoal(ws, basic, { overWriteReleases: true }, undefined, false, off);
    expect(again.error).to.equal(undefined);
    expect(fs.statSync(readme).nlink).to.equal(1);
    expect(snapshot(tree, since)).to.deep.equal(before);
    expect(fs.statSync(path.join(tree, 'README.txt')).nlink).to.equal(1);
  });

  it('a stored file written to (size or time changed) is detected before use: the entry is made again', async () => {
    const basic = [zip('basic.zip', 'basic')];
    const store = using('hardlink');
    const plain = await outcome('plain', basic, {}, off);
    await outcome('one', basic, {}, store);
    // A write through the hard link in one workspace changes the stored file.
    fs.appendFileSync(path.join(dir, 'one', 'target', 'dependency', 'README.txt'), 'local edit\n');
    const key = storeEntries(store['goalhost.store.dir'])[0];
    expect(await outcome('two', basic, {}, store)).to.deep.equal(plain);
    expect(storeEntries(store['goalhost.store.dir'])).to.deep.equal([key]);
    expect(fs.readFileSync(path.join(onlyTree(store['goalhost.store.dir']), 'README.txt'), 'utf8')).to.equal(
      'basic readme\n',
    );
  });

  it('a same-size change with its time set back passes the size/time check; goalhost.store.verify=true finds it by digest', async () => {
    const basic = [zip('basic.zip', 'basic')];
    const store = using('copy');
    const plain = await outcome('plain', basic, {}, off);
    await outcome('one', basic, {}, store);
    const stored = path.join(onlyTree(store['goalhost.store.dir']), 'README.txt');
    const { mtime } = fs.statSync(stored);
    fs.writeFileSync(stored, 'BASIC README\n');
    fs.utimesSync(stored, mtime, mtime);
    const unchecked = await outcome('two', basic, {}, store);
    expect(unchecked.tree).to.not.deep.equal(plain.tree);
    expect(await outcome('three', basic, {}, { ...store, 'goalhost.store.verify': 'true' })).to.deep.equal(plain);
    expect(fs.readFileSync(stored, 'utf8')).to.equal('basic readme\n');
  });

  it('goalhost.store.maxSize: the least recently used entries go, never one the run uses', async () => {
    const store = { ...using('copy'), 'goalhost.store.maxSize': '1' };
    await outcome('a', [zip('basic.zip', 'basic')], {}, store);
    const [basicKey] = storeEntries(store['goalhost.store.dir']);
    await outcome('b', [zip('other.zip', 'other')], {}, store);
    const keys = storeEntries(store['goalhost.store.dir']);
    expect(keys).to.have.length(1);
    expect(keys[0]).to.not.equal(basicKey);
    await outcome('c', [zip('basic.zip', 'basic'), zip('other.zip', 'other')], {}, store);
    expect(storeEntries(store['goalhost.store.dir'])).to.have.length(2);
  });

  it('invalid store settings fail the goal naming the property and the values it takes', async () => {
    const basic = [zip('basic.zip', 'basic')];
    const mode = await runGoal(path.join(dir, 'm'), basic, {}, undefined, false, { 'goalhost.store': 'links' });
    expect(mode.error?.message).to.equal(
      "Invalid goalhost.store 'links': give copy (the default), hardlink or off, e.g. -Dgoalhost.store=off",
    );
    const size = await runGoal(path.join(dir, 's'), basic, {}, undefined, false, {
      ...using('copy'),
      'goalhost.store.maxSize': 'lots',
    });
    expect(size.error?.message).to.equal(
      "Invalid goalhost.store.maxSize 'lots': give the most bytes the store may hold, optionally with k, m, g or t (1024-based), e.g. -Dgoalhost.store.maxSize=50g",
    );
  });
});
