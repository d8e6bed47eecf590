import type { GraphDependency } from './graph';
import type { RemoteRepository } from '../transport';

/** What a dependency's POM says (Maven's artifact descriptor). */
export interface Descriptor {
  /** The artifact after following relocations (type, classifier and extension unchanged). */
  readonly dependency: GraphDependency;
  /** The artifacts relocated from, oldest first. */
  readonly relocations: readonly GraphDependency[];
  readonly dependencies: readonly GraphDependency[];
  // No dependencyManagement: Maven 3's ClassicDependencyManager applies the root's alone.
  readonly repositories: readonly RemoteRepository[];
}

/** A POM file a descriptor was read from: the dependency's (and each relocating one's), its parents and imports. */
export interface DescriptorSource {
  /** `groupId:artifactId:version` as the POM says it. */
  readonly id: string;
  readonly file: string;
}

/** A descriptor, or the error of a POM unusable in a way that fails collection; `warning` to log once when consumed. */
export type DescriptorResult = (
  (Descriptor & { readonly warning?: string }) | { readonly error: Error; readonly warning?: string }
) & {
  /** Every POM file read for it, whatever it gave (a lock pins them). */
  readonly sources?: readonly DescriptorSource[];
};

/** Reads descriptors (cached). */
export type ReadDescriptor = (
  dependency: GraphDependency,
  repositories: readonly RemoteRepository[],
) => Promise<DescriptorResult>;

/** More relocations than any real artifact needs (Maven sets no bound; a hostile repository could relocate forever). */
export const MAX_RELOCATIONS = 16;

export function relocationChainTooLong(chain: readonly string[]): string {
  return `Artifact relocations go on for more than ${MAX_RELOCATIONS} steps: [${chain.join(', ')}]`;
}
