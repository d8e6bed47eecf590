import { spawnSync } from 'node:child_process';
import { GOALHOST_BIN } from './paths';

export interface GoalhostRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the real CLI as users do, in `cwd`, with a clean, deterministic environment. */
export function runGoalhost(args: readonly string[], cwd: string, env: Record<string, string> = {}): GoalhostRun {
  const result = spawnSync(process.execPath, [GOALHOST_BIN, ...args], {
    cwd,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TZ: 'UTC', LANG: 'C.UTF-8', ...env },
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Log text with the volatile lines (times) replaced, for whole-output comparisons. */
export function stableLog(stdout: string): string {
  return stdout
    .replace(/^\[INFO\] Total time: .*$/m, '[INFO] Total time: <time>')
    .replace(/^\[INFO\] Finished at: .*$/m, '[INFO] Finished at: <date>');
}
