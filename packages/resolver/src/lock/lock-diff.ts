import { entryId, entryKey, type LockEntry } from './lock-file';

/** An entry as resolution produced it, with what made it part of the set (for messages). */
export interface ResolvedEntry extends Omit<LockEntry, 'sha256'> {
  /** The version the dependency's POM asked for, when the project's dependencyManagement changed it. */
  readonly premanagedVersion?: string;
}

/**
 * How a resolution differs from a lock, one readable line per artifact: `+` added, `-` removed,
 * `~` changed (version, scope, optional, depth or the POM bringing it), each naming the POM that
 * caused it; when the set is the same but in another order, the first place they differ (the
 * order is the link and class path order, so it is locked too). Empty when they are the same.
 */
export function lockDifferences(
  locked: readonly LockEntry[],
  resolved: readonly ResolvedEntry[],
  pomFile: string,
): string[] {
  const lockedByKey = new Map(locked.map((e) => [entryKey(e), e]));
  const resolvedByKey = new Map(resolved.map((e) => [entryKey(e), e]));
  const lines: string[] = [];
  for (const r of resolved) {
    const l = lockedByKey.get(entryKey(r));
    if (!l) {
      lines.push(`  + ${entryId(r)} (${r.scope}), brought by ${cause(r, pomFile)}`);
      continue;
    }
    const changes: string[] = [];
    if (l.version !== r.version) changes.push(`version ${l.version} -> ${r.version}`);
    if (l.scope !== r.scope) changes.push(`scope ${l.scope} -> ${r.scope}`);
    if (l.optional !== r.optional) changes.push(r.optional ? 'now optional' : 'no longer optional');
    if (l.extension !== r.extension) changes.push(`extension ${l.extension} -> ${r.extension}`);
    if (l.depth !== r.depth || l.via !== r.via) changes.push(`depth ${l.depth} -> ${r.depth}`);
    if (changes.length > 0)
      lines.push(
        `  ~ ${entryKey(r)} ${changes.join(', ')}, brought by ${cause(r, pomFile)} (locked: ${lockedCause(l, pomFile)})`,
      );
  }
  for (const l of locked) {
    if (!resolvedByKey.has(entryKey(l)))
      lines.push(`  - ${entryId(l)} (${l.scope}), was brought by ${lockedCause(l, pomFile)}`);
  }
  if (lines.length > 0) return lines;
  const at = locked.findIndex((l, i) => entryKey(l) !== entryKey(resolved[i]));
  if (at < 0) return [];
  return [
    `  order: position ${at + 1} is now ${entryId(resolved[at])}, locked ${entryId(locked[at])} (the order is the class and link path order)`,
  ];
}

function cause(r: ResolvedEntry, pomFile: string): string {
  const declared = r.via === undefined ? `the project's POM ${pomFile}` : `the POM of ${r.via}`;
  if (r.premanagedVersion !== undefined)
    return `${declared}, version ${r.premanagedVersion} managed to ${r.version} by the dependencyManagement of ${pomFile}`;
  return declared;
}

function lockedCause(l: LockEntry, pomFile: string): string {
  return l.via === undefined ? `the project's POM ${pomFile}` : `the POM of ${l.via}`;
}
