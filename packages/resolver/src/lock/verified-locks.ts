import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { INPUT_KINDS, readInputFile } from '@goalhost/model';

const FORMAT = 1;
/** Lock files kept; beyond it the file starts afresh (a lock forgotten costs one resolution). */
const MAX_ENTRIES = 10_000;

interface Stored {
  readonly format: number;
  /** Absolute path of a lock file -> SHA-256 of the text that was verified. */
  readonly locks: Record<string, string>;
}

/**
 * The texts of lock files this machine saw written by `dependency:lock` or checked line by line
 * against a resolution of their POM. Only such a text may skip resolution (the fast path): a
 * line added to, removed from or changed in a lock by hand changes its text, so the next build
 * resolves and the POM decides again. Without a file to keep them in, every build resolves.
 */
export class VerifiedLocks {
  private stored?: Record<string, string>;

  constructor(
    private readonly file: string | undefined,
    private readonly debug: (message: string) => void,
  ) {}

  /** Whether exactly this text of `lockFile` was verified. */
  has(lockFile: string, text: string): boolean {
    return this.load()[lockFile] === digest(text);
  }

  /** Keeps `text` as the verified text of `lockFile`; a file that cannot be written only costs the next run a resolution. */
  remember(lockFile: string, text: string): void {
    if (!this.file) return;
    const value = digest(text);
    if (this.load()[lockFile] === value) return;
    // Read again: another build may have remembered other locks meanwhile.
    this.stored = undefined;
    let locks = this.load();
    if (Object.keys(locks).length >= MAX_ENTRIES) locks = this.stored = Object.create(null) as Record<string, string>;
    locks[lockFile] = value;
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(path.dirname(this.file), { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify({ format: FORMAT, locks } satisfies Stored));
      fs.renameSync(tmp, this.file);
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      this.debug(`Lock: could not write the verified lock files ${this.file}: ${(e as Error).message}`);
    }
  }

  private load(): Record<string, string> {
    if (this.stored) return this.stored;
    this.stored = Object.create(null) as Record<string, string>;
    if (!this.file) return this.stored;
    try {
      const parsed = JSON.parse(readInputFile(this.file, 'The verified lock files', INPUT_KINDS.cache)) as Stored;
      if (parsed.format === FORMAT && typeof parsed.locks === 'object' && parsed.locks !== null) {
        for (const [k, v] of Object.entries(parsed.locks)) if (typeof v === 'string') this.stored[k] = v;
      }
    } catch {
      // None yet, or unreadable: every lock is resolved once more.
    }
    return this.stored;
  }
}

function digest(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
