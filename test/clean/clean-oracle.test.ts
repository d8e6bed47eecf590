import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GOALHOST_BIN } from '../support/paths';

const CLEAN_VERSION = '3.3.2';
const MAVEN_CLEAN_JAR = path.join(
  os.homedir(),
  '.m2',
  'repository',
  'org',
  'apache',
  'maven',
  'plugins',
  'maven-clean-plugin',
  CLEAN_VERSION,
  `maven-clean-plugin-${CLEAN_VERSION}.jar`,
);

/** A build directory with nested files, a link to a directory outside, a link to a file and a dangling link. */
function makeProject(dir: string, pluginXml: string): void {
  fs.writeFileSync(
    path.join(dir, 'pom.xml'),
    `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>chk</artifactId><version>1</version>${pluginXml}</project>`,
  );
  for (const f of ['a/f', 'a/b/g', 'classes/x/C.class', 'z/1', 'z/2', 'z/3', 'm/q']) {
    fs.mkdirSync(path.dirname(path.join(dir, 'target', f)), { recursive: true });
    fs.writeFileSync(path.join(dir, 'target', f), f);
  }
  fs.mkdirSync(path.join(dir, 'outside'));
  fs.writeFileSync(path.join(dir, 'outside', 'keep'), 'keep');
  fs.symlinkSync('../outside', path.join(dir, 'target', 'lnk'));
  fs.symlinkSync('../outside/keep', path.join(dir, 'target', 'file-lnk'));
  fs.symlinkSync('nowhere', path.join(dir, 'target', 'dang'));
}

/** The cleaner's lines of a -X log, with the project directory replaced by X. */
function cleanerLines(output: string, dir: string): string[] {
  return output
    .split('\n')
    .filter((l) => /^\[(INFO|DEBUG)\] (Deleting |Skipping non-existing|Not recursing)/.test(l))
    .map((l) => l.split(dir).join('X'));
}

/** Real mvn (maven-clean-plugin 3.3.2, same Cleaner as 3.2.0) and goalhost on identical trees. */
describe('clean: clean:clean against real Maven', () => {
  let root: string;
  before(function () {
    if (spawnSync('mvn', ['-v']).status !== 0 || !fs.existsSync(MAVEN_CLEAN_JAR)) {
      this.skip(); // needs mvn and maven-clean-plugin in ~/.m2 (offline)
    }
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-clean-oracle-')));
  });
  after(() => root && fs.rmSync(root, { recursive: true, force: true }));

  it('deletes the same entries in the same order with the same log lines (-X)', () => {
    const mvnDir = path.join(root, 'mvn');
    const ghDir = path.join(root, 'gh');
    fs.mkdirSync(mvnDir);
    fs.mkdirSync(ghDir);
    makeProject(
      mvnDir,
      `<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-clean-plugin</artifactId><version>${CLEAN_VERSION}</version></plugin></plugins></build>`,
    );
    makeProject(ghDir, '');
    const mvn = spawnSync('mvn', ['-o', '-B', '-X', 'clean'], { cwd: mvnDir, encoding: 'utf8' });
    const gh = spawnSync(process.execPath, [GOALHOST_BIN, '-o', '-B', '-X', 'clean'], { cwd: ghDir, encoding: 'utf8' });
    expect([mvn.status, gh.status]).to.deep.equal([0, 0]);
    const expected = cleanerLines(mvn.stdout, mvnDir);
    expect(expected.length).to.equal(22);
    expect(cleanerLines(gh.stdout, ghDir)).to.deep.equal(expected);
    for (const dir of [mvnDir, ghDir]) {
      expect(fs.readdirSync(dir).sort()).to.deep.equal(['outside', 'pom.xml']);
      expect(fs.readFileSync(path.join(dir, 'outside', 'keep'), 'utf8')).to.equal('keep');
    }
  });
});
