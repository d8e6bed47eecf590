import { BuildError } from '@goalhost/core';

/**
 * `-T`: a thread count (`4`) or a multiple of the CPU cores (`1C`, `1.5C`; at least one thread),
 * as Maven 3.9 reads it. 1 (the default) builds one project after the other.
 */
export function threadCount(value: string | undefined, cores: number): number {
  if (value === undefined) return 1;
  const perCore = /^(\d+(?:\.\d*)?|\.\d+)C$/i.exec(value);
  if (perCore) {
    const factor = Number(perCore[1]);
    if (factor > 0) return Math.max(1, Math.floor(factor * cores));
  } else if (/^\d+$/.test(value) && Number(value) > 0) {
    return Number(value);
  }
  throw new BuildError(
    `Invalid threads value: '${value}' (-T). Supported are positive int and float values ending with C, ` +
      `for instance -T 4 or -T 1C (${cores} thread${cores === 1 ? '' : 's'} on this machine).`,
  );
}
