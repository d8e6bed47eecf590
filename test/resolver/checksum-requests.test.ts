import { expect } from 'chai';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Sandbox } from '../hostile/sandbox';
import { RepoServer } from './support/repo-server';

const POM =
  '<project><modelVersion>4.0.0</modelVersion><groupId>org.ex</groupId><artifactId>lib</artifactId><version>1.0</version></project>\n';
const METADATA =
  '<metadata><groupId>org.ex</groupId><artifactId>lib</artifactId><versioning><versions><version>1.0</version></versions></versioning></metadata>\n';

/**
 * The requests a download makes, as Maven 3.8.7 makes them (recorded with real mvn and
 * maven-dependency-plugin 3.5.0 against a loopback repository, `dependency:list` of a dependency
 * on `[1.0,)`): each file, then its `.sha1`, then its `.md5` only where there is no `.sha1`, and
 * nothing more; metadata as artifacts.
 */
describe('resolver: checksum requests of a download (loopback HTTP, recorded with Maven 3.8.7)', function () {
  this.timeout(60_000);
  let server: RepoServer;
  let sandbox: Sandbox;
  beforeEach(() => {
    sandbox = Sandbox.create('checksum-requests');
  });
  afterEach(async () => {
    await server.stop();
    sandbox.dispose();
  });

  async function list(checksums: 'sha1+md5' | 'md5' | 'none'): Promise<string[]> {
    server = new RepoServer(path.join(sandbox.root, 'remote'));
    const given = checksums === 'sha1+md5';
    server.put('org/ex/lib/maven-metadata.xml', METADATA, given);
    server.put('org/ex/lib/1.0/lib-1.0.pom', POM, given);
    server.put('org/ex/lib/1.0/lib-1.0.jar', 'jar\n', given);
    if (checksums === 'md5')
      for (const f of ['maven-metadata.xml', '1.0/lib-1.0.pom', '1.0/lib-1.0.jar']) {
        const file = path.join(server.root, 'org/ex/lib', f);
        fs.writeFileSync(`${file}.md5`, createHash('md5').update(fs.readFileSync(file)).digest('hex'));
      }
    await server.start();
    const settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      `<settings><mirrors><mirror><id>m</id><url>${server.url}</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n`,
    );
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>' +
        '<dependencies><dependency><groupId>org.ex</groupId><artifactId>lib</artifactId><version>[1.0,)</version></dependency></dependencies></project>\n',
    );
    const run = await sandbox.run(['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, 'dependency:list']);
    expect(run.status, run.stdout).to.equal(0);
    expect(run.stdout).to.contain('[INFO]    org.ex:lib:jar:1.0:compile');
    return server.requests.map((r) => r.replace(/^\/repo\//, ''));
  }

  it('asks for the .sha1 beside each file and no other checksum when it is there', async () => {
    expect(await list('sha1+md5')).to.deep.equal([
      'org/ex/lib/maven-metadata.xml',
      'org/ex/lib/maven-metadata.xml.sha1',
      'org/ex/lib/1.0/lib-1.0.pom',
      'org/ex/lib/1.0/lib-1.0.pom.sha1',
      'org/ex/lib/1.0/lib-1.0.jar',
      'org/ex/lib/1.0/lib-1.0.jar.sha1',
    ]);
  });

  it('asks for the .md5 where there is no .sha1', async () => {
    expect(await list('md5')).to.deep.equal([
      'org/ex/lib/maven-metadata.xml',
      'org/ex/lib/maven-metadata.xml.sha1',
      'org/ex/lib/maven-metadata.xml.md5',
      'org/ex/lib/1.0/lib-1.0.pom',
      'org/ex/lib/1.0/lib-1.0.pom.sha1',
      'org/ex/lib/1.0/lib-1.0.pom.md5',
      'org/ex/lib/1.0/lib-1.0.jar',
      'org/ex/lib/1.0/lib-1.0.jar.sha1',
      'org/ex/lib/1.0/lib-1.0.jar.md5',
    ]);
  });

  it('asks for .sha1 and .md5 once each, nothing else, against a repository without checksums', async () => {
    expect(await list('none')).to.deep.equal([
      'org/ex/lib/maven-metadata.xml',
      'org/ex/lib/maven-metadata.xml.sha1',
      'org/ex/lib/maven-metadata.xml.md5',
      'org/ex/lib/1.0/lib-1.0.pom',
      'org/ex/lib/1.0/lib-1.0.pom.sha1',
      'org/ex/lib/1.0/lib-1.0.pom.md5',
      'org/ex/lib/1.0/lib-1.0.jar',
      'org/ex/lib/1.0/lib-1.0.jar.sha1',
      'org/ex/lib/1.0/lib-1.0.jar.md5',
    ]);
  });
});
