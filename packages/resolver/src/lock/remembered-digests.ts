import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputFileError, INPUT_KINDS, readInputFile } from '@goalhost/model';
import { provingFileState } from '../file-observations';

const FORMAT = 1;
/** Entries kept; beyond it the file starts afresh (a digest forgotten costs one hashing). */
const MAX_ENTRIES = 100_000;
/** Files hashed at the same time (each an open file). */
const PARALLEL_READS = 8;

interface Stored {
  readonly format: number;
  /** Absolute path -> [file state, sha256]. */
  readonly digests: Record<string, [string, string]>;
}

/**
 * SHA-256 digests of files, remembered between runs under the state the file had *before* it
 * was read (device, inode, size, modification and change times; the resolution cache's rules in
 * file-observations.ts): a digest is reused only while the file is in exactly that state, so a
 * changed file (new bytes, even with its old size and modification time: the change time still
 * moves) is always hashed again. A file changed too recently to prove anything is hashed and not
 * remembered. Without a file to keep them in, every digest is computed.
 */
export class RememberedDigests {
  private stored?: Record<string, [string, string]>;
  private changed = false;
  /** Files hashed by this process, for the log and the tests. */
  hashed = 0;

  constructor(
    private readonly file: string | undefined,
    private readonly debug: (message: string) => void,
    private readonly warn: (message: string) => void = debug,
  ) {}

  /**
   * The SHA-256 of each file, in order: remembered ones without reading them, the others hashed
   * (a few at a time). Rejects with the file system's error (ENOENT for a missing file).
   */
  async sha256All(files: readonly string[]): Promise<string[]> {
    const digests = this.load();
    const out: string[] = new Array<string>(files.length);
    const todo: Array<{ index: number; state: string | undefined }> = [];
    for (let i = 0; i < files.length; i++) {
      const state = provingFileState(files[i]);
      const known = digests[files[i]];
      if (
        state !== undefined &&
        Array.isArray(known) &&
        known[0] === state &&
        typeof known[1] === 'string' &&
        known[1].length === 64
      )
        out[i] = known[1];
      else todo.push({ index: i, state });
    }
    let next = 0;
    const lane = async (): Promise<void> => {
      while (next < todo.length) {
        const { index, state } = todo[next++];
        const file = files[index];
        out[index] = await hashFile(file);
        this.hashed++;
        // Only a state taken before the read proves the digest; a file changed meanwhile is seen next time.
        if (state !== undefined && this.file) digests[file] = [state, out[index]];
        else delete digests[file];
        this.changed = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, todo.length) }, lane));
    return out;
  }

  /** Keeps what was learnt; a file that cannot be written only costs the next run its hashing. */
  save(): void {
    if (!this.file || !this.changed || !this.stored) return;
    let digests = this.stored;
    if (Object.keys(digests).length > MAX_ENTRIES) digests = {};
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, digests } satisfies Stored));
      fs.renameSync(tmp, this.file);
      this.changed = false;
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      this.debug(`Lock: could not write the remembered digests ${this.file}: ${(e as Error).message}`);
    }
  }

  private load(): Record<string, [string, string]> {
    if (this.stored) return this.stored;
    this.stored = Object.create(null) as Record<string, [string, string]>;
    if (!this.file) return this.stored;
    try {
      // Entries are checked where they are used (a malformed one is simply not reused).
      const parsed = JSON.parse(readInputFile(this.file, 'The remembered digests', INPUT_KINDS.cache)) as Stored;
      if (parsed.format === FORMAT && typeof parsed.digests === 'object' && parsed.digests !== null)
        this.stored = Object.assign(this.stored, parsed.digests);
    } catch (e) {
      // None yet, or unreadable (a run killed while writing it): everything is hashed again.
      if (e instanceof InputFileError)
        this.warn(`${e.message}: ignored, every locked file is hashed and the file is written anew`);
    }
    return this.stored;
  }
}

/** The SHA-256 of a regular file (a device or a FIFO would be read forever). */
export function hashFile(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat && !stat.isFile()) {
      reject(new Error(`${file} is not a regular file: goalhost only computes the digest of regular files`));
      return;
    }
    const hash = createHash('sha256');
    fs.createReadStream(file)
      .on('error', reject)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')));
  });
}
