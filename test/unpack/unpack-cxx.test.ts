import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifact, fixture, mtimeOf, runGoal, tempDir, treeOf } from './support';

/** The cxx additions: regex classifier filters, flatten directories, stripClassifier/prependGroupId. */
describe('unpack: cxx additions', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = tempDir('unpack-cxx');
    out = path.join(dir, 'target', 'dependency');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('includeRegexClassifiers/excludeRegexClassifiers select on the whole classifier', async () => {
    const deps = [
      artifact(fixture('basic.zip'), { artifactId: 'plain' }),
      artifact(fixture('other.zip'), { artifactId: 'lin', classifier: 'bin-linux' }),
      artifact(fixture('flat.zip'), { artifactId: 'win', classifier: 'bin-win64' }),
    ];
    const run = await runGoal(dir, deps, {
      includeRegexClassifiers: 'bin-.*',
      excludeRegexClassifiers: '.*win.*',
      useSubDirectoryPerArtifact: true,
    });
    expect(run.error).to.equal(undefined);
    expect(fs.readdirSync(out)).to.deep.equal(['lin-1.0-bin-linux-zip']);
  });

  it('flattenDestDirs: every selected regular file copied without its directories, after its artifact', async () => {
    const run = await runGoal(
      dir,
      [
        artifact(fixture('flat.zip'), { artifactId: 'flat' }),
        artifact(fixture('tree.tar.gz'), { artifactId: 'tree', type: 'tar.gz' }),
      ],
      { flattenDestDirs: [' flat/lib ', `${dir}/flat2`], excludes: '**/long-directory-name/**' },
    );
    expect(run.error).to.equal(undefined);
    const expected = [
      'f 644 README.txt = "flat readme\\n"',
      'f 644 f.h = "#define F\\n"',
      'f 644 hard.txt = ""',
      'f 755 libf.a = "archive\\n"',
      'f 644 libx.so.1 = "ELF\\n"',
      'f 640 plain.txt = "plain\\n"',
      'f 755 run.sh = "#!/bin/sh\\necho run\\n"',
    ];
    expect(treeOf(path.join(dir, 'flat', 'lib'))).to.deep.equal(expected);
    expect(treeOf(path.join(dir, 'flat2'))).to.deep.equal(expected);
    expect(mtimeOf(path.join(dir, 'flat', 'lib', 'run.sh'))).to.equal('2018-03-03T04:05:07.000Z');
    // The unpacked tree itself is unchanged by flattening.
    expect(treeOf(out)).to.include.members([
      'd 755 include/',
      'f 664 include/f.h = "#define F\\n"',
      'l lib/link.a -> libf.a',
    ]);
  });

  it('flatten copies replace what is there, in artifact order (the last artifact wins)', async () => {
    const flat = path.join(dir, 'flat');
    fs.mkdirSync(flat);
    fs.writeFileSync(path.join(flat, 'README.txt'), 'old\n');
    fs.symlinkSync('/etc/passwd', path.join(flat, 'other.txt'));
    await runGoal(
      dir,
      [artifact(fixture('basic.zip'), { artifactId: 'a' }), artifact(fixture('other.zip'), { artifactId: 'b' })],
      {
        flattenDestDirs: ['flat'],
        includes: '*.txt',
      },
    );
    expect(treeOf(flat)).to.deep.equal([
      'f 644 README.txt = "other readme (older entry)\\n"',
      'f 644 other.txt = "other\\n"',
    ]);
  });

  it('a flatten directory blocked by a file fails the goal, and the artifact gets no marker', async () => {
    fs.writeFileSync(path.join(dir, 'flat'), 'a file');
    const run = await runGoal(dir, [artifact(fixture('flat.zip'), { artifactId: 'flat' })], {
      flattenDestDirs: ['flat'],
    });
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${fixture('flat.zip')} to: ${out}: Unable to create flatten directory ${dir}/flat: a file is in the way`,
    );
    expect(fs.existsSync(path.join(dir, 'target', 'dependency-maven-plugin-markers'))).to.equal(false);
  });

  it('stripClassifier and prependGroupId shape per-artifact directories (goalhost honours them)', async () => {
    await runGoal(
      dir,
      [artifact(fixture('other.zip'), { groupId: 'com.example', artifactId: 'lib', classifier: 'bin-linux' })],
      {
        useSubDirectoryPerArtifact: true,
        stripClassifier: true,
        prependGroupId: true,
        stripVersion: true,
      },
    );
    expect(fs.readdirSync(out)).to.deep.equal(['com.example.lib-zip']);
  });
});
