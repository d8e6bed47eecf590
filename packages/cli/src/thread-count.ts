import { BuildError } from '@goalhost/core';

/**
 * `-T`: a thread count (`4`) or a multiple of the CPU cores (`1C`, `1.5C`, the product rounded
 * down), as Maven 3.8.7 reads it; fewer than one thread is refused, as Maven's thread pool
 * refuses it. 1 (the default) builds one project after the other.
 */
export function threadCount(value: string | undefined, cores: number): number {
  if (value === undefined) return 1;
  const perCore = /^(\d+(?:\.\d*)?|\.\d+)C$/.exec(value);
  if (perCore) {
    const threads = Math.floor(Number(perCore[1]) * cores);
    if (threads >= 1) return threads;
  } else if (/^\d+$/.test(value) && Number(value) > 0) {
    return Number(value);
  }
  throw new BuildError(
    `Invalid threads value: '${value}' (-T). Supported are positive int and float values ending with C, ` +
      `for instance -T 4 or -T 1C (${cores} thread${cores === 1 ? '' : 's'} on this machine).`,
  );
}
