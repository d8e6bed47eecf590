import { spawn } from 'node:child_process';
import { GOALHOST_BIN } from '../../support/paths';
import type { GoalhostRun } from '../../support/run-goalhost';

/**
 * The real CLI, run asynchronously: tests that serve git over HTTP from this very process must not
 * block its event loop while goalhost talks to that server.
 */
export function runGoalhostAsync(
  args: readonly string[],
  cwd: string,
  env: Record<string, string>,
): Promise<GoalhostRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GOALHOST_BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', TZ: 'UTC', LANG: 'C.UTF-8', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const timer = setTimeout(() => child.kill(), 120_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}
