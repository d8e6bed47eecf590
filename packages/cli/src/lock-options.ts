import * as os from 'node:os';
import * as path from 'node:path';
import type { Log, Session } from '@goalhost/api';
import { BuildError } from '@goalhost/core';
import { LOCK_MODES, type LockMode } from '@goalhost/resolver';
import { ON_COMMAND_LINE } from './project-config';

/** `-Dgoalhost.lock=verify|update|ignore` (verify when absent: a lock file, if any, is checked). */
export const LOCK_PROPERTY = 'goalhost.lock';
/** `-Dgoalhost.lock.remember=false`: hash every locked file and resolve every locked project on every run. */
export const REMEMBER_PROPERTY = 'goalhost.lock.remember';

export function lockMode(session: Session): LockMode {
  const value = session.userProperties[LOCK_PROPERTY];
  if (value === undefined || value === '') return 'verify';
  if ((LOCK_MODES as readonly string[]).includes(value)) return value as LockMode;
  throw new BuildError(
    `Invalid -D${LOCK_PROPERTY}=${value}: use update (rewrite the lock files), ignore (build once without them) or verify (the default)`,
  );
}

/**
 * A lock mode that checks less than `verify`, set anywhere but in the command line's own
 * arguments (.mvn/maven.config travels with the checkout, MAVEN_ARGS with the environment), is
 * said aloud: those places must not turn verification off without a word.
 */
export function warnWeakenedLock(session: Session, propertyOrigins: Readonly<Record<string, string>>, log: Log): void {
  const mode = lockMode(session);
  const origin = propertyOrigins[LOCK_PROPERTY] ?? 'outside the command line';
  if (mode === 'verify' || origin === ON_COMMAND_LINE) return;
  const effect =
    mode === 'ignore'
      ? 'this build does not check the dependencies against the goalhost.lock files'
      : 'this build rewrites the goalhost.lock files from what the repositories serve instead of checking them';
  log.warn(
    `-D${LOCK_PROPERTY}=${session.userProperties[LOCK_PROPERTY]} ${origin} weakens lock verification: ${effect}; ` +
      'remove it there, or pass it on the command line when it is meant',
  );
}

/** `-Dgoalhost.lock.origins=locked`: downloads only from the repositories the lock files name. */
export const ORIGINS_PROPERTY = 'goalhost.lock.origins';

/** Whether downloads are restricted to the locks' origins (`locked`; `any`, the default, does not restrict). */
export function lockedOrigins(session: Session): boolean {
  const value = session.userProperties[ORIGINS_PROPERTY];
  if (value === undefined || value === '' || value === 'any') return false;
  if (value === 'locked') return true;
  throw new BuildError(
    `Invalid -D${ORIGINS_PROPERTY}=${value}: use locked (download only from the repositories the lock files name) or any (the default)`,
  );
}

/** Where file digests are remembered: `$XDG_CACHE_HOME/goalhost/lock-digests.json`, unless turned off. */
export function digestsFile(session: Session): string | undefined {
  if (session.userProperties[REMEMBER_PROPERTY] === 'false') return undefined;
  return path.join(cacheBase(session), 'goalhost', 'lock-digests.json');
}

/** Where the lock texts verified on this machine are remembered: `$XDG_CACHE_HOME/goalhost/lock-verified.json`, unless turned off. */
export function verifiedLocksFile(session: Session): string | undefined {
  if (session.userProperties[REMEMBER_PROPERTY] === 'false') return undefined;
  return path.join(cacheBase(session), 'goalhost', 'lock-verified.json');
}

/** The XDG base directory rules: a relative XDG_CACHE_HOME is invalid and ignored. */
export function cacheBase(session: Session): string {
  const xdg = session.env.XDG_CACHE_HOME;
  return xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache');
}
