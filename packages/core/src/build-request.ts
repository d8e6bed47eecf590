/**
 * What a build does when a project fails (Maven's `-ff`, `-fae`, `-fn`): stop at once; go on with
 * the projects that do not depend on a failed one; or go on with every project.
 */
export type ReactorFailureBehavior = 'fail-fast' | 'fail-at-end' | 'fail-never';

/** `-am`, `-amd` or both: with `-pl`, also the projects the selected ones need, or that need them. */
export type MakeBehavior = 'upstream' | 'downstream' | 'both';

/** The builders Maven 3.8.7 has (`-b`): one project after the other, or independent ones at the same time. */
export const BUILDERS = ['singlethreaded', 'multithreaded'] as const;

/** What one build is asked to do, as Maven's MavenExecutionRequest: read once, never changed. */
export interface BuildRequest {
  /** Phases and goals, in command-line order. */
  readonly tasks: readonly string[];
  /** `-f`: a POM file or a directory holding pom.xml, relative to baseDirectory. */
  readonly file?: string;
  /** Where the build starts: the working directory. */
  readonly baseDirectory: string;
  /** `-N`: the starting POM only, not its modules. */
  readonly nonRecursive: boolean;
  /** `-pl`: `[groupId]:artifactId` or paths (relative to the starting POM's directory) to build... */
  readonly selectedProjects: readonly string[];
  /** ...and to leave out (`-pl !x`). */
  readonly excludedProjects: readonly string[];
  readonly makeBehavior?: MakeBehavior;
  /** `-rf`: the project the reactor resumes from. */
  readonly resumeFrom?: string;
  readonly failureBehavior: ReactorFailureBehavior;
  /** `-T`: how many projects may build at the same time (Maven's degree of concurrency). */
  readonly threads: number;
  /**
   * `-b`: the builder's id; when absent, `multithreaded` with `-T` and `singlethreaded` without,
   * as Maven chooses. An id no builder has fails the build once its projects are read.
   */
  readonly builder?: string;
}
