import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { treeOf } from '../hostile/sandbox';
import { ROOT } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';
import { dep, expectSuccess, LockFixture, pom, sha256, zip } from './lock-fixture';

/** Debian's Maven repository, where mvn's plugins are installed on this machine. */
const DEBIAN_REPO = '/usr/share/maven-repo';

/** Every file below `dir`, `/`-separated, sorted. */
function files(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string, rel: string): void => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(path.join(d, e.name), r);
      else out.push(r);
    }
  };
  walk(dir, '');
  return out.sort();
}

/** settings.xml whose one mirror of every repository is the bundle, as a file:// repository. */
function bundleSettings(file: string, bundle: string): void {
  fs.writeFileSync(
    file,
    `<settings><mirrors><mirror><id>bundle</id><url>file://${bundle}</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n`,
  );
}

/**
 * dependency:bundle: every locked file (dependencies, POMs, with checksums and the metadata a
 * version range and a snapshot need) copied into a Maven-layout directory, which then serves the
 * build alone: the local repository removed, the original repositories gone.
 */
describe('lock: dependency:bundle, an offline repository from the lock', function () {
  this.timeout(180_000);

  describe('a reactor served over loopback HTTP', () => {
    let f: LockFixture;
    const zlib = zip('zlib.h', 'zlib 1.0\n');
    const util = zip('util.h', 'util 1.0\n');
    const extra = zip('extra.h', 'extra 1.5\n');
    const snap = zip('snap.h', 'build 3\n');
    beforeEach(async () => {
      f = await LockFixture.start();
      f.deploy('f:zlib:1.0', zlib, dep('f:util:1.0'));
      f.deploy('f:util:1.0', util);
      // f:extra by a version range: the metadata lists two versions, the range picks 1.5.
      f.deploy('f:extra:1.5', extra);
      f.deploy('f:extra:1.0', zip('extra.h', 'extra 1.0\n'));
      f.server.files.set(
        'f/extra/maven-metadata.xml',
        Buffer.from(
          '<metadata><groupId>f</groupId><artifactId>extra</artifactId><versioning><versions><version>1.0</version><version>1.5</version></versions></versioning></metadata>',
        ),
      );
      const dir = 'f/snap/1.0-SNAPSHOT';
      f.server.files.set(
        `${dir}/maven-metadata.xml`,
        Buffer.from(
          '<metadata><groupId>f</groupId><artifactId>snap</artifactId><version>1.0-SNAPSHOT</version><versioning><snapshot><timestamp>20200101.120000</timestamp><buildNumber>3</buildNumber></snapshot>' +
            '<lastUpdated>20200101120000</lastUpdated><snapshotVersions><snapshotVersion><extension>zip</extension><value>1.0-20200101.120000-3</value><updated>20200101120000</updated></snapshotVersion>' +
            '<snapshotVersion><extension>pom</extension><value>1.0-20200101.120000-3</value><updated>20200101120000</updated></snapshotVersion></snapshotVersions></versioning></metadata>',
        ),
      );
      f.server.files.set(`${dir}/snap-1.0-20200101.120000-3.pom`, pom('f:snap:1.0-SNAPSHOT'));
      f.server.files.set(`${dir}/snap-1.0-20200101.120000-3.zip`, snap);
      const modules = '  <modules><module>m1</module><module>m2</module></modules>\n';
      fs.writeFileSync(f.pomFile, f.projectXml('t:root:1', '', modules));
      const range =
        '<dependency><groupId>f</groupId><artifactId>extra</artifactId><version>[1.0,2.0)</version><type>zip</type></dependency>';
      for (const [m, d] of [
        ['m1', dep('f:zlib:1.0')],
        ['m2', range + dep('f:snap:1.0-SNAPSHOT')],
      ]) {
        fs.mkdirSync(path.join(f.sandbox.proj, m));
        fs.writeFileSync(path.join(f.sandbox.proj, m, 'pom.xml'), f.projectXml(`t:${m}:1`, d));
      }
    });
    afterEach(() => f.stop());

    it('bundles every locked file of the reactor into one repository that alone builds every goal, the local repository removed', async () => {
      expectSuccess(await f.run('dependency:lock'));
      const bundle = path.join(f.sandbox.root, 'bundle');
      const bundled = await f.run('dependency:bundle', `-DoutputDirectory=${bundle}`);
      expectSuccess(bundled);
      expect(bundled.stdout)
        .to.contain(`[INFO] Bundled 4 locked files of t:m1:1 into ${bundle} (4 copied, 0 already there)\n`)
        .and.contain(`[INFO] Bundled 5 locked files of t:m2:1 into ${bundle} (5 copied, 0 already there)\n`)
        .and.contain(`[INFO] Bundled 0 locked files of t:root:1 into ${bundle} (0 copied, 0 already there)\n`);
      const withSums = (p: string): string[] => [p, `${p}.md5`, `${p}.sha1`];
      expect(files(bundle)).to.deep.equal(
        [
          // Every version of a range is read (its POM too), as Maven's collector does; the newest wins.
          'f/extra/1.0/extra-1.0.pom',
          'f/extra/1.5/extra-1.5.pom',
          'f/extra/1.5/extra-1.5.zip',
          'f/extra/maven-metadata.xml',
          'f/snap/1.0-SNAPSHOT/maven-metadata.xml',
          'f/snap/1.0-SNAPSHOT/snap-1.0-20200101.120000-3.pom',
          'f/snap/1.0-SNAPSHOT/snap-1.0-20200101.120000-3.zip',
          'f/snap/1.0-SNAPSHOT/snap-1.0-SNAPSHOT.pom',
          'f/snap/maven-metadata.xml',
          'f/util/1.0/util-1.0.pom',
          'f/util/1.0/util-1.0.zip',
          'f/util/maven-metadata.xml',
          'f/zlib/1.0/zlib-1.0.pom',
          'f/zlib/1.0/zlib-1.0.zip',
          'f/zlib/maven-metadata.xml',
        ]
          .flatMap(withSums)
          .sort(),
      );
      expect(fs.readFileSync(path.join(bundle, 'f/zlib/1.0/zlib-1.0.zip.sha1'), 'utf8')).to.match(/^[0-9a-f]{40}$/);
      expect(fs.readFileSync(path.join(bundle, 'f/extra/maven-metadata.xml'), 'utf8')).to.contain(
        '<versions>\n      <version>1.0</version>\n      <version>1.5</version>\n    </versions>',
      );
      expect(fs.readFileSync(path.join(bundle, 'f/snap/1.0-SNAPSHOT/maven-metadata.xml'), 'utf8'))
        .to.contain('<timestamp>20200101.120000</timestamp>')
        .and.contain('<buildNumber>3</buildNumber>');
      // Bundling again copies nothing.
      expect((await f.run('dependency:bundle', `-DoutputDirectory=${bundle}`)).stdout).to.contain(
        `[INFO] Bundled 4 locked files of t:m1:1 into ${bundle} (0 copied, 4 already there)\n`,
      );

      // The original repository is gone, the local repository too: the bundle alone serves the build.
      f.server.files.clear();
      const requestsBefore = f.server.requests.length;
      fs.rmSync(f.sandbox.repo, { recursive: true });
      fs.mkdirSync(f.sandbox.repo);
      bundleSettings(f.settings, bundle);
      const unpack = await f.run('cxx:unpack-dependencies');
      expectSuccess(unpack);
      expect(treeOf(path.join(f.sandbox.proj, 'm1', 'target', 'dependency'))).to.deep.equal([
        'f 644 util.h = "util 1.0\\n"',
        'f 644 zlib.h = "zlib 1.0\\n"',
      ]);
      expect(treeOf(path.join(f.sandbox.proj, 'm2', 'target', 'dependency'))).to.deep.equal([
        'f 644 extra.h = "extra 1.5\\n"',
        'f 644 snap.h = "build 3\\n"',
      ]);
      for (const goal of ['dependency:list', 'dependency:tree', 'dependency:resolve', 'dependency:lock']) {
        const r = await f.run(goal);
        expectSuccess(r);
      }
      expect(f.server.requests.length, 'nothing asked of the original repository').to.equal(requestsBefore);
      // The lock is unchanged by dependency:lock against the bundle, but for the origin each line names.
      expect(fs.readFileSync(path.join(f.sandbox.proj, 'm1', 'goalhost.lock'), 'utf8')).to.contain(
        `\nf:zlib:zip:1.0 compile depth=1 sha256:${sha256(zlib)} from=bundle\n`,
      );

      // Real Maven resolves from the bundle as a file:// repository (its plugins from Debian's /usr/share/maven-repo, a local repository of its own).
      const mvnSettings = path.join(f.sandbox.root, 'mvn-settings.xml');
      fs.writeFileSync(
        mvnSettings,
        `<settings><mirrors><mirror><id>bundle</id><url>file://${bundle}</url><mirrorOf>loopback</mirrorOf></mirror>` +
          `<mirror><id>debian</id><url>file://${DEBIAN_REPO}</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n`,
      );
      const listFile = path.join(f.sandbox.root, 'mvn-list.txt');
      const mvn = spawnSync(
        'mvn',
        [
          '-B',
          '-s',
          mvnSettings,
          `-Dmaven.repo.local=${path.join(f.sandbox.root, 'mvn-repo')}`,
          'org.apache.maven.plugins:maven-dependency-plugin:3.5.0:list',
          `-DoutputFile=${listFile}`,
          '-DappendOutput=true',
        ],
        { cwd: f.sandbox.proj, encoding: 'utf8', timeout: 150_000 },
      );
      expect(mvn.status, mvn.stdout).to.equal(0);
      expect(fs.readFileSync(listFile, 'utf8'))
        .to.contain('   f:zlib:zip:1.0:compile')
        .and.contain('   f:extra:zip:1.5:compile')
        .and.contain('   f:snap:zip:1.0-SNAPSHOT:compile');
    });
  });

  it('the bundled example builds from its bundle alone, its own repository removed', () => {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-bundle-example-'));
    try {
      const project = path.join(work, 'cxx-app');
      fs.cpSync(path.join(ROOT, 'examples', 'cxx-app'), project, {
        recursive: true,
        filter: (src) => !src.includes(`${path.sep}target`),
      });
      const m2 = path.join(work, 'm2');
      const run = (...args: string[]) =>
        runGoalhost(['-B', '-f', path.join(project, 'pom.xml'), `-Dmaven.repo.local=${m2}`, ...args], work, {
          XDG_CACHE_HOME: path.join(work, 'cache'),
        });
      expect(run('dependency:lock').status).to.equal(0);
      expect(run('process-sources').status).to.equal(0);
      const expected = treeOf(path.join(project, 'target'));
      const bundle = path.join(work, 'bundle');
      const bundled = run('dependency:bundle', `-DoutputDirectory=${bundle}`);
      expect(bundled.status, bundled.stdout).to.equal(0);
      fs.rmSync(path.join(project, 'repository'), { recursive: true });
      fs.rmSync(path.join(project, 'target'), { recursive: true });
      fs.rmSync(m2, { recursive: true });
      const settings = path.join(work, 'settings.xml');
      bundleSettings(settings, bundle);
      const offline = run('-s', settings, 'process-sources');
      expect(offline.status, offline.stdout).to.equal(0);
      expect(treeOf(path.join(project, 'target'))).to.deep.equal(expected);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  });
});
