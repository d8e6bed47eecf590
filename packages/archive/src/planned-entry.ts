/**
 * An entry the plan accepted, as the extraction tells its caller: what a content-addressed store
 * keeps to replay an archive without reading it again, and what sync mode records as placed.
 */
export interface PlannedEntry {
  /** The archive's position in the run. */
  readonly job: number;
  /** The entry's name in the archive (before any file mapper). */
  readonly name: string;
  /** Absolute path the entry was planned at. */
  readonly target: string;
  readonly kind: 'file' | 'dir' | 'symlink';
  readonly mtimeMs: number;
  /** Mode bits given to the file; absent when it keeps an existing file's or gets the umask's. */
  readonly chmod?: number;
  /** Symbolic link target, verbatim. */
  readonly linkTarget?: string;
}

export type PlannedEntryListener = (entry: PlannedEntry) => void;
