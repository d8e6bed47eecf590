import { ArtifactResolutionError } from '../errors';
import { javaHashMapOrder } from '../java-hash-order';
import { calculateChecksums } from './checksum-algorithms';
import { SparseDirectorySource } from './sparse-directory-source';
import { SummaryFileSource, type SummaryFileLog } from './summary-file-source';
import { artifactId, type TrustedArtifact } from './trusted-artifact';
import { POST_PROCESSOR_KEY, SOURCE_KEY_PREFIX, type TrustedChecksumsConfig } from './trusted-checksums-config';
import type { TrustedChecksumsSource } from './trusted-checksums-source';

/** A resolved artifact file, as the trusted checksums see it. */
export interface ResolvedArtifact {
  readonly artifact: TrustedArtifact;
  readonly file: string;
  /** Id of the repository it came from: `local` when installed locally, `workspace` for the build's own. */
  readonly repositoryId: string;
  /** `absent`, `present` or `present, but unavailable`: the local repository's copy before resolution. */
  readonly local?: string;
}

/** A trusted checksum of a file, with where it is kept. */
export interface TrustedChecksum {
  readonly value: string;
  /** `summaryFile` or `sparseDirectory`. */
  readonly source: string;
  /** The file that holds it. */
  readonly file: string;
}

/** A resolved artifact whose checksums do not agree with the trusted ones (ArtifactResolutionException). */
export class TrustedChecksumError extends ArtifactResolutionError {
  constructor(message: string, artifact: string) {
    super(message, artifact, false);
    this.name = 'TrustedChecksumError';
  }
}

/**
 * maven-resolver 1.9's TrustedChecksumsArtifactResolverPostProcessor: every resolved artifact
 * (a snapshot only with `snapshots`) is checked against every enabled source, or, with
 * `record`, its checksums are written to them instead.
 */
export class TrustedChecksums {
  private readonly sources: readonly TrustedChecksumsSource[];

  constructor(
    private readonly config: TrustedChecksumsConfig,
    log: SummaryFileLog,
  ) {
    for (const w of config.warnings) log.warn(w);
    this.sources = config.sources.map((s) =>
      s.name === 'summaryFile'
        ? new SummaryFileSource(s.basedir, s.originAware, log)
        : new SparseDirectorySource(s.basedir, s.originAware),
    );
  }

  /** Whether resolved artifacts go through this at all. */
  get enabled(): boolean {
    return this.config.enabled;
  }

  /** Verifies or records one resolved artifact; throws TrustedChecksumError when it does not verify. */
  async process(resolved: ResolvedArtifact): Promise<void> {
    if (!this.config.enabled) return;
    if (isSnapshot(resolved.artifact.version) && !this.config.snapshots) return;
    const calculated = await calculateChecksums(resolved.file, this.config.algorithms);
    if (this.config.record) {
      for (const source of this.sources)
        source.record(resolved.artifact, resolved.repositoryId, this.config.algorithms, calculated);
      return;
    }
    const failures = this.validate(resolved, calculated);
    if (failures.length === 0) return;
    throw new TrustedChecksumError(
      `The following artifacts could not be resolved: ${artifactId(resolved.artifact)}${resolved.local ? ` (${resolved.local})` : ''}: ${failures[0].message}` +
        ` (${this.hint(resolved, failures[0].missing)})`,
      artifactId(resolved.artifact),
    );
  }

  /** The trusted SHA-256 of an artifact from `repositoryId`, when SHA-256 is verified and a source has it. */
  sha256(artifact: TrustedArtifact, repositoryId: string): TrustedChecksum | undefined {
    if (!this.config.enabled || this.config.record) return undefined;
    if (isSnapshot(artifact.version) && !this.config.snapshots) return undefined;
    const algorithm = this.config.algorithms.find((a) => a.name === 'SHA-256');
    if (!algorithm) return undefined;
    for (const source of this.sources) {
      const value = source.checksums(artifact, repositoryId, [algorithm]).get(algorithm.name);
      if (value !== undefined)
        return { value, source: source.name, file: source.location(artifact, repositoryId, algorithm) };
    }
    return undefined;
  }

  /** Writes what was recorded (Maven does so when its repository system shuts down). */
  save(): void {
    for (const source of this.sources) source.save();
  }

  /** The failures of one artifact, in the order maven-resolver adds them. */
  private validate(
    resolved: ResolvedArtifact,
    calculated: ReadonlyMap<string, string>,
  ): Array<{ readonly message: string; readonly missing: boolean }> {
    const { artifact, repositoryId } = resolved;
    const failures: Array<{ readonly message: string; readonly missing: boolean }> = [];
    const missingOne = (message: string): number => failures.push({ message, missing: true });
    for (const source of this.sources) {
      const trusted = source.checksums(artifact, repositoryId, this.config.algorithms);
      // Listed as Java's HashSet of the names iterates.
      const missing = javaHashMapOrder(this.config.algorithms.filter((a) => !trusted.has(a.name)).map((a) => a.name));
      if (missing.length > 0 && this.config.failIfMissing)
        missingOne(
          `Missing from ${source.name} trusted checksum(s) [${missing.join(', ')}] for artifact ${artifactId(artifact)}`,
        );
      for (const algorithm of this.config.algorithms) {
        const value = trusted.get(algorithm.name);
        if (value !== undefined && value !== calculated.get(algorithm.name))
          failures.push({
            message: `Artifact ${artifactId(artifact)} trusted checksum mismatch: ${source.name}=${value}; calculated=${calculated.get(algorithm.name)}`,
            missing: false,
          });
      }
    }
    if (this.sources.length === 0 && this.config.failIfMissing)
      missingOne('There are no enabled trusted checksums source(s) to validate against.');
    return failures;
  }

  /** What to look at and how to fix it, after Maven's text. */
  private hint(resolved: ResolvedArtifact, missing: boolean): string {
    const places = [
      ...new Set(
        this.sources.flatMap((s) =>
          this.config.algorithms.map((a) => s.location(resolved.artifact, resolved.repositoryId, a)),
        ),
      ),
    ];
    const where = places.length > 0 ? `trusted checksums: ${places.join(', ')}; ` : '';
    const record = `-D${POST_PROCESSOR_KEY}.record=true`;
    if (this.sources.length === 0)
      return `enable a source, -D${SOURCE_KEY_PREFIX}summaryFile=true or -D${SOURCE_KEY_PREFIX}sparseDirectory=true, and build once with ${record}`;
    return missing
      ? `file: ${resolved.file}; ${where}they hold no checksum for it: to trust the file resolved now, build once with ${record} and review the diff; ` +
          `without -D${POST_PROCESSOR_KEY}.failIfMissing=true a missing checksum is not a failure`
      : `file: ${resolved.file}; ${where}find out why the file differs before trusting it; ` +
          `to trust the files resolved now, build once with ${record} and review the diff`;
  }
}

/** maven-resolver's Artifact.isSnapshot: a `-SNAPSHOT` version or a timestamped one. */
function isSnapshot(version: string): boolean {
  return version.endsWith('SNAPSHOT') || /-\d{8}\.\d{6}-\d+$/.test(version);
}
