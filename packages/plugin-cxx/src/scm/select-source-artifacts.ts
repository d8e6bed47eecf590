import type { Artifact } from '@goalhost/model';
import { filterArtifacts, type CxxArtifactFilterOptions } from '../filter/artifact-filters';
import { fromResolved } from '@goalhost/unpack';
import type { SourceArtifact } from './source-dependencies';

/**
 * The source dependencies among the resolved artifacts: the shared filter chain of section 2.1,
 * with the type filter forced to `pom` as the original goal did (includeTypes / excludeTypes are
 * accepted but have no effect).
 */
export function selectSourceArtifacts(
  artifacts: readonly Artifact[],
  options: CxxArtifactFilterOptions,
): SourceArtifact[] {
  return filterArtifacts(artifacts.map(fromResolved), { ...options, includeTypes: 'pom', excludeTypes: '' });
}
