import type { ChecksumAlgorithm } from './checksum-algorithms';
import type { TrustedArtifact } from './trusted-artifact';

/** Where trusted checksums are read and recorded (maven-resolver's TrustedChecksumsSource). */
export interface TrustedChecksumsSource {
  /** `summaryFile` or `sparseDirectory`: the name failure messages give. */
  readonly name: string;
  /** The checksums it holds for the artifact from `repositoryId`, by algorithm name (those it lacks left out). */
  checksums(
    artifact: TrustedArtifact,
    repositoryId: string,
    algorithms: readonly ChecksumAlgorithm[],
  ): Map<string, string>;
  /** The file the checksum of `algorithm` is (or would be) kept in. */
  location(artifact: TrustedArtifact, repositoryId: string, algorithm: ChecksumAlgorithm): string;
  /** Records the calculated checksums of the artifact. */
  record(
    artifact: TrustedArtifact,
    repositoryId: string,
    algorithms: readonly ChecksumAlgorithm[],
    checksums: ReadonlyMap<string, string>,
  ): void;
  /** Writes what was recorded and not yet written (at the end of the session). */
  save(): void;
}
