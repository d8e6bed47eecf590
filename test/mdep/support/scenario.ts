import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { pomXml, type Dep, type PomSpec } from '../../resolver/support/fixture-repo';
import { FIXTURES } from '../../support/paths';

/**
 * A recorded maven-dependency-plugin scenario: artifacts laid out in a local and a remote
 * repository, a project, and the command lines run one after the other on that same directory.
 * tools/record-mdep-goals.js runs them with real Maven and writes what Maven left
 * (test/fixtures/mdep-goals/expected); test/mdep runs goalhost on the same layout and compares.
 */
export interface Scenario {
  readonly name: string;
  /** In the local repository before the first step. */
  readonly artifacts?: readonly ScenarioArtifact[];
  /** In the remote repository (`{remote}` in arguments: file:// for Maven, loopback HTTP for goalhost). */
  readonly remote?: readonly ScenarioArtifact[];
  /** The project's pom.xml (none: the goal runs without a project). */
  readonly project?: PomSpec & { readonly gav: string };
  readonly steps: readonly ScenarioStep[];
  /** Folders (relative to the fixture root) whose trees are compared after the last step. */
  readonly trees: readonly string[];
  /**
   * The URL of the settings' mirror of central (default: an empty folder below the fixture root).
   * A fixed one makes the order of goals that print repositories in hash order the same in every run.
   */
  readonly centralMirror?: string;
  /** The trees show each entry's permission bits too (goals that set them from archives). */
  readonly modes?: boolean;
}

export interface ScenarioArtifact extends PomSpec {
  readonly gav: string;
  /** `[classifier:]extension` files beside the POM (default: a jar unless packaging is pom). */
  readonly files?: readonly string[];
  /** Files (by the same `[classifier:]extension`) that are copies of archives in test/fixtures/unpack. */
  readonly archives?: Readonly<Record<string, string>>;
  readonly noPom?: boolean;
}

const ARCHIVE_FIXTURES = path.join(FIXTURES, 'unpack');

export interface ScenarioStep {
  /** Arguments after the common ones; `{remote}` and `{root}` are replaced. */
  readonly args: readonly string[];
  /** Changes made before the step runs. */
  readonly before?: readonly StepChange[];
}

/** Writes `content` (or only sets the time) of a file below the fixture root. */
export interface StepChange {
  readonly path: string;
  readonly content?: string;
  readonly mtime: string;
}

/** Every fixture file starts with this modification time. */
export const FIXTURE_MTIME = new Date('2020-01-01T00:00:00Z');

export interface ScenarioLayout {
  readonly root: string;
  readonly repo: string;
  readonly remote: string;
  readonly project: string;
  readonly settings: string;
}

/** Lays the scenario out under `root` (which must be empty or absent). */
export function layOut(scenario: Scenario, root: string, remoteUrl: string): ScenarioLayout {
  const layout: ScenarioLayout = {
    root,
    repo: path.join(root, 'repo'),
    remote: path.join(root, 'remote'),
    project: path.join(root, 'project'),
    settings: path.join(root, 'settings.xml'),
  };
  for (const a of scenario.artifacts ?? []) writeArtifact(layout.repo, a);
  for (const a of scenario.remote ?? []) writeArtifact(layout.remote, a, true);
  fs.mkdirSync(layout.project, { recursive: true });
  fs.mkdirSync(path.join(root, 'central'), { recursive: true });
  if (scenario.project) {
    const file = path.join(layout.project, 'pom.xml');
    fs.writeFileSync(file, pomXml(scenario.project.gav, scenario.project).split('{remote}').join(remoteUrl));
    fs.utimesSync(file, FIXTURE_MTIME, FIXTURE_MTIME);
  }
  // Central is an empty folder: nothing leaves the machine, and a missing artifact is missing there too.
  fs.writeFileSync(
    layout.settings,
    `<settings><mirrors><mirror><id>no-central</id><url>${scenario.centralMirror ?? `file://${path.join(root, 'central')}`}</url><mirrorOf>central</mirrorOf></mirror></mirrors></settings>\n`,
  );
  return layout;
}

function writeArtifact(repo: string, a: ScenarioArtifact, checksums = false): void {
  const [g, id, v] = a.gav.split(':');
  const dir = path.join(repo, ...g.split('.'), id, v);
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  if (!a.noPom) written.push(write(path.join(dir, `${id}-${v}.pom`), pomXml(a.gav, a)));
  for (const f of a.files ?? (a.packaging === 'pom' ? [] : ['jar'])) {
    const [cls, ext] = f.includes(':') ? f.split(':') : ['', f];
    const file = path.join(dir, `${id}-${v}${cls ? `-${cls}` : ''}.${ext}`);
    const archive = a.archives && Object.prototype.hasOwnProperty.call(a.archives, f) ? a.archives[f] : undefined;
    if (archive) fs.copyFileSync(path.join(ARCHIVE_FIXTURES, archive), file);
    written.push(archive ? file : write(file, `${a.gav}:${f}\n`));
  }
  for (const file of checksums ? [...written] : []) {
    const data = fs.readFileSync(file);
    written.push(
      write(`${file}.sha1`, createHash('sha1').update(data).digest('hex')),
      write(`${file}.md5`, createHash('md5').update(data).digest('hex')),
    );
  }
  for (const file of written) fs.utimesSync(file, FIXTURE_MTIME, FIXTURE_MTIME);
}

