import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { artifact, fixture, runGoal, tempDir, treeOf } from './support';

/** Nothing is ever written outside the output directory; refusals name the archive and entry. */
describe('unpack: safety', () => {
  let dir: string;
  let out: string;
  let markers: string;
  beforeEach(() => {
    dir = tempDir('unpack-safety');
    out = path.join(dir, 'target', 'dependency');
    markers = path.join(dir, 'target', 'dependency-maven-plugin-markers');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** Everything under the project except the repository copies. */
  const project = (): string[] => treeOf(dir);

  it('refuses ../ escapes (Maven’s message); earlier entries stay, later ones and the marker do not', async () => {
    const tgz = fixture('slip-dotdot.tar.gz');
    const run = await runGoal(dir, [artifact(tgz, { artifactId: 'evil', type: 'tar.gz' })]);
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${tgz} to: ${out}: Entry is outside of the target directory (../../escaped.txt)`,
    );
    expect(project()).to.deep.equal([
      'd 755 target/',
      'd 755 target/dependency/',
      'f 644 target/dependency/first.txt = "first\\n"',
    ]);
  });

  it('refuses ../dependency-evil/ (a sibling sharing the name prefix), which Maven lets through', async () => {
    const zip = fixture('slip-sibling.zip');
    const run = await runGoal(dir, [artifact(zip, { artifactId: 'evil' })]);
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${zip} to: ${out}: Entry is outside of the target directory (../dependency-evil/pwned.txt)`,
    );
    expect(project()).to.deep.equal([
      'd 755 target/',
      'd 755 target/dependency/',
      'f 644 target/dependency/ok.txt = "ok\\n"',
    ]);
  });

  it('refuses absolute names and drive letters', async () => {
    const abs = await runGoal(dir, [artifact(fixture('slip-absolute.zip'), { artifactId: 'abs' })]);
    expect(abs.error?.message).to.equal(
      `Error unpacking file: ${fixture('slip-absolute.zip')} to: ${out}: Entry is outside of the target directory (/tmp/goalhost-unpack-ABSOLUTE.txt)`,
    );
    expect(fs.existsSync('/tmp/goalhost-unpack-ABSOLUTE.txt')).to.equal(false);
    const drive = await runGoal(dir, [artifact(fixture('slip-drive.zip'), { artifactId: 'drive' })]);
    expect(drive.error?.message).to.equal(
      `Error unpacking file: ${fixture('slip-drive.zip')} to: ${out}: Entry is outside of the target directory (C:/windows/evil.txt)`,
    );
    expect(fs.existsSync(markers)).to.equal(false);
  });

  it('keeps names that stay inside after normalisation (a/../b.txt, ./c.txt, d/./e.txt)', async () => {
    await runGoal(dir, [artifact(fixture('inner-dotdot.zip'), { artifactId: 'inner' })]);
    expect(treeOf(out)).to.deep.equal([
      'f 644 b.txt = "b\\n"',
      'f 644 c.txt = "c\\n"',
      'd 755 d/',
      'f 644 d/e.txt = "e\\n"',
    ]);
  });

  it('creates links that stay inside, verbatim; refuses a link pointing outside', async () => {
    await runGoal(dir, [artifact(fixture('symlinks.zip'), { artifactId: 'links' })]);
    expect(treeOf(out)).to.deep.equal([
      'l link-to-target -> target.txt',
      'd 755 sub/',
      'l sub/up -> ../target.txt',
      'f 644 target.txt = "target\\n"',
    ]);
    const zip = fixture('symlink-outside.zip');
    const run = await runGoal(dir, [artifact(zip, { artifactId: 'outside' })]);
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${zip} to: ${out}: Symbolic link entry link-outside points outside of the target directory (../../outside.txt); ` +
        'goalhost refuses such links: exclude the entry with mdep.unpack.excludes if it is not needed',
    );
    expect(fs.existsSync(path.join(out, 'link-outside'))).to.equal(false);
    expect(fs.existsSync(path.join(markers, 'g-outside-zip-1.0.marker'))).to.equal(false);
    // Excluding the link is the documented fix.
    const fixed = await runGoal(dir, [artifact(zip, { artifactId: 'outside' })], { excludes: 'link-outside' });
    expect(fixed.error).to.equal(undefined);
    expect(treeOf(out)).to.include.members(['f 644 first.txt = "first\\n"', 'f 644 after.txt = "after\\n"']);
  });

  it('never writes through a link, whether an earlier entry made it or it was already there', async () => {
    const zip = fixture('symlink-write-through.zip');
    const run = await runGoal(dir, [artifact(zip, { artifactId: 'through' })]);
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${zip} to: ${out}: Entry alias/file.txt would be written through the symbolic link ${out}/alias; ` +
        'goalhost never writes through links (exclude the entry or the link with mdep.unpack.excludes)',
    );
    expect(treeOf(out)).to.deep.equal(['l alias -> real', 'd 755 real/']);

    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'elsewhere'));
    fs.mkdirSync(out, { recursive: true });
    fs.symlinkSync(path.join(dir, 'elsewhere'), path.join(out, 'include'));
    const pre = await runGoal(dir, [artifact(fixture('basic.zip'), { artifactId: 'basic' })]);
    expect(pre.error?.message).to.match(
      /: Entry include\/a\.h would be written through the symbolic link .*\/target\/dependency\/include;/,
    );
    expect(fs.readdirSync(path.join(dir, 'elsewhere'))).to.deep.equal([]);
  });

  it('duplicate entries in one zip: the later one wins', async () => {
    await runGoal(dir, [artifact(fixture('duplicates.zip'), { artifactId: 'dup' })]);
    expect(treeOf(out)).to.deep.equal(['f 644 same.txt = "two\\n"']);
  });
});
