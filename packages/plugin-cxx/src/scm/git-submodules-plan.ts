import { GoalExecutionError } from '@goalhost/api';
import type { GitmodulesEntry } from './git-client';
import { checkDistinctTargets, type EntryChange } from './svn-externals-plan';

/** The submodule the goal wants for one source dependency. */
export interface DesiredSubmodule {
  readonly dependency: string;
  /** Path from the superproject's top directory. */
  readonly path: string;
  readonly url: string;
  /** Branch to follow (`git submodule update --remote`); absent for a tag. */
  readonly branch?: string;
  /** The commit the remote has now for that branch or tag. */
  readonly commit: string;
}

/** A submodule section and gitlink to write. */
export interface SubmoduleWrite {
  readonly name: string;
  readonly path: string;
  readonly url: string;
  readonly branch?: string;
  readonly sha: string;
}

export interface SubmodulesPlan {
  readonly changes: readonly EntryChange[];
  readonly writes: readonly SubmoduleWrite[];
  readonly changed: boolean;
}

export function describeSubmodule(s: { path?: string; url?: string; branch?: string }, sha: string | undefined): string {
  return `${s.path ?? '?'} ${s.url ?? '(no url)'}${s.branch ? ` branch=${s.branch}` : ''}${sha ? ` @${sha.slice(0, 12)}` : ' (no gitlink)'}`;
}

/**
 * Merges the wanted submodules with the existing .gitmodules sections and gitlinks, keyed on the
 * path (what svn:externals keys on too). With `freeze`, the gitlink moves to the remote's current
 * commit; without, an existing gitlink of the same URL is left where it is (the submodule follows
 * its branch through `git submodule update --remote`) and a new one starts at the current commit.
 */
export function planSubmodules(
  modules: readonly GitmodulesEntry[],
  gitlinks: ReadonlyMap<string, string>,
  desired: readonly DesiredSubmodule[],
  freeze: boolean,
): SubmodulesPlan {
  checkDistinctTargets(desired.map((d) => ({ dependency: d.dependency, target: d.path })));
  const changes: EntryChange[] = [];
  const writes: SubmoduleWrite[] = [];
  const added: EntryChange[] = [];
  const byModule = new Map<GitmodulesEntry, EntryChange>();
  for (const d of desired) {
    const existing = modules.find((m) => m.path === d.path);
    const link = gitlinks.get(d.path);
    if (!existing && modules.some((m) => m.name === d.path)) {
      throw new GoalExecutionError(
        `.gitmodules already has a submodule named '${d.path}' with another path: rename that section (or move it) before adding ${d.dependency} there.`,
      );
    }
    const sha = freeze || link === undefined || existing?.url !== d.url ? d.commit : link;
    const write: SubmoduleWrite = { name: existing?.name ?? d.path, path: d.path, url: d.url, ...(d.branch ? { branch: d.branch } : {}), sha };
    const text = describeSubmodule(write, sha);
    if (existing && existing.url === d.url && (existing.branch ?? '') === (d.branch ?? '') && link === sha) {
      byModule.set(existing, { kind: 'unchanged', text, dependency: d.dependency });
      continue;
    }
    writes.push(write);
    const change: EntryChange =
      existing || link !== undefined
        ? { kind: 'changed', text, previous: describeSubmodule(existing ?? { path: d.path }, link), dependency: d.dependency }
        : { kind: 'added', text, dependency: d.dependency };
    if (existing) byModule.set(existing, change);
    else added.push(change);
  }
  for (const m of modules) {
    changes.push(byModule.get(m) ?? { kind: 'kept', text: describeSubmodule(m, m.path ? gitlinks.get(m.path) : undefined) });
  }
  changes.push(...added);
  return { changes, writes, changed: writes.length > 0 };
}
