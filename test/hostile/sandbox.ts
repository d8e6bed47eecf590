import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GOALHOST_BIN } from '../support/paths';
export { treeOf } from '../support/tree';

/**
 * A throw-away world for one goalhost run: a local repository, a project and whatever else a test
 * puts beside them, all below one temporary root, so a before/after snapshot of the root shows
 * every file the run created, changed or removed anywhere near it.
 */

export interface Coordinates {
  readonly groupId?: string;
  readonly artifactId: string;
  readonly version?: string;
  readonly type: string;
  readonly classifier?: string;
}

export interface Run {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly millis: number;
}

export class Sandbox {
  readonly repo: string;
  readonly proj: string;

  private constructor(readonly root: string) {
    this.repo = path.join(root, 'repo');
    this.proj = path.join(root, 'proj');
    fs.mkdirSync(this.repo);
    fs.mkdirSync(this.proj);
  }

  static create(prefix: string): Sandbox {
    return new Sandbox(fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `goalhost-${prefix}-`))));
  }

  /** The artifact's path in the local repository (Maven's default layout). */
  fileOf(c: Coordinates): string {
    const group = c.groupId ?? 'g';
    const version = c.version ?? '1.0';
    const name = `${c.artifactId}-${version}${c.classifier ? `-${c.classifier}` : ''}.${c.type}`;
    return path.join(this.repo, ...group.split('.'), c.artifactId, version, name);
  }

  /** Puts an artifact file (bytes, or a copy of a file) into the local repository. */
  install(c: Coordinates, content: Buffer | string): string {
    const file = this.fileOf(c);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (typeof content === 'string') fs.copyFileSync(content, file);
    else fs.writeFileSync(file, content);
    return file;
  }

  /** Writes proj/pom.xml (project t:p:1) depending on `deps` in that order. */
  pom(deps: readonly Coordinates[], extra = ''): string {
    const dependencies = deps
      .map(
        (d) =>
          `    <dependency><groupId>${d.groupId ?? 'g'}</groupId><artifactId>${d.artifactId}</artifactId>` +
          `<version>${d.version ?? '1.0'}</version><type>${d.type}</type>${d.classifier ? `<classifier>${d.classifier}</classifier>` : ''}</dependency>`,
      )
      .join('\n');
    const text =
      `<project>\n  <modelVersion>4.0.0</modelVersion>\n  <groupId>t</groupId><artifactId>p</artifactId><version>1</version>\n` +
      `  <packaging>pom</packaging>\n  <dependencies>\n${dependencies}\n  </dependencies>\n${extra}</project>\n`;
    const file = path.join(this.proj, 'pom.xml');
    fs.writeFileSync(file, text);
    return file;
  }

  /** The usual unpack command line against this sandbox's repository. */
  unpackArgs(...extra: string[]): string[] {
    return ['-o', '-B', `-Dmaven.repo.local=${this.repo}`, ...extra, 'cxx:unpack-dependencies'];
  }

  run(args: readonly string[], options: RunOptions = {}): Promise<Run> {
    return runGoalhost(args, { cwd: this.proj, ...options });
  }

  snapshot(): Snapshot {
    return snapshot(this.root);
  }

  dispose(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

export interface RunOptions {
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly timeoutMs?: number;
  /** Called with the child once it is started (to watch or kill it). */
  readonly started?: (pid: number) => void;
}

/** The real CLI in a child process, asynchronously (tests serve HTTP from this process meanwhile). */
export function runGoalhost(args: readonly string[], options: RunOptions = {}): Promise<Run> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GOALHOST_BIN, ...args], {
      cwd: options.cwd,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        TZ: 'UTC',
        LANG: 'C.UTF-8',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.on('error', reject);
    if (child.pid !== undefined) options.started?.(child.pid);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr, millis: Date.now() - started });
    });
  });
}

/** path (relative) -> what is there: kind, mode, link count, size and content hash or link target. */
export type Snapshot = Map<string, string>;

export function snapshot(root: string): Snapshot {
  const out: Snapshot = new Map();
  const walk = (rel: string): void => {
    const full = rel ? path.join(root, rel) : root;
    for (const name of fs.readdirSync(full)) {
      // The store of unpacked trees beside the local repository is the user's cache, as the
      // repository is; the same engine and refusals fill it (test/unpack/store*.test.ts).
      if (rel === '' && name === 'goalhost-store') continue;
      const r = rel ? `${rel}/${name}` : name;
      const p = path.join(root, r);
      const st = fs.lstatSync(p);
      const mode = (st.mode & 0o7777).toString(8);
      if (st.isSymbolicLink()) out.set(r, `link -> ${fs.readlinkSync(p)}`);
      else if (st.isDirectory()) {
        out.set(r, `dir ${mode}`);
        walk(r);
      } else if (st.isFile()) {
        const hash = crypto.createHash('sha1').update(fs.readFileSync(p)).digest('hex').slice(0, 12);
        out.set(r, `file ${mode} nlink=${st.nlink} ${st.size}b ${hash}`);
      } else out.set(r, `special ${st.mode.toString(8)}`);
    }
  };
  walk('');
  return out;
}

/** `+ path`, `- path`, `~ path` for everything that differs between two snapshots. */
export function changes(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [p, v] of after) {
    if (!before.has(p)) out.push(`+ ${p}`);
    else if (before.get(p) !== v) out.push(`~ ${p}`);
  }
  for (const p of before.keys()) if (!after.has(p)) out.push(`- ${p}`);
  return out.sort();
}

/** Runs `fn` over `items`, at most `limit` at a time (the machine has two cores for everyone). */
export async function inParallel<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}

/** The `[ERROR]` lines of a run (the first is the failure message). */
export function errorLines(run: Run): string[] {
  return run.stdout.split('\n').filter((l) => l.startsWith('[ERROR]'));
}

/** A Java- or Node-style stack frame anywhere in the output. */
export const STACK_FRAME = /^\s*(\[ERROR\]\s+)?at .+(\(.*:\d+:\d+\)|:\d+:\d+)$/m;

/** What Maven appends to the first failure line: the key of the first Maven wiki page it cites. */
export const HELP_1 = ' -> [Help 1]';

/** The failure line the host prints for a failed cxx:unpack-dependencies in project t:p (`message`, then Maven's help key). */
export function unpackFailure(message: string): string {
  return `${UNPACK_FAILURE}${message}${HELP_1}`;
}

/** The start of unpackFailure's line, up to the goal's message. */
export const UNPACK_FAILURE =
  '[ERROR] Failed to execute goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (default-cli) on project p: ';
