import * as fs from 'node:fs';

/**
 * Millisecond timestamps as Java sees them (`File.lastModified()` truncates the nanoseconds),
 * and the reverse: libuv turns a seconds double into nanoseconds by truncation, so x.123 s can
 * land on x.122999 and read back as x.122. Half a millisecond of headroom keeps the value exact.
 */
export function toUtimeSeconds(ms: number): number | Date {
  // Node reads a negative number as "now"; a Date keeps a time before 1970.
  if (ms < 0) return new Date(ms);
  const seconds = Math.floor(ms / 1000);
  return seconds + (ms - seconds * 1000 + 0.5) / 1000;
}

/** Modification time in whole milliseconds (truncated like Java), or 0 when the file is missing. */
export function mtimeMs(file: string): number {
  const st = fs.statSync(file, { bigint: true, throwIfNoEntry: false });
  return st ? Number(st.mtimeNs / 1_000_000n) : 0;
}

export function setMtime(file: string, ms: number): void {
  const t = toUtimeSeconds(ms);
  fs.utimesSync(file, t, t);
}
