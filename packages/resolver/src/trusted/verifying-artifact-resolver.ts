import {
  ArtifactResolver,
  artifactString,
  baseVersionOf,
  isFile,
  repositoriesKey,
  type ArtifactCoords,
  type RemoteRepository,
  type ResolvedFile,
  type WorkspaceReader,
} from '../transport';
import type { TrustedChecksums } from './trusted-checksums';

/**
 * The artifact resolver with trusted checksums as maven-resolver's post-processor applies them:
 * every artifact resolved (dependencies, POMs, plugins) is verified or recorded before it is
 * used, with the repository it came from (`local` when installed locally, `workspace` for the
 * build's own files).
 */
export class VerifyingArtifactResolver extends ArtifactResolver {
  private trusted?: TrustedChecksums;
  private reactor?: WorkspaceReader;
  private readonly processed = new Map<string, Promise<ResolvedFile>>();

  /** Set once the resolver is built (the sources need the session's configuration). */
  verifyWith(trusted: TrustedChecksums): void {
    this.trusted = trusted;
  }

  override setWorkspace(workspace: WorkspaceReader): void {
    this.reactor = workspace;
    super.setWorkspace(workspace);
  }

  override forget(): void {
    this.processed.clear();
    super.forget();
  }

  override resolveFull(c: ArtifactCoords, repositories: readonly RemoteRepository[]): Promise<ResolvedFile> {
    const trusted = this.trusted;
    if (!trusted?.enabled) return super.resolveFull(c, repositories);
    const key = `${artifactString(c)}@${repositoriesKey(repositories)}`;
    let result = this.processed.get(key);
    if (!result) {
      result = this.verified(trusted, c, repositories);
      this.processed.set(key, result);
    }
    return result;
  }

  private async verified(
    trusted: TrustedChecksums,
    c: ArtifactCoords,
    repositories: readonly RemoteRepository[],
  ): Promise<ResolvedFile> {
    const ids = repositories.map((r) => r.id);
    const own = this.reactor?.find(c) !== undefined;
    const before = own
      ? undefined
      : this.local.find(this.local.pathOf({ ...c, baseVersion: baseVersionOf(c.version) }), ids);
    const resolved = await super.resolveFull(c, repositories);
    // A reactor module not packaged yet resolves to its output directory: there is no file to hash.
    if (own && !isFile(resolved.file)) return resolved;
    const artifact = { ...c, version: resolved.version, baseVersion: baseVersionOf(resolved.version) };
    // A snapshot's origin is recorded on its timestamped file.
    const exact = own ? resolved.file : this.local.pathOf(artifact);
    const repositoryId = own ? 'workspace' : (this.local.find(exact, ids).repository ?? 'local');
    await trusted.process({
      artifact,
      file: resolved.file,
      repositoryId,
      ...(before
        ? { local: before.exists ? (before.available ? 'present' : 'present, but unavailable') : 'absent' }
        : {}),
    });
    return resolved;
  }
}
