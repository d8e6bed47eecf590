/** Injection tokens bound in each execution's child container. */
export const TOKENS = {
  GoalContext: Symbol.for('goalhost.GoalContext'),
  Log: Symbol.for('goalhost.Log'),
  Project: Symbol.for('goalhost.Project'),
  Session: Symbol.for('goalhost.Session'),
  Artifacts: Symbol.for('goalhost.Artifacts'),
  Repository: Symbol.for('goalhost.Repository'),
} as const;
