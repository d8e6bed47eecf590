import { GoalExecutionError } from '@goalhost/api';

/**
 * The zip-bomb guard (a goalhost addition): the most bytes one artifact may unpack to, counted
 * from the sizes its entries declare (zip: before anything is read; every entry is also cut off
 * at its declared size) or carry (tar: as the stream goes). Generous by default, never unlimited.
 */
export const MAX_SIZE_PROPERTY = 'mdep.unpack.maxSize';
export const DEFAULT_MAX_SIZE = 10 * 1024 ** 3;

const UNITS: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

/** `10g`, `512m`, `1048576`: bytes, 1024-based suffixes k, m, g, t (an optional trailing `b`). */
export function parseMaxSize(text: string | undefined): number {
  if (text === undefined || text.trim() === '') return DEFAULT_MAX_SIZE;
  const m = /^(\d+)\s*([kmgt]?)b?$/i.exec(text.trim());
  const bytes = m ? Number(m[1]) * UNITS[m[2].toLowerCase()] : NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new GoalExecutionError(
      `Invalid ${MAX_SIZE_PROPERTY} '${text}': give the most bytes one artifact may unpack to, optionally with k, m, g or t (1024-based), e.g. 20g`,
    );
  }
  return bytes;
}

/** 1048576 -> `1 MiB (1048576 bytes)`. */
function describe(bytes: number): string {
  const [unit, size] = (['TiB', 'GiB', 'MiB', 'KiB'] as const)
    .map((u, i) => [u, 1024 ** (4 - i)] as const)
    .find(([, s]) => bytes >= s && bytes % s === 0) ?? ['bytes', 1];
  return unit === 'bytes' ? `${bytes} bytes` : `${bytes / size} ${unit} (${bytes} bytes)`;
}

/** The refusal when entry `name` takes an artifact past `limit`. */
export function sizeLimitRefusal(name: string, limit: number): string {
  return (
    `Entry ${name} takes the archive past ${describe(limit)} unpacked, the limit of ${MAX_SIZE_PROPERTY}: ` +
    `goalhost refuses archives that unpack to more (a zip bomb?); if this one is trusted, raise the limit, e.g. -D${MAX_SIZE_PROPERTY}=20g`
  );
}
