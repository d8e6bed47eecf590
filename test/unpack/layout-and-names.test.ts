import { expect } from 'chai';
import {
  archiverNameOfFile,
  chooseArchiver,
  decodeUtf8,
  entryTarget,
  nameDecoderFor,
  PlanFailure,
} from '@goalhost/archive';
import {
  artifactIdOf,
  baseVersionOf,
  formattedOutputDirectory,
  type LayoutOptions,
  type UnpackArtifact,
} from '@goalhost/unpack';

const liba = (version: string): UnpackArtifact => ({
  groupId: 'com.example',
  artifactId: 'liba',
  version,
  baseVersion: baseVersionOf(version),
  type: 'zip',
  classifier: 'bin-linux',
  extension: 'zip',
  scope: 'compile',
  file: '/repo/liba.zip',
  direct: true,
});

describe('unpack: output layout (spec 5.3 worked examples)', () => {
  const R = liba('1.0');
  const T = liba('1.0-20230115.123456-3');
  const dir = (a: UnpackArtifact, o: LayoutOptions): string => formattedOutputDirectory('/out', a, o);

  it('combines scope, type and per-artifact directories in that order', () => {
    expect(dir(R, {})).to.equal('/out');
    expect(dir(R, { useSubDirectoryPerScope: true })).to.equal('/out/compile');
    expect(dir(R, { useSubDirectoryPerType: true })).to.equal('/out/zips');
    expect(dir(R, { useSubDirectoryPerArtifact: true })).to.equal('/out/liba-1.0-bin-linux-zip');
    expect(dir(T, { useSubDirectoryPerArtifact: true })).to.equal('/out/liba-1.0-20230115.123456-3-bin-linux-zip');
    expect(dir(R, { useSubDirectoryPerArtifact: true, stripVersion: true })).to.equal('/out/liba-bin-linux-zip');
    expect(dir(R, { useSubDirectoryPerArtifact: true, stripType: true })).to.equal('/out/liba-1.0-bin-linux');
    expect(
      dir(T, { useSubDirectoryPerScope: true, useSubDirectoryPerType: true, useSubDirectoryPerArtifact: true }),
    ).to.equal('/out/compile/zips/liba-1.0-20230115.123456-3-bin-linux-zip');
    expect(dir({ ...R, scope: null }, { useSubDirectoryPerScope: true })).to.equal('/out/null');
  });

  it('omits the type when it equals the classifier', () => {
    expect(dir({ ...R, classifier: 'zip' }, { useSubDirectoryPerArtifact: true })).to.equal('/out/liba-1.0-zip');
    expect(dir({ ...R, classifier: undefined }, { useSubDirectoryPerArtifact: true })).to.equal('/out/liba-1.0-zip');
  });

  it('the repository layout overrides everything and uses the base version', () => {
    const all: LayoutOptions = {
      useRepositoryLayout: true,
      useSubDirectoryPerArtifact: true,
      useSubDirectoryPerScope: true,
      stripVersion: true,
    };
    expect(dir(R, all)).to.equal('/out/com/example/liba/1.0');
    expect(dir(T, all)).to.equal('/out/com/example/liba/1.0-SNAPSHOT');
  });

  it('goalhost honours stripClassifier and prependGroupId in per-artifact names (Maven ignores them)', () => {
    expect(dir(R, { useSubDirectoryPerArtifact: true, stripClassifier: true })).to.equal('/out/liba-1.0-zip');
    expect(dir(R, { useSubDirectoryPerArtifact: true, prependGroupId: true })).to.equal(
      '/out/com.example.liba-1.0-bin-linux-zip',
    );
    expect(
      dir(R, {
        useSubDirectoryPerArtifact: true,
        prependGroupId: true,
        stripVersion: true,
        stripClassifier: true,
        stripType: true,
      }),
    ).to.equal('/out/com.example.liba');
    expect(dir(R, { stripClassifier: true, prependGroupId: true })).to.equal('/out');
  });

  it('artifact ids (log lines, marker names) use the base version', () => {
    expect(artifactIdOf(T)).to.equal('com.example:liba:zip:bin-linux:1.0-SNAPSHOT');
    expect(artifactIdOf({ ...R, classifier: undefined })).to.equal('com.example:liba:zip:1.0');
  });
});

