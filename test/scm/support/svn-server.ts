import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

/** A free TCP port on loopback (bound, then released for the server about to start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, timeoutMs = 10000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`server exited with code ${child.exitCode} before listening on ${port}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`server did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs a command synchronously and fails loudly; returns stdout. */
export function sh(
  command: string,
  args: readonly string[],
  options: { cwd?: string; input?: string; env?: NodeJS.ProcessEnv } = {},
): string {
  const r = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}): ${r.stderr}`);
  return r.stdout;
}

/**
 * A real svnserve on 127.0.0.1 over a directory of repositories, with a passwd file and
 * `anon-access = none`. `stop()` kills exactly the process it started.
 */
export class SvnServer {
  private constructor(
    readonly root: string,
    readonly port: number,
    private readonly child: ChildProcess,
  ) {}

  static async start(root: string, users: Readonly<Record<string, string>>): Promise<SvnServer> {
    fs.mkdirSync(root, { recursive: true });
    const passwd = path.join(root, 'passwd');
    fs.writeFileSync(
      passwd,
      `[users]\n${Object.entries(users)
        .map(([u, p]) => `${u} = ${p}`)
        .join('\n')}\n`,
    );
    fs.writeFileSync(
      path.join(root, 'svnserve.conf'),
      `[general]\nanon-access = none\nauth-access = write\npassword-db = ${passwd}\nrealm = goalhost-test\n`,
    );
    for (let attempt = 0; ; attempt++) {
      const port = await freePort();
      const child = spawn(
        'svnserve',
        [
          '-d',
          '--foreground',
          '--listen-host',
          '127.0.0.1',
          '--listen-port',
          String(port),
          '-r',
          root,
          '--config-file',
          path.join(root, 'svnserve.conf'),
        ],
        { stdio: 'ignore' },
      );
      // If the test process ends without stop(), the server it started must not outlive it.
      const orphanGuard = (): void => {
        if (child.exitCode === null) child.kill();
      };
      process.once('exit', orphanGuard);
      child.once('exit', () => process.removeListener('exit', orphanGuard));
      try {
        await waitForPort(port, child);
        return new SvnServer(root, port, child);
      } catch (e) {
        if (child.exitCode === null) child.kill();
        if (attempt >= 3) throw e;
      }
    }
  }

  /** Creates a repository (served as svn://127.0.0.1:PORT/<name>) and returns its file:// URL. */
  createRepository(name: string): string {
    const dir = path.join(this.root, name);
    sh('svnadmin', ['create', dir]);
    return `file://${dir}`;
  }

  url(repoPath: string): string {
    return `svn://127.0.0.1:${this.port}/${repoPath}`;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
