/**
 * A store tree filled while its archive is extracted into the output: every file the plan
 * writes for such an archive is also written into the tree (from the same bytes, by the same
 * thread call), and its facts are reported. A tree is complete when each file path of the
 * archive's entries was reported for it and `lost` never was: the output plan may drop an
 * archive's write (a later archive overwrote the path before it was handed out), and large tar
 * entries stream to the output only; the caller then fills that tree another way.
 */
export interface StoreFilling {
  /**
   * Hard-link a new output file to its tree's file when it gets the same time and mode (the
   * store's hardlink mode); else the output's files are copies of their own.
   */
  readonly link: boolean;
  /** The empty directory archive `job`'s files are also written into; undefined: none is. */
  treeOf(job: number): string | undefined;
  /** A file was written into `job`'s tree at `path` (below the tree, '/'-separated) with these facts. */
  filled(job: number, path: string, size: number, mtimeMs: number, mode: number, sha256: string): void;
  /** A file of `job` did not reach its tree: the tree is incomplete. */
  lost(job: number): void;
}
