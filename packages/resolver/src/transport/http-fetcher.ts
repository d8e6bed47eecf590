import { createHash } from 'node:crypto';
import { createReadStream, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { redactUrl, SettingsDecrypter, type Proxy, type Server } from '@goalhost/model';
import { artifactString, type ArtifactCoords, type RemoteFetcher } from './artifact-resolver';
import { ArtifactResolutionError } from '../errors';
import type { HttpAuth } from './http-auth';
import { CHECKSUM_ALGORITHMS, CHECKSUM_MAX_BYTES, ChecksumFailure, ChecksumVerifier } from './checksum-verifier';
import { download, fetchText, systemMessage, type DownloadOptions, type HttpResult } from './http-client';
import { ProxySelector } from './proxy-selector';
import { baseVersionOf, layoutPath, readKept, type LocalRepository } from './local-repository';
import { describeRepository, type RemoteRepository } from './remote-repository';
import type { ResolverLog } from '../resolver-config';
import { inTransferOf, transferLine } from './transfer-hold';
import { isOutdated, parseSnapshotMetadata, readSnapshotMetadata, type SnapshotMetadata } from './snapshot-metadata';

export interface FetcherOptions {
  readonly servers: readonly Server[];
  /** settings.xml `<proxies>`. */
  readonly proxies?: readonly Proxy[];
  readonly settingsSecurityFile?: string;
  readonly updateSnapshots: boolean;
  /** `-nsu`: kept metadata is never checked again. */
  readonly noSnapshotUpdates?: boolean;
  /** `-C`/`-c`: the checksum policy of every repository. */
  readonly checksumPolicy?: 'fail' | 'warn';
  readonly threads: number;
  readonly log: ResolverLog;
  readonly quietTransfers?: boolean;
  /** Idle timeout of a transfer, also the window of its low-speed limit (default 60 s). */
  readonly timeoutMs?: number;
  /** Refuses a download by throwing (see ResolverConfig.originGuard). */
  readonly originGuard?: (repositoryId: string, url: string) => void;
}

/**
 * Downloads from HTTP(S) repositories into the local repository the way Maven does: basic auth
 * from settings servers (encrypted passwords decrypted), checksum verification under the
 * repository's checksumPolicy, temp file then rename, `_remote.repositories` records, snapshot
 * metadata under the update policy, a bounded number of parallel transfers.
 */
export class HttpFetcher implements RemoteFetcher {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly decrypter?: SettingsDecrypter;
  private readonly metadataChecked = new Map<string, Promise<SnapshotMetadata | undefined>>();
  private readonly versionsChecked = new Map<string, Promise<string | undefined>>();
  private readonly madeDirectories = new Map<string, Promise<unknown>>();

  private readonly proxies: ProxySelector;
  private readonly checksums: ChecksumVerifier;

  constructor(
    private readonly local: LocalRepository,
    private readonly options: FetcherOptions,
  ) {
    if (options.settingsSecurityFile) this.decrypter = new SettingsDecrypter(options.settingsSecurityFile);
    this.proxies = new ProxySelector(options.proxies ?? [], (password, id) =>
      this.decrypter
        ? this.decrypter.decryptOrPlain(password, `the password of proxy '${id}' in settings.xml`, (m) =>
            options.log.debug(m),
          )
        : password,
    );
    this.checksums = new ChecksumVerifier(
      (url, repo) => {
        const auth = this.auth(repo);
        return fetchText(url, { ...(auth ? { auth } : {}), ...this.transfer(), maxBytes: CHECKSUM_MAX_BYTES });
      },
      (m) => transferLine(() => options.log.warn(m)),
    );
  }

  /** A repository's update policy, unless `-nsu` makes every one `never`. */
  private updatePolicy(declared: string | undefined): string | undefined {
    return this.options.noSnapshotUpdates ? 'never' : declared;
  }

  /** A repository's checksum policy, unless `-C`/`-c` sets every one. */
  private checksumPolicy(declared: string | undefined): string | undefined {
    return this.options.checksumPolicy ?? declared;
  }

  private auth(repo: RemoteRepository): HttpAuth | undefined {
    const server = this.options.servers.find((s) => s.id === repo.id);
    if (!server || server.username === undefined) return undefined;
    let password = server.password ?? '';
    // Maven says at debug level that a plain password holding `{...}` was not decrypted.
    if (this.decrypter)
      password = this.decrypter.decryptOrPlain(password, `the password of server '${server.id}' in settings.xml`, (m) =>
        this.options.log.debug(m),
      );
    return { username: server.username, password };
  }

  /** Options of every transfer: the idle timeout and the settings.xml proxies. */
  private transfer(): Pick<DownloadOptions, 'timeoutMs' | 'proxyFor'> {
    const proxyFor = (url: string) => this.proxies.select(url);
    return this.options.timeoutMs !== undefined ? { timeoutMs: this.options.timeoutMs, proxyFor } : { proxyFor };
  }

  private async slot<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.options.threads) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await work();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  /** Makes `dir` once per session (a directory per artifact version, a file or two in each). */
  private directory(dir: string): Promise<unknown> {
    let made = this.madeDirectories.get(dir);
    if (!made) this.madeDirectories.set(dir, (made = mkdir(dir, { recursive: true })));
    return made;
  }

  private urlOf(repo: RemoteRepository, relative: string): string {
    return `${repo.url.replace(/\/+$/, '')}/${relative}`;
  }

  private blocked(repo: RemoteRepository, name: string): ArtifactResolutionError {
    return new ArtifactResolutionError(
      `Could not transfer artifact ${name} from/to ${repo.id} (${redactUrl(repo.url)}): Blocked mirror for repositories: [${repo.mirrored.map(describeRepository).join(', ')}]`,
      name,
      false,
    );
  }

  async fetch(c: ArtifactCoords, repo: RemoteRepository): Promise<string | undefined> {
    const name = artifactString(c);
    if (repo.blocked) throw this.blocked(repo, name);
    if (repo.layout !== 'default') {
      throw new ArtifactResolutionError(
        `Could not transfer artifact ${name} from/to ${repo.id} (${redactUrl(repo.url)}): ${noConnector(repo, true)}`,
        name,
        false,
      );
    }
    const relative = layoutPath({ ...c, baseVersion: baseVersionOf(c.version) });
    const url = this.urlOf(repo, relative);
    this.options.originGuard?.(repo.id, url);
    const target = path.join(this.local.basedir, relative);
    // Made while the transfer waits for a connection.
    const directory = this.directory(path.dirname(target));
    // A POM read ahead of the collector's walk logs where the walk reaches it (see TransferHold).
    return inTransferOf(target, async () => {
      const got = await this.slot(() => this.transferFile(c, repo, url, target, name, directory));
      if (!got) return undefined;
      await this.place(got, target, repo, name, directory);
      return target;
    });
  }

  /**
   * The transfer itself, which holds one of the `threads` connections: the file, then its
   * checksum, compared. Small bodies stay in memory; the file work (placing the body, its
   * checksum file, the `_remote.repositories` record) is done once the connection is free for
   * the next transfer, as the disk is no part of a round trip.
   */
  private async transferFile(
    c: ArtifactCoords,
    repo: RemoteRepository,
    url: string,
    target: string,
    name: string,
    directory: Promise<unknown>,
  ): Promise<Verified | undefined> {
    const auth = this.auth(repo);
    const log = this.options.log;
    const quiet = this.options.quietTransfers === true;
    const shown = redactUrl(url);
    const from = `${repo.id} (${redactUrl(repo.url)})`;
    if (!quiet) transferLine(() => log.info(`Downloading from ${repo.id}: ${shown}`));
    const started = Date.now();
    let lastProgress = 0;
    // The body stays in memory or in its temporary file until its checksum is verified: a kill,
    // a checksum that never comes or one that does not match never leaves an unverified file in place.
    const get = async () => {
      await directory;
      return download(url, target, {
        ...(auth ? { auth } : {}),
        ...this.transfer(),
        keepPart: true,
        memoryUpTo: IN_MEMORY_BYTES,
        digests: CHECKSUM_ALGORITHMS,
        onProgress: (done, total) => {
          const now = Date.now();
          if (quiet || !log.progress || now - started < 1000 || now - lastProgress < 200) return;
          lastProgress = now;
          log.progress(
            `Progress (1): ${path.basename(target)} (${formatSize(done)}${total !== undefined ? ` / ${formatSize(total)}` : ''})`,
          );
        },
      });
    };
    const failed = (result: Extract<HttpResult, { status: 'error' }>): ArtifactResolutionError =>
      result.local
        ? new ArtifactResolutionError(
            `Could not write artifact ${name} into the local repository: ${result.message}`,
            name,
            false,
          )
        : new ArtifactResolutionError(
            `Could not transfer artifact ${name} from/to ${from}: ${result.message}`,
            name,
            false,
          );
    let result = await get();
    if (lastProgress > 0) log.progressDone?.();
    if (result.status === 'not-found') return undefined;
    if (result.status === 'error') throw failed(result);
    let verified: Verified | undefined;
    try {
      // Like Maven's resolver, a checksum mismatch is downloaded once more before the policy decides.
      let checked = await this.verify(result, url, repo, c, name, true);
      if (checked.again) {
        dropPart(result);
        result = await get();
        if (result.status === 'not-found')
          throw new ArtifactResolutionError(
            `Could not transfer artifact ${name} from/to ${from}: the file is gone from the repository`,
            name,
            false,
          );
        if (result.status === 'error') throw failed(result);
        checked = await this.verify(result, url, repo, c, name, false);
      }
      verified = { body: result, checksums: checked.kept };
    } finally {
      if (!verified && result.status === 'ok') dropPart(result);
    }
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    const done = `Downloaded from ${repo.id}: ${shown} (${formatSize(result.size)} at ${formatSize(result.size / seconds)}/s)`;
    if (!quiet) transferLine(() => log.info(done));
    return verified;
  }

  /** A verified body renamed (or written) into place with its checksum files, and where it came from recorded. */
  private async place(
    verified: Verified,
    target: string,
    repo: RemoteRepository,
    name: string,
    directory: Promise<unknown>,
  ): Promise<void> {
    const { body, checksums } = verified;
    let placed = false;
    try {
      await directory;
      await Promise.all([
        (async () => {
          if (body.body) await writeFile(body.part, body.body);
          await rename(body.part, target);
          placed = true;
        })(),
        ...checksums.map(([ext, value]) => writeFile(`${target}.${ext}`, value)),
      ]);
    } catch (e) {
      throw new ArtifactResolutionError(
        `Could not write artifact ${name} into the local repository: ${target}: ${systemMessage(e as NodeJS.ErrnoException)}`,
        name,
        false,
      );
    } finally {
      if (!placed) rmSync(body.part, { force: true });
    }
    await this.local.record(target, repo.id);
  }

  /** The checksums of a downloaded file (see ChecksumVerifier); the policy `fail` removes it and fails the transfer. */
  private async verify(
    body: Extract<HttpResult, { status: 'ok' }>,
    url: string,
    repo: RemoteRepository,
    c: ArtifactCoords,
    name: string,
    firstTrial: boolean,
  ): Promise<{ again: boolean; kept: Array<readonly [string, string]> }> {
    const policy = this.checksumPolicy(
      (c.version.endsWith('SNAPSHOT') || /-\d{8}\.\d{6}-\d+$/.test(c.version) ? repo.snapshots : repo.releases)
        .checksumPolicy,
    );
    const kept: Array<readonly [string, string]> = [];
    try {
      const again = await this.checksums.verify(
        {
          url,
          repository: repo,
          policy,
          digest: (algorithm) => {
            const known = body.digests[algorithm];
            if (known !== undefined) return Promise.resolve(known);
            return body.body
              ? Promise.resolve(createHash(algorithm).update(body.body).digest('hex'))
              : digest(body.part, algorithm);
          },
        },
        firstTrial,
        (ext, value) => kept.push([ext, value]),
      );
      return { again, kept };
    } catch (e) {
      if (!(e instanceof ChecksumFailure)) throw e;
      dropPart(body);
      throw new ArtifactResolutionError(
        `Could not transfer artifact ${name} from/to ${repo.id} (${redactUrl(repo.url)}): ${e.message}`,
        name,
        false,
      );
    }
  }

  /**
   * The snapshot metadata of c's version in `repo`: the cached `maven-metadata-<id>.xml` while the
   * update policy allows (or offline), else downloaded again (once per session).
   */
  metadata(c: ArtifactCoords, repo: RemoteRepository, offline: boolean): Promise<SnapshotMetadata | undefined> {
    const dir = path.dirname(path.join(this.local.basedir, layoutPath({ ...c, baseVersion: c.version })));
    const cached = path.join(dir, `maven-metadata-${repo.id}.xml`);
    const key = `${cached}|${offline}`;
    let result = this.metadataChecked.get(key);
    if (!result) {
      result = this.loadMetadata(c, repo, cached, offline);
      this.metadataChecked.set(key, result);
    }
    return result;
  }

  versionsMetadata(
    groupId: string,
    artifactId: string,
    repo: RemoteRepository,
    offline: boolean,
  ): Promise<string | undefined> {
    const dir = path.join(this.local.basedir, ...groupId.split('.'), artifactId);
    const cached = path.join(dir, `maven-metadata-${repo.id}.xml`);
    const key = `${cached}|${offline}`;
    let result = this.versionsChecked.get(key);
    if (!result) {
      result = this.loadVersions(groupId, artifactId, repo, cached, offline);
      this.versionsChecked.set(key, result);
    }
    return result;
  }

  private async loadVersions(
    groupId: string,
    artifactId: string,
    repo: RemoteRepository,
    cached: string,
    offline: boolean,
  ): Promise<string | undefined> {
    if (
      offline ||
      repo.blocked ||
      (!this.options.updateSnapshots && !isOutdated(cached, this.updatePolicy(releaseOrSnapshotPolicy(repo))))
    )
      return readKept(cached);
    if (repo.layout !== 'default') {
      this.options.log.warn(
        `Could not transfer metadata ${groupId}:${artifactId}/maven-metadata.xml from/to ${repo.id} (${redactUrl(repo.url)}): ${noConnector(repo, false)}`,
      );
      return readKept(cached);
    }
    const { text } = await this.fetchKept(
      repo,
      `${groupId.replace(/\./g, '/')}/${artifactId}/maven-metadata.xml`,
      cached,
      this.checksumPolicy(releaseOrSnapshotChecksums(repo)),
    );
    if (typeof text === 'string') return text;
    const old = readKept(cached);
    if (text === undefined) {
      if (old !== undefined) utimesSync(cached, new Date(), new Date());
      return old;
    }
    this.options.log.warn(
      `Could not transfer metadata ${groupId}:${artifactId}/maven-metadata.xml from/to ${repo.id} (${redactUrl(repo.url)}): ${text.error}`,
    );
    return old;
  }

  /**
   * GETs a metadata file of `repo`, its checksums verified as an artifact's (under `policy`); a
   * body is kept at `cached` (Maven's copy per repository id), a checksum that matches beside it.
   */
  private async fetchKept(
    repo: RemoteRepository,
    relative: string,
    cached: string,
    policy: string | undefined,
  ): Promise<{ text: Awaited<ReturnType<typeof fetchText>>; url: string }> {
    const url = this.urlOf(repo, relative);
    this.options.originGuard?.(repo.id, url);
    const auth = this.auth(repo);
    const quiet = this.options.quietTransfers === true;
    let started = 0;
    const get = (firstTrial: boolean) =>
      this.slot(() => {
        // The transfer lines Maven prints for metadata too ("Downloading" even when it is absent), once.
        if (firstTrial && !quiet)
          transferLine(() => this.options.log.info(`Downloading from ${repo.id}: ${redactUrl(url)}`));
        if (firstTrial) started = Date.now();
        return fetchText(url, { ...(auth ? { auth } : {}), ...this.transfer() });
      });
    let text = await get(true);
    mkdirSync(path.dirname(cached), { recursive: true });
    if (typeof text !== 'string') return { text, url };
    const verify = (body: string, firstTrial: boolean): Promise<boolean> =>
      this.checksums.verify(
        {
          url,
          repository: repo,
          policy,
          digest: (algorithm) => Promise.resolve(createHash(algorithm).update(body).digest('hex')),
        },
        firstTrial,
        (ext, value) => writeFileSync(`${cached}.${ext}`, value),
      );
    try {
      // As for artifacts: a mismatch is downloaded once more before the policy decides.
      if (await verify(text, true)) {
        text = await get(false);
        if (typeof text !== 'string') return { text, url };
        await verify(text, false);
      }
    } catch (e) {
      if (!(e instanceof ChecksumFailure)) throw e;
      return { text: { error: e.message }, url };
    }
    writeFileSync(cached, text);
    const size = Buffer.byteLength(text);
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    const done = `Downloaded from ${repo.id}: ${redactUrl(url)} (${formatSize(size)} at ${formatSize(size / seconds)}/s)`;
    if (!quiet) transferLine(() => this.options.log.info(done));
    return { text, url };
  }

  private async loadMetadata(
    c: ArtifactCoords,
    repo: RemoteRepository,
    cached: string,
    offline: boolean,
  ): Promise<SnapshotMetadata | undefined> {
    if (
      offline ||
      repo.blocked ||
      (!this.options.updateSnapshots && !isOutdated(cached, this.updatePolicy(repo.snapshots.updatePolicy)))
    ) {
      return readSnapshotMetadata(cached);
    }
    if (repo.layout !== 'default') {
      this.options.log.warn(
        `Could not transfer metadata ${c.groupId}:${c.artifactId}:${c.version}/maven-metadata.xml from/to ${repo.id} (${redactUrl(repo.url)}): ${noConnector(repo, false)}`,
      );
      return readSnapshotMetadata(cached);
    }
    const { text, url } = await this.fetchKept(
      repo,
      `${c.groupId.replace(/\./g, '/')}/${c.artifactId}/${c.version}/maven-metadata.xml`,
      cached,
      this.checksumPolicy(repo.snapshots.checksumPolicy),
    );
    if (typeof text === 'string') return parseSnapshotMetadata(text, url);
    if (text === undefined) {
      // Remember the check (an absent file means "check again"), keep any older copy.
      const old = readSnapshotMetadata(cached);
      if (old) utimesSync(cached, new Date(), new Date());
      return old;
    }
    this.options.log.warn(
      `Could not transfer metadata ${c.groupId}:${c.artifactId}:${c.version}/maven-metadata.xml from/to ${repo.id} (${redactUrl(repo.url)}): ${text.error}`,
    );
    return readSnapshotMetadata(cached);
  }
}

