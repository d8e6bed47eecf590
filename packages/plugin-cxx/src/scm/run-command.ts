import { spawn } from 'node:child_process';

/** What a finished command printed and how it ended. */
export interface CommandResult {
  readonly exitCode: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CommandOptions {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  /** Written to the command's standard input, which is then closed (secrets go here, never in argv). */
  readonly stdin?: string;
}

/** A command that could not be started at all (missing executable, bad working directory). */
export class CommandStartError extends Error {
  constructor(
    readonly command: string,
    override readonly cause: Error,
  ) {
    super(`Command '${command}' could not be started: ${cause.message}`);
    this.name = 'CommandStartError';
  }
}

/**
 * Runs `executable args...` without a shell (so nothing in args is ever interpreted) and collects
 * its output. A non-zero exit is a normal result: callers decide what it means.
 */
export function runCommand(
  executable: string,
  args: readonly string[],
  options: CommandOptions,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(executable, args, { cwd: options.cwd, env: options.env, stdio: ['pipe', 'pipe', 'pipe'] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => stdout.push(b));
    child.stderr.on('data', (b: Buffer) => stderr.push(b));
    // A command that exits without reading its input closes the pipe: not an error of ours.
    child.stdin.on('error', () => undefined);
    child.on('error', (e) => reject(new CommandStartError([executable, ...args].join(' '), e)));
    child.on('close', (code, signal) =>
      resolve({
        exitCode: code ?? (signal ? 128 : 1),
        stdout: Buffer.concat(stdout).toString('utf8'),
        stderr: Buffer.concat(stderr).toString('utf8'),
      }),
    );
    child.stdin.end(options.stdin ?? '');
  });
}