function write(file: string, content: string): string {
  fs.writeFileSync(file, content);
  return file;
}

/** Applies a step's changes. */
export function applyChanges(root: string, changes: readonly StepChange[] = []): void {
  for (const c of changes) {
    const file = path.join(root, c.path);
    if (c.content !== undefined) {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, c.content);
    }
    const t = new Date(c.mtime);
    fs.utimesSync(file, t, t);
  }
}

/** The step's arguments with `{remote}` and `{root}` replaced. */
export function stepArgs(step: ScenarioStep, root: string, remoteUrl: string): string[] {
  return step.args.map((a) => a.split('{remote}').join(remoteUrl).split('{root}').join(root));
}

/** What one step printed that the comparison looks at. */
export interface StepOutcome {
  readonly status: number;
  /** The goal's own lines (after its `--- ... ---` header), the fixture root written `{root}`. */
  readonly lines: readonly string[];
  /** The `[ERROR]` line saying which goal failed and why. */
  readonly failure?: string;
}

export interface Recording {
  readonly steps: readonly StepOutcome[];
  /** By folder: `d path/`, `f path sha256:12 mtime` (mtime `new` when set by the run). */
  readonly trees: Readonly<Record<string, readonly string[]>>;
}

/** The lines compared of a run's output (ANSI colours removed, paths made relative to `{root}`). */
export function outcomeOf(status: number, stdout: string, root: string, remoteUrl: string): StepOutcome {
  const lines = stdout
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trimEnd().split(remoteUrl).join('{remote}').split(root).join('{root}'));
  const own: string[] = [];
  let inGoal = false;
  for (const l of lines) {
    if (/^\[INFO\] --- .* @ .* ---$/.test(l)) {
      inGoal = true;
      own.push(l);
      continue;
    }
    if (inGoal && /^\[INFO\] (-{72}|BUILD |--- )/.test(l)) inGoal = false;
    if (!inGoal || /^\[INFO\] Download(ing|ed) from /.test(l)) continue;
    own.push(l);
  }
  const failure = lines.find((l) => l.startsWith('[ERROR] Failed to execute goal'));
  return { status, lines: own, ...(failure ? { failure: failure.replace(/ -> \[Help 1\]$/, '') } : {}) };
}

/** The tree of `dir` as recordings hold it; times at or after `since` read `new`; `modes`: permission bits after each entry. */
export function recordTree(dir: string, since: number, root: string, modes = false): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of fs.readdirSync(path.join(dir, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      const full = path.join(dir, r);
      const st = fs.lstatSync(full);
      // The resolver's own bookkeeping of failed look-ups (times, repository URLs): not the goal's doing.
      if (name.endsWith('.lastUpdated') || name === 'resolver-status.properties') continue;
      const mode = modes ? ` ${(st.mode & 0o7777).toString(8)}` : '';
      if (st.isDirectory()) {
        out.push(`d ${r}/${mode}`);
        walk(r);
      } else {
        const data = normalizedContent(name, fs.readFileSync(full), root);
        const time = st.mtimeMs >= since - 1000 ? 'new' : new Date(Math.floor(st.mtimeMs / 1000) * 1000).toISOString();
        const shown =
          data.length <= 160 && !data.includes(0)
            ? JSON.stringify(data.toString('utf8'))
            : createHash('sha256').update(data).digest('hex').slice(0, 12);
        out.push(`f ${r} ${shown} ${time}${mode}`);
      }
    }
  };
  if (fs.existsSync(dir)) walk('');
  return out;
}

/** Contents compared without what differs between two runs: the fixture root, times in metadata. */
function normalizedContent(name: string, data: Buffer, root: string): Buffer {
  let text = data.toString('latin1').split(root).join('{root}');
  // A Java properties file: a time comment, then keys in hash order.
  if (name === '_remote.repositories')
    text = `${text
      .split('\n')
      .filter((l) => l !== '' && !l.startsWith('#'))
      .sort()
      .join('\n')}\n`;
  if (/^maven-metadata.*\.xml$/.test(name)) text = text.replace(/<(lastUpdated|updated)>\d+<\/\1>/g, '<$1/>');
  return Buffer.from(text, 'latin1');
}

export type { Dep };
