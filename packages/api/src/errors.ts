/**
 * A goal could not do its work because of the environment or its input (Maven's
 * MojoExecutionException): the build fails with this message.
 */
export class GoalExecutionError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GoalExecutionError';
  }
}

/** The goal ran and found the build wrong (Maven's MojoFailureException). */
export class GoalFailureError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GoalFailureError';
  }
}
