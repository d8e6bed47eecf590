import { redactUrl } from '@goalhost/model';
import { LockError } from './lock-errors';
import type { LockFile } from './lock-file';
import { readText } from './text-files';
import { parseLockFile } from './lock-file';

/** A download refused because no lock of the build names the repository it would come from. */
export class UnlockedOriginError extends LockError {
  constructor(repository: string, url: string, named: readonly string[]) {
    super(
      `Refused to download ${redactUrl(url)} from repository ${repository}: under -Dgoalhost.lock.origins=locked files come only from ` +
        `the repositories the lock files of this build name (from=${named.length > 0 ? named.join(', from=') : ' none'}), and ${repository} is not one of them. ` +
        'If the repository is meant, lock it on purpose: build once without -Dgoalhost.lock.origins=locked and with -Dgoalhost.lock=update, and review the lock; ' +
        'otherwise fix the repository or mirror in the POM or settings.xml.',
    );
    this.name = 'UnlockedOriginError';
  }
}

/**
 * `-Dgoalhost.lock.origins=locked`: every download must come from a repository (by id, a
 * mirror's when mirrored) that a lock file of this build names as the origin of a locked file
 * (`from=`). The lock beside the top-level POM is read first (its project's parents are
 * downloaded before any lock is verified); each lock the build reads or writes adds its own.
 */
export class LockOrigins {
  private readonly named = new Set<string>();

  constructor(topLockFile?: string) {
    if (topLockFile === undefined) return;
    const text = readText(topLockFile);
    if (text !== undefined) this.add(parseLockFile(text, topLockFile));
  }

  add(lock: LockFile): void {
    for (const line of [...lock.entries, ...lock.poms, ...lock.requested])
      if (line.repository !== undefined) this.named.add(line.repository);
  }

  /** Throws UnlockedOriginError unless `repository` is named. */
  check(repository: string, url: string): void {
    if (!this.named.has(repository)) throw new UnlockedOriginError(repository, url, [...this.named].sort());
  }
}
