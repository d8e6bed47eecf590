import * as os from 'node:os';
import * as path from 'node:path';
import type { Session } from '@goalhost/api';
import { BuildError } from '@goalhost/core';
import { LOCK_MODES, type LockMode } from '@goalhost/resolver';

/** `-Dgoalhost.lock=verify|update|ignore` (verify when absent: a lock file, if any, is checked). */
export const LOCK_PROPERTY = 'goalhost.lock';
/** `-Dgoalhost.lock.remember=false`: hash every locked file and resolve every locked project on every run. */
export const REMEMBER_PROPERTY = 'goalhost.lock.remember';

export function lockMode(session: Session): LockMode {
  const value = session.userProperties[LOCK_PROPERTY];
  if (value === undefined || value === '') return 'verify';
  if ((LOCK_MODES as readonly string[]).includes(value)) return value as LockMode;
  throw new BuildError(`Invalid -D${LOCK_PROPERTY}=${value}: use update (rewrite the lock files), ignore (build once without them) or verify (the default)`);
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
