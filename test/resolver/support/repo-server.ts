import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { EMPTY_SETTINGS, type Settings } from '@goalhost/model';
import { FixtureRepo } from './fixture-repo';

export interface ServerOptions {
  /** Require this user:password (HTTP basic). */
  readonly auth?: { readonly username: string; readonly password: string };
  /** Delay each response body by this many ms (to observe parallel transfers). */
  readonly delayMs?: number;
  /** Delays the response to one path (relative to the repository) by its own number of ms, over delayMs. */
  readonly delays?: ReadonlyMap<string, number>;
}

/**
 * A remote Maven repository over HTTP on loopback, serving `root` (files written with `put`
 * get .sha1/.md5 beside them unless told otherwise). Records every request path.
 */
export class RepoServer {
  readonly requests: string[] = [];
  private server?: http.Server;
  private active = 0;
  maxConcurrent = 0;
  /** Paths whose response is cut after half the body. */
  readonly truncate = new Set<string>();

  constructor(
    readonly root: string,
    private readonly options: ServerOptions = {},
  ) {
    mkdirSync(root, { recursive: true });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/repo`;
  }

  /** Writes a file (and its checksums unless `checksums` is false or replaced). */
  put(relative: string, content: string | Buffer, checksums: boolean | { sha1?: string; md5?: string } = true): this {
    const file = path.join(this.root, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
    if (checksums) {
      const given = typeof checksums === 'object' ? checksums : {};
      writeFileSync(`${file}.sha1`, given.sha1 ?? createHash('sha1').update(content).digest('hex'));
      writeFileSync(`${file}.md5`, given.md5 ?? createHash('md5').update(content).digest('hex'));
    }
    return this;
  }

  start(): Promise<void> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    return new Promise((resolve) => this.server!.listen(0, '127.0.0.1', () => resolve()));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0]);
    this.requests.push(url);
    const auth = this.options.auth;
    if (auth) {
      const expected = `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="repo"' }).end();
        return;
      }
    }
    const relative = url.replace(/^\/repo\//, '');
    const file = path.join(this.root, relative);
    if (!url.startsWith('/repo/') || !existsSync(file) || statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    this.active++;
    this.maxConcurrent = Math.max(this.maxConcurrent, this.active);
    const send = (): void => {
      this.active--;
      res.writeHead(200, { 'Content-Length': body.length });
      if (this.truncate.has(relative)) {
        res.write(body.subarray(0, Math.floor(body.length / 2)));
        res.socket?.destroy();
        return;
      }
      res.end(body);
    };
    const delay = (this.options.delayMs ?? 0) + (this.options.delays?.get(relative) ?? 0);
    if (delay > 0) setTimeout(send, delay);
    else send();
  }
}

/** Central mirrored to a closed loopback port: tests never reach the internet. */
export const NO_CENTRAL: Settings = {
  ...EMPTY_SETTINGS,
  mirrors: [{ id: 'no-central', url: 'http://127.0.0.1:9/central', mirrorOf: 'central' }],
};
/** The same mirror as settings.xml text, for runs of the CLI. */
export const NO_CENTRAL_MIRROR_XML =
  '<mirrors><mirror><id>no-central</id><url>http://127.0.0.1:9/central</url><mirrorOf>central</mirrorOf></mirror></mirrors>';

/** A new fixture repository and a started RepoServer over its `remote` folder. */
export async function startRemoteFixture(): Promise<{ f: FixtureRepo; server: RepoServer }> {
  const f = new FixtureRepo();
  const server = new RepoServer(path.join(f.root, 'remote'));
  await server.start();
  return { f, server };
}

/** Stops the server and removes the fixture repository. */
export async function stopRemoteFixture(f: FixtureRepo, server: RepoServer): Promise<void> {
  await server.stop();
  f.cleanup();
}
