import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Artifact } from '@goalhost/model';
import { artifact, copyFixtures, fixture, mtimeOf, runGoal, tempDir, treeOf } from './support';

/** Re-runs on a marked artifact: the overWriteReleases/Snapshots/IfNewer table of Maven 3.5.0. */
describe('unpack: markers and re-runs', () => {
  let dir: string;
  let out: string;
  let markers: string;
  let zip: string;
  const T0 = 1577836800; // 2020-01-01T00:00:00Z

  beforeEach(() => {
    dir = tempDir('unpack-markers');
    out = path.join(dir, 'target', 'dependency');
    markers = path.join(dir, 'target', 'dependency-maven-plugin-markers');
    [zip] = copyFixtures(path.join(dir, 'repo'), ['basic.zip']);
    fs.utimesSync(zip, T0, T0);
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const release = (): Artifact => artifact(zip, { artifactId: 'basic' });
  const snapshot = (): Artifact =>
    artifact(zip, { artifactId: 'basic', version: '1.0-SNAPSHOT', baseVersion: '1.0-SNAPSHOT' });

  /** Runs once, deletes README.txt, runs again: was it restored? */
  async function restored(a: () => Artifact, second: Record<string, boolean>, between?: () => void): Promise<boolean> {
    await runGoal(dir, [a()]);
    fs.rmSync(path.join(out, 'README.txt'));
    between?.();
    const run = await runGoal(dir, [a()], second);
    expect(run.error).to.equal(undefined);
    return fs.existsSync(path.join(out, 'README.txt'));
  }

  it('a marked, unchanged artifact is skipped and logged after the run', async () => {
    await runGoal(dir, [release()]);
    fs.rmSync(path.join(out, 'README.txt'));
    const run = await runGoal(dir, [release()]);
    expect(run.log.entries).to.deep.equal(['[INFO] g:basic:zip:1.0 already exists in destination.']);
    expect(fs.existsSync(path.join(out, 'README.txt'))).to.equal(false);
  });

  it('overWriteReleases re-unpacks releases only; overWriteSnapshots snapshots only', async () => {
    expect(await restored(release, { overWriteReleases: true })).to.equal(true);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    expect(await restored(release, { overWriteSnapshots: true })).to.equal(false);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    expect(await restored(snapshot, { overWriteSnapshots: true })).to.equal(true);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    expect(await restored(snapshot, { overWriteReleases: true })).to.equal(false);
  });

  it('overWriteIfNewer (default true) re-unpacks an artifact strictly newer than its marker', async () => {
    const newer = (): void => fs.utimesSync(zip, T0 + 60, T0 + 60);
    const older = (): void => fs.utimesSync(zip, T0 - 60, T0 - 60);
    expect(await restored(release, {}, newer)).to.equal(true);
    expect(mtimeOf(path.join(markers, 'g-basic-zip-1.0.marker'))).to.equal('2020-01-01T00:01:00.000Z');
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    fs.utimesSync(zip, T0, T0);
    expect(await restored(release, { overWriteIfNewer: false }, newer)).to.equal(false);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    fs.utimesSync(zip, T0, T0);
    expect(await restored(release, {}, older)).to.equal(false);
  });

  it('a re-unpack overwrites local edits and moves the marker time to the artifact time, backwards too', async () => {
    await runGoal(dir, [release()]);
    fs.writeFileSync(path.join(out, 'README.txt'), 'edited\n');
    fs.writeFileSync(path.join(out, 'stale.txt'), 'not in the archive\n');
    fs.utimesSync(zip, T0 - 3600, T0 - 3600);
    await runGoal(dir, [release()], { overWriteReleases: true });
    expect(treeOf(out)).to.include('f 644 README.txt = "basic readme\\n"');
    expect(treeOf(out)).to.include('f 644 stale.txt = "not in the archive\\n"');
    expect(mtimeOf(path.join(markers, 'g-basic-zip-1.0.marker'))).to.equal('2019-12-31T23:00:00.000Z');
  });

  it('markers ignore configuration: another outputDirectory or includes still skip', async () => {
    await runGoal(dir, [release()], { includes: '*.txt' });
    const run = await runGoal(dir, [release()], { outputDirectory: path.join(dir, 'elsewhere') });
    expect(run.log.entries).to.deep.equal(['[INFO] g:basic:zip:1.0 already exists in destination.']);
    expect(fs.existsSync(path.join(dir, 'elsewhere'))).to.equal(false);
    expect(treeOf(out)).to.deep.equal(['f 644 README.txt = "basic readme\\n"']);
  });

  it('names markers after the id with the base version, type and classifier', async () => {
    const ts = artifact(zip, { artifactId: 'ts', version: '1.0-20200101.120000-3', baseVersion: '1.0-SNAPSHOT' });
    const tests = artifact(fixture('other.zip'), {
      artifactId: 'mod',
      type: 'test-jar',
      classifier: 'tests',
      extension: 'jar',
    });
    await runGoal(dir, [ts, tests], { useSubDirectoryPerArtifact: true });
    expect(treeOf(markers)).to.deep.equal([
      'f 644 g-mod-test-jar-tests-1.0.marker = ""',
      'f 644 g-ts-zip-1.0-SNAPSHOT.marker = ""',
    ]);
    expect(fs.readdirSync(out).sort()).to.deep.equal(['mod-1.0-tests-test-jar', 'ts-1.0-20200101.120000-3-zip']);
  });

  it('classifier translation: classified artifacts resolved first, markers never skip them (Maven 3.5.0)', async () => {
    const sources = copyFixtures(path.join(dir, 'repo', 'sources'), ['other.zip'])[0];
    const requests: string[] = [];
    const resolve = async (r: {
      artifactId: string;
      classifier?: string;
      extension?: string;
      version: string;
    }): Promise<string> => {
      requests.push(`${r.artifactId}:${r.extension}:${r.classifier}:${r.version}`);
      if (r.artifactId === 'a') return sources;
      throw new Error(
        `Cannot access central in offline mode and the artifact g:${r.artifactId}:${r.extension}:${r.classifier}:${r.version} has not been downloaded from it before.`,
      );
    };
    const deps = [artifact(zip, { artifactId: 'a' }), artifact(zip, { artifactId: 'b', type: 'jar' })];
    const first = await runGoal(
      dir,
      deps,
      { classifier: 'sources', useSubDirectoryPerScope: true, useSubDirectoryPerType: true },
      resolve,
    );
    expect(first.error).to.equal(undefined);
    expect(requests).to.deep.equal(['a:zip:sources:1.0', 'b:jar:sources:1.0']);
    expect(treeOf(path.join(dir, 'target'))).to.deep.equal([
      'd 755 dependency/',
      'd 755 dependency/null/',
      'd 755 dependency/null/zips/',
      'f 644 dependency/null/zips/README.txt = "other readme (older entry)\\n"',
      'f 644 dependency/null/zips/other.txt = "other\\n"',
      'd 755 dependency-maven-plugin-markers/',
      'f 644 dependency-maven-plugin-markers/g-a-zip-sources-1.0.marker = ""',
    ]);
    fs.rmSync(path.join(out, 'null/zips/other.txt'));
    await runGoal(
      dir,
      deps,
      { classifier: 'sources', useSubDirectoryPerScope: true, useSubDirectoryPerType: true },
      resolve,
    );
    expect(fs.existsSync(path.join(out, 'null/zips/other.txt'))).to.equal(true);

    const failing = await runGoal(dir, deps, { classifier: 'sources', failOnMissingClassifierArtifact: true }, resolve);
    expect(failing.error?.message).to.equal(
      'error resolving: g:b:jar:sources:1.0: Cannot access central in offline mode and the artifact g:b:jar:sources:1.0 has not been downloaded from it before.',
    );
  });
});
