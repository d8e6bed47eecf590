import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURES } from '../support/paths';
import { runGoalhost } from '../support/run-goalhost';

/** The fixture sets, each a folder of cases with its cases.tsv and record.sh. */
const SETS = ['transfers', 'imports'].map((set) => path.join(FIXTURES, 'resolver', set));

/** The cases of a set's cases.tsv: name and arguments. */
function cases(set: string): { name: string; args: string[] }[] {
  return fs
    .readFileSync(path.join(set, 'cases.tsv'), 'utf8')
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => {
      const [name, args] = l.split('\t');
      return { name, args: args.split(' ') };
    });
}

/**
 * What goalhost leaves out on purpose: the Java stack trace Maven's logger adds to its checksum
 * warning, and the warning Maven repeats for metadata it failed to get earlier in the build
 * (its version resolver asks twice per POM); the times.
 */
function comparable(log: string): string[] {
  return log
    .split('\n')
    .filter((l) => !/^ {4}at |^org\.eclipse\.aether\.transfer\.ChecksumFailureException: /.test(l))
    .filter((l) => !/maven-metadata\.xmlfailed to transfer from .* during a previous attempt/.test(l))
    .map((l) =>
      l
        .replace(/^\[INFO\] Total time: .*/, '[INFO] Total time: <time>')
        .replace(/^\[INFO\] Finished at: .*/, '[INFO] Finished at: <date>'),
    )
    .filter((l, i, all) => l !== '' || i < all.length - 1);
}

/** The URL a transfer line is about (downloads, checksum warnings), if it is one. */
function transferUrl(line: string): string | undefined {
  const m =
    /^\[(?:INFO|WARNING)\] (?:Downloading from \S+: |Downloaded from \S+: |Could not validate integrity of download from )(\S+)/.exec(
      line,
    ) ?? / from \S+ for (\S+)$/.exec(line);
  return m?.[1];
}

/**
 * Whole logs, recorded with Maven 3.8.7 (record.sh beside the fixtures): repositories with Maven
 * 1's layout (the validators' warnings, the transfer failure), build extensions resolved while
 * the project is read (the first one missing fails it), downloads without checksums or with a
 * wrong one (artifacts and metadata); the repositories imports are looked up in (a settings
 * repository's URL interpolated with the project's properties, a nested import seeing the
 * project's repositories, an imported POM's super-POM central replacing the project's own). Maven downloads several files at once and goalhost too, in
 * another order: the lines of each URL are compared in order, and every other line in order.
 */
describe('resolver: transfers, extensions, legacy repositories and imports, whole logs as Maven 3.8.7 prints them', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-transfers-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const c of SETS.flatMap((set) => cases(set).map((each) => ({ ...each, set })))) {
    it(`${path.basename(c.set)}/${c.name}: ${c.args.join(' ')}`, () => {
      const basedir = path.join(dir, c.name);
      fs.cpSync(path.join(c.set, c.name), basedir, { recursive: true });
      for (const file of fs.readdirSync(basedir, { recursive: true, encoding: 'utf8' })) {
        const f = path.join(basedir, file);
        if (fs.statSync(f).isFile() && /\.(xml|pom)$/.test(f))
          fs.writeFileSync(f, fs.readFileSync(f, 'utf8').replaceAll('@basedir@', basedir));
      }
      const repo = path.join(dir, 'local');
      const run = runGoalhost([...c.args, `-Dmaven.repo.local=${repo}`, '-s', 'settings.xml'], basedir);
      const maven = fs
        .readFileSync(path.join(c.set, `${c.name}.mvn-3.8.7.txt`), 'utf8')
        .replaceAll('{basedir}', basedir)
        .replaceAll('{repo}', repo)
        // The difference README.md lists: the hints name goalhost.
        .replace('re-run Maven with', 're-run goalhost with')
        .replace('Re-run Maven using', 'Re-run goalhost using');
      expect(run.status, run.stdout).to.equal(maven.includes('[INFO] BUILD SUCCESS') ? 0 : 1);
      const [expected, got] = [comparable(maven), comparable(run.stdout)];
      const byUrl = (lines: string[]): Record<string, string[]> => {
        const groups: Record<string, string[]> = {};
        for (const l of lines) {
          const url = transferUrl(l);
          if (url !== undefined)
            (groups[url] ??= []).push(l.replace(/ \(\d+(\.\d+)? [kM]?B at [\d.]+ [kM]?B\/s\)$/, ''));
        }
        return groups;
      };
      expect(got.filter((l) => transferUrl(l) === undefined)).to.deep.equal(
        expected.filter((l) => transferUrl(l) === undefined),
      );
      expect(byUrl(got)).to.deep.equal(byUrl(expected));
    });
  }
});
