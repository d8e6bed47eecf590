import type { Coordinates } from '@goalhost/model';
import type { ResolvedCredentials } from './credentials';
import type { EntryChange } from './svn-externals-plan';
import type { TargetDir } from './target-dir';

/** One source dependency, ready for its SCM: URL, credentials and target directory decided. */
export interface SourceDependency {
  /** `G:A:V:T` */
  readonly id: string;
  readonly coordinates: Coordinates;
  readonly url: string;
  readonly credentials: ResolvedCredentials;
  readonly target: TargetDir;
  /** The POM's `<scm><tag>` (used by git only). */
  readonly tag?: string;
  /** The dependency POM, for messages. */
  readonly pomFile: string;
}

export interface SourceUpdateRequest {
  /** `${basedir}/${sourceSubdir}`: the directory carrying the externals / holding the submodules. */
  readonly holder: string;
  /** `${project.build.directory}`, where `svn.externals` is written before `svn propset --file`. */
  readonly buildDirectory: string;
  readonly dependencies: readonly SourceDependency[];
  /** sourceFreezeRevision: pin each entry to the revision seen now. */
  readonly freeze: boolean;
}

/** One dependency as the working copy will have it. */
export interface PlannedWiring {
  readonly dependency: SourceDependency;
  /** As written into svn:externals or .gitmodules. */
  readonly url: string;
  /** The svn revision the sources last changed in, or the commit of the gitlink. */
  readonly revision: string;
}

/**
 * An update computed and printed but not written yet, so that every SCM is checked before any is
 * touched. `apply(true)` (dry run) only says what was not written.
 */
export interface PreparedUpdate {
  readonly scm: 'svn' | 'git';
  readonly changes: readonly EntryChange[];
  readonly changed: boolean;
  /** How each dependency of the request will be wired once applied, in request order (what a lock pins). */
  readonly wiring: readonly PlannedWiring[];
  apply(dryRun: boolean): Promise<void>;
}
