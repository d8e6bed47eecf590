import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GoalExecutionError, type Log } from '@goalhost/api';
import { InputFileError, INPUT_KINDS, readInputBytes, redactUrl } from '@goalhost/model';
import { runCommand, type CommandResult } from './run-command';
import type { ScmCredentials } from './svn-client';

/** git ran and failed; `detail` is its stderr, on one line. */
export class GitCommandError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number,
    readonly detail: string,
  ) {
    super(`'${command}' failed (exit code ${exitCode}): ${detail}`);
    this.name = 'GitCommandError';
  }
}

/** What `git ls-remote --symref` says about the refs asked for. */
export interface RemoteRefs {
  /** `refs/heads/main` when the remote HEAD is a symbolic ref. */
  readonly headTarget?: string;
  /** ref name -> commit (annotated tags: the peeled commit under `refs/tags/x^{}`). */
  readonly refs: ReadonlyMap<string, string>;
}

/** One `[submodule "name"]` section of .gitmodules. */
export interface GitmodulesEntry {
  readonly name: string;
  readonly path?: string;
  readonly url?: string;
  readonly branch?: string;
}

/** An index entry (`git ls-files --stage`). */
export interface IndexEntry {
  readonly mode: string;
  readonly sha: string;
  readonly path: string;
}

export interface GitClientOptions {
  readonly executable?: string;
  readonly env?: NodeJS.ProcessEnv;
  readonly log?: Log;
}

// Answers git's "Username for 'ORIGIN': " prompt with one variable and its password prompt with
// the other, only when the prompt names the origin the credentials were given for: a server that
// redirects elsewhere gets nothing. The secret lives only in the environment of the git process,
// never in argv or in this file.
const ASKPASS_SCRIPT = `#!/bin/sh
origin=$(printf '%s' "$1" | sed -n "s/^[^']*'\\([^']*\\)'.*$/\\1/p" | sed 's#^\\([A-Za-z0-9+.-]*://\\)[^@/]*@#\\1#')
[ -n "$GOALHOST_GIT_ORIGIN" ] && [ "$origin" = "$GOALHOST_GIT_ORIGIN" ] || exit 1
case "$1" in
  Username*|username*) printf '%s\\n' "$GOALHOST_GIT_USERNAME" ;;
  *) printf '%s\\n' "$GOALHOST_GIT_PASSWORD" ;;
esac
`;

