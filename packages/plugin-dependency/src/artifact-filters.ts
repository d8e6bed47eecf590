import {
  EXCLUDE_TEST_SCOPE_MESSAGE,
  filterArtifacts as mavenFilterChain,
  GoalExecutionError,
  type ArtifactFilterOptions,
} from '@goalhost/api';
import type { Artifact } from '@goalhost/model';

/**
 * The filter parameters of maven-dependency-plugin's resolving goals, applied with the plugin's
 * chain (from @goalhost/api) to the project's resolved dependencies.
 */
export function filterArtifacts(artifacts: readonly Artifact[], o: ArtifactFilterOptions): Artifact[] {
  // AbstractDependencyFilterMojo refuses this before any filter runs.
  if (o.excludeScope === 'test') throw new GoalExecutionError(EXCLUDE_TEST_SCOPE_MESSAGE);
  return mavenFilterChain(artifacts, o, { isDirect: (a) => a.depth === 1 });
}
