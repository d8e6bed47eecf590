import { createHash } from 'node:crypto';
import { createReadStream, readdirSync, rmSync, statSync } from 'node:fs';
import { open, rename, type FileHandle } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as http from 'node:http';
import * as https from 'node:https';
import * as path from 'node:path';
import { Readable } from 'node:stream';
import { redactUrl } from '@goalhost/model';
import { connectionFailure } from './connection-failure';
import { proxiedRequest } from './proxy-agents';
import { basicAuthorization, type HttpAuth } from './http-auth';
import type { ProxyRoute } from './proxy-selector';

export type HttpResult =
  | {
      readonly status: 'ok';
      readonly size: number;
      /** The file holding the complete body: the temporary file with `keepPart`, else the target. */
      readonly part: string;
      /** The complete body, with `memoryUpTo` when it was that small: nothing written then, `part` is not made. */
      readonly body?: Buffer;
      /** The body's hex digest by algorithm, for each of `digests`. */ readonly digests: Readonly<
        Record<string, string>
      >;
    }
  | { readonly status: 'not-found' }
  | {
      readonly status: 'error';
      readonly code?: number;
      readonly message: string;
      /** The local file system failed, not the server. */ readonly local?: boolean;
    };

export interface DownloadOptions {
  readonly auth?: HttpAuth;
  /** Called with bytes done and total (undefined when unknown) while the body arrives. */
  readonly onProgress?: (done: number, total: number | undefined) => void;
  readonly timeoutMs?: number;
  /** Leave the complete body in its temporary file (`part`) for the caller to check and rename. */
  readonly keepPart?: boolean;
  /** The settings.xml proxy for a URL (asked again after each redirect), or undefined: direct. */
  readonly proxyFor?: (url: string) => ProxyRoute | undefined;
  /** Digests to compute while the body arrives (a checksum needs no second read of the file). */
  readonly digests?: readonly string[];
  /**
   * With `keepPart`: a body whose declared length is at most this many bytes is kept in memory
   * and returned as `body` (no temporary file, no file work while the connection is held).
   */
  readonly memoryUpTo?: number;
}

/** A transfer that delivers less than this many bytes in any idle-timeout window is too slow. */
const LOW_SPEED_BYTES = 1024;

/** Errors of the local file system while writing a download: not the server's fault. */
const LOCAL_ERRORS = new Set([
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'EACCES',
  'EPERM',
  'EIO',
  'EMFILE',
  'ENFILE',
  'EFBIG',
  'ENAMETOOLONG',
]);

let agents: { http: http.Agent; https: https.Agent } | undefined;

/** Shared keep-alive agents, made on first use (idle sockets do not keep the process alive). */
function agentsFor(): { http: http.Agent; https: https.Agent } {
  agents ??= {
    http: new http.Agent({ keepAlive: true, maxSockets: 8 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 8 }),
  };
  return agents;
}

/**
 * GETs `url` into `target` through a temporary file renamed into place only when the whole body
 * arrived (a failed or interrupted transfer never leaves a partial file). Follows redirects;
 * sends basic auth when given (also after a 401 challenge, as wagon does preemptively).
 */
