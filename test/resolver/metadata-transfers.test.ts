import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FaultyRepoServer } from '../faults/faulty-repo-server';
import { Sandbox } from '../hostile/sandbox';

/**
 * The transfer lines of a version range's metadata, as Maven 3.8.7 prints them (recorded with
 * real mvn against the same kind of loopback repository): every repository asked at once, a
 * "Downloading" line for each (also where the file is absent), "Downloaded" with size and speed.
 */
describe('resolver: metadata transfer lines (loopback HTTP, recorded with Maven 3.8.7)', function () {
  this.timeout(60_000);
  let server: FaultyRepoServer;
  let sandbox: Sandbox;
  before(async () => {
    server = new FaultyRepoServer();
    server.files.set(
      'f/a/maven-metadata.xml',
      Buffer.from(
        '<metadata><groupId>f</groupId><artifactId>a</artifactId><versioning><versions><version>1.0</version><version>1.1</version></versions></versioning></metadata>\n',
      ),
    );
    for (const v of ['1.0', '1.1']) {
      server.files.set(
        `f/a/${v}/a-${v}.pom`,
        Buffer.from(
          `<project><modelVersion>4.0.0</modelVersion><groupId>f</groupId><artifactId>a</artifactId><version>${v}</version><packaging>pom</packaging></project>\n`,
        ),
      );
    }
    await server.start();
    sandbox = Sandbox.create('metadata-transfers');
  });
  after(async () => {
    await server.stop();
    sandbox.dispose();
  });

  it("prints Downloading for each repository's maven-metadata.xml and Downloaded for the one that has it", async () => {
    const settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      `<settings><mirrors><mirror><id>m</id><url>${server.url}/none</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n`,
    );
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      `<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version>` +
        `<repositories><repository><id>remote</id><url>${server.url}</url></repository></repositories>` +
        '<dependencies><dependency><groupId>f</groupId><artifactId>a</artifactId><version>[1.0,2.0)</version><type>pom</type></dependency></dependencies></project>\n',
    );
    const run = await sandbox.run(['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, 'dependency:list']);
    expect(run.status, run.stdout).to.equal(0);
    const transfers = run.stdout
      .split('\n')
      .filter((l) => /maven-metadata\.xml/.test(l))
      .map((l) => l.replace(/ at [\d.]+ [kM]?B\/s\)$/, ' at <speed>)'));
    expect(transfers).to.deep.equal([
      `[INFO] Downloading from remote: ${server.url}/f/a/maven-metadata.xml`,
      `[INFO] Downloading from m: ${server.url}/none/f/a/maven-metadata.xml`,
      `[INFO] Downloaded from remote: ${server.url}/f/a/maven-metadata.xml (158 B at <speed>)`,
    ]);
    expect(run.stdout).to.contain('[INFO]    f:a:pom:1.1:compile\n');
  });
});
