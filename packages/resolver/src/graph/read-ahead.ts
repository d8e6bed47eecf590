/**
 * Maven's collector takes the versions of a range one after another and reads the POM of each
 * (Maven 3.8.7 against metadata listing 2,000 versions in `[1.0,)` requests all 2,000 POMs).
 * A repository's metadata may list any number, so the reads are started only a window ahead of
 * the version being processed: the downloads still run in parallel (as many as the download
 * threads allow), while pending reads and their memory stay bounded.
 */
export const READ_AHEAD = 64;

/** Calls `consume` on each item in order, with `start(item)` begun up to `ahead` items earlier. */
export async function inOrderReadAhead<T, P>(
  items: readonly T[],
  start: (item: T) => P,
  consume: (started: P, position: number) => Promise<void>,
  ahead = READ_AHEAD,
): Promise<void> {
  const window: P[] = [];
  let next = 0;
  for (let i = 0; i < items.length; i++) {
    while (next < items.length && window.length < ahead) window.push(start(items[next++]));
    await consume(window.shift() as P, i + 1);
  }
}

/** Ranges with fewer versions than this show no progress (they pass in a moment). */
const PROGRESS_FROM = 100;

/** A progress line for the POM reads of one range, at most every 200 ms, and at the end. */
export function rangeProgress(
  show: ((text: string) => void) | undefined,
  label: string,
  total: number,
): (done: number) => void {
  if (!show || total < PROGRESS_FROM) return () => undefined;
  let last = 0;
  return (done) => {
    const now = Date.now();
    if (done < total && now - last < 200) return;
    last = now;
    show(`Reading the POM of each version of ${label}: ${done}/${total}`);
  };
}