/** `scheme://host[:port]` of a URL, as git names it in its credential prompts. */
export function credentialOrigin(url: string): string {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)(?:[^@/]*@)?([^/?#]*)/.exec(url);
  return m ? `${m[1].toLowerCase()}${m[2]}` : '';
}

/** The bytes of a .gitmodules file, undefined when there is none; anything but a regular file of at most 1 MiB is refused. */
export function readGitmodulesFile(file: string): Buffer | undefined {
  try {
    return readInputBytes(file, 'The submodules file', INPUT_KINDS.configuration);
  } catch (e) {
    if (['ENOENT', 'ENOTDIR'].includes((e as NodeJS.ErrnoException).code ?? '')) return undefined;
    if (e instanceof InputFileError)
      throw new GoalExecutionError(`${e.message}: replace it with the regular file git expects, or remove it.`, {
        cause: e,
      });
    throw e;
  }
}

/**
 * The `git` command line behind the few operations the goal needs. Never interactive
 * (`GIT_TERMINAL_PROMPT=0`, ssh in batch mode); explicit credentials go through a GIT_ASKPASS
 * helper reading them from the child's environment, with stored credential helpers switched off.
 */
export class GitClient {
  private readonly executable: string;
  private readonly env: NodeJS.ProcessEnv;

  constructor(private readonly options: GitClientOptions = {}) {
    this.executable = options.executable ?? 'git';
    const base = options.env ?? process.env;
    // Only plain transports: no remote helpers (`ext::`, `fd::`), and none chosen by a URL's owner.
    this.env = {
      ...base,
      GIT_TERMINAL_PROMPT: '0',
      LC_MESSAGES: 'C',
      LANGUAGE: 'C',
      GIT_ALLOW_PROTOCOL: 'file:git:http:https:ssh',
      GIT_PROTOCOL_FROM_USER: '0',
    };
    if (!base.GIT_SSH_COMMAND && !base.GIT_SSH) this.env.GIT_SSH_COMMAND = 'ssh -o BatchMode=yes';
  }

  /** The top-level directory of the work tree holding `dir`, or undefined when there is none. */
  async toplevel(dir: string): Promise<string | undefined> {
    try {
      const result = await this.run(['rev-parse', '--show-toplevel'], dir);
      return result.stdout.trim() || undefined;
    } catch (e) {
      if (e instanceof GitCommandError) return undefined;
      throw e;
    }
  }

  /** `git config --get KEY` in a repository, undefined when unset. */
  async config(repo: string, key: string): Promise<string | undefined> {
    const result = await this.run(['config', '--get', key], repo, { allowExit: [1] });
    return result.exitCode === 0 ? result.stdout.replace(/\n$/, '') : undefined;
  }

  /** `git ls-remote --symref URL REFS...` with optional credentials. */
  async lsRemote(
    cwd: string,
    url: string,
    refs: readonly string[],
    credentials: ScmCredentials = {},
  ): Promise<RemoteRefs> {
    const explicit = credentials.username !== undefined || credentials.password !== undefined;
    const args = [...(explicit ? ['-c', 'credential.helper='] : []), 'ls-remote', '--symref', '--', url, ...refs];
    const result = explicit
      ? await this.withAskpass(url, credentials, (env) => this.run(args, cwd, { env }))
      : await this.run(args, cwd);
    let headTarget: string | undefined;
    const found = new Map<string, string>();
    for (const line of result.stdout.split('\n')) {
      const symref = /^ref: (\S+)\tHEAD$/.exec(line);
      if (symref) headTarget = symref[1];
      const ref = /^([0-9a-f]{40,64})\t(.+)$/.exec(line);
      if (ref) found.set(ref[2], ref[1]);
    }
    return { ...(headTarget ? { headTarget } : {}), refs: found };
  }

  /**
   * The sections of a .gitmodules file (empty when the file does not exist). It must be a file
   * goalhost would read itself: git would read a FIFO or a link to a device forever.
   */
  async readGitmodules(repo: string, file = path.join(repo, '.gitmodules')): Promise<GitmodulesEntry[]> {
    if (readGitmodulesFile(file) === undefined) return [];
    const result = await this.run(['config', '--file', file, '--null', '--list'], repo);
    const byName = new Map<string, Record<string, string>>();
    for (const item of result.stdout.split('\0')) {
      const nl = item.indexOf('\n');
      if (nl < 0) continue;
      const key = item.slice(0, nl);
      const m = /^submodule\.(.+)\.([^.]+)$/.exec(key);
      if (!m) continue;
      const entry = byName.get(m[1]) ?? {};
      entry[m[2].toLowerCase()] = item.slice(nl + 1);
      byName.set(m[1], entry);
    }
    return [...byName.entries()].map(([name, v]) => ({
      name,
      ...(v.path !== undefined ? { path: v.path } : {}),
      ...(v.url !== undefined ? { url: v.url } : {}),
      ...(v.branch !== undefined ? { branch: v.branch } : {}),
    }));
  }

  /** Sets (or with `undefined`, unsets) one key of a git-config file such as a copy of .gitmodules. */
  async setConfig(cwd: string, file: string, key: string, value: string | undefined): Promise<void> {
    const args =
      value === undefined ? ['config', '--file', file, '--unset-all', key] : ['config', '--file', file, key, value];
    // Exit 5: unsetting a key that is not there.
    await this.run(args, cwd, { allowExit: value === undefined ? [5] : [] });
  }

  /** Index entries at or under the given paths. */
  async indexEntries(repo: string, paths: readonly string[]): Promise<IndexEntry[]> {
    if (paths.length === 0) return [];
    const result = await this.run(['ls-files', '--stage', '-z', '--', ...paths.map((p) => `:(literal)${p}`)], repo);
    return result.stdout
      .split('\0')
      .filter((l) => l !== '')
      .map((l) => {
        const m = /^(\d+) ([0-9a-f]+) \d+\t(.*)$/s.exec(l);
        if (!m) throw new GitCommandError('git ls-files --stage', 0, `unexpected output line '${l}'`);
        return { mode: m[1], sha: m[2], path: m[3] };
      });
  }

  /** Records gitlinks (mode 160000) in the index, all in one `update-index` (one index write). */
  async setGitlinks(repo: string, links: readonly { path: string; sha: string }[]): Promise<void> {
    if (links.length === 0) return;
    const input = links.map((l) => `160000 ${l.sha}\t${l.path}\0`).join('');
    await this.run(['update-index', '--add', '-z', '--index-info'], repo, { stdin: input });
  }

  /** `git mv -- FROM TO`: for a submodule, git also moves its checkout and its .gitmodules path. */
  async move(repo: string, from: string, to: string): Promise<void> {
    await this.run(['mv', '--', from, to], repo);
  }

  /** Whether a tracked file's work-tree copy differs from the index (`git diff --quiet`). */
  async hasUnstagedChanges(repo: string, file: string): Promise<boolean> {
    const result = await this.run(['diff', '--quiet', '--', file], repo, { allowExit: [1] });
    return result.exitCode === 1;
  }

  /** `git submodule sync -- PATHS`: initialised submodules take their URL from .gitmodules again. */
  async syncSubmodules(repo: string, paths: readonly string[]): Promise<void> {
    if (paths.length === 0) return;
    await this.run(['submodule', 'sync', '--quiet', '--', ...paths], repo);
  }

  /** `git add -- FILES` */
  async add(repo: string, files: readonly string[]): Promise<void> {
    await this.run(['add', '--', ...files], repo);
  }

  private async withAskpass<T>(
    url: string,
    credentials: ScmCredentials,
    action: (env: NodeJS.ProcessEnv) => Promise<T>,
  ): Promise<T> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-askpass-'));
    try {
      const script = path.join(dir, 'askpass.sh');
      fs.writeFileSync(script, ASKPASS_SCRIPT, { mode: 0o700 });
      return await action({
        GIT_ASKPASS: script,
        GOALHOST_GIT_ORIGIN: credentialOrigin(url),
        GOALHOST_GIT_USERNAME: credentials.username ?? '',
        GOALHOST_GIT_PASSWORD: credentials.password ?? '',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }

  private async run(
    args: readonly string[],
    cwd: string,
    extra: { env?: NodeJS.ProcessEnv; stdin?: string; allowExit?: readonly number[] } = {},
  ): Promise<CommandResult> {
    // What is printed and thrown shows no password, even of a URL that still held one.
    const command = redactUrl([this.executable, ...args].join(' '));
    this.options.log?.debug(
      `Running ${command} in ${cwd}${extra.env?.GIT_ASKPASS ? ' (credentials through GIT_ASKPASS)' : ''}`,
    );
    const result = await runCommand(this.executable, args, {
      cwd,
      env: { ...this.env, ...extra.env },
      ...(extra.stdin !== undefined ? { stdin: extra.stdin } : {}),
    });
    if (result.exitCode !== 0 && !extra.allowExit?.includes(result.exitCode)) {
      const detail = result.stderr
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '')
        .join(' ');
      throw new GitCommandError(
        command,
        result.exitCode,
        redactUrl(detail) || `no message (exit code ${result.exitCode})`,
      );
    }
    return result;
  }
}
