import type { Log } from '@goalhost/api';
import { redactUrl } from '@goalhost/model';
import type { ChangeKind, EntryChange } from './svn-externals-plan';

const KINDS: readonly ChangeKind[] = ['added', 'changed', 'unchanged', 'kept'];

/**
 * Prints what a run does (or, in a dry run, would do) to the externals property or the submodules:
 * one count line, then one line per entry, in the order they are (or will be) written. Entries
 * already there (written by hand) may hold a URL with a password: it is not printed.
 */
export function logChanges(log: Log, subject: string, changes: readonly EntryChange[]): void {
  const counts = KINDS.map((k) => `${changes.filter((c) => c.kind === k).length} ${k}`).join(', ');
  log.info(`${subject}: ${counts}`);
  for (const c of changes) {
    const from = c.dependency ? ` (${c.dependency})` : '';
    const was = c.previous !== undefined ? ` (was: ${c.previous})` : '';
    log.info(redactUrl(`  ${`${c.kind}:`.padEnd(10)} ${c.text}${from}${was}`));
  }
}
