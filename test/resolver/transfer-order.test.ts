import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Sandbox } from '../hostile/sandbox';
import { FIXTURES } from '../support/paths';
import { RepoServer } from './support/repo-server';

function pom(a: string, deps: readonly string[], parent?: string): string {
  const d = deps
    .map((x) => `<dependency><groupId>r</groupId><artifactId>${x}</artifactId><version>1</version></dependency>`)
    .join('');
  const p = parent ? `<parent><groupId>r</groupId><artifactId>${parent}</artifactId><version>1</version></parent>` : '';
  return `<project><modelVersion>4.0.0</modelVersion>${p}<groupId>r</groupId><artifactId>${a}</artifactId><version>1</version>${a === 'par' ? '<packaging>pom</packaging>' : ''}<dependencies>${d}</dependencies></project>\n`;
}

/**
 * The order of the transfer lines against a repository whose files answer after different delays
 * (recorded with Maven 3.8.7 on the same repository). Maven's collector reads one POM after
 * another: each POM's lines, then its parent's, in the walk's order, whatever goalhost read ahead
 * and whichever arrived first; a missing POM's "Downloading" line comes just before its warning.
 * The files are then downloaded by 5 threads, taken in the resolved graph's order: a
 * "Downloading" line when a thread takes one, "Downloaded" when it is done (so the sixth starts
 * after the first done), which the delays make one order. Maven's threads start the first five
 * at once, so their "Downloading" lines come in any order; goalhost prints them in the order taken.
 */
describe('resolver: transfer lines in the order Maven 3.8.7 prints them (loopback HTTP, a delay per file)', function () {
  this.timeout(60_000);
  let server: RepoServer;
  let sandbox: Sandbox;
  before(async () => {
    sandbox = Sandbox.create('transfer-order');
    const file = (a: string, ext: string): string => `r/${a}/1/${a}-1.${ext}`;
    const delays = new Map<string, number>([
      // a's POM comes last: b's, e's and the parent (through b) are read ahead before it.
      // Wide apart: e's whole download (three requests, its files written) must fit between d's
      // end and c's, also on a loaded machine.
      [file('a', 'pom'), 800],
      [file('a', 'jar'), 1200],
      [file('c', 'jar'), 300],
      [file('b', 'jar'), 900],
      [file('m', 'jar'), 600],
    ]);
    server = new RepoServer(path.join(sandbox.root, 'remote'), { delays });
    const graph: Record<string, { deps: string[]; parent?: string }> = {
      par: { deps: [] },
      a: { deps: ['c'], parent: 'par' },
      b: { deps: ['d', 'm'], parent: 'par' },
      c: { deps: [] },
      d: { deps: [] },
      m: { deps: [] },
      e: { deps: [] },
    };
    for (const [a, { deps, parent }] of Object.entries(graph)) {
      // m has no POM: Maven warns and takes it without dependencies.
      if (a !== 'm') server.put(file(a, 'pom'), pom(a, deps, parent));
      if (a !== 'par') server.put(file(a, 'jar'), `${a}\n`);
    }
    await server.start();
  });
  after(async () => {
    await server.stop();
    sandbox.dispose();
  });

  it('POM lines in the walk order, file lines as the 5 download threads take and finish them', async () => {
    const settings = path.join(sandbox.root, 'settings.xml');
    fs.writeFileSync(
      settings,
      `<settings><mirrors><mirror><id>loop</id><url>${server.url}</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n`,
    );
    const dependency = (a: string): string =>
      `<dependency><groupId>r</groupId><artifactId>${a}</artifactId><version>1</version></dependency>`;
    fs.writeFileSync(
      path.join(sandbox.proj, 'pom.xml'),
      '<project><modelVersion>4.0.0</modelVersion><groupId>t</groupId><artifactId>p</artifactId><version>1</version><packaging>pom</packaging>' +
        `<dependencies>${['a', 'b', 'e'].map(dependency).join('')}</dependencies></project>\n`,
    );
    const run = await sandbox.run(['-B', '-s', settings, `-Dmaven.repo.local=${sandbox.repo}`, 'dependency:list']);
    expect(run.status, run.stdout).to.equal(0);
    const transferLines = (log: string, url: string): string[] =>
      log
        .split('\n')
        .filter((l) => /^\[(INFO|WARNING)\] (Downloading|Downloaded|The POM)/.test(l))
        .map((l) => l.replaceAll(`${url}/r/`, '').replace(/ \(\d+ B at [^)]*\)$/, ''));
    const lines = transferLines(run.stdout, server.url);
    const pomLines = (a: string): string[] => [
      `[INFO] Downloading from loop: ${a}/1/${a}-1.pom`,
      `[INFO] Downloaded from loop: ${a}/1/${a}-1.pom`,
    ];
    const jar = (verb: string, a: string): string => `[INFO] ${verb} from loop: ${a}/1/${a}-1.jar`;
    const expected = [
      ...pomLines('a'),
      ...pomLines('par'),
      ...pomLines('c'),
      ...pomLines('b'),
      ...pomLines('d'),
      '[INFO] Downloading from loop: m/1/m-1.pom',
      '[WARNING] The POM for r:m:jar:1 is missing, no dependency information available',
      ...pomLines('e'),
      ...['a', 'c', 'b', 'd', 'm'].map((a) => jar('Downloading', a)),
      jar('Downloaded', 'd'),
      jar('Downloading', 'e'),
      jar('Downloaded', 'e'),
      jar('Downloaded', 'c'),
      jar('Downloaded', 'm'),
      jar('Downloaded', 'b'),
      jar('Downloaded', 'a'),
    ];
    expect(lines).to.deep.equal(expected);
    const maven = transferLines(
      fs.readFileSync(path.join(FIXTURES, 'resolver', 'transfer-order.mvn-3.8.7.txt'), 'utf8'),
      '{url}',
    );
    const firstFive = (l: string[]): string[] => l.slice(14, 19);
    expect([...firstFive(maven)].sort()).to.deep.equal([...firstFive(expected)].sort());
    expect([...maven.slice(0, 14), ...maven.slice(19)]).to.deep.equal([
      ...expected.slice(0, 14),
      ...expected.slice(19),
    ]);
    // The POMs were read ahead all the same: a's, the first walked, was asked for with b's and e's.
    const poms = server.requests.filter((r) => r.endsWith('.pom')).map((r) => path.basename(r, '-1.pom'));
    expect(poms.slice(0, 3).sort()).to.deep.equal(['a', 'b', 'e']);
  });
});
