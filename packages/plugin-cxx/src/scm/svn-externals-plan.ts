import { GoalExecutionError } from '@goalhost/api';
import {
  canonicalTarget,
  formatExternal,
  formatExternals,
  parseExternals,
  sameDefinition,
  type ExternalDefinition,
} from './svn-externals';

/** The entry the goal wants for one source dependency. */
export interface DesiredEntry<D = ExternalDefinition> {
  /** `G:A:V:T` of the dependency. */
  readonly dependency: string;
  readonly definition: D;
}

export type ChangeKind = 'added' | 'changed' | 'unchanged' | 'kept';

/** One line of the summary: what happens to one external / submodule. */
export interface EntryChange {
  readonly kind: ChangeKind;
  /** The entry as it will be (as it is, for `kept`). */
  readonly text: string;
  /** For `changed`: the entry as it was. */
  readonly previous?: string;
  readonly dependency?: string;
}

export interface ExternalsPlan {
  /** The new property value (meaningful when `changed`). */
  readonly value: string;
  readonly changes: readonly EntryChange[];
  readonly changed: boolean;
  /** Existing lines svn would not accept, kept verbatim. */
  readonly warnings: readonly string[];
}

/** Two dependencies that would land in the same directory: an error naming both. */
export function checkDistinctTargets(
  entries: readonly { dependency: string; target: string; because?: string }[],
): void {
  const seen = new Map<string, { dependency: string; because?: string }>();
  for (const e of entries) {
    const other = seen.get(e.target);
    if (other) {
      throw new GoalExecutionError(
        `Source dependencies ${other.dependency} and ${e.dependency} both get the target directory '${e.target}'` +
          `${other.because && e.because ? ` (${other.because}; ${e.because})` : ''}: ` +
          'give one of them its own directory with a <sourceTarget> in the plugin configuration.',
      );
    }
    seen.set(e.target, e);
  }
}

/**
 * Merges the wanted entries into an existing svn:externals value, as the original plugin did:
 * an existing line with the same target directory (or, failing that, the same origin) is replaced
 * in place; otherwise the entry is appended. Every other line (comments, blank lines, foreign
 * entries, even lines svn would reject) is kept byte for byte. A line that already says the same
 * thing in another spelling (quotes, escapes) is left untouched, so a second run changes nothing.
 */
export function planExternals(existing: string | undefined, desired: readonly DesiredEntry[]): ExternalsPlan {
  checkDistinctTargets(desired.map((d) => ({ dependency: d.dependency, target: d.definition.target })));
  const lines = parseExternals(existing ?? '');
  const raws = lines.map((l) => l.raw);
  const claimed = new Set<number>();
  const changes = new Map<number, EntryChange>();
  const added: EntryChange[] = [];
  const find = (test: (d: ExternalDefinition) => boolean): number =>
    lines.findIndex((l, i) => !claimed.has(i) && l.kind === 'entry' && test(l.definition));
  // Targets compare as svn canonicalises them, on both sides (svn refuses `libs/a/` beside `libs/a`).
  const wantedTargets = new Set(desired.map((d) => canonicalTarget(d.definition.target)));
  for (const want of desired) {
    const d = want.definition;
    const target = canonicalTarget(d.target);
    let at = find((e) => canonicalTarget(e.target) === target);
    // Same origin elsewhere: the dependency moved; unless that directory is wanted by another one.
    if (at < 0)
      at = find(
        (e) => e.url === d.url && (e.peg ?? '') === (d.peg ?? '') && !wantedTargets.has(canonicalTarget(e.target)),
      );
    const text = formatExternal(d);
    if (at < 0) {
      added.push({ kind: 'added', text, dependency: want.dependency });
      raws.push(text);
      continue;
    }
    claimed.add(at);
    const line = lines[at];
    if (line.kind === 'entry' && sameDefinition(line.definition, d)) {
      changes.set(at, { kind: 'unchanged', text: line.raw.trim(), dependency: want.dependency });
    } else {
      changes.set(at, { kind: 'changed', text, previous: line.raw.trim(), dependency: want.dependency });
      raws[at] = text;
    }
  }
  const warnings: string[] = [];
  lines.forEach((l, i) => {
    if (l.kind === 'invalid') warnings.push(`'${l.raw}' (${l.reason})`);
    if ((l.kind === 'entry' || l.kind === 'invalid') && !changes.has(i))
      changes.set(i, { kind: 'kept', text: l.raw.trim() });
  });
  const ordered = [...changes.entries()].sort((a, b) => a[0] - b[0]).map(([, c]) => c);
  const all = [...ordered, ...added];
  const changed = all.some((c) => c.kind === 'added' || c.kind === 'changed');
  return { value: changed ? formatExternals(raws) : (existing ?? ''), changes: all, changed, warnings };
}
