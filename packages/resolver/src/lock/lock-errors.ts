/** How to change a lock on purpose, the end of every lock failure. */
export const UPDATE_HINT =
  'If this change is intended, update the lock on purpose: goalhost dependency:lock (or add -Dgoalhost.lock=update to this build) ' +
  'and review the diff of the lock file; -Dgoalhost.lock=ignore builds once without the lock.';

/** A lock refused what a build would use; hosts fail the goal with the message as it is. */
export class LockError extends Error {}

/**
 * The resolution no longer gives the locked set (added, removed, changed artifacts), or the
 * build read other POMs than the locked ones (`poms`).
 */
export class LockMismatchError extends LockError {
  constructor(
    readonly projectId: string,
    readonly lockFile: string,
    readonly differences: readonly string[],
    poms = false,
  ) {
    const what = poms
      ? `The POMs read to build ${projectId} and collect its dependencies`
      : `The dependencies of ${projectId}`;
    super(`${what} no longer match the lock file ${lockFile}:\n${differences.join('\n')}\n${UPDATE_HINT}`);
    this.name = 'LockMismatchError';
  }
}

export interface DigestMismatch {
  /** `g:a:type[:classifier]:version`, or `g:a:version` of a POM. */
  readonly artifact: string;
  /** A POM read to build a model or collect dependencies (a `pom` line), not an artifact. */
  readonly pom?: boolean;
  readonly file: string;
  readonly locked: string;
  readonly actual: string;
}

/** A file's content is not the locked content. */
export class LockDigestError extends LockError {
  constructor(
    readonly projectId: string,
    readonly lockFile: string,
    readonly mismatches: readonly DigestMismatch[],
  ) {
    const lines = mismatches.flatMap((m) => [
      `  ${m.pom ? 'POM ' : ''}${m.artifact}`,
      `    file:   ${m.file}`,
      `    locked: sha256:${m.locked}`,
      `    actual: sha256:${m.actual}`,
    ]);
    const poms = mismatches.filter((m) => m.pom).length;
    const count = (n: number, noun: string): string => (n === 1 ? `1 ${noun}` : `${n} ${noun}s`);
    const what = [
      ...(mismatches.length > poms ? [count(mismatches.length - poms, 'artifact')] : []),
      ...(poms > 0 ? [count(poms, 'POM')] : []),
    ].join(' and ');
    super(
      `The content of ${what} ${mismatches.length === 1 ? 'does' : 'do'} not match the lock file ${lockFile} of ${projectId} (no goal used ${mismatches.length === 1 ? 'it' : 'them'}):\n${lines.join('\n')}\n` +
        'The repository may serve a re-deployed release, or the file was changed in the local repository. ' +
        `Find out why before trusting it; to get the locked content again, delete the file and build again. ${UPDATE_HINT}`,
    );
    this.name = 'LockDigestError';
  }
}

/** A file a goal asked for beyond the dependencies. */
export interface UnlockedFile {
  /** `g:a:type[:classifier]:version`. */
  readonly artifact: string;
  readonly file: string;
}

/** Files a goal asked for that the lock does not list: their content cannot be verified. */
export class UnlockedFilesError extends LockError {
  constructor(
    readonly projectId: string,
    readonly lockFile: string,
    readonly files: readonly UnlockedFile[],
  ) {
    const lines = files.flatMap((f) => [`  ${f.artifact}`, `    file:   ${f.file}`]);
    const what = files.length === 1 ? '1 file' : `${files.length} files`;
    super(
      `The lock file ${lockFile} of ${projectId} does not list ${what} a goal asked for, so ${files.length === 1 ? 'its' : 'their'} content cannot be verified (no goal used ${files.length === 1 ? 'it' : 'them'}):\n${lines.join('\n')}\n` +
        "Files a goal asks for beyond the dependencies (a -Dclassifier or -Dtype translation, the POMs of a source dependency) are locked as 'requested' lines: " +
        'run this build once with -Dgoalhost.lock=update and review the lines it adds to the lock file; -Dgoalhost.lock=ignore builds once without the lock.',
    );
    this.name = 'UnlockedFilesError';
  }
}

/** The source dependencies are wired other than the lock says (cxx:scm-dependencies). */
export class SourceMismatchError extends LockError {
  constructor(
    readonly projectId: string,
    readonly lockFile: string,
    readonly differences: readonly string[],
  ) {
    super(
      `The source dependencies of ${projectId} would be wired into the working copy other than the lock file ${lockFile} says (nothing was written):\n${differences.join('\n')}\n` +
        'The dependency POM, its repository or the working copy (svn:externals, .gitmodules, gitlinks) changed: find out which before trusting it. ' +
        'If this change is intended, update the lock on purpose: run this goal with -Dgoalhost.lock=update and review the diff of the lock file; ' +
        '-Dgoalhost.lock=ignore builds once without the lock.',
    );
    this.name = 'SourceMismatchError';
  }
}
