import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';
import { fixture, tempDir, treeOf } from './support';

/*
 * fileMappers of cxx:unpack-dependencies, through the real CLI and a pom.xml written in Maven's
 * configuration syntax. Every expected tree below is what real Maven 3.8.7 with
 * maven-dependency-plugin 3.5.0 made of the same pom (maven-dependency-plugin coordinates instead
 * of cxx-maven-plugin's) and the same two archives: modes, names, contents and link targets.
 */

const F = 'org.codehaus.plexus.components.io.filemappers.';

function mapper(name: string, properties: Record<string, string> = {}): string {
  const body = Object.entries(properties)
    .map(([k, v]) => `<${k}>${v}</${k}>`)
    .join('');
  return `<${F}${name}>${body}</${F}${name}>`;
}

describe('unpack: fileMappers (plexus FileMappers, as maven-dependency-plugin 3.5.0)', () => {
  let dir: string;
  let out: string;
  beforeEach(() => {
    dir = tempDir('mappers');
    out = path.join(dir, 'target', 'dependency');
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  /** A project over basic.zip (and tree.tar.gz unless `zipOnly`), one subdirectory per artifact. */
  function pom(mappers: string, extra = '', zipOnly = false): void {
    const dependency = (id: string, file: string, type: string): string =>
      `<dependency><groupId>g</groupId><artifactId>${id}</artifactId><version>1.0</version><type>${type}</type>` +
      `<scope>system</scope><systemPath>${fixture(file)}</systemPath></dependency>`;
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>t</groupId><artifactId>t</artifactId><version>1</version>
<dependencies>${dependency('basic', 'basic.zip', 'zip')}${zipOnly ? '' : dependency('tree', 'tree.tar.gz', 'tar.gz')}</dependencies>
<build><plugins><plugin><groupId>org.codehaus.mojo</groupId><artifactId>cxx-maven-plugin</artifactId><version>0.0.6-SNAPSHOT</version>
<executions><execution><id>u</id><phase>process-sources</phase><goals><goal>unpack-dependencies</goal></goals>
<configuration><useSubDirectoryPerArtifact>true</useSubDirectoryPerArtifact><fileMappers>${mappers}</fileMappers>${extra}</configuration>
</execution></executions></plugin></plugins></build></project>`,
    );
  }

  function run(): { status: number | null; error: string } {
    const result = runGoalhost(['-B', '-o', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, 'process-sources'], dir);
    const error = result.stdout.split('\n').find((l) => l.startsWith('[ERROR] Failed to execute goal')) ?? '';
    // The message, without Maven's key of the wiki page it cites, which must end the line.
    expect(error === '' || error.endsWith(' -> [Help 1]'), error).to.equal(true);
    return { status: result.status, error: error.replace(/^.*? on project t: /, '').replace(/ -> \[Help 1\]$/, '') };
  }

  it('a chain in order: RegExpFileMapper (replaceAll) then SuffixFileMapper, on a zip and a tar; directory entries are mapped too', () => {
    pom(
      mapper('RegExpFileMapper', { pattern: '/', replacement: '_', replaceAll: 'true' }) +
        mapper('SuffixFileMapper', { suffix: '-v1' }),
    );
    expect(run()).to.deep.equal({ status: 0, error: '' });
    expect(treeOf(out)).to.deep.equal([
      'd 755 basic-1.0-zip/',
      'f 644 basic-1.0-zip/README-v1.txt = "basic readme\\n"',
      'd 755 basic-1.0-zip/docs_-v1/',
      'f 644 basic-1.0-zip/docs_index-v1.html = "<html></html>\\n"',
      'd 755 basic-1.0-zip/empty_-v1/',
      'f 644 basic-1.0-zip/include_a-v1.h = "#define A 1\\n"',
      'f 644 basic-1.0-zip/include_sub_deep-v1.h = "#define DEEP 1\\n"',
      'f 644 basic-1.0-zip/src_main-v1.c = "int main(void) { return 0; }\\n"',
      'd 755 tree-1.0-tar.gz/',
      'd 755 tree-1.0-tar.gz/pkg_-v1/',
      'f 755 tree-1.0-tar.gz/pkg_bin_run-v1.sh = "#!/bin/sh\\necho run\\n"',
      'f 644 tree-1.0-tar.gz/pkg_hard-v1.txt = ""',
      'l tree-1.0-tar.gz/pkg_lib_libx-v1.so -> libx.so.1',
      'f 644 tree-1.0-tar.gz/pkg_lib_libx-v1.so.1 = "ELF\\n"',
      'f 644 tree-1.0-tar.gz/pkg_long-directory-name_long-directory-name_long-directory-name_long-directory-name_long-directory-name_a-file-whose-path-is-longer-than-one-hundred-characters-v1.txt = "long\\n"',
      'f 640 tree-1.0-tar.gz/pkg_plain-v1.txt = "plain\\n"',
    ]);
  });

  it('RegExpFileMapper replaces the first match with Java replacement syntax ($n groups, \\$ a literal dollar)', () => {
    pom(
      mapper('RegExpFileMapper', { pattern: '^(include|src)/(.*)\\.([ch])$', replacement: 'code/$1/$2.$3\\$' }),
      '',
      true,
    );
    expect(run()).to.deep.equal({ status: 0, error: '' });
    expect(treeOf(out)).to.deep.equal([
      'd 755 basic-1.0-zip/',
      'f 644 basic-1.0-zip/README.txt = "basic readme\\n"',
      'd 755 basic-1.0-zip/code/',
      'd 755 basic-1.0-zip/code/include/',
      'f 644 basic-1.0-zip/code/include/a.h$ = "#define A 1\\n"',
      'd 755 basic-1.0-zip/code/include/sub/',
      'f 644 basic-1.0-zip/code/include/sub/deep.h$ = "#define DEEP 1\\n"',
      'd 755 basic-1.0-zip/code/src/',
      'f 644 basic-1.0-zip/code/src/main.c$ = "int main(void) { return 0; }\\n"',
      'd 755 basic-1.0-zip/docs/',
      'f 644 basic-1.0-zip/docs/index.html = "<html></html>\\n"',
      'd 755 basic-1.0-zip/empty/',
    ]);
  });

  it('an implementation="..." attribute names the class too (FileExtensionMapper: a directory entry gets a ".bak" child)', () => {
    pom(
      `<fileMapper implementation="${F}FileExtensionMapper"><targetExtension>bak</targetExtension></fileMapper>`,
      '',
      true,
    );
    expect(run()).to.deep.equal({ status: 0, error: '' });
    expect(treeOf(out)).to.deep.equal([
      'd 755 basic-1.0-zip/',
      'f 644 basic-1.0-zip/README.bak = "basic readme\\n"',
      'd 755 basic-1.0-zip/docs/',
      'd 755 basic-1.0-zip/docs/.bak/',
      'f 644 basic-1.0-zip/docs/index.bak = "<html></html>\\n"',
      'd 755 basic-1.0-zip/empty/',
      'd 755 basic-1.0-zip/empty/.bak/',
      'd 755 basic-1.0-zip/include/',
      'f 644 basic-1.0-zip/include/a.bak = "#define A 1\\n"',
      'd 755 basic-1.0-zip/include/sub/',
      'f 644 basic-1.0-zip/include/sub/deep.bak = "#define DEEP 1\\n"',
      'd 755 basic-1.0-zip/src/',
      'f 644 basic-1.0-zip/src/main.bak = "int main(void) { return 0; }\\n"',
    ]);
  });

  it('FlattenFileMapper drops directories (their entries map onto the output directory); MergeFileMapper writes every entry to one name', () => {
    pom(mapper('FlattenFileMapper'));
    expect(run()).to.deep.equal({ status: 0, error: '' });
    expect(treeOf(out)).to.deep.equal([
      'd 755 basic-1.0-zip/',
      'f 644 basic-1.0-zip/README.txt = "basic readme\\n"',
      'f 644 basic-1.0-zip/a.h = "#define A 1\\n"',
      'f 644 basic-1.0-zip/deep.h = "#define DEEP 1\\n"',
      'f 644 basic-1.0-zip/index.html = "<html></html>\\n"',
      'f 644 basic-1.0-zip/main.c = "int main(void) { return 0; }\\n"',
      'd 755 tree-1.0-tar.gz/',
      'f 644 tree-1.0-tar.gz/a-file-whose-path-is-longer-than-one-hundred-characters.txt = "long\\n"',
      'f 644 tree-1.0-tar.gz/hard.txt = ""',
      'l tree-1.0-tar.gz/libx.so -> libx.so.1',
      'f 644 tree-1.0-tar.gz/libx.so.1 = "ELF\\n"',
      'f 640 tree-1.0-tar.gz/plain.txt = "plain\\n"',
      'f 755 tree-1.0-tar.gz/run.sh = "#!/bin/sh\\necho run\\n"',
    ]);
    fs.rmSync(path.join(dir, 'target'), { recursive: true });
    pom(mapper('MergeFileMapper', { targetName: 'all.txt' }));
    // The tar's first entry is the directory pkg/: all.txt becomes a directory, and its files fail on it.
    expect(run()).to.deep.equal({
      status: 1,
      error:
        `Error unpacking file: ${fixture('tree.tar.gz')} to: ${out}/tree-1.0-tar.gz: Error while expanding ${fixture('tree.tar.gz')}: ` +
        `${out}/tree-1.0-tar.gz/all.txt: Is a directory`,
    });
    expect(treeOf(out)).to.deep.equal([
      'd 755 basic-1.0-zip/',
      'f 644 basic-1.0-zip/all.txt = "<html></html>\\n"',
      'd 755 tree-1.0-tar.gz/',
      'd 755 tree-1.0-tar.gz/all.txt/',
    ]);
    expect(treeOf(path.join(dir, 'target', 'dependency-maven-plugin-markers'))).to.deep.equal([
      'f 644 g-basic-zip-1.0.marker = ""',
    ]);
  });

  it('includes/excludes match the original names; markers ignore the mappers (a rerun with others skips); flattenDestDirs copies the mapped files', () => {
    pom(
      mapper('PrefixFileMapper', { prefix: 'mapped/' }),
      '<excludes>docs/**,mapped/**</excludes><flattenDestDirs><flattenDestDir>flat</flattenDestDir></flattenDestDirs>',
      true,
    );
    expect(run()).to.deep.equal({ status: 0, error: '' });
    expect(treeOf(out)).to.deep.equal([
      'd 755 basic-1.0-zip/',
      'd 755 basic-1.0-zip/mapped/',
      'f 644 basic-1.0-zip/mapped/README.txt = "basic readme\\n"',
      'd 755 basic-1.0-zip/mapped/empty/',
      'd 755 basic-1.0-zip/mapped/include/',
      'f 644 basic-1.0-zip/mapped/include/a.h = "#define A 1\\n"',
      'd 755 basic-1.0-zip/mapped/include/sub/',
      'f 644 basic-1.0-zip/mapped/include/sub/deep.h = "#define DEEP 1\\n"',
      'd 755 basic-1.0-zip/mapped/src/',
      'f 644 basic-1.0-zip/mapped/src/main.c = "int main(void) { return 0; }\\n"',
    ]);
    expect(treeOf(path.join(dir, 'flat'))).to.deep.equal([
      'f 644 README.txt = "basic readme\\n"',
      'f 644 a.h = "#define A 1\\n"',
      'f 644 deep.h = "#define DEEP 1\\n"',
      'f 644 main.c = "int main(void) { return 0; }\\n"',
    ]);
    pom(mapper('PrefixFileMapper', { prefix: 'other/' }), '', true);
    const rerun = runGoalhost(['-B', '-o', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, 'process-sources'], dir);
    expect(rerun.status).to.equal(0);
    expect(rerun.stdout).to.contain('[INFO] g:basic:zip:1.0 already exists in destination.\n');
    expect(fs.existsSync(path.join(out, 'basic-1.0-zip', 'other'))).to.equal(false);
  });

  it('a mapped name leaving the output directory is refused with Maven message, nothing written outside', () => {
    pom(mapper('PrefixFileMapper', { prefix: '../' }), '', true);
    expect(run()).to.deep.equal({
      status: 1,
      error: `Error unpacking file: ${fixture('basic.zip')} to: ${out}/basic-1.0-zip: Entry is outside of the target directory (../README.txt)`,
    });
    expect(treeOf(path.join(dir, 'target'))).to.deep.equal(['d 755 dependency/', 'd 755 dependency/basic-1.0-zip/']);
  });

  it('configuration errors name the class and what it accepts; a mapper left unset fails on the first entry, naming it', () => {
    pom(mapper('PrefixFileMapper', { prefixx: 'mapped/' }));
    expect(run()).to.deep.equal({
      status: 1,
      error: `Unable to parse configuration of parameter fileMappers: Cannot find 'prefixx' in class ${F}PrefixFileMapper (it has prefix)`,
    });
    pom(`<fileMapper><prefix>x</prefix></fileMapper>`);
    expect(run().error).to.equal(
      `Unable to parse configuration of parameter fileMappers: item 1 names the interface ${F}FileMapper; name an implementation as the element ` +
        `(<${F}PrefixFileMapper>) or in implementation="..." (known: IdentityMapper, FlattenFileMapper, MergeFileMapper, PrefixFileMapper, ` +
        'SuffixFileMapper, FileExtensionMapper, RegExpFileMapper)',
    );
    pom(mapper('RegExpFileMapper', { pattern: '(', replacement: 'x' }));
    expect(run().error).to.match(
      new RegExp(
        `^Unable to parse configuration of parameter fileMappers: Cannot set 'pattern' in class ${F}RegExpFileMapper: Invalid regular expression`,
      ),
    );
    expect(fs.existsSync(path.join(dir, 'target'))).to.equal(false);
    // Maven leaves an empty property unset; the mapper then fails at the first entry (a RuntimeException in Maven).
    pom(mapper('RegExpFileMapper', { pattern: 'x', replacement: '' }));
    expect(run()).to.deep.equal({
      status: 1,
      error:
        'Execution u of goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies failed: ' +
        'The pattern replacement string has not been set. (fileMappers: RegExpFileMapper on entry README.txt)',
    });
    // FlattenFileMapper maps a directory entry to '', which the next mapper refuses.
    pom(mapper('FlattenFileMapper') + mapper('PrefixFileMapper', { prefix: 'p-' }));
    expect(run().error).to.equal(
      'Execution u of goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies failed: ' +
        "The source name must not be null. (fileMappers: PrefixFileMapper on entry docs/ (mapped so far to ''))",
    );
  });
});
