import { copyFileSync, statSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { redactUrl } from '@goalhost/model';
import { ArtifactResolutionError } from '../errors';
import { markUncacheable } from '../file-observations';
import { LastUpdatedRecord } from './last-updated';
import { baseVersionOf, isFile, type LocalRepository } from './local-repository';
import { isMetaversion, resolveMetaversion } from './metaversion';
import { repositoriesKey, type RemoteRepository } from './remote-repository';
import {
  isValidSnapshotVersion,
  readSnapshotMetadata,
  snapshotVersion,
  type SnapshotMetadata,
} from './snapshot-metadata';

/** An artifact file to resolve: Maven resolver's coordinates (extension, not type). */
export interface ArtifactCoords {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly classifier: string;
  readonly extension: string;
}

/** `g:a:ext[:classifier]:version`, the resolver's way of naming an artifact in messages. */
export function artifactString(c: ArtifactCoords): string {
  return `${c.groupId}:${c.artifactId}:${c.extension}${c.classifier ? `:${c.classifier}` : ''}:${c.version}`;
}

export function isSnapshot(version: string): boolean {
  return version.endsWith('SNAPSHOT') || /-\d{8}\.\d{6}-\d+$/.test(version);
}

/** Downloads files from remote repositories into the local one. */
export interface RemoteFetcher {
  /**
   * Fetches `c` from `repo` into the local repository; resolves to the local path, or undefined
   * when the repository does not have it. Throws ArtifactResolutionError on transfer errors.
   */
  fetch(c: ArtifactCoords, repo: RemoteRepository): Promise<string | undefined>;
  /** The snapshot metadata of `c`'s version in `repo` (cached copy when offline or up to date). */
  metadata(c: ArtifactCoords, repo: RemoteRepository, offline: boolean): Promise<SnapshotMetadata | undefined>;
  /**
   * The text of `groupId/artifactId/maven-metadata.xml` of `repo` (the versions it has): the kept
   * `maven-metadata-<id>.xml` while the update policy allows (or offline), else downloaded again.
   */
  versionsMetadata(
    groupId: string,
    artifactId: string,
    repo: RemoteRepository,
    offline: boolean,
  ): Promise<string | undefined>;
}

/**
 * Maven's workspace reader: files the build itself has (the reactor's), asked before the local
 * repository and the remote ones; undefined for an artifact it does not have.
 */
export interface WorkspaceReader {
  find(c: ArtifactCoords): string | undefined;
}

export interface ResolvedFile {
  readonly file: string;
  /** The version resolved (a timestamp for a remote `-SNAPSHOT`). */
  readonly version: string;
}

/**
 * Finds artifact files: in the local repository when Maven would accept the copy there, else
 * from the remote repositories in order (unless offline). `-SNAPSHOT` versions go through the
 * repositories' metadata to the newest timestamped build, stored also under the SNAPSHOT name.
 */
export class ArtifactResolver {
  private workspace?: WorkspaceReader;
  private readonly cache = new Map<string, Promise<ResolvedFile>>();

  constructor(
    readonly local: LocalRepository,
    private readonly offline: boolean,
    private readonly remote?: RemoteFetcher,
    /** `-U`: ask every repository again, whatever the records of failed lookups say. */
    private readonly forceUpdate = false,
    /** `-nsu`: every update policy is `never`, so a recorded failed lookup is never retried. */
    private readonly neverUpdate = false,
  ) {}

  /** Forgets the files resolved so far (after some were deleted from the local repository). */
  forget(): void {
    this.cache.clear();
    this.local.forget();
  }

  async resolve(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<string> {
    return (await this.resolveFull(c, repositories)).file;
  }

  /** The build's own files, from now on (Maven sets its reactor reader up once the projects are read). */
  setWorkspace(workspace: WorkspaceReader): void {
    this.workspace = workspace;
  }

  resolveFull(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<ResolvedFile> {
    const own = this.workspace?.find(c);
    if (own !== undefined) return Promise.resolve({ file: own, version: c.version });
    const key = `${artifactString(c)}@${repositoriesKey(repositories)}`;
    let result = this.cache.get(key);
    if (!result) {
      result = isMetaversion(c.version)
        ? this.resolveNamed(c, repositories)
        : c.version.endsWith('SNAPSHOT')
          ? this.resolveSnapshot(c, repositories)
          : this.resolveRelease(c, repositories);
      this.cache.set(key, result);
    }
    return result;
  }

  private applicable(c: ArtifactCoords, repositories: readonly RemoteRepository[]): RemoteRepository[] {
    const snapshot = isSnapshot(c.version);
    return repositories.filter((r) => (snapshot ? r.snapshots.enabled : r.releases.enabled));
  }

  /**
   * `RELEASE` / `LATEST`: the version the metadata names, resolved as that version (Maven's
   * artifact resolver asks its version resolver first); left as is when no metadata names one.
   */
  private async resolveNamed(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<ResolvedFile> {
    const remote = this.remote;
    const version = await resolveMetaversion(
      this.local.basedir,
      remote && ((g, a, repo) => remote.versionsMetadata(g, a, repo, this.offline)),
      c.groupId,
      c.artifactId,
      c.version,
      repositories,
    );
    if (version === undefined || isMetaversion(version)) return this.resolveRelease(c, repositories);
    return this.resolveFull({ ...c, version }, repositories);
  }

  private async resolveRelease(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<ResolvedFile> {
    const applicable = this.applicable(c, repositories);
    const file = this.local.pathOf({ ...c, baseVersion: baseVersionOf(c.version) });
    const found = this.local.find(
      file,
      applicable.map((r) => r.id),
    );
    if (found.available) return { file, version: c.version };
    return { file: await this.download(c, applicable, file), version: c.version };
  }

  /**
   * Tries the repositories in order; the first one that has the file wins. A repository recorded
   * (`.lastUpdated`) as not having the file is skipped until its update policy expires.
   */
  private async download(c: ArtifactCoords, applicable: readonly RemoteRepository[], file: string): Promise<string> {
    markUncacheable(`${artifactString(c)} is not in the local repository`);
    const name = artifactString(c);
    if (applicable.length === 0) throw new ArtifactResolutionError(`Could not find artifact ${name}`, name, true);
    if (this.offline || !this.remote) {
      const r = applicable[0];
      throw new ArtifactResolutionError(
        `Cannot access ${r.id} (${redactUrl(r.url)}) in offline mode and the artifact ${name} has not been downloaded from it before.`,
        name,
        true,
      );
    }
    const errors: ArtifactResolutionError[] = [];
    const record = new LastUpdatedRecord(file);
    for (const repo of applicable) {
      const policy = this.neverUpdate
        ? 'never'
        : isSnapshot(c.version)
          ? repo.snapshots.updatePolicy
          : repo.releases.updatePolicy;
      if (!this.forceUpdate && record.notFoundRecently(repo, policy)) {
        errors.push(
          new ArtifactResolutionError(
            `${name} was not found in ${redactUrl(repo.url)} during a previous attempt. This failure was cached in the local repository and ` +
              `resolution is not reattempted until the update interval of ${repo.id} has elapsed or updates are forced`,
            name,
            true,
          ),
        );
        continue;
      }
      try {
        const fetched = await this.remote.fetch(c, repo);
        if (fetched) {
          record.found();
          return fetched;
        }
        record.notFound(repo);
        errors.push(
          new ArtifactResolutionError(
            `Could not find artifact ${name} in ${repo.id} (${redactUrl(repo.url)})`,
            name,
            true,
          ),
        );
      } catch (e) {
        if (!(e instanceof ArtifactResolutionError)) throw e;
        record.transferFailed(repo, e.message);
        errors.push(e);
      }
    }
    // As maven-resolver's ArtifactResolutionException picks its cause: the first failure that is
    // not "not found" (a repository that could not be reached), else the first "not found". A
    // POM is then "missing" only when every repository answered that it does not have it.
    throw errors.find((e) => !e.notFound) ?? errors[0];
  }

  private async resolveSnapshot(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<ResolvedFile> {
    // Which snapshot is current depends on the clock (update policies) and on remote metadata.
    markUncacheable(`snapshot ${artifactString(c)}`);
    const applicable = this.applicable(c, repositories);
    const normalized = this.local.pathOf({ ...c, baseVersion: c.version });
    // The newest of: what was installed locally, what each repository's metadata announces.
    let best: { version: string; updated: string; repo?: RemoteRepository } | undefined;
    const localMeta = readSnapshotMetadata(path.join(path.dirname(normalized), 'maven-metadata-local.xml'));
    if (localMeta && isFile(normalized)) best = { version: c.version, updated: localMeta.lastUpdated };
    if (this.remote) {
      for (const repo of applicable) {
        checkRepositoryId(repo, c);
        const meta = await this.remote.metadata(c, repo, this.offline);
        if (!meta) continue;
        const v = snapshotVersion(meta, c.version, c.classifier, c.extension);
        if (!isValidSnapshotVersion(v.version, c.version)) {
          throw new ArtifactResolutionError(
            `Invalid maven-metadata.xml of ${c.groupId}:${c.artifactId}:${c.version} in ${repo.id} (${redactUrl(repo.url)}): the snapshot version '${v.version}' ` +
              `is neither ${c.version} nor ${c.version.slice(0, -'SNAPSHOT'.length)}<yyyyMMdd.HHmmss>-<buildNumber> (from its <value>, or <timestamp> and <buildNumber>)`,
            artifactString(c),
            false,
          );
        }
        if (!best || v.updated > best.updated) best = { ...v, repo };
      }
    }
    if (!best || !best.repo || best.version === c.version) {
      const found = this.local.find(
        normalized,
        applicable.map((r) => r.id),
      );
      if (found.available) return { file: normalized, version: c.version };
      if (!best?.repo) return { file: await this.download(c, applicable, normalized), version: c.version };
    }
    const timestamped = { ...c, version: best.version };
    const file = this.local.pathOf({ ...timestamped, baseVersion: c.version });
    const found = this.local.find(file, [best.repo!.id]);
    const fetched = found.available ? file : await this.download(timestamped, [best.repo!], file);
    normalize(fetched, normalized);
    return { file: normalized, version: best.version };
  }
}

/**
 * A repository id names the metadata files kept for it (`maven-metadata-<id>.xml`): one that
 * could leave the version's directory is refused before any such file is made.
 */
function checkRepositoryId(repo: RemoteRepository, c: ArtifactCoords): void {
  if (!/[/\\\0]/.test(repo.id)) return;
  throw new ArtifactResolutionError(
    `Invalid repository id '${repo.id}' (${redactUrl(repo.url)}) for ${artifactString(c)}: an id must not contain '/', '\\' or NUL, as it names files in the local repository`,
    artifactString(c),
    false,
  );
}

/** Maven keeps a copy of the timestamped file under the `-SNAPSHOT` name (snapshot normalization). */
function normalize(from: string, to: string): void {
  if (from === to) return;
  const src = statSync(from);
  let dst;
  try {
    dst = statSync(to);
  } catch {
    dst = undefined;
  }
  if (dst && dst.size === src.size && dst.mtimeMs === src.mtimeMs) return;
  copyFileSync(from, to);
  utimesSync(to, src.atime, src.mtime);
}