/**
 * Maven 3's resolver has a connector for the "default" layout only: any other (Maven 1's
 * "legacy") fails every transfer with this chain; a metadata warning names its first link only.
 */
function noConnector(repo: RemoteRepository, chain: boolean): string {
  const url = redactUrl(repo.url);
  const connector = `Cannot access ${url} with type ${repo.layout} using the available connector factories: BasicRepositoryConnectorFactory`;
  if (!chain) return connector;
  return `${connector}: Cannot access ${url} with type ${repo.layout} using the available layout factories: Maven2RepositoryLayoutFactory: Unsupported repository layout ${repo.layout}`;
}

/** The checksum policy of metadata for releases and snapshots: the stricter of the enabled ones (Maven's merged policy). */
function releaseOrSnapshotChecksums(repo: RemoteRepository): string {
  const order = ['ignore', 'warn', 'fail'];
  const policies = [repo.releases, repo.snapshots]
    .filter((p) => p.enabled)
    .map((p) => (p.checksumPolicy ?? 'warn').toLowerCase());
  return policies.sort((a, b) => order.indexOf(b) - order.indexOf(a))[0] ?? 'warn';
}

/** The update policy of a lookup for releases or snapshots: the more frequent of the enabled ones (Maven's). */
export function releaseOrSnapshotPolicy(repo: RemoteRepository): string {
  const order = (p: string): number =>
    p === 'always' ? 0 : p.startsWith('interval:') ? Number(p.slice(9)) : p === 'never' ? Infinity : 24 * 60;
  const policies = [repo.releases, repo.snapshots].filter((p) => p.enabled).map((p) => p.updatePolicy ?? 'daily');
  return policies.sort((a, b) => order(a) - order(b))[0] ?? 'never';
}

/** A transfer's verified body, and the checksums that matched it (written beside it). */
interface Verified {
  readonly body: Extract<HttpResult, { status: 'ok' }>;
  readonly checksums: ReadonlyArray<readonly [string, string]>;
}

/**
 * Bodies up to this size stay in memory until verified: POMs, checksums and most jars of a
 * repository, whose file work then waits for no connection.
 */
const IN_MEMORY_BYTES = 1024 * 1024;

/** Forgets a body that will not be placed (its temporary file, if it has one). */
function dropPart(body: Extract<HttpResult, { status: 'ok' }>): void {
  if (!body.body) rmSync(body.part, { force: true });
}

function digest(file: string, algorithm: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash(algorithm);
    createReadStream(file)
      .on('data', (d) => hash.update(d))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });
}

/** Maven's transfer sizes: B, kB, MB with one decimal below 10. */
export function formatSize(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  return `${value < 10 ? value.toFixed(1) : Math.round(value).toString()} ${units[unit]}`;
}
