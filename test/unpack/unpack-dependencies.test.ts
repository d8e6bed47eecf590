import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fromResolved, unpackDependencies, type UnpackDependenciesRequest } from '@goalhost/unpack';
import { RecordingLog } from '../help/recording-log';
import { artifact, copyFixtures, tempDir, treeOf } from './support';

/**
 * @goalhost/unpack's unpack-dependencies as another plugin calls it (maven-dependency-plugin's own
 * goal will): no cxx additions, maven-dependency-plugin's filter chain by default.
 */
describe('unpack: unpackDependencies from @goalhost/unpack, without the cxx additions', () => {
  let dir: string;
  beforeEach(() => (dir = tempDir('unpack-dependencies')));
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  function request(log: RecordingLog, options: UnpackDependenciesRequest['options']): UnpackDependenciesRequest {
    const [direct, transitive] = copyFixtures(path.join(dir, 'repo'), ['basic.zip', 'other.zip']);
    return {
      artifacts: [
        artifact(direct, { artifactId: 'direct' }),
        artifact(transitive, { artifactId: 'transitive', depth: 2 }),
      ].map(fromResolved),
      options,
      outputDirectory: path.join(dir, 'out'),
      markersDirectory: path.join(dir, 'markers'),
      repository: { resolveArtifact: () => Promise.reject(new Error('nothing to resolve here')) },
      log,
      archiverLog: log,
      settings: () => ({ includes: 'src/**', umask: 0o022 }),
    };
  }

  it("selects with maven-dependency-plugin's chain when given no filter, unpacks, marks, and a re-run finds the marker", async () => {
    const log = new RecordingLog();
    const r = request(log, { excludeTransitive: true, overWriteIfNewer: true });
    await unpackDependencies(r);
    const file = r.artifacts[0].file;
    expect(log.entries).to.deep.equal([
      `[INFO] Unpacking ${file} to ${r.outputDirectory} with includes "src/**" and excludes ""`,
    ]);
    expect(treeOf(r.outputDirectory)).to.deep.equal([
      'd 755 src/',
      'f 644 src/main.c = "int main(void) { return 0; }\\n"',
    ]);
    expect(treeOf(r.markersDirectory)).to.deep.equal(['f 644 g-direct-zip-1.0.marker = ""']);

    const again = new RecordingLog();
    await unpackDependencies({ ...r, log: again, archiverLog: again });
    expect(again.entries).to.deep.equal(['[INFO] g:direct:zip:1.0 already exists in destination.']);
  });

  it('a filter given replaces the chain', async () => {
    const log = new RecordingLog();
    const r = request(log, { excludeTransitive: true });
    await unpackDependencies({ ...r, filter: (list) => list.filter((a) => a.artifactId === 'transitive') });
    expect(treeOf(r.markersDirectory)).to.deep.equal(['f 644 g-transitive-zip-1.0.marker = ""']);
  });
});
