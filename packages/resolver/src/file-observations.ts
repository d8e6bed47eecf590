import { statSync, type Stats } from 'node:fs';
import { INPUT_KINDS, readInputFile, type InputKind } from '@goalhost/model';

/**
 * Every file the resolver looked at in this process, with what it saw: the inputs of a
 * resolution besides its configuration. The resolution cache stores them with a result and
 * reuses the result only while each one still looks the same.
 *
 * A state is taken *before* a file is read, so a file changed in between is seen as changed
 * next time (a needless miss, never a stale hit). The record is process-wide and only grows:
 * a cached result carries more files than it needs, never fewer.
 */
/** Path -> what was seen: the stat (formatted only when stored), or a state string. */
const seen = new Map<string, Stats | string>();
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

/** Keeps what was seen at `p`; a file changed too recently to prove anything is kept as racy. */
function record(p: string, s: Stats | string): void {
  seen.set(p, typeof s !== 'string' && Date.now() - Math.max(s.ctimeMs, s.mtimeMs) < RACY_MS ? 'racy' : s);
}

function observe(p: string): Stats | string {
  let s: Stats | string;
  try {
    s = statOf(p);
  } catch (e) {
    // Never a state a later run could match: whatever depended on it is not reused.
    seen.set(p, 'unreadable');
    throw e;
  }
  record(p, s);
  return s;
}

/**
 * The text of a file, its state recorded first (a change between the two is seen as a change
 * next time), read as every input file is (a regular file, within the limit of its kind).
 */
export function readObservedText(p: string, what = 'The POM file', kind: InputKind = INPUT_KINDS.pom): string {
  // A POM found in the repository was just looked at (its state is already recorded, before
  // this read): one stat per file is enough.
  if (!seen.has(p)) {
    try {
      observe(p);
    } catch {
      // The read reports it, as it did before anything was recorded.
    }
  }
  return readInputFile(p, what, kind);
}

/** Whether `p` is a regular file (following links), recorded. */
export function observedIsFile(p: string): boolean {
  const s = observe(p);
  return typeof s !== 'string' && s.isFile();
}

/** Whether anything is at `p`, recorded (false when it cannot be told, like `existsSync`). */
export function observedExists(p: string): boolean {
  try {
    return typeof observe(p) !== 'string';
  } catch {
    return false;
  }
}

/** Whether `p` is a directory, recorded (false when it cannot be told). */
export function observedIsDirectory(p: string): boolean {
  try {
    const s = observe(p);
    return typeof s !== 'string' && s.isDirectory();
  } catch {
    return false;
  }
}

/**
 * The state of the regular file at `p` when it proves something (see `RACY_MS`), else undefined
 * (changed too recently, or not a regular file): what a value computed from the file's content
 * may be remembered under (the lock's remembered digests).
 */
export function provingFileState(p: string): string | undefined {
  const s = statOf(p);
  if (typeof s === 'string' || !s.isFile() || Date.now() - Math.max(s.ctimeMs, s.mtimeMs) < RACY_MS) return undefined;
  return stateOf(s);
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
  return [...seen].map(([p, s]) => [p, stateOf(s)]);
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
