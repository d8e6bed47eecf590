import { createHash } from 'node:crypto';
import * as net from 'node:net';
import type { Log } from '@goalhost/api';
import { canonicalPath } from '@goalhost/archive';

/**
 * One goalhost run at a time unpacks into an output directory. Two runs writing the same files
 * through their own descriptors damage each other: one opening a file with O_TRUNC while the
 * other is half-way through leaves zeros before the other's write position, and the other run
 * then marks the artifact as complete (a killed run makes it likely, any timing makes it
 * possible).
 *
 * The lock is a Unix socket bound in Linux's abstract namespace under a name made from the
 * directory's canonical path: binding is atomic, and the kernel releases the name when its
 * process dies, so a SIGKILLed run leaves nothing to clean up and no pid to guess about (a
 * lock file would outlive it). Writing every file to a temporary name and renaming it costs a
 * rename per file (tens of thousands per artifact); this costs one bind per execution.
 * Elsewhere than Linux there is no abstract namespace: no lock is taken.
 */
const RETRY_MS = 100;

export interface OutputLock {
  release(): Promise<void>;
}

function socketName(directory: string): string {
  const hash = createHash('sha256').update(canonicalPath(directory)).digest('hex').slice(0, 40);
  return `\0goalhost-unpack-${hash}`;
}

function bind(name: string): Promise<net.Server | undefined> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', (e: NodeJS.ErrnoException) => (e.code === 'EADDRINUSE' ? resolve(undefined) : reject(e)));
    server.listen({ path: name, exclusive: true }, () => {
      // The lock must not keep a finished run alive.
      server.unref();
      resolve(server);
    });
  });
}

/** Waits until this run alone unpacks into `directory`; says once that it waits, and for what. */
export async function lockOutputDirectory(directory: string, log: Log): Promise<OutputLock> {
  if (process.platform !== 'linux') return { release: async () => undefined };
  const name = socketName(directory);
  let waiting = false;
  for (;;) {
    const server = await bind(name);
    if (server) {
      return { release: () => new Promise<void>((resolve) => server.close(() => resolve())) };
    }
    if (!waiting) {
      waiting = true;
      log.info(`Waiting for another goalhost run to finish unpacking into ${directory}`);
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}
