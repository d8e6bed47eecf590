import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isGoalError } from '@goalhost/api';
import { artifact, copyFixtures, fixture, mtimeOf, runGoal, tempDir, treeOf } from './support';

const BASIC_TREE = [
  'f 644 README.txt = "basic readme\\n"',
  'd 755 docs/',
  'f 644 docs/index.html = "<html></html>\\n"',
  'd 755 empty/',
  'd 755 include/',
  'f 644 include/a.h = "#define A 1\\n"',
  'd 755 include/sub/',
  'f 644 include/sub/deep.h = "#define DEEP 1\\n"',
  'd 755 src/',
  'f 644 src/main.c = "int main(void) { return 0; }\\n"',
];

describe('unpack: cxx:unpack-dependencies on real archives', () => {
  let dir: string;
  let out: string;
  let markers: string;
  beforeEach(() => {
    dir = tempDir('unpack');
    out = path.join(dir, 'target', 'dependency');
    markers = path.join(dir, 'target', 'dependency-maven-plugin-markers');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('defaults: unpacks into target/dependency, logs like Maven and writes a marker with the artifact mtime', async () => {
    const [zip] = copyFixtures(path.join(dir, 'repo'), ['basic.zip']);
    // Half a millisecond more, so that libuv's truncation to nanoseconds keeps .123.
    fs.utimesSync(zip, 1577836800.1235, 1577836800.1235);
    const run = await runGoal(dir, [artifact(zip, { artifactId: 'basic' })]);
    expect(run.error).to.equal(undefined);
    expect(run.log.entries).to.deep.equal([`[INFO] Unpacking ${zip} to ${out} with includes "" and excludes ""`]);
    expect(treeOf(out)).to.deep.equal(BASIC_TREE);
    expect(treeOf(markers)).to.deep.equal(['f 644 g-basic-zip-1.0.marker = ""']);
    expect(mtimeOf(path.join(markers, 'g-basic-zip-1.0.marker'))).to.equal('2020-01-01T00:00:00.123Z');
    expect(mtimeOf(path.join(out, 'README.txt'))).to.equal('2019-06-01T12:00:00.000Z');
    // A directory entry's time stands only if nothing is created in it afterwards (as on disk in Maven).
    expect(mtimeOf(path.join(out, 'empty'))).to.equal('2019-06-01T12:00:00.000Z');
    expect(fs.statSync(path.join(out, 'docs')).mtimeMs).to.be.greaterThan(Date.parse('2020-01-01'));
  });

  it('later artifacts overwrite earlier ones on the same path, whatever the entry times', async () => {
    await runGoal(dir, [
      artifact(fixture('basic.zip'), { artifactId: 'a' }),
      artifact(fixture('other.zip'), { artifactId: 'b' }),
    ]);
    expect(treeOf(out)).to.include('f 644 README.txt = "other readme (older entry)\\n"');
    expect(mtimeOf(path.join(out, 'README.txt'))).to.equal('2010-01-01T00:00:00.000Z');
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    await runGoal(dir, [
      artifact(fixture('other.zip'), { artifactId: 'b' }),
      artifact(fixture('basic.zip'), { artifactId: 'a' }),
    ]);
    expect(treeOf(out)).to.include('f 644 README.txt = "basic readme\\n"');
  });

  it('applies unix modes (rwx bits only), never to directories; ignorePermissions leaves the umask default', async () => {
    await runGoal(dir, [artifact(fixture('modes.jar'), { artifactId: 'modes', type: 'jar' })]);
    expect(treeOf(out)).to.deep.equal([
      'd 755 bin/',
      'f 755 bin/run.sh = "#!/bin/sh\\n"',
      'f 664 group.txt = "group\\n"',
      'f 644 nomode.txt = "dos\\n"',
      'f 444 readonly.txt = "ro\\n"',
      'f 600 secret.txt = "secret\\n"',
      'f 777 sticky.txt = "sticky\\n"',
      'f 755 suid.sh = "suid\\n"',
    ]);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    await runGoal(dir, [artifact(fixture('modes.jar'), { artifactId: 'modes', type: 'jar' })], {
      ignorePermissions: true,
    });
    expect(treeOf(out).filter((l) => l.startsWith('f ') && !l.startsWith('f 644'))).to.deep.equal([]);
  });

  for (const [name, type] of [
    ['tree.tar', 'tar'],
    ['tree.tar.gz', 'tar.gz'],
    ['tree.tar.bz2', 'tar.bz2'],
    ['tree.tar.xz', 'bundle'],
  ] as const) {
    it(`unpacks ${name} (type ${type}): modes, links, hard links as files, long names, "Expanding" line`, async () => {
      const run = await runGoal(dir, [artifact(fixture(name), { artifactId: 'tree', type })], { silent: true });
      expect(run.error).to.equal(undefined);
      const long = `pkg/${'long-directory-name/'.repeat(5)}a-file-whose-path-is-longer-than-one-hundred-characters.txt`;
      expect(treeOf(out)).to.deep.equal([
        'd 755 pkg/',
        'd 755 pkg/bin/',
        'f 755 pkg/bin/run.sh = "#!/bin/sh\\necho run\\n"',
        'f 644 pkg/hard.txt = ""',
        'd 755 pkg/lib/',
        'l pkg/lib/libx.so -> libx.so.1',
        'f 644 pkg/lib/libx.so.1 = "ELF\\n"',
        'd 755 pkg/long-directory-name/',
        'd 755 pkg/long-directory-name/long-directory-name/',
        'd 755 pkg/long-directory-name/long-directory-name/long-directory-name/',
        'd 755 pkg/long-directory-name/long-directory-name/long-directory-name/long-directory-name/',
        'd 755 pkg/long-directory-name/long-directory-name/long-directory-name/long-directory-name/long-directory-name/',
        `f 644 ${long} = "long\\n"`,
        'f 640 pkg/plain.txt = "plain\\n"',
      ]);
      expect(mtimeOf(path.join(out, 'pkg/bin/run.sh'))).to.equal('2018-03-03T04:05:07.000Z');
      // silent silences the plugin, not the archiver (as in Maven 3.5.0).
      expect(run.log.entries).to.deep.equal([`[INFO] Expanding: ${fixture(name)} into ${out}`]);
    });
  }

  it('entry times as real Maven reads them: NTFS extra field, then extended timestamp, then DOS time', async () => {
    await runGoal(dir, [artifact(fixture('entry-times.zip'), { artifactId: 'times' })]);
    // Recorded with mvn 3.8.7 / maven-dependency-plugin 3.5.0 (commons-compress 1.22), TZ=UTC.
    expect(['dos.txt', 'ut.txt', 'ntfs.txt'].map((f) => `${f} ${mtimeOf(path.join(out, f))}`)).to.deep.equal([
      'dos.txt 2019-06-01T12:00:08.000Z',
      'ut.txt 2019-06-01T12:00:07.000Z',
      'ntfs.txt 2019-06-01T12:00:03.456Z',
    ]);
  });

  it('zip names: ? for undecodable bytes by default, the configured encoding when set; MS-DOS backslashes are separators', async () => {
    await runGoal(dir, [
      artifact(fixture('latin1.zip'), { artifactId: 'l' }),
      artifact(fixture('backslash.zip'), { artifactId: 'b' }),
    ]);
    expect(treeOf(out)).to.deep.equal([
      'd 755 caf?/',
      'f 644 caf?/menu-?.txt = "menu\\n"',
      'f 644 unix\\name.txt = "unix host\\n"',
      'd 755 win/',
      'd 755 win/dir/',
      'f 644 win/dir/file.txt = "dos host\\n"',
    ]);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    const run = await runGoal(dir, [artifact(fixture('latin1.zip'), { artifactId: 'l' })], { encoding: 'ISO-8859-1' });
    expect(treeOf(out)).to.deep.equal(['d 755 café/', 'f 644 café/menu-é.txt = "menu\\n"']);
    expect(run.log.entries).to.deep.equal([
      `[INFO] Unpacking ${fixture('latin1.zip')} to ${out} with includes "" and excludes ""`,
      "[INFO] Unpacks 'zip' with encoding 'ISO-8859-1'.",
    ]);
  });

  it('includes/excludes: patterns on entry names, default excludes with any exclude, printed normalised', async () => {
    const run = await runGoal(dir, [artifact(fixture('scm.zip'), { artifactId: 'scm' })], {
      includes: ' **/*.c , keep.txt,.*',
      excludes: 'nothing-matches',
    });
    expect(run.log.entries).to.deep.equal([
      `[INFO] Unpacking ${fixture('scm.zip')} to ${out} with includes "**/*.c,keep.txt,.*" and excludes "nothing-matches"`,
    ]);
    expect(treeOf(out)).to.deep.equal([
      'f 644 .gitignore = "target/\\n"',
      'f 644 keep.txt = "keep\\n"',
      'd 755 src/',
      'f 644 src/a.c = "int a;\\n"',
    ]);
  });

  it('an empty zip: the output directory and a marker, nothing else', async () => {
    const run = await runGoal(dir, [artifact(fixture('empty.zip'), { artifactId: 'empty' })]);
    expect(run.error).to.equal(undefined);
    expect(treeOf(path.join(dir, 'target'))).to.deep.equal([
      'd 755 dependency/',
      'd 755 dependency-maven-plugin-markers/',
      'f 644 dependency-maven-plugin-markers/g-empty-zip-1.0.marker = ""',
    ]);
  });

  it('relative output and marker directories are resolved against the project basedir', async () => {
    const run = await runGoal(dir, [artifact(fixture('other.zip'), { artifactId: 'other' })], {
      outputDirectory: 'unpacked/here',
      markersDirectory: 'marks',
    });
    expect(run.log.entries).to.deep.equal([
      `[INFO] Unpacking ${fixture('other.zip')} to ${dir}/unpacked/here with includes "" and excludes ""`,
    ]);
    expect(treeOf(dir)).to.deep.equal([
      'd 755 marks/',
      'f 644 marks/g-other-zip-1.0.marker = ""',
      'd 755 unpacked/',
      'd 755 unpacked/here/',
      'f 644 unpacked/here/README.txt = "other readme (older entry)\\n"',
      'f 644 unpacked/here/other.txt = "other\\n"',
    ]);
  });

  it('nothing selected: nothing created at all, not even target/', async () => {
    const run = await runGoal(dir, [artifact(fixture('basic.zip'), { artifactId: 'basic' })], { includeTypes: 'ZIP' });
    expect(run.error).to.equal(undefined);
    expect(fs.existsSync(path.join(dir, 'target'))).to.equal(false);
  });

  it('skip: logs and does nothing, not even the excludeScope=test check', async () => {
    const run = await runGoal(dir, [artifact(fixture('basic.zip'), { artifactId: 'basic' })], {
      skip: true,
      excludeScope: 'test',
    });
    expect(run.error).to.equal(undefined);
    expect(run.log.entries).to.deep.equal(['[INFO] Skipping plugin execution']);
    expect(fs.existsSync(path.join(dir, 'target'))).to.equal(false);
  });

  it('excludeScope=test and invalid scopes fail before anything is unpacked', async () => {
    const deps = [artifact(fixture('basic.zip'), { artifactId: 'basic' })];
    const test = await runGoal(dir, deps, { excludeScope: 'test', includeScope: 'compile' });
    expect(test.error?.message).to.equal(
      "Excluding every artifact inside 'test' resolution scope means excluding everything: you probably want includeScope='compile', read parameters documentation for detailed explanations",
    );
    const invalid = await runGoal(dir, deps, { includeScope: 'Runtime' });
    expect(invalid.error?.message).to.equal('Invalid Scope in includeScope: Runtime');
    expect(fs.existsSync(path.join(dir, 'target'))).to.equal(false);
  });

  it('a pom-type dependency fails with Unknown archiver type after earlier ones are unpacked and marked', async () => {
    const pom = path.join(dir, 'repo', 'bom-1.0.pom');
    fs.mkdirSync(path.dirname(pom), { recursive: true });
    fs.writeFileSync(pom, '<project/>');
    const run = await runGoal(dir, [
      artifact(fixture('other.zip'), { artifactId: 'first' }),
      artifact(pom, { artifactId: 'bom', type: 'pom' }),
      artifact(fixture('basic.zip'), { artifactId: 'never' }),
    ]);
    expect(run.error?.message).to.equal("Unknown archiver type: No such archiver: 'pom'.");
    // A goal error: the build reports it as the goal's failure, not as a crash of the execution.
    expect(isGoalError(run.error)).to.equal(true);
    expect(treeOf(out)).to.deep.equal([
      'f 644 README.txt = "other readme (older entry)\\n"',
      'f 644 other.txt = "other\\n"',
    ]);
    expect(treeOf(markers)).to.deep.equal(['f 644 g-first-zip-1.0.marker = ""']);
  });

  it('a corrupt archive fails naming the file and the cause; earlier artifacts keep output and markers', async () => {
    const run = await runGoal(dir, [
      artifact(fixture('other.zip'), { artifactId: 'first' }),
      artifact(fixture('not-a-zip.zip'), { artifactId: 'bad' }),
    ]);
    const bad = fixture('not-a-zip.zip');
    expect(run.error?.message).to.equal(
      `Error unpacking file: ${bad} to: ${out}: Error while expanding ${bad}: Error on ZipFile ${bad}: Archive is not a ZIP archive`,
    );
    expect(treeOf(markers)).to.deep.equal(['f 644 g-first-zip-1.0.marker = ""']);
    const crc = await runGoal(dir, [artifact(fixture('corrupt-crc.zip'), { artifactId: 'crc' })]);
    expect(crc.error?.message).to.equal(
      `Error unpacking file: ${fixture('corrupt-crc.zip')} to: ${out}: Error while expanding ${fixture('corrupt-crc.zip')}: CRC mismatch (corrupt data) in entry bad.txt`,
    );
    expect(treeOf(markers)).to.deep.equal(['f 644 g-first-zip-1.0.marker = ""']);
  });

  it('a file where a directory is needed (and the reverse) fails like Maven', async () => {
    const notDir = await runGoal(dir, [
      artifact(fixture('file-x.zip'), { artifactId: 'a' }),
      artifact(fixture('dir-x.zip'), { artifactId: 'b' }),
    ]);
    expect(notDir.error?.message).to.equal(
      `Error unpacking file: ${fixture('dir-x.zip')} to: ${out}: Error while expanding ${fixture('dir-x.zip')}: ${out}/x/y.txt: Not a directory`,
    );
    expect(treeOf(markers)).to.deep.equal(['f 644 g-a-zip-1.0.marker = ""']);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    const isDir = await runGoal(dir, [
      artifact(fixture('dir-x.zip'), { artifactId: 'a' }),
      artifact(fixture('file-x.zip'), { artifactId: 'b' }),
    ]);
    expect(isDir.error?.message).to.equal(
      `Error unpacking file: ${fixture('file-x.zip')} to: ${out}: Error while expanding ${fixture('file-x.zip')}: ${out}/x: Is a directory`,
    );
    expect(treeOf(out)).to.deep.equal(['d 755 x/', 'f 644 x/y.txt = "x is a directory\\n"']);
  });

  it('an artifact that is a directory (reactor module not packaged) fails with MDEP-98', async () => {
    const module = path.join(dir, 'module', 'target', 'classes');
    fs.mkdirSync(module, { recursive: true });
    const run = await runGoal(dir, [artifact(module, { artifactId: 'module', type: 'jar' })]);
    expect(run.error?.message).to.equal(
      'Artifact has not been packaged yet. When used on reactor artifact, unpack should be executed after packaging: see MDEP-98.',
    );
    expect(treeOf(out)).to.deep.equal([]);
    expect(fs.existsSync(out)).to.equal(true);
  });
});
