import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { StoredTree } from '@goalhost/archive';
import { sha256File } from './archive-digest';
import { readDigests, readManifest, writeManifest, type StoreManifest } from './store-manifest';
import type { StoreOptions } from './store-options';

/**
 * The content-addressed store of unpacked trees: `entries/<key>/` holds `tree/` (an archive
 * extracted into an empty directory) and `manifest.json`. An entry is made in `tmp/` and renamed
 * into place whole, so one is either complete or absent: two runs filling the same key both
 * succeed (the second rename finds the first's entry and its own is dropped), and a killed run
 * leaves only a temporary directory, removed by a later prune. An entry whose files no longer
 * match their manifest is removed and made again. Its mtime is its last use (for eviction).
 */
export class UnpackStore {
  constructor(readonly options: StoreOptions) {}

  get digests(): string {
    return path.join(this.options.directory, 'digests');
  }

  private entryDirectory(key: string): string {
    return path.join(this.options.directory, 'entries', key);
  }

  /** The stored tree for `key`, checked against its manifest; undefined when absent or changed (then removed). */
  load(key: string): StoredTree | undefined {
    const directory = this.entryDirectory(key);
    if (!fs.existsSync(directory)) return undefined;
    const manifest = readManifest(directory, key);
    if (!manifest || this.changedFile(directory, manifest, this.options.verify) !== undefined) {
      this.discard(key);
      return undefined;
    }
    const now = new Date();
    try {
      fs.utimesSync(directory, now, now);
    } catch {
      // Only the eviction order.
    }
    return toStoredTree(path.join(directory, 'tree'), manifest, this.options.mode === 'hardlink');
  }

  /**
   * The first file of the entry in `directory` that differs from its manifest (missing, another
   * type, size, mtime, mode, or with `digests` its content), or undefined when none does.
   */
  changedFile(directory: string, manifest: StoreManifest, digests: boolean): string | undefined {
    const tree = `${directory}/tree/`;
    const sums = digests ? readDigests(directory, manifest.files.length) : undefined;
    if (digests && !sums) return 'digests.json';
    for (let i = 0; i < manifest.files.length; i++) {
      const f = manifest.files[i];
      const p = f.path;
      const file = tree + p;
      const st = fs.lstatSync(file, { throwIfNoEntry: false });
      // mtimeMs is a double: whole milliseconds compare as Java's File.lastModified().
      if (!st || !st.isFile() || st.size !== f.size || Math.floor(st.mtimeMs) !== f.mtimeMs) return p;
      if ((st.mode & 0o7777) !== f.mode) return p;
      if (sums && sha256File(file) !== sums[i]) return p;
    }
    return undefined;
  }

  /** A new temporary directory to fill (committed with `commit`). */
  temporary(key: string): string {
    const directory = path.join(
      this.options.directory,
      'tmp',
      `${key}.${process.pid}.${randomBytes(4).toString('hex')}`,
    );
    fs.mkdirSync(directory, { recursive: true });
    return directory;
  }

  /**
   * Makes the filled `temporary` directory (its `tree/`) the entry for `key` with `manifest`;
   * the tree of an entry another run made first is the one used.
   */
  commit(temporary: string, manifest: StoreManifest, digests: readonly string[]): StoredTree | undefined {
    writeManifest(temporary, manifest, digests);
    const directory = this.entryDirectory(manifest.key);
    fs.mkdirSync(path.dirname(directory), { recursive: true });
    try {
      fs.renameSync(temporary, directory);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
      removeTree(temporary);
      return this.load(manifest.key);
    }
    return toStoredTree(path.join(directory, 'tree'), manifest, this.options.mode === 'hardlink');
  }

  /** Removes an entry: renamed away first, so no run sees it half removed. */
  discard(key: string): void {
    const directory = this.entryDirectory(key);
    const away = path.join(
      this.options.directory,
      'tmp',
      `discarded.${key}.${process.pid}.${randomBytes(4).toString('hex')}`,
    );
    try {
      fs.mkdirSync(path.dirname(away), { recursive: true });
      fs.renameSync(directory, away);
    } catch {
      return;
    }
    removeTree(away);
  }

  /**
   * Keeps the store within its size: the least recently used entries go first (never those of
   * `keep`, used by this run); temporary directories of runs no longer alive go too.
   */
  prune(keep: ReadonlySet<string>): void {
    const entries = path.join(this.options.directory, 'entries');
    const found: { key: string; bytes: number; used: number }[] = [];
    for (const key of listDirectory(entries)) {
      const directory = path.join(entries, key);
      const manifest = readManifest(directory, key);
      const used = fs.statSync(directory, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      found.push({ key, bytes: manifest?.bytes ?? 0, used });
    }
    let total = found.reduce((sum, e) => sum + e.bytes, 0);
    for (const e of found.sort((a, b) => a.used - b.used)) {
      if (total <= this.options.maxBytes) break;
      if (keep.has(e.key)) continue;
      this.discard(e.key);
      total -= e.bytes;
    }
    const tmp = path.join(this.options.directory, 'tmp');
    for (const name of listDirectory(tmp)) {
      const pid = Number(/\.(\d+)\.[0-9a-f]{8}$/.exec(name)?.[1]);
      if (Number.isInteger(pid) && !isAlive(pid)) removeTree(path.join(tmp, name));
    }
  }
}

function toStoredTree(directory: string, manifest: StoreManifest, link: boolean): StoredTree {
  return { directory, entries: manifest.entries, files: manifest.files, link };
}

/** Removes a directory tree, read-only parts included. */
export function removeTree(directory: string): void {
  fs.rmSync(directory, { recursive: true, force: true, maxRetries: 2 });
}

function listDirectory(directory: string): string[] {
  try {
    return fs.readdirSync(directory);
  } catch {
    return [];
  }
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
