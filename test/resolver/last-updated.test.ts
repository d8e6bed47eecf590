import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { generator } from '../hostile/fixtures';
import { errorLines, Sandbox, type Run } from '../hostile/sandbox';

/**
 * `*.lastUpdated`: failed lookups remembered in the local repository, per repository, with the
 * file format and update-policy rules of Maven 3.8.7's resolver (recorded with real mvn against
 * the same kind of loopback repository): a repository that did not have the file is not asked
 * again until its update policy says so, `-U` asks anyway, transfer errors are retried.
 */
describe('resolver: failed lookups remembered in *.lastUpdated (loopback HTTP)', function () {
  this.timeout(60_000);
  const POM = 'f/a/1.0/a-1.0.pom';
  const ZIP = 'f/a/1.0/a-1.0.zip';
  let server: FaultyRepoServer;
  let sandbox: Sandbox;
  let settings: string;

  beforeEach(async () => {
    server = new FaultyRepoServer();
    server.files.set(
      POM,
      Buffer.from(
        '<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>a</artifactId><version>1.0</version></project>\n',
      ),
    );
    await server.start();
    sandbox = Sandbox.create('last-updated');
    settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      `<settings><mirrors><mirror><id>m</id><url>${server.url}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n`,
    );
  });
  afterEach(async () => {
    await server.stop();
    sandbox.dispose();
  });

  const project = (policy?: string) =>
    sandbox.pom(
      [{ groupId: 'f', artifactId: 'a', type: 'zip' }],
      `  <repositories><repository><id>remote</id><url>${server.url}</url>${policy ? `<releases><updatePolicy>${policy}</updatePolicy></releases>` : ''}</repository></repositories>\n`,
    );
  const run = (...extra: string[]): Promise<Run> =>
    sandbox.run(['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, ...extra, 'cxx:unpack-dependencies']);
  const record = () => path.join(sandbox.repo, 'f', 'a', '1.0', 'a-1.0.zip.lastUpdated');
  const zipRequests = () => server.requests.filter((r) => r.endsWith('a-1.0.zip'));
  const firstError = (r: Run) => errorLines(r)[0];
  const cause = (detail: string) =>
    `[ERROR] Failed to execute goal on project p: Could not resolve dependencies for project t:p:pom:1: ${detail} -> [Help 1]`;

  it("records a missing artifact per repository in Maven's format, then does not ask again within the update policy; -U asks", async () => {
    project();
    const first = await run();
    expect(first.status).to.equal(1);
    expect(firstError(first)).to.equal(cause(`Could not find artifact f:a:zip:1.0 in remote (${server.url})`));
    expect(zipRequests()).to.deep.equal(['/repo/f/a/1.0/a-1.0.zip', '/repo/none/f/a/1.0/a-1.0.zip']);
    const key = server.url.replace(/:/g, '\\:');
    expect(
      fs
        .readFileSync(record(), 'utf8')
        .replace(/=\d{13}$/gm, '=<millis>')
        .replace(/^#\w{3} \w{3} \d{2} \d{2}:\d{2}:\d{2} UTC \d{4}$/m, '#<date>'),
    ).to.equal(
      [
        '#NOTE: This is a Maven Resolver internal implementation file, its format can be changed without prior notice.',
        '#<date>',
        `${key}/.error=`,
        `${key}/.lastUpdated=<millis>`,
        `${key}/none/.error=`,
        `${key}/none/.lastUpdated=<millis>`,
        '',
      ].join('\n'),
    );

    const cached = await run();
    expect(cached.status).to.equal(1);
    expect(firstError(cached)).to.equal(
      cause(
        `f:a:zip:1.0 was not found in ${server.url} during a previous attempt. This failure was cached in the local repository ` +
          'and resolution is not reattempted until the update interval of remote has elapsed or updates are forced',
      ),
    );
    expect(zipRequests().length).to.equal(2);

    // -U asks again, and once the repository has the file, it arrives and the record goes.
    server.files.set(ZIP, generator.zip([{ name: 'a.h', data: 'A\n', mode: 0o644 }]));
    const forced = await run('-U');
    expect(forced.status, forced.stdout).to.equal(0);
    expect(zipRequests().length).to.equal(3);
    expect(fs.existsSync(record())).to.equal(false);
  });

  it("the repository's update policy decides: always asks each time; daily asks again after midnight", async () => {
    project('always');
    await run();
    await run();
    // remote (always) is asked twice; central's mirror (daily, the super POM's default) once.
    expect(zipRequests()).to.deep.equal([
      '/repo/f/a/1.0/a-1.0.zip',
      '/repo/none/f/a/1.0/a-1.0.zip',
      '/repo/f/a/1.0/a-1.0.zip',
    ]);
    project();
    // A record made yesterday: the daily policy asks again (and records anew).
    const yesterday = Date.now() - 86_400_000 - 60_000;
    fs.writeFileSync(record(), fs.readFileSync(record(), 'utf8').replace(/=\d{13}$/gm, `=${yesterday}`));
    const again = await run();
    expect(firstError(again)).to.equal(cause(`Could not find artifact f:a:zip:1.0 in remote (${server.url})`));
    expect(zipRequests().length).to.equal(5);
    expect(fs.readFileSync(record(), 'utf8')).not.to.contain(String(yesterday));
  });

  it('a transfer error is recorded with its message but asked again next time (Maven caches only "not found")', async () => {
    server.files.set(ZIP, Buffer.from('x'));
    server.faults.set(ZIP, 'status-500');
    project();
    const failed = await run();
    expect(failed.status).to.equal(1);
    const text = fs.readFileSync(record(), 'utf8');
    expect(text).to.contain(`@default-remote-${server.url.replace(/:/g, '\\:')}/.lastUpdated=`);
    expect(text).to.contain(
      `${server.url.replace(/:/g, '\\:')}/.error=Could not transfer artifact f\\:a\\:zip\\:1.0 from/to remote (${server.url.replace(/:/g, '\\:')})\\: status code\\: 500`,
    );
    const retried = await run();
    expect(retried.status).to.equal(1);
    expect(zipRequests().filter((r) => r.startsWith('/repo/f/')).length).to.equal(2);
  });
});
