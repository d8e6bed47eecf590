import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';

/** A free loopback port (bound once, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port}`);
}

/**
 * Debian's nginx serving `root` at http://127.0.0.1:PORT/repo/ behind HTTP basic auth, started in
 * the foreground as a child of the test and stopped by its own pid.
 */
export class NginxServer {
  private child?: ChildProcess;
  port = 0;

  constructor(
    private readonly dir: string,
    readonly root: string,
    private readonly user: string,
    private readonly password: string,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}/repo`;
  }

  async start(): Promise<void> {
    this.port = await freePort();
    const prefix = path.join(this.dir, 'nginx');
    mkdirSync(path.join(prefix, 'logs'), { recursive: true });
    writeFileSync(path.join(prefix, 'htpasswd'), `${this.user}:{PLAIN}${this.password}\n`);
    const conf = path.join(prefix, 'nginx.conf');
    writeFileSync(
      conf,
      [
        'worker_processes 1;',
        `error_log ${path.join(prefix, 'logs', 'error.log')};`,
        `pid ${path.join(prefix, 'nginx.pid')};`,
        'events { worker_connections 64; }',
        'http {',
        `  access_log ${path.join(prefix, 'logs', 'access.log')};`,
        `  client_body_temp_path ${prefix}/tmp; proxy_temp_path ${prefix}/tmp; fastcgi_temp_path ${prefix}/tmp; uwsgi_temp_path ${prefix}/tmp; scgi_temp_path ${prefix}/tmp;`,
        `  server { listen 127.0.0.1:${this.port};`,
        `    location /repo/ { alias ${this.root}/; auth_basic "repo"; auth_basic_user_file ${path.join(prefix, 'htpasswd')}; }`,
        '  }',
        '}',
      ].join('\n'),
    );
    mkdirSync(path.join(prefix, 'tmp'), { recursive: true });
    this.child = spawn('nginx', ['-p', prefix, '-c', conf, '-g', 'daemon off; master_process off;'], {
      stdio: 'ignore',
    });
    await waitForPort(this.port, this.child);
  }

  stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
