import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GOALHOST_BIN } from '../support/paths';
import type { Run, Sandbox } from '../hostile/sandbox';

/**
 * The run in its own mount namespace (`unshare -rm`, which works for root and, where user
 * namespaces are allowed, for anyone) with a 1 MiB tmpfs over a directory (by default the output directory): the mount
 * disappears with the process, nothing is left mounted whatever happens to the test.
 */
export function runOnSmallDisk(
  s: Sandbox,
  args: readonly string[],
  out = path.join(s.proj, 'target', 'dependency'),
): Promise<Run> {
  fs.mkdirSync(out, { recursive: true });
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      'unshare',
      [
        '-rm',
        'sh',
        '-c',
        'mount -t tmpfs -o size=1m goalhost-full "$0" && exec "$@"',
        out,
        process.execPath,
        GOALHOST_BIN,
        ...args,
      ],
      {
        cwd: s.proj,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TZ: 'UTC', LANG: 'C.UTF-8' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status, signal) => resolve({ status, signal, stdout, stderr, millis: Date.now() - started }));
  });
}