describe('unpack: archiver choice (type, then file extension)', () => {
  it('finds the unarchiver by type, then by the lower-cased extension, tar.<ext> for compressed tars', () => {
    expect(chooseArchiver('war', '/r/a.war')).to.deep.equal({ name: 'war', format: 'zip' });
    expect(chooseArchiver('test-jar', '/r/a-tests.jar')).to.deep.equal({ name: 'jar', format: 'zip' });
    expect(chooseArchiver('tgz', '/r/a.tgz')).to.deep.equal({ name: 'tgz', format: 'tar.gz' });
    expect(chooseArchiver('bundle', '/r/a-1.0.TAR.BZ2')).to.deep.equal({ name: 'tar.bz2', format: 'tar.bz2' });
    expect(archiverNameOfFile('/r/a-1.0.gz')).to.equal('gz');
    expect(archiverNameOfFile('/r/noext')).to.equal('');
  });

  it('fails like Maven for unknown names', () => {
    expect(() => chooseArchiver('pom', '/r/a-1.0.pom')).to.throw("Unknown archiver type: No such archiver: 'pom'.");
    expect(() => chooseArchiver('foo', '/r/a-1.0.foo')).to.throw("Unknown archiver type: No such archiver: 'foo'.");
    expect(() => chooseArchiver('ZIP', '/r/a-1.0.gz')).to.throw("Unknown archiver type: No such archiver: 'gz'.");
  });
});

describe('unpack: entry names', () => {
  it('decodes non-UTF-8 bytes as ? by default, and in the configured encoding', () => {
    const latin1 = Buffer.from('café/menu-é.txt', 'latin1');
    expect(decodeUtf8(latin1)).to.equal('caf?/menu-?.txt');
    const iso = nameDecoderFor('ISO-8859-1');
    expect(typeof iso === 'function' && iso(latin1)).to.equal('café/menu-é.txt');
    const cp437 = nameDecoderFor('Cp437');
    expect(typeof cp437 === 'function' && cp437(Buffer.from([0x82, 0x81, 0xe1]))).to.equal('éüß');
    expect(nameDecoderFor('no-such-charset')).to.equal(
      "Unsupported encoding 'no-such-charset' in mdep.unpack.encoding: use a Java charset name such as UTF-8, ISO-8859-1, Cp437 or windows-1252",
    );
  });

  it('resolves . and .. inside the output directory and refuses every escape', () => {
    const outside = (name: string): string => (entryTarget('/p/target/dependency', name) as PlanFailure).message;
    expect(entryTarget('/p/target/dependency', 'a/../b.txt')).to.equal('/p/target/dependency/b.txt');
    expect(entryTarget('/p/target/dependency', './c.txt')).to.equal('/p/target/dependency/c.txt');
    expect(entryTarget('/p/target/dependency', 'd//./e.txt')).to.equal('/p/target/dependency/d/e.txt');
    expect(entryTarget('/p/target/dependency', 'unix\\name.txt')).to.equal('/p/target/dependency/unix\\name.txt');
    expect(outside('../../escaped.txt')).to.equal('Entry is outside of the target directory (../../escaped.txt)');
    expect(outside('../dependency-evil/pwned.txt')).to.equal(
      'Entry is outside of the target directory (../dependency-evil/pwned.txt)',
    );
    expect(outside('/etc/passwd')).to.equal('Entry is outside of the target directory (/etc/passwd)');
    expect(outside('\\etc\\passwd')).to.equal('Entry is outside of the target directory (\\etc\\passwd)');
    expect(outside('C:\\evil.txt')).to.equal('Entry is outside of the target directory (C:\\evil.txt)');
  });
});
