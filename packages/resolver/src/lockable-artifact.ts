import type { Artifact } from '@goalhost/model';

/** A resolved dependency with what a lock records besides the artifact itself. */
export interface LockableArtifact {
  /** Its file is the exact one resolved: for a snapshot, the timestamped file. */
  readonly artifact: Artifact;
  /** Id of the repository the file came from; absent when installed locally or a system path. */
  readonly repository?: string;
  /** `g:a:version` of the dependency whose POM brought it; absent for the project's own dependencies. */
  readonly via?: string;
  /** The version its POM asked for when the project's dependencyManagement changed it. */
  readonly premanagedVersion?: string;
}

/** The version to resolve a collected dependency at instead of its own (a locked snapshot timestamp). */
export type PinnedVersion = (dependency: {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly classifier: string;
  readonly extension: string;
}) => string | undefined;

/** A file a goal asked for beyond the dependencies, with where it came from. */
export interface LockableFile {
  readonly file: string;
  /** Id of the repository the file came from; absent when installed locally. */
  readonly repository?: string;
}

/** One POM file an effective model read from the repositories was built from. */
export interface LockablePom extends LockableFile {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
}

/** A collected dependency (no file resolved) with what a lock records besides its coordinates. */
export interface LockableDependency {
  readonly groupId: string;
  readonly artifactId: string;
  readonly type: string;
  /** '' when none. */
  readonly classifier: string;
  /** As collected: a snapshot's is not timestamped. */
  readonly version: string;
  readonly extension: string;
  readonly scope: string;
  readonly depth: number;
  readonly optional: boolean;
  /** `g:a:version` of the dependency whose POM brought it; absent for the project's own dependencies. */
  readonly via?: string;
  /** The version its POM asked for when the project's dependencyManagement changed it. */
  readonly premanagedVersion?: string;
}
