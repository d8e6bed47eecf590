/**
 * Runs `task` on every item at once and returns the results in item order. When some fail, the
 * error of the first failing item (in item order, not in time) is thrown, so messages do not
 * depend on which server answered first.
 */
export async function allInOrder<T, R>(items: readonly T[], task: (item: T) => Promise<R>): Promise<R[]> {
  const settled = await Promise.allSettled(items.map(task));
  const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) throw failed.reason;
  return settled.map((s) => (s as PromiseFulfilledResult<R>).value);
}
