import { parseXml, child, childText, redactUrl } from '@goalhost/model';
import type { Log } from '@goalhost/api';
import { runCommand, type CommandResult } from './run-command';

/** User name and password for one svn server; the password never reaches argv or a log. */
export interface ScmCredentials {
  readonly username?: string;
  readonly password?: string;
}

/** The fields of `svn info --xml` the goal needs. */
export interface SvnInfo {
  readonly url: string;
  /** `^/path/in/repository` */
  readonly relativeUrl: string;
  readonly root: string;
  readonly uuid?: string;
  /** The entry's revision: HEAD of the repository for a URL, the base revision for a working copy. */
  readonly revision: number;
  /** The last revision that changed the entry (`<commit revision>`): stable while nothing below it changes. */
  readonly lastChangedRevision?: number;
  readonly kind: string;
}

/** svn ran and failed: `codes` are svn's error codes (E170001 ...), `detail` its stderr lines. */
export class SvnCommandError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number,
    readonly codes: readonly string[],
    readonly detail: string,
  ) {
    super(`'${command}' failed (exit code ${exitCode}): ${detail}`);
    this.name = 'SvnCommandError';
  }
}

export interface SvnClientOptions {
  /** Directory svn runs in (the project's basedir). */
  readonly cwd: string;
  readonly executable?: string;
  readonly env?: NodeJS.ProcessEnv;
  /** `--config-dir`: isolates svn from ~/.subversion (tests, CI). */
  readonly configDir?: string;
  readonly log?: Log;
}

/**
 * The `svn` command line, driven non-interactively: `--non-interactive --no-auth-cache` always,
 * the password through `--password-from-stdin` (svn >= 1.10), English messages (`LC_MESSAGES=C`;
 * LC_ALL is left alone because `LC_ALL=C` breaks non-ASCII paths), exit codes checked.
 */
export class SvnClient {
  private readonly executable: string;
  private readonly env: NodeJS.ProcessEnv;
  private versionText: Promise<string> | undefined;

  constructor(private readonly options: SvnClientOptions) {
    this.executable = options.executable ?? 'svn';
    this.env = { ...(options.env ?? process.env), LC_MESSAGES: 'C' };
  }

  /** `svn --version --quiet`, e.g. `1.14.2`. */
  version(): Promise<string> {
    this.versionText ??= this.run(['--version', '--quiet']).then((r) => r.stdout.trim());
    return this.versionText;
  }

  /** `svn info --xml` of a URL or a working-copy path. */
  async info(target: string, credentials: ScmCredentials = {}): Promise<SvnInfo> {
    const result = await this.run(['info', '--xml', '--', target], credentials);
    const root = parseXml(result.stdout, `svn info --xml ${target}`);
    const entry = child(root, 'entry');
    const url = childText(entry, 'url');
    const repositoryRoot = childText(child(entry, 'repository'), 'root');
    const revision = Number(entry?.attributes.revision);
    if (!entry || !url || !repositoryRoot || !Number.isInteger(revision)) {
      throw new SvnCommandError(
        this.commandLine(['info', '--xml', '--', target], credentials),
        result.exitCode,
        [],
        `incomplete svn info for ${redactUrl(target)} (url, repository root or revision missing${
          entry && !Number.isInteger(revision) ? `: revision is '${entry.attributes.revision}'` : ''
        })`,
      );
    }
    const uuid = childText(child(entry, 'repository'), 'uuid');
    const lastChanged = Number(child(entry, 'commit')?.attributes.revision);
    return {
      url,
      // svn < 1.8 prints no relative-url: derive it as the original plugin did.
      relativeUrl: childText(entry, 'relative-url') ?? url.replace(repositoryRoot, '^'),
      root: repositoryRoot,
      ...(uuid ? { uuid } : {}),
      revision,
      ...(Number.isInteger(lastChanged) ? { lastChangedRevision: lastChanged } : {}),
      kind: entry.attributes.kind ?? '',
    };
  }

  /** The exact value of a versioned property, or undefined when it is not set. */
  async propget(name: string, path: string): Promise<string | undefined> {
    try {
      return (await this.run(['propget', '--no-newline', '--', name, path])).stdout;
    } catch (e) {
      // W200017: property not set on that path.
      if (e instanceof SvnCommandError && e.codes.includes('W200017')) return undefined;
      throw e;
    }
  }

  /** `svn propset NAME --file FILE PATH` (touches only the working copy). */
  async propset(name: string, path: string, valueFile: string): Promise<void> {
    await this.run(['propset', '--file', valueFile, '--', name, path]);
  }

  private baseArgs(credentials: ScmCredentials): string[] {
    const args = ['--non-interactive', '--no-auth-cache'];
    if (this.options.configDir) args.push('--config-dir', this.options.configDir);
    if (credentials.username) args.push('--username', credentials.username);
    if (credentials.password !== undefined) args.push('--password-from-stdin');
    return args;
  }

  private commandLine(args: readonly string[], credentials: ScmCredentials = {}): string {
    return redactUrl([this.executable, ...this.baseArgs(credentials), ...args].join(' '));
  }

  private async run(args: readonly string[], credentials: ScmCredentials = {}): Promise<CommandResult> {
    if (credentials.password !== undefined && /[\r\n]/.test(credentials.password)) {
      // svn reads one line from standard input: such a password would silently be cut.
      throw new SvnCommandError(
        this.commandLine(args, credentials),
        0,
        [],
        'the password contains a line break, which svn cannot read from standard input',
      );
    }
    if (credentials.password !== undefined && args[0] !== '--version') await this.requirePasswordFromStdin();
    const argv = args[0] === '--version' ? [...args] : [...this.baseArgs(credentials), ...args];
    // What is printed and thrown shows no password, even of a URL that still held one.
    const command = redactUrl([this.executable, ...argv].join(' '));
    this.options.log?.debug(
      `Running ${command}${credentials.password !== undefined ? ' (password on standard input)' : ''}`,
    );
    const result = await runCommand(this.executable, argv, {
      cwd: this.options.cwd,
      env: this.env,
      ...(credentials.password !== undefined ? { stdin: `${credentials.password}\n` } : {}),
    });
    if (result.exitCode !== 0) {
      const detail = result.stderr
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l !== '')
        .join(' ');
      const codes = [...result.stderr.matchAll(/\b([EW]\d{6}):/g)].map((m) => m[1]);
      throw new SvnCommandError(
        command,
        result.exitCode,
        codes,
        redactUrl(detail || `no message (stdout: ${result.stdout.trim()})`),
      );
    }
    return result;
  }

  private async requirePasswordFromStdin(): Promise<void> {
    const version = await this.version();
    const [major, minor] = version.split('.').map(Number);
    if (major < 1 || (major === 1 && minor < 10)) {
      throw new SvnCommandError(
        `${this.executable} --version --quiet`,
        0,
        [],
        `svn ${version} cannot read a password from standard input (--password-from-stdin needs svn 1.10 or later), ` +
          'and goalhost never puts passwords on the command line: install Subversion 1.10 or later',
      );
    }
  }
}
