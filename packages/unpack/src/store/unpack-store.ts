import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { StoredTree, WorkerPool } from '@goalhost/archive';
import { readBytes, readDigests, readManifest, writeManifest, type StoreManifest } from './store-manifest';
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
  async load(key: string, pool: WorkerPool): Promise<StoredTree | undefined> {
    const manifest = this.manifest(key);
    return manifest ? this.checked(manifest, pool) : undefined;
  }

  /** The manifest of the entry for `key`; undefined when there is none (a malformed one is removed). */
  manifest(key: string): StoreManifest | undefined {
    const directory = this.entryDirectory(key);
    if (!fs.existsSync(directory)) return undefined;
    const manifest = readManifest(directory, key);
    if (!manifest) this.discard(key);
    return manifest;
  }

  /**
   * The stored tree of `manifest`'s entry once its files are checked against it on `pool`'s
   * threads; undefined when one changed (the entry is then removed).
   */
  async checked(manifest: StoreManifest, pool: WorkerPool): Promise<StoredTree | undefined> {
    const directory = this.entryDirectory(manifest.key);
    if ((await this.changedFile(directory, manifest, this.options.verify, pool)) !== undefined) {
      this.discard(manifest.key);
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
   * type, size, mtime, mode, or with `digests` its content), or undefined when none does. The
   * files are looked at on `pool`'s threads, a slice per thread request.
   */
  async changedFile(
    directory: string,
    manifest: StoreManifest,
    digests: boolean,
    pool: WorkerPool,
  ): Promise<string | undefined> {
    const tree = `${directory}/tree/`;
    const sums = digests ? readDigests(directory, manifest.files.length) : undefined;
    if (digests && !sums) return 'digests.json';
    const files = manifest.files;
    const slices: Promise<string | undefined>[] = [];
    for (let from = 0; from < files.length; from += FACTS_SLICE) {
      const to = Math.min(files.length, from + FACTS_SLICE);
      const paths: string[] = [];
      for (let i = from; i < to; i++) paths.push(tree + files[i].path);
      slices.push(
        pool.facts(paths, digests).then((facts) => {
          for (let i = from; i < to; i++) {
            const f = files[i];
            const at = (i - from) * 3;
            const { stats } = facts;
            if (stats[at] !== f.size || stats[at + 1] !== f.mtimeMs || stats[at + 2] !== f.mode) return f.path;
            if (sums && facts.digests.slice((i - from) * 64, (i - from + 1) * 64) !== sums[i]) return f.path;
          }
          return undefined;
        }),
      );
    }
    for (const changed of await Promise.all(slices)) if (changed !== undefined) return changed;
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
  async commit(
    temporary: string,
    manifest: StoreManifest,
    digests: readonly string[],
    pool: WorkerPool,
  ): Promise<StoredTree | undefined> {
    writeManifest(temporary, manifest, digests);
    const directory = this.entryDirectory(manifest.key);
    fs.mkdirSync(path.dirname(directory), { recursive: true });
    try {
      fs.renameSync(temporary, directory);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e;
      removeTree(temporary);
      return this.load(manifest.key, pool);
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
      const bytes = readBytes(directory) ?? readManifest(directory, key)?.bytes ?? 0;
      const used = fs.statSync(directory, { throwIfNoEntry: false })?.mtimeMs ?? 0;
      found.push({ key, bytes, used });
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

/** Files per thread request when checking a tree (each request's facts come back in one message). */
const FACTS_SLICE = 2048;

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
