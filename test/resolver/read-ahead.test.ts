import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Sandbox } from '../hostile/sandbox';
import { RepoServer } from './support/repo-server';

interface Dep {
  readonly a: string;
  readonly scope?: string;
  readonly optional?: boolean;
  readonly excludes?: string;
}

function pom(a: string, deps: readonly Dep[]): string {
  const d = deps
    .map(
      (x) =>
        `<dependency><groupId>r</groupId><artifactId>${x.a}</artifactId><version>1</version>` +
        `${x.scope ? `<scope>${x.scope}</scope>` : ''}${x.optional ? '<optional>true</optional>' : ''}` +
        `${x.excludes ? `<exclusions><exclusion><groupId>r</groupId><artifactId>${x.excludes}</artifactId></exclusion></exclusions>` : ''}</dependency>`,
    )
    .join('');
  return `<project><modelVersion>4.0.0</modelVersion><groupId>r</groupId><artifactId>${a}</artifactId><version>1</version><dependencies>${d}</dependencies></project>\n`;
}

/**
 * The collector reads POMs ahead of its depth-first walk: a POM's dependencies are requested as
 * soon as it arrives, not when the walk reaches them, so a graph costs about its longest chain
 * of round trips. What it reads stays what Maven reads (nothing a selector or an exclusion
 * drops), and the results keep Maven's order.
 */
describe('resolver: POMs read ahead of the depth-first walk (loopback HTTP with a delay)', function () {
  this.timeout(60_000);
  let server: RepoServer;
  let sandbox: Sandbox;
  before(async () => {
    sandbox = Sandbox.create('read-ahead');
    server = new RepoServer(path.join(sandbox.root, 'remote'), { delayMs: 60 });
    const graph: Record<string, Dep[]> = {
      a: [{ a: 'a1' }],
      a1: [{ a: 'a2' }, { a: 'x' }, { a: 't', scope: 'test' }],
      a2: [{ a: 'a3' }, { a: 'o', optional: true }],
      a3: [],
      b: [{ a: 'b1' }, { a: 'p', scope: 'provided' }],
      b1: [{ a: 'b2' }],
      b2: [{ a: 'a3' }],
      x: [],
      t: [],
      o: [],
      p: [],
    };
    for (const [a, deps] of Object.entries(graph)) {
      server.put(`r/${a}/1/${a}-1.pom`, pom(a, deps));
      server.put(`r/${a}/1/${a}-1.jar`, `${a}\n`);
    }
    await server.start();
  });
  after(async () => {
    await server.stop();
    sandbox.dispose();
  });

  it("requests a POM's dependencies when it arrives, only those Maven reads, and lists in Maven's order", async () => {
    const settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      `<settings><mirrors><mirror><id>m</id><url>${server.url}</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n`,
    );
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>' +
        `<dependencies>${[
          '<dependency><groupId>r</groupId><artifactId>a</artifactId><version>1</version><exclusions><exclusion><groupId>r</groupId><artifactId>x</artifactId></exclusion></exclusions></dependency>',
          '<dependency><groupId>r</groupId><artifactId>b</artifactId><version>1</version></dependency>',
        ].join('')}</dependencies></project>\n`,
    );
    const run = await sandbox.run([
      '-B',
      '-s',
      settings,
      `-Dmaven.repo.local=${sandbox.repo}`,
      'dependency:list',
      '-DoutputFile=deps.txt',
    ]);
    expect(run.status, run.stdout).to.equal(0);
    expect(fs.readFileSync(path.join(sandbox.proj, 'deps.txt'), 'utf8')).to.equal(
      [
        '',
        'The following files have been resolved:',
        '   r:a:jar:1:compile',
        '   r:a1:jar:1:compile',
        '   r:a2:jar:1:compile',
        '   r:a3:jar:1:compile',
        '   r:b:jar:1:compile',
        '   r:b1:jar:1:compile',
        '   r:b2:jar:1:compile',
        '',
        '',
      ].join('\n'),
    );
    const poms = server.requests.filter((r) => r.endsWith('.pom')).map((r) => path.basename(r, '-1.pom'));
    // Each POM once; never the excluded, test, provided or optional ones.
    expect([...poms].sort()).to.deep.equal(['a', 'a1', 'a2', 'a3', 'b', 'b1', 'b2']);
    // b1 is asked for as soon as b arrives, while a's chain is still two round trips from a2.
    expect(poms.indexOf('b1')).to.be.lessThan(poms.indexOf('a2'));
  });
});
