/**
 * A build error with a message for the user and optional detail lines printed after it
 * (Maven prints such details, e.g. the configuration snippet for a missing parameter).
 */
export class BuildError extends Error {
  constructor(
    message: string,
    readonly detail: readonly string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BuildError';
  }
}

/** A goal or phase on the command line that nothing provides. */
export class UnknownTaskError extends BuildError {}

/** Two plugins claim the same `prefix:goal`. */
export class DuplicateGoalError extends BuildError {}

/** Parameter values that are missing or do not fit their type. */
export class ParameterError extends BuildError {}
