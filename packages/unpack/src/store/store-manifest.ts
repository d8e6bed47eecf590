import * as fs from 'node:fs';
import * as path from 'node:path';
import type { StoredEntry } from '@goalhost/archive';

/**
 * What a store entry records beside its tree: the entries in plan order and, per regular file,
 * its size, mtime and mode (`manifest.json`, checked before every use: a write through a hard
 * link changes them), its SHA-256 (`digests.json`, checked by `goalhost.store.verify`), and the
 * tree's size (`bytes`, what prune reads). On
 * disk the entries are columns (one array per field, a name only where it differs from its
 * path): a tree of 84,000 files reads in a fraction of the time objects per entry take.
 */
export interface StoreManifest {
  readonly key: string;
  /** Bytes of the tree's files (what counts against the store's size limit). */
  readonly bytes: number;
  readonly entries: readonly StoredEntry[];
  /** The regular files, in the order of their first entry (a file entry's `file` indexes them). */
  readonly files: readonly ManifestFile[];
}

export interface ManifestFile {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly mode: number;
}

const FORMAT = 'goalhost-store-2';
const KIND_CODES = { file: 'f', dir: 'd', symlink: 'l' } as const;
const KINDS: Readonly<Record<string, StoredEntry['kind']>> = { f: 'file', d: 'dir', l: 'symlink' };

interface OnDisk {
  format: string;
  key: string;
  bytes: number;
  paths: string[];
  /** The entry's name, or 0 when it is its path. */
  names: (string | 0)[];
  kinds: string;
  mtimes: number[];
  /** -1: none. */
  chmods: number[];
  /** Link targets of the symlink entries, in order. */
  links: string[];
  /** Per entry, its file's index in the file columns (-1: not a file entry). */
  fileOf: number[];
  sizes: number[];
  fileMtimes: number[];
  modes: number[];
}

/** An unsafe tree path: absolute, empty or dot segments, a NUL. */
const UNSAFE_PATH = /(^|\/)\.\.?(\/|$)|\/\/|^\/|\/$|\0/;

export function writeManifest(directory: string, manifest: StoreManifest, digests: readonly string[]): void {
  const disk: OnDisk = {
    format: FORMAT,
    key: manifest.key,
    bytes: manifest.bytes,
    paths: manifest.entries.map((e) => e.path),
    names: manifest.entries.map((e) => (e.name === e.path ? 0 : e.name)),
    kinds: manifest.entries.map((e) => KIND_CODES[e.kind]).join(''),
    mtimes: manifest.entries.map((e) => e.mtimeMs),
    chmods: manifest.entries.map((e) => e.chmod ?? -1),
    links: manifest.entries.filter((e) => e.kind === 'symlink').map((e) => e.linkTarget ?? ''),
    fileOf: manifest.entries.map((e) => e.file ?? -1),
    sizes: manifest.files.map((f) => f.size),
    fileMtimes: manifest.files.map((f) => f.mtimeMs),
    modes: manifest.files.map((f) => f.mode),
  };
  fs.writeFileSync(path.join(directory, 'manifest.json'), JSON.stringify(disk));
  fs.writeFileSync(path.join(directory, 'digests.json'), JSON.stringify(digests));
  fs.writeFileSync(path.join(directory, 'bytes'), String(manifest.bytes));
}

/**
 * The bytes an entry's tree counts against the size limit, from its `bytes` file: what prune
 * reads of every entry instead of parsing each manifest. Undefined when unreadable.
 */
export function readBytes(directory: string): number | undefined {
  try {
    const bytes = Number(fs.readFileSync(path.join(directory, 'bytes'), 'latin1'));
    return isInt(bytes) && bytes >= 0 ? bytes : undefined;
  } catch {
    return undefined;
  }
}

const isInt = Number.isSafeInteger;

/** The manifest in `directory` when it is a well-formed one for `key`; undefined for anything else. */
export function readManifest(directory: string, key: string): StoreManifest | undefined {
  let d: OnDisk;
  try {
    d = JSON.parse(fs.readFileSync(path.join(directory, 'manifest.json'), 'utf8')) as OnDisk;
  } catch {
    return undefined;
  }
  if (typeof d !== 'object' || d === null || d.format !== FORMAT || d.key !== key || !isInt(d.bytes)) return undefined;
  const n = d.paths?.length;
  const columns = [d.names, d.mtimes, d.chmods, d.fileOf];
  if (!Array.isArray(d.paths) || typeof d.kinds !== 'string' || d.kinds.length !== n) return undefined;
  if (columns.some((c) => !Array.isArray(c) || c.length !== n) || !Array.isArray(d.links)) return undefined;
  const fileColumns = [d.sizes, d.fileMtimes, d.modes];
  if (fileColumns.some((c) => !Array.isArray(c) || c.length !== d.sizes.length)) return undefined;
  const entries: StoredEntry[] = new Array<StoredEntry>(n);
  const fileCount = d.sizes.length;
  const filePaths: (string | undefined)[] = new Array<string | undefined>(fileCount);
  let link = 0;
  for (let i = 0; i < n; i++) {
    const p = d.paths[i];
    const name = d.names[i] === 0 ? p : d.names[i];
    const kind = KINDS[d.kinds[i]];
    const mtimeMs = d.mtimes[i];
    const chmod = d.chmods[i];
    if (typeof p !== 'string' || (p !== '' && UNSAFE_PATH.test(p)) || typeof name !== 'string' || !kind)
      return undefined;
    if (!isInt(mtimeMs) || !isInt(chmod) || chmod < -1 || chmod > 0o7777) return undefined;
    const file = d.fileOf[i];
    if (!isInt(file) || (kind === 'file') !== file >= 0 || file >= fileCount) return undefined;
    if (kind === 'symlink') {
      const target = d.links[link++];
      if (typeof target !== 'string') return undefined;
      entries[i] = { name, path: p, kind, mtimeMs, linkTarget: target };
    } else if (kind === 'dir') {
      entries[i] = chmod === -1 ? { name, path: p, kind, mtimeMs } : { name, path: p, kind, mtimeMs, chmod };
    } else {
      // Every entry of one file has its path: a file is where its first entry put it.
      const known = filePaths[file];
      if (known === undefined) filePaths[file] = p;
      else if (known !== p) return undefined;
      entries[i] =
        chmod === -1 ? { name, path: p, kind, mtimeMs, file } : { name, path: p, kind, mtimeMs, chmod, file };
    }
  }
  const files: ManifestFile[] = new Array<ManifestFile>(fileCount);
  for (let f = 0; f < fileCount; f++) {
    const p = filePaths[f];
    const size = d.sizes[f];
    const fileMtime = d.fileMtimes[f];
    const mode = d.modes[f];
    if (!p || !isInt(size) || !isInt(fileMtime) || !isInt(mode)) return undefined;
    files[f] = { path: p, size, mtimeMs: fileMtime, mode };
  }
  return { key, bytes: d.bytes, entries, files };
}

/** The files' SHA-256 digests, in the order of `manifest.files`; undefined when unreadable. */
export function readDigests(directory: string, count: number): string[] | undefined {
  try {
    const digests = JSON.parse(fs.readFileSync(path.join(directory, 'digests.json'), 'utf8')) as unknown;
    if (!Array.isArray(digests) || digests.length !== count) return undefined;
    return digests.every((x) => typeof x === 'string' && /^[0-9a-f]{64}$/.test(x)) ? (digests as string[]) : undefined;
  } catch {
    return undefined;
  }
}