export async function download(url: string, target: string, options: DownloadOptions = {}): Promise<HttpResult> {
  removeStaleParts(target);
  const answer = await getFollowingRedirects(url, options);
  if (answer.kind === 'not-found') return { status: 'not-found' };
  if (answer.kind === 'error') return { status: 'error', code: answer.code, message: answer.message };
  const { res } = answer;
  const total = res.headers['content-length'] !== undefined ? Number(res.headers['content-length']) : undefined;
  const tmp = `${target}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
  let done = 0;
  let windowStart = Date.now();
  let windowBytes = 0;
  const idleMs = options.timeoutMs ?? 60_000;
  const hashes = (options.digests ?? []).map((algorithm) => [algorithm, createHash(algorithm)] as const);
  // A server that trickles (a byte every few seconds) never trips the idle timeout: like curl's
  // low-speed limit, a window of the idle timeout's length must bring at least LOW_SPEED_BYTES.
  const slow = setInterval(
    () => {
      if (Date.now() - windowStart < idleMs) return;
      if (windowBytes < LOW_SPEED_BYTES)
        res.destroy(new Error(`Transfer too slow: ${windowBytes} bytes in the last ${idleMs / 1000} s`));
      windowStart = Date.now();
      windowBytes = 0;
    },
    Math.min(1000, idleMs),
  );
  slow.unref();
  let writeError: NodeJS.ErrnoException | undefined;
  // Written as the body arrives through a file handle (the writes run off the main thread, which
  // meanwhile sends other requests); no write stream, whose machinery costs more than the few
  // chunks most repository files come in.
  let file: FileHandle | undefined;
  const inMemory =
    options.keepPart === true && total !== undefined && options.memoryUpTo !== undefined && total <= options.memoryUpTo;
  const chunks: Buffer[] = [];
  try {
    if (!inMemory) {
      try {
        file = await open(tmp, 'w');
      } catch (e) {
        writeError = e as NodeJS.ErrnoException;
        res.destroy();
        throw e;
      }
    }
    for await (const chunk of res as AsyncIterable<Buffer>) {
      for (const [, hash] of hashes) hash.update(chunk);
      done += chunk.length;
      windowBytes += chunk.length;
      options.onProgress?.(done, total);
      if (inMemory) {
        chunks.push(chunk);
        continue;
      }
      try {
        await file!.write(chunk);
      } catch (e) {
        writeError = e as NodeJS.ErrnoException;
        res.destroy();
        throw e;
      }
    }
    if (file) {
      const closing = file;
      file = undefined;
      try {
        await closing.close();
      } catch (e) {
        writeError = e as NodeJS.ErrnoException;
        throw e;
      }
    }
    if (total !== undefined && done !== total) throw new Error(prematureEnd(total, done));
    const digests = Object.fromEntries(hashes.map(([algorithm, hash]) => [algorithm, hash.digest('hex')]));
    if (inMemory) return { status: 'ok', size: done, part: tmp, body: Buffer.concat(chunks, done), digests };
    if (!options.keepPart) await rename(tmp, target);
    return { status: 'ok', size: done, part: options.keepPart ? tmp : target, digests };
  } catch (e) {
    await file?.close().catch(() => undefined);
    if (!inMemory) rmSync(tmp, { force: true });
    const local =
      writeError ??
      (LOCAL_ERRORS.has((e as NodeJS.ErrnoException).code ?? '') ? (e as NodeJS.ErrnoException) : undefined);
    if (local) return { status: 'error', local: true, message: `${target}: ${systemMessage(local)}` };
    if (total !== undefined && done < total && !(e as Error).message.startsWith('Transfer too slow'))
      return { status: 'error', message: prematureEnd(total, done) };
    return { status: 'error', message: (e as Error).message };
  } finally {
    clearInterval(slow);
  }
}

/** `No space left on device` for ENOSPC: the system's words without Node's prefix. */
export function systemMessage(e: NodeJS.ErrnoException): string {
  const words: Record<string, string> = {
    ENOSPC: 'No space left on device',
    EDQUOT: 'Disk quota exceeded',
    EROFS: 'Read-only file system',
    EACCES: 'Permission denied',
    EPERM: 'Operation not permitted',
    EIO: 'Input/output error',
  };
  return words[e.code ?? ''] ?? e.message;
}

type Answer =
  | { readonly kind: 'ok'; readonly res: http.IncomingMessage }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'error'; readonly message: string; readonly code?: number };

/**
 * GET with up to 6 redirects: a 200 answer to read, not found (404/410), or an error. Credentials
 * go only to the origin they were configured for (a redirect elsewhere goes without them), and
 * only http and https redirects are followed (never to `file://`, whatever the first URL was).
 */
async function getFollowingRedirects(url: string, options: DownloadOptions): Promise<Answer> {
  let current = url;
  const origin = originOf(url);
  for (let hop = 0; hop < 6; hop++) {
    const sameOrigin = originOf(current) === origin;
    const response = await requestWithRetries(
      current,
      sameOrigin ? options : { ...options, auth: undefined },
      sameOrigin,
    );
    if ('error' in response) return { kind: 'error', message: response.error };
    const { res } = response;
    const code = res.statusCode ?? 0;
    if (code === 200) return { kind: 'ok', res };
    res.resume();
    if (code >= 300 && code < 400 && res.headers.location) {
      let next: URL;
      try {
        next = new URL(res.headers.location, current);
      } catch {
        return { kind: 'error', message: `Invalid redirect from ${redactUrl(current)} to ${res.headers.location}` };
      }
      if (next.protocol !== 'http:' && next.protocol !== 'https:') {
        return {
          kind: 'error',
          message: `Redirect from ${redactUrl(current)} to ${redactUrl(next.href)} refused: only http and https redirects are followed`,
        };
      }
      current = next.href;
      continue;
    }
    if (code === 404 || code === 410) return { kind: 'not-found' };
    // Maven's words (wagon-http) when the settings.xml proxy refuses the credentials.
    if (code === 407)
      return {
        kind: 'error',
        code,
        message: `proxy authentication failed for ${redactUrl(current)}, status: 407 ${res.statusMessage ?? ''}`.trim(),
      };
    return {
      kind: 'error',
      code,
      message: `status code: ${code}, reason phrase: ${res.statusMessage ?? ''} (${code})`,
    };
  }
  return { kind: 'error', message: `Too many redirects for ${redactUrl(url)}` };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

/** Directories already cleared of dead processes' temporary files by this process. */
const clearedDirectories = new Set<string>();

/**
 * Temporary files (`<name>.<pid>.<random>.part`) left by a download whose process was killed are
 * removed before the next download into their directory; a live process's are left alone. A
 * directory is looked at once per process: a dead process leaves nothing new behind.
 */
function removeStaleParts(target: string): void {
  const dir = path.dirname(target);
  if (clearedDirectories.has(dir)) return;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  clearedDirectories.add(dir);
  for (const name of names) {
    const pid = name.endsWith('.part') ? /\.(\d+)\.[a-z0-9]+\.part$/.exec(name)?.[1] : undefined;
    if (pid === undefined || Number(pid) === process.pid) continue;
    try {
      process.kill(Number(pid), 0);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ESRCH') rmSync(path.join(dir, name), { force: true });
    }
  }
}

/** Apache HttpClient's words for a body that ended before its Content-Length, as Maven prints them. */
function prematureEnd(total: number, done: number): string {
  return `Premature end of Content-Length delimited message body (expected: ${total.toLocaleString('en-US')}; received: ${done.toLocaleString('en-US')})`;
}

/**
 * GETs a small resource (checksum, metadata) into memory, at most `maxBytes` of it (a longer
 * body is an error, read no further); undefined when absent.
 */
export async function fetchText(
  url: string,
  options: DownloadOptions & { maxBytes?: number } = {},
): Promise<string | undefined | { error: string; code?: number }> {
  const answer = await getFollowingRedirects(url, options);
  if (answer.kind === 'not-found') return undefined;
  if (answer.kind === 'error')
    return answer.code === undefined ? { error: answer.message } : { error: answer.message, code: answer.code };
  const max = options.maxBytes ?? 64 * 1024 * 1024;
  const declared =
    answer.res.headers['content-length'] !== undefined ? Number(answer.res.headers['content-length']) : undefined;
  const tooLarge = { error: `${redactUrl(url)} is larger than ${max} bytes` };
  if (declared !== undefined && declared > max) {
    answer.res.destroy();
    return tooLarge;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  // Nothing may hold a transfer forever: the whole body within the idle timeout's length.
  const deadline = setTimeout(
    () => answer.res.destroy(new Error(`Read timed out after ${(options.timeoutMs ?? 60_000) / 1000} s`)),
    options.timeoutMs ?? 60_000,
  );
  deadline.unref();
  try {
    for await (const chunk of answer.res) {
      size += (chunk as Buffer).length;
      if (size > max) {
        answer.res.destroy();
        return tooLarge;
      }
      chunks.push(chunk as Buffer);
    }
  } catch (e) {
    return {
      error:
        (e as Error).message === 'aborted' && declared !== undefined
          ? prematureEnd(declared, size)
          : (e as Error).message,
    };
  } finally {
    clearTimeout(deadline);
  }
  if (declared !== undefined && size !== declared) return { error: prematureEnd(declared, size) };
  return Buffer.concat(chunks).toString('utf8');
}

type Response = { res: http.IncomingMessage } | { error: string; noResponse?: boolean };

/**
 * Maven's HTTP client (wagon-http, Apache HttpClient) retries a GET up to 3 times when the server
 * closes the connection without answering; not after a refused connection, a timeout, a TLS
 * failure or an answer (a status, or a body that breaks off).
 */
const RETRIES = 3;

async function requestWithRetries(url: string, options: DownloadOptions, urlCredentials = true): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const response = await request(url, options, urlCredentials);
    if (!('error' in response) || !response.noResponse || attempt >= RETRIES) return response;
  }
}

function request(url: string, options: DownloadOptions, urlCredentials: boolean): Promise<Response> {
  return new Promise((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      resolve({ error: `Invalid URL ${redactUrl(url)}` });
      return;
    }
    const secure = parsed.protocol === 'https:';
    if (parsed.protocol === 'file:') {
      resolve(fileResponse(parsed));
      return;
    }
    if (!secure && parsed.protocol !== 'http:') {
      resolve({
        error: `Unsupported protocol ${parsed.protocol} in ${redactUrl(url)}: only http, https and file repositories are supported`,
      });
      return;
    }
    const headers: Record<string, string> = {
      'User-Agent': 'Apache-Maven/3.8.7 (goalhost)',
      'Cache-Control': 'no-cache',
      Pragma: 'no-cache',
    };
    const user =
      options.auth ??
      (urlCredentials && parsed.username
        ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) }
        : undefined);
    if (user) headers.Authorization = basicAuthorization(user);
    const route = options.proxyFor?.(url);
    const via = route ? proxiedRequest(parsed, route) : undefined;
    const connected = route
      ? { hostname: route.host, port: route.port }
      : { hostname: parsed.hostname, port: Number(parsed.port) || (secure ? 443 : 80) };
    const req = (secure ? https : http).get(
      via?.target ?? url,
      {
        agent: secure ? agentsFor().https : agentsFor().http,
        ...via?.options,
        headers: { ...headers, ...via?.options.headers },
        timeout: options.timeoutMs ?? 60_000,
      },
      (res) => resolve({ res }),
    );
    req.on('timeout', () => req.destroy(new Error(`Read timed out after ${(options.timeoutMs ?? 60_000) / 1000} s`)));
    req.on('error', (e: NodeJS.ErrnoException) => {
      const noResponse = e.code === 'ECONNRESET' || e.code === 'EPIPE';
      if (noResponse)
        resolve({ error: `transfer failed for ${redactUrl(url)}: ${parsed.host} failed to respond`, noResponse });
      else resolve({ error: connectionFailure(url, connected, e) ?? e.message });
    });
  });
}

/**
 * A `file://` repository (Maven's file wagon): the file answers as a 200 response with its
 * length, a missing one as 404, so downloads, checksums and records work the same way.
 */
function fileResponse(url: URL): Response {
  const file = fileURLToPath(url);
  let size: number | undefined;
  try {
    const stat = statSync(file);
    if (stat.isFile()) size = stat.size;
  } catch {
    size = undefined;
  }
  const body: Readable = size === undefined ? Readable.from([]) : createReadStream(file);
  const res = Object.assign(body, {
    statusCode: size === undefined ? 404 : 200,
    statusMessage: size === undefined ? 'Not Found' : 'OK',
    headers: size === undefined ? {} : { 'content-length': String(size) },
  });
  return { res: res as unknown as http.IncomingMessage };
}
