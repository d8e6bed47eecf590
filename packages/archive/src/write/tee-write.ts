import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { toUtimeSeconds } from '../file-times';

/** Where a task's content also goes: a file of a store tree being filled (see StoreFilling). */
export interface TeePlacement {
  readonly to: string;
  /** Mode bits to give it; -1 when a new file's (the umask's) are right. */
  readonly mode: number;
  readonly mtimeMs: number;
  /** The output file may be a hard link to it (written first then). */
  readonly link: boolean;
}

/** A store tree's copy of a file streamed to the output: `copy` once the file is complete, else `lose`. */
export interface StreamTee {
  copy(from: string): void;
  lose(): void;
}

/** What a tee reports when its file could not be written (the tree is then incomplete). */
export const TEE_LOST = '-'.repeat(64);

const FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW;

/**
 * Writes `content` to the tee's file, with its time and mode; returns the content's SHA-256 in
 * hex, or TEE_LOST when the file cannot be written: the store never fails an extraction.
 */
export function writeTee(tee: TeePlacement, content: Uint8Array): string {
  try {
    const out = openTee(tee.to);
    try {
      let done = 0;
      while (done < content.length) done += fs.writeSync(out, content, done, content.length - done);
      finishTee(out, tee);
    } finally {
      fs.closeSync(out);
    }
    return sha256Hex(content);
  } catch {
    return TEE_LOST;
  }
}

/** As writeTee, from a file just written (an entry too large to hold in memory). */
export function copyTee(tee: TeePlacement, from: string): string {
  try {
    const out = openTee(tee.to);
    const input = fs.openSync(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
    try {
      const hash = crypto.createHash('sha256');
      const buffer = Buffer.allocUnsafe(1 << 20);
      for (;;) {
        const n = fs.readSync(input, buffer, 0, buffer.length, null);
        if (n === 0) break;
        let done = 0;
        while (done < n) done += fs.writeSync(out, buffer, done, n - done);
        hash.update(buffer.subarray(0, n));
      }
      finishTee(out, tee);
      return hash.digest('hex');
    } finally {
      fs.closeSync(input);
      fs.closeSync(out);
    }
  } catch {
    return TEE_LOST;
  }
}

/**
 * The output file `to` made a hard link to the tee's file `from`, just written; false when the
 * file system cannot (another one, the link count at its limit) or a file is there after all.
 */
export function linkTee(from: string, to: string): boolean {
  try {
    fs.linkSync(from, to);
    return true;
  } catch {
    return false;
  }
}

/** Node's one-shot digest (20.12 and later): no Hash object per file, about 1 µs less CPU each. */
const oneShotHash = (crypto as { hash?: (algorithm: string, data: Uint8Array, encoding: 'hex') => string }).hash;

function sha256Hex(content: Uint8Array): string {
  return oneShotHash
    ? oneShotHash('sha256', content, 'hex')
    : crypto.createHash('sha256').update(content).digest('hex');
}

/** The tee's file, created with its parent directories (the tree starts empty). */
function openTee(file: string): number {
  try {
    return fs.openSync(file, FLAGS, 0o666);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    return fs.openSync(file, FLAGS, 0o666);
  }
}

function finishTee(out: number, tee: TeePlacement): void {
  const t = toUtimeSeconds(tee.mtimeMs);
  fs.futimesSync(out, t, t);
  if (tee.mode >= 0) fs.fchmodSync(out, tee.mode);
}
