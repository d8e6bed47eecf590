import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { Sandbox } from '../hostile/sandbox';
import { stableLog } from '../support/run-goalhost';

/**
 * Build plugins no POM gives a version: Maven 3.8.7 resolves one from the plugin repositories'
 * metadata before a project's goals run (for goal tasks, the top-level project's before any goal;
 * for `<extensions>true</extensions>` while the project is read) and fails when there is none.
 * Every expectation was recorded with real mvn 3.8.7 on the same POMs and repositories (its
 * "-> [Help 1]" suffix and help links are Maven's own and not printed by goalhost).
 */
describe('resolver: plugin versions from the plugin repositories (recorded with Maven 3.8.7)', function () {
  this.timeout(60_000);
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = Sandbox.create('plugin-versions');
  });
  afterEach(() => sandbox.dispose());

  const plugin = (groupId: string, artifactId: string, extra = ''): string =>
    `<plugin><groupId>${groupId}</groupId><artifactId>${artifactId}</artifactId>${extra}</plugin>`;
  const project = (build: string, extra = ''): void => {
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>zz.pv</groupId><artifactId>p</artifactId><version>1.0</version>\n${extra}  <build>${build}</build>\n</project>\n`,
    );
  };
  const notFound = (ga: string, repositories: string): string =>
    `[ERROR] Error resolving version for plugin '${ga}' from the repositories [${repositories}]: Plugin not found in any plugin repository -> [Help 1]`;
  const offline = (...args: string[]) => sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, ...args]);
  const central = 'central (https://repo.maven.apache.org/maven2)';
  const HINTS = [
    '[ERROR] ',
    '[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.',
    '[ERROR] Re-run goalhost using the -X switch to enable full debug logging.',
    '[ERROR] ',
    '[ERROR] For more information about the errors and possible solutions, please read the following articles:',
    '[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/PluginVersionResolutionException',
  ];
  const missingVersionWarning = (ga: string, at: string): string[] => [
    '[WARNING] ',
    '[WARNING] Some problems were encountered while building the effective model for zz.pv:p:jar:1.0',
    `[WARNING] 'build.plugins.plugin.version' for ${ga} is missing. @ ${at}`,
    '[WARNING] ',
    '[WARNING] It is highly recommended to fix these problems because they threaten the stability of your build.',
    '[WARNING] ',
    '[WARNING] For this reason, future Maven versions might no longer support building such malformed projects.',
    '[WARNING] ',
  ];
  const failure = [
    '[INFO] ------------------------------------------------------------------------',
    '[INFO] BUILD FAILURE',
    '[INFO] ------------------------------------------------------------------------',
    '[INFO] Total time: <time>',
    '[INFO] Finished at: <date>',
    '[INFO] ------------------------------------------------------------------------',
  ];
  const header = [
    '[INFO] ',
    '[INFO] ------------------------------< zz.pv:p >-------------------------------',
    '[INFO] Building p 1.0',
    '[INFO] --------------------------------[ jar ]---------------------------------',
  ];

  it('a build plugin without a version and no metadata: a goal task fails before any project starts', async () => {
    project(`<plugins>${plugin('zz.pv', 'nover')}</plugins>`);
    const run = await offline('dependency:list');
    expect(run.status).to.equal(1);
    expect(stableLog(run.stdout).split('\n')).to.deep.equal([
      '[INFO] Scanning for projects...',
      ...missingVersionWarning('zz.pv:nover', 'line 4, column 27'),
      ...failure,
      notFound('zz.pv:nover', `local (${sandbox.repo}), ${central}`),
      ...HINTS,
      '',
    ]);
  });

  it("in a reactor, a goal task fails on the top-level project's plugins with every project SKIPPED", async () => {
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>zz.pv</groupId><artifactId>root</artifactId><version>1.0</version><packaging>pom</packaging>\n' +
        `<modules><module>m1</module></modules>\n<build><plugins>${plugin('zz.pv', 'nover')}</plugins></build></project>\n`,
    );
    fs.mkdirSync(path.join(sandbox.proj, 'm1'));
    fs.writeFileSync(
      path.join(sandbox.proj, 'm1', 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><parent><groupId>zz.pv</groupId><artifactId>root</artifactId><version>1.0</version></parent><artifactId>m1</artifactId></project>\n',
    );
    const run = await offline('dependency:list');
    expect(run.status).to.equal(1);
    const lines = stableLog(run.stdout)
      .split('\n')
      .filter((l) => !l.startsWith('[WARNING]'));
    expect(lines).to.deep.equal([
      '[INFO] Scanning for projects...',
      '[INFO] ------------------------------------------------------------------------',
      '[INFO] Reactor Build Order:',
      '[INFO] ',
      '[INFO] root                                                               [pom]',
      '[INFO] m1                                                                 [jar]',
      '[INFO] ------------------------------------------------------------------------',
      '[INFO] Reactor Summary for root 1.0:',
      '[INFO] ',
      '[INFO] root ............................................... SKIPPED',
      '[INFO] m1 ................................................. SKIPPED',
      ...failure,
      notFound('zz.pv:nover', `local (${sandbox.repo}), ${central}`),
      ...HINTS,
      '',
    ]);
  });

  it('a managed plugin without a version: a phase fails once its project has started, before its goals', async () => {
    project(`<pluginManagement><plugins>${plugin('zz.pv', 'managed')}</plugins></pluginManagement>`);
    const run = await offline('validate');
    expect(run.status).to.equal(1);
    expect(stableLog(run.stdout).split('\n')).to.deep.equal([
      '[INFO] Scanning for projects...',
      ...header,
      ...failure,
      notFound('zz.pv:managed', `local (${sandbox.repo}), ${central}`),
      ...HINTS,
      '',
    ]);
  });

  it('an extension plugin without a version: the project cannot be read', async () => {
    project(`<plugins>${plugin('zz.pv', 'ext', '<extensions>true</extensions>')}</plugins>`);
    const run = await offline('validate');
    expect(run.status).to.equal(1);
    // Recorded with mvn 3.8.7: the problem cites PluginManagerException.
    expect(run.stdout).to.contain(
      `[ERROR]     Unresolveable build extension: Error resolving version for plugin 'zz.pv:ext' from the repositories [local (${sandbox.repo}), ${central}]: Plugin not found in any plugin repository -> [Help 2]\n`,
    );
    expect(run.stdout).to.contain(
      '[ERROR] [Help 2] http://cwiki.apache.org/confluence/display/MAVEN/PluginManagerException\n',
    );
    expect(run.stdout).not.to.contain('Building p 1.0');
  });

  it('local metadata: the release when its jar resolves, else the highest version whose jar does; lifecycle, super POM and goalhost plugins need none', async () => {
    const dir = path.join(sandbox.repo, 'zz', 'pv', 'meta');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'maven-metadata-local.xml'),
      '<metadata><groupId>zz.pv</groupId><artifactId>meta</artifactId><versioning><release>2.0</release>' +
        '<versions><version>0.9</version><version>1.0</version><version>2.0</version></versions><lastUpdated>20260101000000</lastUpdated></versioning></metadata>\n',
    );
    for (const v of ['0.9', '1.0'])
      sandbox.install({ groupId: 'zz.pv', artifactId: 'meta', version: v, type: 'jar' }, Buffer.from('x\n'));
    project(
      `<plugins>${plugin('zz.pv', 'meta')}${plugin('org.apache.maven.plugins', 'maven-compiler-plugin')}` +
        `${plugin('org.apache.maven.plugins', 'maven-dependency-plugin')}${plugin('org.codehaus.mojo', 'cxx-maven-plugin')}</plugins>`,
    );
    // cxx-maven-plugin is goalhost's own (the version it runs is the registered one); real Maven
    // would look it up too, and fail offline: the one deliberate difference here.
    const run = await offline('-X', 'validate');
    expect(run.status, run.stdout).to.equal(0);
    expect(run.stdout.split('\n').filter((l) => l.includes('Resolved plugin version'))).to.deep.equal([
      `[DEBUG] Resolved plugin version for zz.pv:meta to 1.0 from repository ${sandbox.repo} (enhanced)`,
    ]);
    // Without the 1.0 jar, 0.9; without any jar, nothing.
    fs.rmSync(path.dirname(sandbox.fileOf({ groupId: 'zz.pv', artifactId: 'meta', version: '1.0', type: 'jar' })), {
      recursive: true,
    });
    expect((await offline('-X', 'validate')).stdout).to.contain(
      'Resolved plugin version for zz.pv:meta to 0.9 from repository',
    );
    fs.rmSync(path.dirname(sandbox.fileOf({ groupId: 'zz.pv', artifactId: 'meta', version: '0.9', type: 'jar' })), {
      recursive: true,
    });
    const none = await offline('validate');
    expect(none.status).to.equal(1);
    expect(none.stdout).to.contain(`${notFound('zz.pv:meta', `local (${sandbox.repo}), ${central}`)}\n`);
  });

  describe('online (a loopback repository mirroring everything)', () => {
    let server: FaultyRepoServer;
    before(async () => {
      server = new FaultyRepoServer();
      server.files.set(
        'zz/pv/remote/maven-metadata.xml',
        Buffer.from(
          '<metadata><groupId>zz.pv</groupId><artifactId>remote</artifactId><versioning><latest>3.0</latest><release>3.0</release>' +
            '<versions><version>2.0</version><version>3.0</version></versions><lastUpdated>20260101000000</lastUpdated></versioning></metadata>\n',
        ),
      );
      server.files.set('zz/pv/remote/3.0/remote-3.0.jar', Buffer.from('x\n'));
      await server.start();
    });
    after(() => server.stop());

    const online = (...args: string[]) => {
      const settings = path.join(sandbox.root, 'settings.xml');
      fs.writeFileSync(
        settings,
        `<settings><mirrors><mirror><id>mirror</id><url>${server.url}</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n`,
      );
      return sandbox.run(['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, ...args]);
    };

    it("downloads the metadata (kept as maven-metadata-<id>.xml) and the chosen version's jar", async () => {
      project(`<plugins>${plugin('zz.pv', 'remote')}</plugins>`);
      const run = await online('-X', 'validate');
      expect(run.status, run.stdout).to.equal(0);
      expect(run.stdout).to.contain(
        `[DEBUG] Resolved plugin version for zz.pv:remote to 3.0 from repository mirror (${server.url}, default, releases)\n`,
      );
      // The metadata's checksum is kept beside it, as Maven 3.8.7 keeps it.
      expect(fs.readdirSync(path.join(sandbox.repo, 'zz', 'pv', 'remote')).sort()).to.deep.equal([
        '3.0',
        'maven-metadata-mirror.xml',
        'maven-metadata-mirror.xml.sha1',
      ]);
      expect(fs.existsSync(path.join(sandbox.repo, 'zz', 'pv', 'remote', '3.0', 'remote-3.0.jar'))).to.equal(true);
    });

    it('a plugin the repository does not have fails naming the repositories asked', async () => {
      project(`<plugins>${plugin('zz.pv', 'absent')}</plugins>`);
      const run = await online('validate');
      expect(run.status).to.equal(1);
      expect(run.stdout).to.contain(`[INFO] Downloading from mirror: ${server.url}/zz/pv/absent/maven-metadata.xml\n`);
      expect(run.stdout).to.contain(`${notFound('zz.pv:absent', `local (${sandbox.repo}), mirror (${server.url})`)}\n`);
    });
  });
});
