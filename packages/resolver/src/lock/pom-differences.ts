import type { LockablePom } from '../lockable-artifact';
import { pomId, type PomEntry } from './lock-file';

/**
 * How the POMs a build read differ from a lock's `pom` lines, one line per POM: `+` read but
 * not locked, `-` locked but no longer read. Empty when the build read exactly the locked POMs
 * (the order does not matter: it is how the build happened to read them, not what it uses).
 */
export function pomDifferences(locked: readonly PomEntry[], read: readonly LockablePom[]): string[] {
  const lockedIds = new Set(locked.map(pomId));
  const readIds = new Set(read.map(pomId));
  return [
    ...read.filter((p) => !lockedIds.has(pomId(p))).map((p) => `  + POM ${pomId(p)} (${p.file}), read but not locked`),
    ...locked.filter((p) => !readIds.has(pomId(p))).map((p) => `  - POM ${pomId(p)}, locked but no longer read`),
  ];
}
