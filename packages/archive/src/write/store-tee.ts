import type { ArchiveEntry } from '../archive-entry';
import type { StoreFilling } from '../store-filling';
import type { FileNode } from '../target-tree';
import type { TeePlacement } from './tee-write';

/** A tee handed out with its batch: whose tree, where in it, and the facts its file gets. */
export interface TeeRecord {
  readonly job: number;
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
  readonly mode: number;
}

/**
 * Decides, for each file the plan hands out, whether its content also goes to a store tree
 * being filled (see StoreFilling), and where: the writing archive's tree, at the file's path
 * below the archive's output directory, with the time and mode the file gets when the archive
 * is extracted into an empty directory. Trees that lose a write are told.
 */
export class StoreTee {
  constructor(
    private readonly filling: StoreFilling,
    /** Archive `job`'s output directory, canonical. */
    private readonly rootOf: (job: number) => string,
    /** The mode bits an entry gives its file, if any (else a new file's). */
    private readonly chmodOf: (entry: ArchiveEntry) => number | undefined,
    private readonly defaultMode: number,
  ) {}

  private readonly roots = new Map<number, string>();

  /**
   * A file handed out with its content from archive `job` (whatever the source): every other
   * archive filling a tree that wrote this path in the same hand-over lost its write (the last
   * writer's replaced it in the plan).
   */
  handedOut(node: FileNode, job: number): void {
    const first = node.firstJob ?? job;
    const last = node.lastJob ?? job;
    for (let j = first; j <= last; j++) if (j !== job && this.filling.treeOf(j) !== undefined) this.filling.lost(j);
  }

  /**
   * The tee of `node`, about to be written at `path` from `entry` of archive `job`; undefined
   * when that archive fills no tree.
   */
  forFile(
    path: string,
    node: FileNode,
    job: number,
    entry: ArchiveEntry,
  ): { placement: TeePlacement; record: TeeRecord } | undefined {
    const last = node.lastJob ?? job;
    const tree = this.filling.treeOf(job);
    if (tree === undefined) return undefined;
    let root = this.roots.get(job);
    if (root === undefined) this.roots.set(job, (root = this.rootOf(job)));
    const prefix = root.endsWith('/') ? root : `${root}/`;
    if (!path.startsWith(prefix) || path.length === prefix.length) {
      this.filling.lost(job);
      return undefined;
    }
    const relative = path.slice(prefix.length);
    const mode = this.chmodOf(entry) ?? this.defaultMode;
    // A later archive's touch of the file is no part of this archive's tree.
    const mtimeMs = last === job && node.mtime !== undefined ? node.mtime : entry.mtimeMs;
    const size = entry.content?.length ?? entry.zip?.uncompressedSize ?? entry.size;
    // A new output file may share the tree's inode when it gets the same time and mode.
    const link =
      this.filling.link &&
      node.created &&
      !node.unlinkFirst &&
      (node.chmod ?? this.defaultMode) === mode &&
      node.mtime === mtimeMs;
    return {
      placement: { to: `${tree}/${relative}`, mode: mode === this.defaultMode ? -1 : mode, mtimeMs, link },
      // Whole milliseconds, as the store reads its files' times back.
      record: { job, path: relative, size, mtimeMs: Math.floor(mtimeMs), mode },
    };
  }

  /** The outcomes of a batch's tees (digests in record order; undefined: not written). */
  settled(records: readonly TeeRecord[], digests: readonly (string | undefined)[]): void {
    records.forEach((r, i) => {
      const digest = digests[i];
      if (digest === undefined) this.filling.lost(r.job);
      else this.filling.filled(r.job, r.path, r.size, r.mtimeMs, r.mode, digest);
    });
  }

  /** Archive `job`'s writes of a batch that failed as a whole. */
  failed(records: readonly TeeRecord[]): void {
    for (const r of records) this.filling.lost(r.job);
  }
}
