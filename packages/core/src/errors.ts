/**
 * A build error with a message for the user and optional detail lines printed after it
 * (Maven prints such details, e.g. the configuration snippet for a missing parameter).
 * `mavenException` is the simple name of the exception Maven fails with in the same case: Maven's
 * error summary links that exception's page of the Maven wiki (DefaultExceptionHandler's reference).
 */
export class BuildError extends Error {
  readonly mavenException?: string;

  constructor(
    message: string,
    readonly detail: readonly string[] = [],
    options?: { cause?: unknown; mavenException?: string },
  ) {
    super(message, options);
    this.name = 'BuildError';
    if (options?.mavenException) this.mavenException = options.mavenException;
  }
}

/** A goal or phase on the command line that nothing provides. */
export class UnknownTaskError extends BuildError {}

/** Two plugins claim the same `prefix:goal`. */
export class DuplicateGoalError extends BuildError {}

/** Parameter values that are missing or do not fit their type. */
export class ParameterError extends BuildError {}

/** `-pl` or `-rf` names no project of the reactor (Maven's graph builder fails with a MavenExecutionException). */
export class ProjectSelectionError extends BuildError {
  constructor(message: string) {
    super(message, [], { mavenException: 'MavenExecutionException' });
  }
}
