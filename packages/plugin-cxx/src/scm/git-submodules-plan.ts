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
  /** The path the submodule had before: it moves (`git mv`), keeping its name and checkout. */
  readonly from?: string;
  /** The URL changed: a clone that initialised the submodule must follow (`git submodule sync`). */
  readonly syncUrl: boolean;
}

export interface SubmodulesPlan {
  readonly changes: readonly EntryChange[];
  readonly writes: readonly SubmoduleWrite[];
  readonly changed: boolean;
  /** The commit each desired submodule's gitlink will be on, in `desired` order. */
  readonly commits: readonly string[];
}

export function describeSubmodule(
  s: { path?: string; url?: string; branch?: string },
  sha: string | undefined,
): string {
  return `${s.path ?? '?'} ${s.url ?? '(no url)'}${s.branch ? ` branch=${s.branch}` : ''}${sha ? ` @${sha.slice(0, 12)}` : ' (no gitlink)'}`;
}

/**
 * Merges the wanted submodules with the existing .gitmodules sections and gitlinks, keyed on the
 * path (what svn:externals keys on too); a section of the same URL at a path no dependency wants
 * is the same dependency moved (as svn moves an entry of the same origin). The gitlink: an
 * existing one stays where it is only while the submodule follows the same branch of the same URL
 * (`git submodule update --remote` moves it) and `freeze` is off; a tag, another branch, another
 * URL, a new submodule or `freeze` put it on the commit the remote has now.
 */
export function planSubmodules(
  modules: readonly GitmodulesEntry[],
  gitlinks: ReadonlyMap<string, string>,
  desired: readonly DesiredSubmodule[],
  freeze: boolean,
): SubmodulesPlan {
  checkDistinctTargets(desired.map((d) => ({ dependency: d.dependency, target: d.path })));
  const wantedPaths = new Set(desired.map((d) => d.path));
  const changes: EntryChange[] = [];
  const writes: SubmoduleWrite[] = [];
  const added: EntryChange[] = [];
  const byModule = new Map<GitmodulesEntry, EntryChange>();
  const commits: string[] = [];
  for (const d of desired) {
    const existing = modules.find((m) => m.path === d.path);
    const moved =
      existing || gitlinks.has(d.path)
        ? undefined
        : modules.find(
            (m) =>
              !byModule.has(m) &&
              m.url === d.url &&
              m.path !== undefined &&
              !wantedPaths.has(m.path) &&
              gitlinks.has(m.path),
          );
    const current = existing ?? moved;
    if (!existing && modules.some((m) => m !== moved && m.name === d.path)) {
      throw new GoalExecutionError(
        `.gitmodules already has a submodule named '${d.path}' with another path: rename that section (or move it) before adding ${d.dependency} there.`,
      );
    }
    const link = gitlinks.get(current?.path ?? d.path);
    const followsBranch =
      link !== undefined && current?.url === d.url && d.branch !== undefined && current.branch === d.branch;
    const sha = followsBranch && !freeze ? link : d.commit;
    commits.push(sha);
    const write: SubmoduleWrite = {
      name: current?.name ?? d.path,
      path: d.path,
      url: d.url,
      ...(d.branch ? { branch: d.branch } : {}),
      sha,
      ...(moved ? { from: moved.path } : {}),
      syncUrl: current !== undefined && current.url !== d.url,
    };
    const text = describeSubmodule(write, sha);
    if (existing && existing.url === d.url && (existing.branch ?? '') === (d.branch ?? '') && link === sha) {
      byModule.set(existing, { kind: 'unchanged', text, dependency: d.dependency });
      continue;
    }
    writes.push(write);
    const change: EntryChange =
      current || link !== undefined
        ? {
            kind: 'changed',
            text,
            previous: describeSubmodule(current ?? { path: d.path }, link),
            dependency: d.dependency,
          }
        : { kind: 'added', text, dependency: d.dependency };
    if (current) byModule.set(current, change);
    else added.push(change);
  }
  for (const m of modules) {
    changes.push(
      byModule.get(m) ?? { kind: 'kept', text: describeSubmodule(m, m.path ? gitlinks.get(m.path) : undefined) },
    );
  }
  changes.push(...added);
  return { changes, writes, changed: writes.length > 0, commits };
}
