import * as fs from 'node:fs';

/** Archive bytes above which starting worker threads pays off. */
const THREADS_FROM_BYTES = 8 * 1024 * 1024;

/** True when these archives together are big enough to pay for starting the threads. */
export function worthThreads(archives: readonly string[]): boolean {
  let total = 0;
  for (const file of archives) {
    try {
      total += fs.statSync(file).size;
    } catch {
      // a missing file fails later, with its own message
    }
  }
  return total >= THREADS_FROM_BYTES;
}
