import { ArtifactResolutionError } from '../errors';

/** An artifact as the trusted checksums sources place it (maven-resolver's Artifact, as resolved). */
export interface TrustedArtifact {
  readonly groupId: string;
  readonly artifactId: string;
  /** As resolved: a snapshot's timestamped version when one was resolved. */
  readonly version: string;
  readonly baseVersion: string;
  /** '' when none. */
  readonly classifier: string;
  readonly extension: string;
}

/**
 * The artifact's path in a remote repository's layout (maven-resolver's LocalPathComposer with
 * `local` false): the directory by base version, the file name by the resolved version.
 */
export function remotePath(a: TrustedArtifact): string {
  return (
    `${a.groupId.replace(/\./g, '/')}/${a.artifactId}/${a.baseVersion}/${a.artifactId}-${a.version}` +
    `${a.classifier ? `-${a.classifier}` : ''}${a.extension ? `.${a.extension}` : ''}`
  );
}

/** `g:a:ext[:classifier]:version`, as maven-resolver names artifacts in these messages. */
export function artifactId(a: TrustedArtifact): string {
  return `${a.groupId}:${a.artifactId}:${a.extension}${a.classifier ? `:${a.classifier}` : ''}:${a.version}`;
}

/**
 * A repository id is a directory (sparse directory) or part of a file name (summary file) when
 * the source is origin-aware: one that could leave the base directory is refused.
 */
export function checkOriginId(id: string, basedir: string, artifact: TrustedArtifact): void {
  if (!/[/\\\0]/.test(id) && id !== '.' && id !== '..') return;
  throw new ArtifactResolutionError(
    `Invalid repository id '${id}' for the trusted checksums of ${artifactId(artifact)} in ${basedir}: an origin-aware source names files by it, so it must not contain '/', '\\' or NUL nor be '.' or '..'; rename the repository in the POM or settings.xml`,
    artifactId(artifact),
    false,
  );
}
