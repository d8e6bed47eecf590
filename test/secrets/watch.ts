import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { changes, runGoalhost, snapshot, type Run, type Snapshot } from '../hostile/sandbox';

/**
 * Everything a goalhost run exposes, gathered for a secret hunt: its output, the argument lists
 * of the svn and git commands it started (recorded by wrapper scripts first on PATH) and of every
 * process seen in /proc while it ran, and the content of every file it created or changed below
 * the given roots.
 */
export interface Exposure {
  readonly run: Run;
  /** One line per svn/git invocation: the command name and its arguments. */
  readonly commands: readonly string[];
  /** Command lines of goalhost's descendants seen in /proc while the run went on. */
  readonly processes: readonly string[];
  /** path -> content of files created or changed by the run. */
  readonly files: ReadonlyMap<string, Buffer>;
}

const WRAPPED = ['svn', 'git'];

/** A directory of wrappers that append their argv to $GOALHOST_TEST_ARGV_LOG, then exec the real tool. */
/**
 * The directories a watched run uses inside a fixture's temporary directory `tmp`: its local
 * repository, the wrappers first on PATH (see wrapperDir) and a TMPDIR of its own, made.
 */
export function runDirs(tmp: string): { repo: string; bin: string; tmpdir: string } {
  const tmpdir = path.join(tmp, 'tmp');
  fs.mkdirSync(tmpdir);
  return { repo: path.join(tmp, 'm2repo'), bin: wrapperDir(path.join(tmp, 'bin')), tmpdir };
}

export function wrapperDir(dir: string): string {
  fs.mkdirSync(dir, { recursive: true });
  for (const tool of WRAPPED) {
    const real = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
    if (!real) throw new Error(`${tool} is not installed`);
    fs.writeFileSync(
      path.join(dir, tool),
      `#!/bin/sh\n{ printf '%s' '${tool}'; for a in "$@"; do printf ' %s' "$a"; done; printf '\\n'; } >> "$GOALHOST_TEST_ARGV_LOG"\nexec '${real}' "$@"\n`,
      { mode: 0o755 },
    );
  }
  return dir;
}

function commandLine(pid: number): string {
  return fs.readFileSync(`/proc/${pid}/cmdline`).toString('utf8').replace(/\0+$/, '').replace(/\0/g, ' ');
}

/**
 * Command lines of every process descending from `root` right now (a process tree walk over
 * /proc). A child caught between fork and exec still shows root's own command line: skipped.
 */
function descendants(root: number, into: Set<string>): void {
  let own: string;
  try {
    own = commandLine(root);
  } catch {
    return;
  }
  const parent = new Map<number, number>();
  for (const pid of fs.readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      parent.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone already
    }
  }
  for (const [pid] of parent) {
    let p: number | undefined = parent.get(pid);
    while (p !== undefined && p !== root && p > 1) p = parent.get(p);
    if (p !== root) continue;
    try {
      const line = commandLine(pid);
      if (line && line !== own) into.add(line);
    } catch {
      // gone already
    }
  }
}

export async function expose(
  args: readonly string[],
  options: { cwd: string; env: Record<string, string>; roots: readonly string[]; bin: string },
): Promise<Exposure> {
  const log = path.join(options.bin, '..', `argv-${Date.now()}-${Math.random().toString(36).slice(2)}.log`);
  fs.writeFileSync(log, '');
  const before = new Map<string, Snapshot>(options.roots.map((r) => [r, snapshot(r)]));
  const seen = new Set<string>();
  let goalhost = -1;
  const poll = setInterval(() => goalhost > 0 && descendants(goalhost, seen), 4);
  let run: Run;
  try {
    run = await runGoalhost(args, {
      cwd: options.cwd,
      env: {
        ...options.env,
        PATH: `${options.bin}:${options.env.PATH ?? process.env.PATH ?? ''}`,
        GOALHOST_TEST_ARGV_LOG: log,
      },
      // goalhost's own argv holds what the user typed (-Dpassword=...): only its children count.
      started: (pid) => (goalhost = pid),
    });
  } finally {
    clearInterval(poll);
  }
  const commands = fs
    .readFileSync(log, 'utf8')
    .split('\n')
    .filter((l) => l !== '');
  fs.rmSync(log);
  const files = new Map<string, Buffer>();
  for (const root of options.roots) {
    for (const change of changes(before.get(root)!, snapshot(root))) {
      if (change.startsWith('- ')) continue;
      const file = path.join(root, change.slice(2));
      if (fs.lstatSync(file).isFile()) files.set(file, fs.readFileSync(file));
    }
  }
  return { run: run!, commands, processes: [...seen], files };
}

/** Where any of the secrets shows up in an exposure (empty when nowhere). */
export function leaks(e: Exposure, secrets: readonly string[]): string[] {
  const found: string[] = [];
  for (const secret of secrets) {
    if (e.run.stdout.includes(secret)) found.push(`stdout: ${secret}`);
    if (e.run.stderr.includes(secret)) found.push(`stderr: ${secret}`);
    for (const c of e.commands) if (c.includes(secret)) found.push(`argv: ${c}`);
    for (const p of e.processes) if (p.includes(secret)) found.push(`process: ${p}`);
    for (const [file, content] of e.files) if (content.includes(secret)) found.push(`file: ${file}`);
  }
  return found;
}

/** A secret and the forms it takes on the wire: basic-auth headers carry base64("user:password"). */
export function forms(username: string, password: string): string[] {
  return [password, Buffer.from(`${username}:${password}`).toString('base64')];
}
