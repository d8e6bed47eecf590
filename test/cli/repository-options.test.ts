import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runGoalhost } from '../support/run-goalhost';

/**
 * -C/-c (checksum policy), -llr (legacy local repository) and -nsu (no updates) over file://
 * repositories, each outcome recorded with mvn 3.8.7 and maven-dependency-plugin 3.5.0 on the
 * same repositories (`dependency:list`).
 */
describe('cli: repository options -C, -c, -llr, -nsu as Maven 3.8.7', function () {
  this.timeout(120000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-repo-options-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  const pom = (artifactId: string, version: string) =>
    `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></project>\n`;
  /** A project depending on g:<artifactId>:<version> from repository `ck` at `repo` (its checksum policy if given). */
  const project = (artifactId: string, version: string, repo: string, checksumPolicy = '') => {
    const policy = checksumPolicy ? `<releases><checksumPolicy>${checksumPolicy}</checksumPolicy></releases>` : '';
    write(
      'proj/pom.xml',
      `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>
<repositories><repository><id>ck</id><url>${pathToFileURL(path.join(dir, repo)).href}</url>${policy}</repository></repositories>
<dependencies><dependency><groupId>g</groupId><artifactId>${artifactId}</artifactId><version>${version}</version></dependency></dependencies></project>\n`,
    );
  };
  /** Central mirrored to an empty directory, as in the recording: nothing reaches the network. */
  const run = (...args: string[]) => {
    write('empty-central/.keep', '');
    write(
      'settings.xml',
      `<settings><mirrors><mirror><id>offline</id><mirrorOf>central</mirrorOf><url>${pathToFileURL(path.join(dir, 'empty-central')).href}</url></mirror></mirrors></settings>\n`,
    );
    return runGoalhost(
      [
        '-B',
        '-s',
        path.join(dir, 'settings.xml'),
        `-Dmaven.repo.local=${path.join(dir, 'local')}`,
        ...args,
        'dependency:list',
      ],
      path.join(dir, 'proj'),
    );
  };
  const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');

  it('-C fails on a wrong checksum, -c only warns, whatever the repository declares', () => {
    write('repo/g/dep/1/dep-1.pom', pom('dep', '1'));
    write('repo/g/dep/1/dep-1.pom.sha1', sha1(pom('dep', '1')));
    write('repo/g/dep/1/dep-1.jar', 'jar\n');
    write('repo/g/dep/1/dep-1.jar.sha1', '0'.repeat(40));
    const url = pathToFileURL(path.join(dir, 'repo')).href;
    const mismatch = `Checksum validation failed, expected ${'0'.repeat(40)} but is ${sha1('jar\n')}`;
    project('dep', '1', 'repo');
    const lax = run();
    expect(lax.status).to.equal(0);
    expect(lax.stdout).to.contain(
      `[WARNING] ${mismatch} from ck for ${url}/g/dep/1/dep-1.jar\n` +
        `[WARNING] Could not validate integrity of download from ${url}/g/dep/1/dep-1.jar\n` +
        `[WARNING] ${mismatch} from ck for ${url}/g/dep/1/dep-1.jar\n`,
    );
    fs.rmSync(path.join(dir, 'local'), { recursive: true });
    const strict = run('-C');
    expect(strict.status).to.equal(1);
    expect(strict.stdout).to.contain(
      `[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project g:p:pom:1: Could not transfer artifact g:dep:jar:1 from/to ck (${url}): ${mismatch} -> [Help 1]\n`,
    );
    expect(fs.existsSync(path.join(dir, 'local', 'g', 'dep', '1', 'dep-1.jar'))).to.equal(false);
    // A repository that fails on a mismatch only warns with -c.
    project('dep', '1', 'repo', 'fail');
    expect(run().status).to.equal(1);
    const overridden = run('--lax-checksums');
    expect(overridden.status).to.equal(0);
    expect(overridden.stdout).to.contain(
      `[WARNING] ${mismatch} from ck for ${url}/g/dep/1/dep-1.jar\n` +
        `[WARNING] Could not validate integrity of download from ${url}/g/dep/1/dep-1.jar\n` +
        `[WARNING] ${mismatch} from ck for ${url}/g/dep/1/dep-1.jar\n`,
    );
  });

  it('-llr (and -Dmaven.legacyLocalRepo=true) uses any file of the local repository and records none', () => {
    // The local repository holds g:dep:1, downloaded from a repository this project does not use.
    write('local/g/dep/1/dep-1.pom', pom('dep', '1'));
    write('local/g/dep/1/dep-1.jar', 'jar\n');
    write('local/g/dep/1/_remote.repositories', 'dep-1.jar>other=\ndep-1.pom>other=\n');
    fs.mkdirSync(path.join(dir, 'empty'));
    project('dep', '1', 'empty');
    const enhanced = run();
    expect(enhanced.status).to.equal(1);
    expect(enhanced.stdout).to.contain(
      `Could not find artifact g:dep:jar:1 in ck (${pathToFileURL(path.join(dir, 'empty')).href})`,
    );
    for (const option of ['-llr', '-Dmaven.legacyLocalRepo=true']) {
      const legacy = run(option);
      expect(legacy.status, option).to.equal(0);
      expect(legacy.stdout).to.contain(
        '[INFO] Disabling enhanced local repository: using legacy is strongly discouraged to ensure build reproducibility.\n',
      );
      expect(legacy.stdout).to.contain('[INFO]    g:dep:jar:1:compile\n');
    }
    // Downloads under -llr leave no _remote.repositories.
    write('repo/g/other/1/other-1.pom', pom('other', '1'));
    write('repo/g/other/1/other-1.jar', 'jar\n');
    project('other', '1', 'repo');
    expect(run('-llr').status).to.equal(0);
    expect(fs.readdirSync(path.join(dir, 'local', 'g', 'other', '1')).sort()).to.deep.equal([
      'other-1.jar',
      'other-1.pom',
    ]);
  });

  it('-nsu keeps the snapshot metadata the local repository has, even with -U; without it, a day-old copy is checked again', () => {
    const metadata = (stamp: string, build: string) =>
      `<metadata><groupId>g</groupId><artifactId>snap</artifactId><version>1.0-SNAPSHOT</version><versioning><snapshot><timestamp>${stamp}</timestamp>` +
      `<buildNumber>${build}</buildNumber></snapshot><lastUpdated>20200101000000</lastUpdated><snapshotVersions>` +
      ['jar', 'pom']
        .map(
          (e) =>
            `<snapshotVersion><extension>${e}</extension><value>1.0-${stamp}-${build}</value><updated>20200101000000</updated></snapshotVersion>`,
        )
        .join('') +
      '</snapshotVersions></versioning></metadata>\n';
    for (const v of ['20200101.000000-1', '20200202.000000-2']) {
      write(`repo/g/snap/1.0-SNAPSHOT/snap-1.0-${v}.pom`, pom('snap', '1.0-SNAPSHOT'));
      write(`repo/g/snap/1.0-SNAPSHOT/snap-1.0-${v}.jar`, `${v}\n`);
    }
    write('repo/g/snap/1.0-SNAPSHOT/maven-metadata.xml', metadata('20200202.000000', '2'));
    project('snap', '1.0-SNAPSHOT', 'repo');
    /** The snapshot build the project resolves, with the local repository's metadata two days old and naming build 1. */
    const resolved = (...args: string[]): string => {
      fs.rmSync(path.join(dir, 'local'), { recursive: true, force: true });
      const kept = 'local/g/snap/1.0-SNAPSHOT/maven-metadata-ck.xml';
      write(kept, metadata('20200101.000000', '1'));
      const old = new Date(Date.now() - 2 * 24 * 3600 * 1000);
      fs.utimesSync(path.join(dir, kept), old, old);
      const result = run(...args);
      expect(result.status, result.stdout).to.equal(0);
      return fs
        .readdirSync(path.join(dir, 'local', 'g', 'snap', '1.0-SNAPSHOT'))
        .filter((f) => /-\d{8}\.\d{6}-\d+\.jar$/.test(f))
        .join(',');
    };
    expect(resolved()).to.equal('snap-1.0-20200202.000000-2.jar');
    expect(resolved('-nsu')).to.equal('snap-1.0-20200101.000000-1.jar');
    expect(resolved('--no-snapshot-updates', '-U')).to.equal('snap-1.0-20200101.000000-1.jar');
  });
});
