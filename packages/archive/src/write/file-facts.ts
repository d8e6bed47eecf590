import { createHash } from 'node:crypto';
import * as fs from 'node:fs';

/**
 * What a store checks of its files: per file, its size (-1 when it is missing or not a regular
 * file), whole-millisecond mtime and mode bits, and with `digests` its SHA-256. Worked out on the
 * writing threads, in parallel, so that a main thread replaying or filling a store neither stats
 * nor reads its files.
 */
export interface FileFacts {
  /** SIZE, MTIME, MODE per file. */
  readonly stats: Float64Array;
  /** 64 hex digits per file (zeros for a file that is not regular); '' without digests. */
  readonly digests: string;
}

export const FACTS_PER_FILE = 3;

const NO_DIGEST = '0'.repeat(64);

/** The thread's read buffer, reused (one per file would pile up between collections). */
let buffer: Buffer | undefined;

/** The facts of `paths` ('\0'-separated absolute paths). */
export function fileFacts(paths: string, digests: boolean): FileFacts {
  const list = paths === '' ? [] : paths.split('\0');
  const stats = new Float64Array(list.length * FACTS_PER_FILE);
  const sums: string[] = [];
  list.forEach((file, i) => {
    // With digests the file is opened anyway: its descriptor's stat spares a second lookup.
    const fd = digests ? openForReading(file) : -1;
    try {
      const st = fd >= 0 ? fs.fstatSync(fd) : digests ? undefined : fs.lstatSync(file, { throwIfNoEntry: false });
      const regular = st !== undefined && st.isFile();
      // mtimeMs is a double: whole milliseconds compare as Java's File.lastModified().
      stats[i * FACTS_PER_FILE] = regular ? st.size : -1;
      stats[i * FACTS_PER_FILE + 1] = regular ? Math.floor(st.mtimeMs) : 0;
      stats[i * FACTS_PER_FILE + 2] = regular ? st.mode & 0o7777 : 0;
      if (digests) sums.push(regular ? sha256Of(fd) : NO_DIGEST);
    } finally {
      if (fd >= 0) fs.closeSync(fd);
    }
  });
  return { stats, digests: sums.join('') };
}

/**
 * `file` opened for reading, -1 when it cannot be: never through a symbolic link, and without
 * waiting for a writer when it is a FIFO (it is then not a regular file, and not read).
 */
function openForReading(file: string): number {
  try {
    return fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW | fs.constants.O_NONBLOCK);
  } catch {
    return -1;
  }
}

/** The SHA-256 in hex of the regular file open as `fd`; NO_DIGEST when it cannot be read. */
function sha256Of(fd: number): string {
  try {
    buffer ??= Buffer.allocUnsafeSlow(1 << 20);
    const hash = createHash('sha256');
    for (;;) {
      const n = fs.readSync(fd, buffer, 0, buffer.length, null);
      if (n === 0) break;
      hash.update(buffer.subarray(0, n));
    }
    return hash.digest('hex');
  } catch {
    return NO_DIGEST;
  }
}
