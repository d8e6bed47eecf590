import type { ConflictItem } from './conflict-walk';
import { conflictKey } from './graph';
import { compareVersions, rangeContains, type VersionRange } from '../version';

/** No version satisfies every range of a conflict group (Maven's UnsolvableVersionConflictException). */
export class VersionConflictError extends Error {
  constructor(readonly key: string) {
    super('Could not resolve version conflict');
  }
}

/** Maven's NearestVersionSelector: the winning item. */
export function selectVersion(items: readonly ConflictItem[]): ConflictItem {
  return items.some((i) => i.node.range !== undefined) ? selectWithRanges(items) : selectNearest(items);
}

function selectNearest(items: readonly ConflictItem[]): ConflictItem {
  let winner = items[0];
  for (const item of items) {
    if (item !== winner && isNearer(item, winner)) winner = item;
  }
  return winner;
}

const isNearer = (item: ConflictItem, other: ConflictItem): boolean =>
  item.parent === other.parent
    ? compareVersions(item.node.dependency!.version, other.node.dependency!.version) > 0
    : item.depth < other.depth;

/**
 * Maven's NearestVersionSelector with ranges: each range is a hard constraint on the winner;
 * when a new one excludes the winner so far, the nearest acceptable candidate seen takes its
 * place (a range beats a plain version however near); none left is a conflict.
 */
function selectWithRanges(items: readonly ConflictItem[]): ConflictItem {
  const constraints: VersionRange[] = [];
  const candidates: ConflictItem[] = [];
  let winner: ConflictItem | undefined;
  const acceptable = (item: ConflictItem): boolean =>
    constraints.every((c) => rangeContains(c, item.node.dependency!.version));
  const backtrack = (): void => {
    winner = undefined;
    for (let i = 0; i < candidates.length;) {
      const c = candidates[i];
      if (!acceptable(c)) {
        candidates.splice(i, 1);
        continue;
      }
      if (!winner || isNearer(c, winner)) winner = c;
      i++;
    }
    if (!winner) throw new VersionConflictError(conflictKey(items[0].node.dependency!));
  };
  for (const item of items) {
    const range = item.node.range;
    let back = false;
    if (range && !constraints.some((c) => c.spec === range.spec)) {
      constraints.push(range);
      back = winner !== undefined && !rangeContains(range, winner.node.dependency!.version);
    }
    if (acceptable(item)) {
      candidates.push(item);
      if (back) backtrack();
      else if (!winner || isNearer(item, winner)) winner = item;
    } else if (back) backtrack();
  }
  if (!winner) throw new VersionConflictError(conflictKey(items[0].node.dependency!));
  return winner;
}
