import { isSnapshotVersion } from '@goalhost/model';

/**
 * An artifact as maven-dependency-plugin's goals handle it: a resolved dependency of the project,
 * a parent POM added to them, or an artifact translated to a classifier (which has no scope).
 */
export interface DependencyArtifact {
  readonly groupId: string;
  readonly artifactId: string;
  /** The resolved version (timestamped for a remote snapshot). */
  readonly version: string;
  readonly baseVersion: string;
  readonly type: string;
  readonly classifier?: string;
  readonly extension: string;
  /** Null for translated artifacts and parent POMs. */
  readonly scope: string | null;
  readonly optional?: boolean;
  /** Absolute path of the file in the local repository. */
  readonly file: string;
  /** 1 for the project's direct dependencies (what excludeTransitive keeps). */
  readonly depth?: number;
}

/** Maven's Artifact.isSnapshot(): by its version, timestamped or not. */
export function isSnapshot(a: Pick<DependencyArtifact, 'version'>): boolean {
  return isSnapshotVersion(a.version);
}

/** Maven's Artifact.getId(): `g:a:type[:classifier]:baseVersion`. */
export function artifactIdOf(a: DependencyArtifact): string {
  return [a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : []), a.baseVersion].join(':');
}

/** Maven's ArtifactUtils.toSnapshotVersion: a timestamped version as its `-SNAPSHOT` base. */
export function toSnapshotVersion(version: string): string {
  const m = /^(.*)-\d{8}\.\d{6}-\d+$/.exec(version);
  return m ? `${m[1]}-SNAPSHOT` : version;
}

/** Whether two artifacts are one for Maven's artifact sets (DefaultArtifact.equals). */
export function sameArtifact(a: DependencyArtifact, b: DependencyArtifact): boolean {
  return (
    a.groupId === b.groupId &&
    a.artifactId === b.artifactId &&
    a.version === b.version &&
    a.type === b.type &&
    (a.classifier ?? '') === (b.classifier ?? '')
  );
}
