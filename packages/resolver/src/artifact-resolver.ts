import { ArtifactResolutionError } from './errors';
import { baseVersionOf, type LocalRepository } from './local-repository';
import type { RemoteRepository } from './remote-repository';

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

/** Downloads files from remote repositories into the local one (see transport). */
export interface RemoteFetcher {
  /**
   * Fetches `c` from `repo` into the local repository; resolves to the local path, or undefined
   * when the repository does not have it. Throws ArtifactResolutionError on transfer errors.
   */
  fetch(c: ArtifactCoords, repo: RemoteRepository): Promise<string | undefined>;
}

/**
 * Finds artifact files: in the local repository when Maven would accept the copy there,
 * else from the remote repositories in order (unless offline).
 */
export class ArtifactResolver {
  private readonly cache = new Map<string, Promise<string>>();

  constructor(
    readonly local: LocalRepository,
    private readonly offline: boolean,
    private readonly remote?: RemoteFetcher,
  ) {}

  resolve(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<string> {
    const key = `${artifactString(c)}@${repositories.map((r) => r.id).join(',')}`;
    let result = this.cache.get(key);
    if (!result) {
      result = this.doResolve(c, repositories);
      this.cache.set(key, result);
    }
    return result;
  }

  private async doResolve(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<string> {
    const snapshot = isSnapshot(c.version);
    const applicable = repositories.filter((r) => (snapshot ? r.snapshots.enabled : r.releases.enabled));
    const file = this.local.pathOf({ ...c, baseVersion: baseVersionOf(c.version) });
    const found = this.local.find(file, applicable.map((r) => r.id));
    if (found.available && !(snapshot && this.remote && !this.offline && c.version.endsWith('SNAPSHOT'))) return file;
    const name = artifactString(c);
    if (applicable.length === 0) {
      if (found.available) return file;
      throw new ArtifactResolutionError(`Could not find artifact ${name}`, name, true);
    }
    if (this.offline || !this.remote) {
      if (found.available) return file;
      const r = applicable[0];
      throw new ArtifactResolutionError(
        `Cannot access ${r.id} (${r.url}) in offline mode and the artifact ${name} has not been downloaded from it before.`,
        name,
        true,
      );
    }
    const errors: ArtifactResolutionError[] = [];
    for (const repo of applicable) {
      try {
        const fetched = await this.remote.fetch(c, repo);
        if (fetched) return fetched;
        errors.push(new ArtifactResolutionError(`Could not find artifact ${name} in ${repo.id} (${repo.url})`, name, true));
      } catch (e) {
        if (!(e instanceof ArtifactResolutionError)) throw e;
        errors.push(e);
      }
    }
    if (found.available) return file;
    throw errors[0];
  }
}
