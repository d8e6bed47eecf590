import type { StoredEntry } from '@goalhost/archive';

/**
 * What a store entry records beside its tree (`manifest.json`): the entries in plan order and,
 * per regular file, its size, mtime, mode and SHA-256. Sizes, times and modes are checked before
 * every use (a write through a hard link changes them); digests by `goalhost.store.verify`.
 */
export interface StoreManifest {
  readonly format: typeof MANIFEST_FORMAT;
  readonly key: string;
  /** Bytes of the tree's files (what counts against the store's size limit). */
  readonly bytes: number;
  readonly entries: readonly StoredEntry[];
  readonly files: Readonly<Record<string, ManifestFile>>;
}

export interface ManifestFile {
  readonly size: number;
  readonly mtimeMs: number;
  readonly mode: number;
  readonly sha256: string;
}

export const MANIFEST_FORMAT = 'goalhost-store-1';

const KINDS = new Set(['file', 'dir', 'symlink']);

function isInt(v: unknown): v is number {
  return typeof v === 'number' && Number.isSafeInteger(v);
}

/** A path a tree may hold: relative, '/'-separated, no empty, '.' or '..' segment. */
function isTreePath(p: unknown): p is string {
  return (
    typeof p === 'string' &&
    !p.includes('\0') &&
    (p === '' || p.split('/').every((s) => s !== '' && s !== '.' && s !== '..'))
  );
}

/** The manifest when `text` is a well-formed one for `key`; undefined for anything else. */
export function parseManifest(text: string, key: string): StoreManifest | undefined {
  let m: unknown;
  try {
    m = JSON.parse(text);
  } catch {
    return undefined;
  }
  const o = m as Partial<StoreManifest>;
  if (typeof m !== 'object' || m === null || o.format !== MANIFEST_FORMAT || o.key !== key || !isInt(o.bytes))
    return undefined;
  if (!Array.isArray(o.entries) || typeof o.files !== 'object' || o.files === null) return undefined;
  for (const e of o.entries as unknown[]) {
    const x = e as Partial<StoredEntry>;
    if (typeof e !== 'object' || e === null || typeof x.name !== 'string' || !isTreePath(x.path)) return undefined;
    if (!KINDS.has(x.kind as string) || !isInt(x.mtimeMs)) return undefined;
    if (x.chmod !== undefined && (!isInt(x.chmod) || x.chmod < 0 || x.chmod > 0o7777)) return undefined;
    if (x.kind === 'symlink' && typeof x.linkTarget !== 'string') return undefined;
    if (x.kind === 'file' && !Object.prototype.hasOwnProperty.call(o.files, x.path)) return undefined;
  }
  for (const [p, f] of Object.entries(o.files)) {
    if (!isTreePath(p) || p === '') return undefined;
    if (!isInt(f.size) || !isInt(f.mtimeMs) || !isInt(f.mode) || !/^[0-9a-f]{64}$/.test(String(f.sha256)))
      return undefined;
  }
  return o as StoreManifest;
}
