/**
 * Marks goalhost's goal errors. A plugin installed on its own brings its own copy of
 * @goalhost/api, whose error classes are other classes than the host's: the host knows them by
 * this mark (a registered symbol, the same in every copy), not by `instanceof`.
 */
const GOAL_ERROR = Symbol.for('goalhost.GoalError');

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

for (const type of [GoalExecutionError, GoalFailureError])
  Object.defineProperty(type.prototype, GOAL_ERROR, { value: true });

/** Whether `e` is a GoalExecutionError or GoalFailureError, from this or any other copy of @goalhost/api. */
export function isGoalError(e: unknown): e is GoalExecutionError | GoalFailureError {
  return typeof e === 'object' && e !== null && (e as { [GOAL_ERROR]?: unknown })[GOAL_ERROR] === true;
}

/**
 * Why the repositories could not give a POM, told apart as Maven's artifact descriptor reader
 * does: `missing` (no POM: a warning, no dependency information), `invalid` (unreadable XML or
 * a model that fails validation: a warning, no transitive dependencies), `unreadable` (its
 * parent or an import cannot be resolved, or the file cannot be read: the descriptor fails).
 */
export type PomProblem = 'missing' | 'invalid' | 'unreadable';

/** RepositoryService.readProject's rejection when the POM is the trouble; the message is Maven's reason. */
export class PomReadError extends Error {
  constructor(
    message: string,
    readonly pomProblem: PomProblem,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PomReadError';
  }
}

/** The PomProblem of a PomReadError from this or any other copy of @goalhost/api. */
export function pomProblemOf(e: unknown): PomProblem | undefined {
  const problem = typeof e === 'object' && e !== null ? (e as { pomProblem?: unknown }).pomProblem : undefined;
  return problem === 'missing' || problem === 'invalid' || problem === 'unreadable' ? problem : undefined;
}
