/**
 * What a build does when a project fails (Maven's `-ff`, `-fae`): stop at once, or go on with the
 * projects that do not depend on a failed one.
 */
export type ReactorFailureBehavior = 'fail-fast' | 'fail-at-end';

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
  /** `-pl`: `[groupId]:artifactId` or module paths; `!` before one excludes it. */
  readonly selectedProjects: readonly string[];
  /** `-rf`: the project the reactor resumes from. */
  readonly resumeFrom?: string;
  readonly failureBehavior: ReactorFailureBehavior;
  /** 1: one project after the other; more: independent projects at the same time (`-T`). */
  readonly threads: number;
}
