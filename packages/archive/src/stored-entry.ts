/**
 * An archive's extraction as a store keeps it: the entries the plan accepted, in plan order,
 * with their targets relative to the archive's directory, and the tree they left in an empty
 * directory. Replaying the entries over another directory with the stored files as contents
 * decides every write as extracting the archive there would (overwrites, conflicts, times,
 * modes), without reading the archive.
 */
export interface StoredEntry {
  readonly name: string;
  /** The target below the archive's directory, '/'-separated; '' for the directory itself. */
  readonly path: string;
  readonly kind: 'file' | 'dir' | 'symlink';
  readonly mtimeMs: number;
  readonly chmod?: number;
  readonly linkTarget?: string;
  /** A file entry's file: its index in the tree's `files`. */
  readonly file?: number;
}

/** A regular file of the stored tree: its path below the tree, its mode bits and mtime as stored. */
export interface StoredFile {
  readonly path: string;
  readonly mode: number;
  readonly mtimeMs: number;
}

export interface StoredTree {
  /** Absolute directory holding the extracted tree. */
  readonly directory: string;
  readonly entries: readonly StoredEntry[];
  /** Every regular file of the tree, in the order of their first entries. */
  readonly files: readonly StoredFile[];
  /** Hard-link files whose final time and mode are the stored ones (else copy them). */
  readonly link: boolean;
}
