import { baseVersionOf } from '../transport';
import type { TrustedArtifact, TrustedChecksum } from '../trusted';
import { entryId, pomId, type LockEntry, type PomEntry } from './lock-file';
import { LockError } from './lock-errors';

/** Looks up the trusted SHA-256 of an artifact from a repository (RepositorySystem.trustedSha256). */
export type TrustedSha256 = (artifact: TrustedArtifact, repositoryId: string) => TrustedChecksum | undefined;

/** A file for which the lock and the trusted checksums hold different SHA-256 values. */
export interface TrustedDisagreement {
  /** `g:a:type[:classifier]:version`, or `g:a:version` of a POM. */
  readonly item: string;
  readonly pom: boolean;
  readonly file: string;
  readonly locked: string;
  readonly trusted: TrustedChecksum;
}

/**
 * Every locked artifact and POM whose lock line and trusted checksum (Maven 3.9's trusted
 * checksums, verified with SHA-256) disagree. A line without a repository was installed locally,
 * which maven-resolver names `local`; system-scope files are not resolved, so not checked.
 */
export function trustedDisagreements(
  trusted: TrustedSha256,
  entries: ReadonlyArray<{ readonly entry: LockEntry; readonly file: string }>,
  poms: ReadonlyArray<{ readonly entry: PomEntry; readonly file: string }>,
): TrustedDisagreement[] {
  const found: TrustedDisagreement[] = [];
  const compare = (
    item: string,
    pom: boolean,
    file: string,
    artifact: TrustedArtifact,
    locked: string,
    repository?: string,
  ): void => {
    const t = trusted(artifact, repository ?? 'local');
    if (t !== undefined && t.value.toLowerCase() !== locked) found.push({ item, pom, file, locked, trusted: t });
  };
  for (const { entry: e, file } of entries) {
    if (e.systemPath !== undefined) continue;
    compare(entryId(e), false, file, { ...e, baseVersion: baseVersionOf(e.version) }, e.sha256, e.repository);
  }
  for (const { entry: p, file } of poms) {
    const artifact = { ...p, baseVersion: baseVersionOf(p.version), classifier: '', extension: 'pom' };
    compare(pomId(p), true, file, artifact, p.sha256, p.repository);
  }
  return found;
}

/** The lock and the trusted checksums disagree about a file: one of them was changed without the other. */
export class TrustedLockDisagreementError extends LockError {
  constructor(
    readonly projectId: string,
    readonly lockFile: string,
    readonly disagreements: readonly TrustedDisagreement[],
  ) {
    const lines = disagreements.flatMap((d) => [
      `  ${d.pom ? 'POM ' : ''}${d.item}`,
      `    file:    ${d.file}`,
      `    lock:    sha256:${d.locked} (${lockFile})`,
      `    trusted: sha256:${d.trusted.value} (${d.trusted.source} ${d.trusted.file})`,
    ]);
    const n = disagreements.length;
    super(
      `The lock file ${lockFile} of ${projectId} and the trusted checksums disagree about ${n === 1 ? '1 file' : `${n} files`} (no goal used ${n === 1 ? 'it' : 'them'}):\n${lines.join('\n')}\n` +
        'One of them was changed without the other: find out which value is right before trusting either. ' +
        'If the lock is right, record the trusted checksums again from the locked files (-Daether.artifactResolver.postProcessor.trustedChecksums.record=true); ' +
        'if the trusted checksum is right, get that file and update the lock on purpose (goalhost dependency:lock, or -Dgoalhost.lock=update), then review the diff of both.',
    );
    this.name = 'TrustedLockDisagreementError';
  }
}
