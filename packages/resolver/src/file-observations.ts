import { statSync, type Stats } from 'node:fs';

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
 * `absent`, or the identity of what is at `p` (kind, inode, size, times). Other failures (e.g.
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
  return `${kind}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
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
  const state = stateOf(s);
  const racy = typeof s !== 'string' && Date.now() - Math.max(s.ctimeMs, s.mtimeMs) < RACY_MS;
  seen.set(p, racy ? 'racy' : state);
  return state;
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

/** Records the state of a file about to be read. */
export function observeRead(p: string): void {
  observe(p);
}

/** Marks this process's resolutions as not reusable (remote access, snapshots, ...). */
export function markUncacheable(reason: string): void {
  uncacheableReason ??= reason;
}

/** Why results of this process must not be cached, if they must not. */
export function uncacheable(): string | undefined {
  return uncacheableReason;
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
