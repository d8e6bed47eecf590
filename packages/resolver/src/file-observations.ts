import { closeSync, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/**
 * Every file the resolver looked at in this process, with what it saw: the inputs of a
 * resolution besides its configuration. The resolution cache stores them with a result and
 * reuses the result only while each one still looks the same.
 *
 * A state is taken *before* a file is read, so a file changed in between is seen as changed
 * next time (a needless miss, never a stale hit). The record is process-wide and only grows:
 * a cached result carries more files than it needs, never fewer.
 */
const seen = new Map<string, string>();
let uncacheableReason: string | undefined;

/**
 * A file changed this recently may change again within the same tick of the file system's
 * clock, keeping its times: its state proves nothing and is recorded as one no file matches
 * (git's "racily clean" problem). Kernel file times lag the real clock by a tick (<= 10 ms).
 */
const RACY_MS = 100;

/** Stat failures that simply mean "no file there" (below a regular file, too long, a loop). */
const NO_FILE = new Set(['ENOTDIR', 'ENAMETOOLONG', 'ELOOP']);

/**
 * `absent`, or the identity of what is at `p` (kind, device, inode, size, times). Other failures (e.g.
 * permission denied) are thrown, as the resolver reports them.
 */
export function fileState(p: string): string {
  return stateOf(statOf(p));
}

function statOf(p: string): Stats | string {
  try {
    return statSync(p, { throwIfNoEntry: false }) ?? 'absent';
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && NO_FILE.has(code)) return `error:${code}`;
    throw e;
  }
}

function stateOf(s: Stats | string): string {
  if (typeof s === 'string') return s;
  const kind = s.isFile() ? 'f' : s.isDirectory() ? 'd' : 'o';
  return `${kind}:${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
}

function record(p: string, s: Stats | string): string {
  const state = stateOf(s);
  const racy = typeof s !== 'string' && Date.now() - Math.max(s.ctimeMs, s.mtimeMs) < RACY_MS;
  seen.set(p, racy ? 'racy' : state);
  return state;
}

function observe(p: string): string {
  let s: Stats | string;
  try {
    s = statOf(p);
  } catch (e) {
    // Never a state a later run could match: whatever depended on it is not reused.
    seen.set(p, 'unreadable');
    throw e;
  }
  return record(p, s);
}

/**
 * The text of a file, its state recorded from the open file (what was read is what was
 * recorded, give or take a change during the read, which the next run sees as a change).
 */
export function readObservedText(p: string): string {
  const fd = openSync(p, 'r');
  try {
    const s = fstatSync(fd);
    record(p, s);
    let buffer = Buffer.allocUnsafe(Math.max(s.size, 1024));
    let length = 0;
    for (;;) {
      if (length === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
    }
    return buffer.toString('utf8', 0, length);
  } finally {
    closeSync(fd);
  }
}

/** Whether `p` is a regular file (following links), recorded. */
export function observedIsFile(p: string): boolean {
  return observe(p).startsWith('f:');
}

/** Whether anything is at `p`, recorded (false when it cannot be told, like `existsSync`). */
export function observedExists(p: string): boolean {
  try {
    const state = observe(p);
    return state !== 'absent' && !state.startsWith('error:');
  } catch {
    return false;
  }
}

/** Whether `p` is a directory, recorded (false when it cannot be told). */
export function observedIsDirectory(p: string): boolean {
  try {
    return observe(p).startsWith('d:');
  } catch {
    return false;
  }
}

/** Marks this process's resolutions as not reusable (remote access, snapshots, ...). */
export function markUncacheable(reason: string): void {
  uncacheableReason ??= reason;
}

/** Why results of this process must not be cached, if they must not. */
export function uncacheable(): string | undefined {
  return uncacheableReason;
}

/** Whether a recorded state can ever match a later one (not `racy`, not `unreadable`). */
export function isReusable(state: string): boolean {
  return state !== 'racy' && state !== 'unreadable';
}

/** Every observed file with its state, in observation order. */
export function observedFiles(): Array<[string, string]> {
  return [...seen];
}

/** The first of `files` whose state changed since it was recorded, if any. */
export function firstChanged(files: ReadonlyArray<readonly [string, string]>): string | undefined {
  for (const [p, state] of files) {
    try {
      if (fileState(p) !== state) return p;
    } catch {
      return p;
    }
  }
  return undefined;
}
