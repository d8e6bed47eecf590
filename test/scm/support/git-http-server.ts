import { spawn } from 'node:child_process';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Smart-HTTP git on 127.0.0.1 (Node http in front of the real `git http-backend` CGI), with
 * optional basic auth. Serves the bare repositories under `root` as http://127.0.0.1:PORT/<name>.
 */
export class GitHttpServer {
  private constructor(
    private readonly server: http.Server,
    readonly port: number,
    /** Authorization headers seen, as `user:password` (to assert what git sent). */
    readonly logins: readonly string[],
  ) {}

  static async start(root: string, users?: Readonly<Record<string, string>>): Promise<GitHttpServer> {
    const logins: string[] = [];
    const server = http.createServer((req, res) => {
      const auth = req.headers.authorization;
      const login = auth?.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : undefined;
      if (login !== undefined) logins.push(login);
      const user = login?.slice(0, login.indexOf(':'));
      if (users && (login === undefined || users[user ?? ''] !== login.slice(login.indexOf(':') + 1))) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="goalhost-test"' });
        res.end();
        return;
      }
      const url = new URL(req.url ?? '/', 'http://localhost');
      const cgi = spawn('git', ['http-backend'], {
        env: {
          PATH: process.env.PATH,
          GIT_PROJECT_ROOT: root,
          GIT_HTTP_EXPORT_ALL: '1',
          PATH_INFO: decodeURIComponent(url.pathname),
          QUERY_STRING: url.search.slice(1),
          REQUEST_METHOD: req.method,
          CONTENT_TYPE: req.headers['content-type'] ?? '',
          REMOTE_USER: user ?? '',
          REMOTE_ADDR: '127.0.0.1',
          GIT_PROTOCOL: String(req.headers['git-protocol'] ?? ''),
          HTTP_CONTENT_ENCODING: String(req.headers['content-encoding'] ?? ''),
        },
      });
      req.pipe(cgi.stdin);
      const chunks: Buffer[] = [];
      cgi.stdout.on('data', (b: Buffer) => chunks.push(b));
      cgi.on('close', () => {
        const out = Buffer.concat(chunks);
        const split = out.indexOf('\r\n\r\n');
        const head = out.subarray(0, split).toString('latin1').split('\r\n');
        const headers: Record<string, string> = {};
        let status = 200;
        for (const line of head) {
          const colon = line.indexOf(':');
          const name = line.slice(0, colon).trim();
          const value = line.slice(colon + 1).trim();
          if (name.toLowerCase() === 'status') status = parseInt(value, 10);
          else if (name) headers[name] = value;
        }
        res.writeHead(status, headers);
        res.end(out.subarray(split + 4));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return new GitHttpServer(server, (server.address() as AddressInfo).port, logins);
  }

  url(name: string): string {
    return `http://127.0.0.1:${this.port}/${name}`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
