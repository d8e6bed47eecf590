import { createHash } from 'node:crypto';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';

/**
 * A Maven repository on loopback (node:http, in the test process) that misbehaves on request:
 * per file, the fault to play. Checksums (.sha1) are served for every file, wrong ones for
 * `badsum`. Every request path is recorded, in order. `stop()` closes exactly this server.
 */
export type Fault =
  /** Close the connection without any answer, every time. */
  | 'no-response'
  /** Close the connection without any answer, the first time only. */
  | 'no-response-once'
  /** Send the headers and 5% of the body, then drop the connection. */
  | 'drop-mid-body'
  /** 500 Internal Server Error. */
  | 'status-500'
  /** Serve the file with a wrong .sha1. */
  | 'bad-checksum'
  /** Send the body in ten pieces over `slowMs`. */
  | 'slow'
  /** Send half the body, then nothing more until the server stops. */
  | 'stall'
  /** Serve the file, but hold its .sha1 answer until the server stops. */
  | 'hold-checksum'
  /** Serve a wrong .sha1 that declares 600 MB and keeps sending padding. */
  | 'huge-checksum'
  /** Send the body one byte every `slowMs` (a trickle no idle timeout notices). */
  | 'trickle'
  /** Answer 302 with `redirectTo` + the path. */
  | 'redirect';

export class FaultyRepoServer {
  readonly files = new Map<string, Buffer>();
  readonly faults = new Map<string, Fault>();
  readonly requests: string[] = [];
  slowMs = 1500;
  /** Where 'redirect' sends requests (a URL prefix; the request path is appended). */
  redirectTo = '';
  /** Authorization headers received, in order (undefined when none was sent). */
  readonly authorizations: (string | undefined)[] = [];
  /** Resolves the first time a .sha1 answer is held. */
  checksumHeld: Promise<void>;
  private markChecksumHeld!: () => void;
  /** When set, every request needs these basic-auth credentials (else 401). */
  auth?: { readonly username: string; readonly password: string };
  /** Resolves the first time a stalled body has sent its half. */
  stalled: Promise<void>;
  private markStalled!: () => void;
  private server?: http.Server | https.Server;
  /** With a key and certificate, the repository answers over https instead. */
  tls?: { readonly key: string; readonly cert: string };
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private port = 0;

  constructor() {
    this.stalled = new Promise((resolve) => (this.markStalled = resolve));
    this.checksumHeld = new Promise((resolve) => (this.markChecksumHeld = resolve));
  }

  /** Base URL of the repository (`http://127.0.0.1:PORT/repo`, https with `tls`). */
  get url(): string {
    return `${this.tls ? 'https' : 'http'}://127.0.0.1:${this.port}/repo`;
  }

  get host(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Requests for one repository path (e.g. `f/a/1.0/a-1.0.zip`). */
  count(relative: string): number {
    return this.requests.filter((r) => r === `/repo/${relative}`).length;
  }

  async start(): Promise<void> {
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => this.serve(req, res);
    this.server = this.tls ? https.createServer(this.tls, handler) : http.createServer(handler);
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private later(ms: number, action: () => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      action();
    }, ms);
    this.timers.add(t);
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = req.url ?? '';
    this.requests.push(url);
    this.authorizations.push(req.headers.authorization);
    if (this.auth) {
      const expected = `Basic ${Buffer.from(`${this.auth.username}:${this.auth.password}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="goalhost-test"' });
        res.end();
        return;
      }
    }
    const relative = url.replace(/^\/repo\//, '');
    const checksumOf = relative.endsWith('.sha1') ? relative.slice(0, -5) : undefined;
    const file = this.files.get(checksumOf ?? relative);
    if (!url.startsWith('/repo/') || !file) {
      res.statusCode = 404;
      res.end();
      return;
    }
    const fault = this.faults.get(checksumOf ?? relative);
    if (fault === 'redirect') {
      res.writeHead(302, { Location: `${this.redirectTo}${url}` });
      res.end();
      return;
    }
    if (checksumOf && fault === 'hold-checksum') {
      this.markChecksumHeld();
      return;
    }
    if (checksumOf && fault === 'huge-checksum') {
      res.writeHead(200, { 'Content-Length': 600_000_000 });
      const pad = Buffer.alloc(64 * 1024, 0x20);
      const send = (): void => {
        if (!res.destroyed && res.write(pad)) this.later(1, send);
      };
      res.on('drain', send);
      res.write('0123456789abcdef0123456789abcdef01234567');
      send();
      return;
    }
    if (checksumOf) {
      res.end(
        fault === 'bad-checksum'
          ? '0123456789abcdef0123456789abcdef01234567'
          : createHash('sha1').update(file).digest('hex'),
      );
      return;
    }
    switch (fault) {
      case 'no-response':
        req.socket.destroy();
        return;
      case 'no-response-once':
        this.faults.delete(relative);
        req.socket.destroy();
        return;
      case 'status-500':
        res.statusCode = 500;
        res.end('broken');
        return;
      case 'drop-mid-body':
        res.writeHead(200, { 'Content-Length': file.length });
        res.write(file.subarray(0, Math.floor(file.length / 20)));
        this.later(50, () => req.socket.destroy());
        return;
      case 'stall':
        res.writeHead(200, { 'Content-Length': file.length });
        res.write(file.subarray(0, file.length >> 1), () => this.markStalled());
        return;
      case 'slow': {
        res.writeHead(200, { 'Content-Length': file.length });
        const piece = Math.ceil(file.length / 10);
        const send = (at: number): void => {
          if (at >= file.length) {
            res.end();
            return;
          }
          res.write(file.subarray(at, at + piece));
          this.later(this.slowMs / 10, () => send(at + piece));
        };
        send(0);
        return;
      }
      case 'trickle': {
        res.writeHead(200, { 'Content-Length': file.length });
        const send = (at: number): void => {
          if (at >= file.length) {
            res.end();
            return;
          }
          res.write(file.subarray(at, at + 1));
          this.later(this.slowMs, () => send(at + 1));
        };
        send(0);
        return;
      }
      default:
        res.end(file);
    }
  }
}
