import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { descriptorFromGoals, type GoalContext } from '@goalhost/api';
import { CleanGoal, plugin } from '@goalhost/plugin-clean';
import { RecordingLog } from '../help/recording-log';

/** Every entry below `dir`, `name/` for directories and `name -> target` for links, sorted. */
function tree(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      const st = fs.lstatSync(path.join(dir, r));
      if (st.isSymbolicLink()) out.push(`${r} -> ${fs.readlinkSync(path.join(dir, r))}`);
      else if (st.isDirectory()) {
        out.push(`${r}/`);
        walk(r);
      } else out.push(r);
    }
  };
  walk('');
  return out;
}

describe('clean: clean:clean', () => {
  let root: string;
  let target: string;
  let log: RecordingLog;

  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-clean-')));
    target = path.join(root, 'project', 'target');
    for (const f of ['classes/org/A.class', 'test-classes/B.class', 'dependency/include/x.h', 'app.jar']) {
      fs.mkdirSync(path.dirname(path.join(target, f)), { recursive: true });
      fs.writeFileSync(path.join(target, f), f);
    }
    fs.mkdirSync(path.join(root, 'outside'));
    fs.writeFileSync(path.join(root, 'outside', 'keep.txt'), 'keep');
    fs.symlinkSync('../../outside', path.join(target, 'link-out'));
    fs.symlinkSync(path.join(root, 'outside', 'keep.txt'), path.join(target, 'file-link'));
    fs.symlinkSync('nowhere', path.join(target, 'dangling'));
    fs.writeFileSync(path.join(root, 'project', 'pom.xml'), '<project/>');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  async function run(parameters: Partial<CleanGoal> = {}, debug = false): Promise<void> {
    log = new RecordingLog(debug);
    const goal = new CleanGoal({ log } as unknown as GoalContext);
    Object.assign(
      goal,
      {
        directory: target,
        outputDirectory: path.join(target, 'classes'),
        testOutputDirectory: path.join(target, 'test-classes'),
        reportDirectory: path.join(target, 'classes'),
        followSymLinks: false,
        skip: false,
        failOnError: true,
        retryOnError: true,
        excludeDefaultDirectories: false,
        fast: false,
        fastMode: 'background',
      },
      parameters,
    );
    await goal.execute();
  }

  const untouched = [
    'outside/',
    'outside/keep.txt',
    'project/',
    'project/pom.xml',
    'project/target/',
    'project/target/app.jar',
    'project/target/classes/',
    'project/target/classes/org/',
    'project/target/classes/org/A.class',
    'project/target/dangling -> nowhere',
    'project/target/dependency/',
    'project/target/dependency/include/',
    'project/target/dependency/include/x.h',
    'project/target/file-link -> ROOT/outside/keep.txt',
    'project/target/link-out -> ../../outside',
    'project/target/test-classes/',
    'project/target/test-classes/B.class',
  ];
  const treeNow = (): string[] => tree(root).map((l) => l.replace(root, 'ROOT'));

  it('is maven-clean-plugin 3.2.0 clean:clean: phase clean, the same user properties', () => {
    const d = descriptorFromGoals(plugin);
    expect([d.groupId, d.artifactId, d.version, d.goalPrefix]).to.deep.equal([
      'org.apache.maven.plugins',
      'maven-clean-plugin',
      '3.2.0',
      'clean',
    ]);
    expect(d.mojos.map((m) => [m.goal, m.phase, m.threadSafe])).to.deep.equal([['clean', 'clean', true]]);
    expect(
      d.mojos[0].parameters.map(
        (p) => `${p.name}${p.editable ? '' : ' (read-only)'}=${p.expression ?? ''}|${p.defaultValue ?? ''}`,
      ),
    ).to.deep.equal([
      'directory (read-only)=|${project.build.directory}',
      'excludeDefaultDirectories=${maven.clean.excludeDefaultDirectories}|false',
      'failOnError=${maven.clean.failOnError}|true',
      'fast=${maven.clean.fast}|false',
      'fastDir=${maven.clean.fastDir}|',
      'fastMode=${maven.clean.fastMode}|background',
      'followSymLinks=${maven.clean.followSymLinks}|false',
      'outputDirectory (read-only)=|${project.build.outputDirectory}',
      'reportDirectory (read-only)=|${project.build.outputDirectory}',
      'retryOnError=${maven.clean.retryOnError}|true',
      'skip=${maven.clean.skip}|false',
      'testOutputDirectory (read-only)=|${project.build.testOutputDirectory}',
      'verbose=${maven.clean.verbose}|',
    ]);
  });

  it('deletes the build directory, logging "Deleting <dir>", and deletes links without following them', async () => {
    expect(treeNow()).to.deep.equal(untouched);
    await run();
    expect(log.entries).to.deep.equal([`[INFO] Deleting ${target}`]);
    expect(treeNow()).to.deep.equal(['outside/', 'outside/keep.txt', 'project/', 'project/pom.xml']);
  });

  it('with -X: logs each deletion (verbose follows -X), skips the output directories that went with it, does not recurse into links', async () => {
    await run({}, true);
    const isDeletion = (e: string): boolean => /^\[INFO\] Deleting (file|directory|dangling symlink) /.test(e);
    const debug = log.entries.filter((e) => !isDeletion(e));
    expect(debug).to.deep.equal([
      `[INFO] Deleting ${target}`,
      `[DEBUG] Not recursing into symlink ${target}/link-out`,
      `[DEBUG] Skipping non-existing directory ${target}/classes`,
      `[DEBUG] Skipping non-existing directory ${target}/test-classes`,
      `[DEBUG] Skipping non-existing directory ${target}/classes`,
    ]);
    const deleted = [
      'directory classes',
      'directory classes/org',
      'file classes/org/A.class',
      'directory test-classes',
      'file test-classes/B.class',
      'directory dependency',
      'directory dependency/include',
      'file dependency/include/x.h',
      'file app.jar',
      'directory link-out',
      'file file-link',
      'dangling symlink dangling',
    ].map((e) => `[INFO] Deleting ${e.replace(/ (\S+)$/, ` ${target}/$1`)}`);
    const deletions = log.entries.filter(isDeletion);
    expect([...deletions].sort()).to.deep.equal([...deleted, `[INFO] Deleting directory ${target}`].sort());
    expect(deletions[deletions.length - 1]).to.equal(`[INFO] Deleting directory ${target}`);
  });

  it('verbose logs each deletion at info level', async () => {
    await run({ verbose: true });
    expect(log.entries.length).to.equal(14);
    expect(log.entries[0]).to.equal(`[INFO] Deleting ${target}`);
    expect(log.entries[13]).to.equal(`[INFO] Deleting directory ${target}`);
    expect(log.entries).to.include(`[INFO] Deleting file ${target}/app.jar`);
  });

  it('followSymLinks deletes what links point to, then the links', async () => {
    await run({ followSymLinks: true });
    expect(treeNow()).to.deep.equal(['outside/', 'project/', 'project/pom.xml']);
  });

  it('skip (maven.clean.skip) logs "Clean is skipped." and deletes nothing', async () => {
    await run({ skip: true });
    expect(log.entries).to.deep.equal(['[INFO] Clean is skipped.']);
    expect(treeNow()).to.deep.equal(untouched);
  });

  it('excludeDefaultDirectories deletes nothing', async () => {
    await run({ excludeDefaultDirectories: true });
    expect(log.entries).to.deep.equal([]);
    expect(treeNow()).to.deep.equal(untouched);
  });

  it('a missing build directory is not an error', async () => {
    fs.rmSync(target, { recursive: true });
    await run();
    expect(log.entries).to.deep.equal([]);
  });

  it('a build directory that is a file fails the goal, naming it, and deletes nothing', async () => {
    const file = path.join(root, 'project', 'pom.xml');
    let message = 'no failure';
    try {
      await run({ directory: file });
    } catch (e) {
      message = `${(e as Error).name}: ${(e as Error).message}`;
    }
    expect(message).to.equal(`GoalExecutionError: Failed to clean project: Invalid base directory ${file}`);
    expect(treeNow()).to.deep.equal(untouched);
  });
});
