import type { Project } from '@goalhost/model';
import { projectId } from '../errors';
import { SourceMismatchError } from './lock-errors';
import { formatLockFile, formatSource, pomId, sortSources, type SourceEntry } from './lock-file';
import type { LoadedLock } from './requested-files';
import { writeAtomically } from './text-files';
import type { VerifiedLocks } from './verified-locks';

/**
 * The wiring of a project's source dependencies (cxx:scm-dependencies) under its lock: each one
 * the goal is about to record (URL, revision or commit, directory) must be its `source` line, or
 * the goal fails before writing anything; `update` writes the lines instead (only the new or
 * changed ones, logged). Source dependencies the goal does not select keep their lines.
 */
export class SourceLocks {
  constructor(
    private readonly update: boolean,
    private readonly verified: VerifiedLocks,
    private readonly log: { info(m: string): void },
  ) {}

  check(project: Project, loaded: LoadedLock, sources: readonly SourceEntry[], dryRun: boolean): void {
    const locked = new Map(loaded.lock.sources.map((s) => [pomId(s), s]));
    const differences: string[] = [];
    for (const s of sources) {
      const line = locked.get(pomId(s));
      if (!line) differences.push(`  + ${formatSource(s)}: not locked`);
      else {
        const changes = sourceChanges(line, s);
        if (changes.length > 0) differences.push(`  ~ ${pomId(s)} (${s.scm}) ${changes.join(', ')}`);
      }
    }
    if (differences.length === 0) return;
    if (!this.update) throw new SourceMismatchError(projectId(project), loaded.file, differences);
    for (const d of differences)
      this.log.info(`${loaded.file}:${d.slice(1)}${dryRun ? ' (dry run: not written)' : ''}`);
    if (dryRun) return;
    for (const s of sources) locked.set(pomId(s), s);
    loaded.lock = { ...loaded.lock, sources: sortSources([...locked.values()]) };
    const text = formatLockFile(loaded.lock, projectId(project));
    writeAtomically(loaded.file, text);
    this.verified.remember(loaded.file, text);
  }
}

/** `what locked X, now Y` for each field that differs. */
function sourceChanges(locked: SourceEntry, now: SourceEntry): string[] {
  const changes: string[] = [];
  if (locked.scm !== now.scm) changes.push(`scm locked ${locked.scm}, now ${now.scm}`);
  if (locked.url !== now.url) changes.push(`url locked ${locked.url}, now ${now.url}`);
  if (locked.revision !== now.revision)
    changes.push(`${now.scm === 'git' ? 'commit' : 'revision'} locked ${locked.revision}, now ${now.revision}`);
  if (locked.path !== now.path) changes.push(`path locked ${locked.path}, now ${now.path}`);
  return changes;
}
