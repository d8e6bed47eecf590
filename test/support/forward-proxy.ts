import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

/** One request the proxy handled: `GET http://host/path` (forwarded) or `CONNECT host:port` (tunnel). */
export interface ProxiedRequest {
  readonly method: string;
  readonly target: string;
  /** The Proxy-Authorization header, as received. */
  readonly proxyAuthorization?: string;
}

/**
 * A real forward proxy on loopback, as corporate networks run them: plain http requests in
 * absolute form are forwarded, `CONNECT host:port` opens a tunnel (for https). With `auth`, every
 * request needs those basic credentials in Proxy-Authorization (else 407). Records what it handled.
 */
export class ForwardProxy {
  readonly requests: ProxiedRequest[] = [];
  private readonly sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: http.Server,
    readonly auth?: { readonly username: string; readonly password: string },
  ) {}

  static async start(auth?: { username: string; password: string }): Promise<ForwardProxy> {
    const server = http.createServer();
    const proxy = new ForwardProxy(server, auth);
    server.on('connection', (s: net.Socket) => {
      proxy.sockets.add(s);
      s.on('close', () => proxy.sockets.delete(s));
    });
    server.on('request', (req, res) => proxy.forward(req, res));
    server.on('connect', (req: http.IncomingMessage, socket: net.Socket, head: Buffer) =>
      proxy.tunnel(req, socket, head),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private allowed(req: http.IncomingMessage): boolean {
    const header = req.headers['proxy-authorization'];
    this.requests.push({
      method: req.method ?? '',
      target: req.url ?? '',
      ...(header !== undefined ? { proxyAuthorization: header } : {}),
    });
    if (!this.auth) return true;
    return header === `Basic ${Buffer.from(`${this.auth.username}:${this.auth.password}`).toString('base64')}`;
  }

  private forward(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (!this.allowed(req)) {
      res.writeHead(407, { 'Proxy-Authenticate': 'Basic realm="proxy"' }).end();
      return;
    }
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute URI expected');
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port || 80,
        path: `${target.pathname}${target.search}`,
        method: req.method,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  }

  private tunnel(req: http.IncomingMessage, socket: net.Socket, head: Buffer): void {
    if (!this.allowed(req)) {
      socket.end(
        'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="proxy"\r\nContent-Length: 0\r\n\r\n',
      );
      return;
    }
    const [host, port] = (req.url ?? '').split(':');
    const upstream = net.connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    this.sockets.add(upstream);
    upstream.on('close', () => this.sockets.delete(upstream));
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  }
}
