import { GoalExecutionError } from '@goalhost/api';

/**
 * A failure of maven-artifact-transfer's DependencyResolver as the plugin reports it: the
 * exception wraps Resolver's, so its message is that exception's toString, class name first.
 */
export function dependencyResolverError(e: unknown): GoalExecutionError {
  return new GoalExecutionError(
    `org.eclipse.aether.resolution.DependencyResolutionException: ${(e as Error).message}`,
    {
      cause: e,
    },
  );
}
