import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ArchiveEntry } from './archive-entry';

/**
 * A model of the output file system while a plan of entries is applied in Maven's sequential
 * order. Each operation decides, before anything touches the disk, what plexus-archiver would do
 * (write, overwrite, create directories, silently skip, or fail with "Is a directory" / "Not a
 * directory") and what goalhost refuses for safety (paths leaving the output directory, writes
 * through symbolic links, links pointing outside). The resulting pending work holds only the
 * final state of every path, so it can be executed in parallel and in any order.
 */

/** Where a file's content comes from. */
export type Source =
  | { readonly kind: 'entry'; readonly job: number; readonly entry: ArchiveEntry }
  | { readonly kind: 'copy'; readonly from: string }
  | StoredSource
  | { readonly kind: 'stream'; readonly job: number; readonly entry: ArchiveEntry };

/**
 * A file of a stored tree (see stored-entry.ts): copied, or hard-linked when `link` is set and
 * the file's final time and mode are the stored file's own.
 */
export interface StoredSource {
  readonly kind: 'stored';
  readonly from: string;
  readonly link: boolean;
  /** The stored file's mode bits and mtime, as recorded when it was stored. */
  readonly mode: number;
  readonly mtimeMs: number;
}

export interface FileNode {
  kind: 'file';
  /** Created during this run (else it existed before and keeps its inode and mode). */
  created: boolean;
  /** An existing file seen with no other hard link when planned (none to break before writing). */
  soleLink?: boolean;
  writer?: Source;
  mtime?: number;
  chmod?: number;
  /** Replace instead of overwrite (a symbolic link was there). */
  unlinkFirst?: boolean;
  /** Job of the first and the last write of this segment. */
  firstJob?: number;
  lastJob?: number;
  /** Planned since the last hand-over. */
  pending?: boolean;
  /** Also kept in the path map (made by a general path, not the common one). */
  inPathMap?: boolean;
}
interface DirNode {
  kind: 'dir';
  /** Made by this run: nothing exists below it but what the run made (no need to look). */
  created: boolean;
  mtime?: number;
  /**
   * What this run made here, by name. Files made by the common path live only here: short keys
   * instead of long paths in one big map (hashing 84,000 absolute paths dominates planning).
   */
  children?: Map<string, TreeNode>;
}
interface LinkNode {
  kind: 'symlink';
  created: boolean;
  target: string;
}
interface NoneNode {
  kind: 'none';
}
type TreeNode = FileNode | DirNode | LinkNode | NoneNode;

const NONE: NoneNode = { kind: 'none' };
/**
 * Stands for every file whose write was handed out (maybe still in flight): one shared object
 * instead of one per file keeps the model small on archives with many thousands of entries.
 */
const DISPATCHED: FileNode = Object.freeze({ kind: 'file', created: false }) as FileNode;

/** A failure the plan predicts: the run stops there, as Maven's sequential run would. */
export class PlanFailure {
  constructor(
    readonly message: string,
    /** An I/O failure Maven reports as "Error while expanding <archive>: <message>". */
    readonly whileExpanding: boolean,
  ) {}
}

export interface PendingWork {
  readonly dirs: readonly { path: string; job: number }[];
  readonly links: readonly { path: string; target: string; job: number }[];
  readonly files: readonly { path: string; node: FileNode }[];
}

/** True when `p` is `root` or lies below it (a real path boundary, not a string prefix). */
export function isWithin(root: string, p: string): boolean {
  return p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

export class TargetTree {
  private readonly nodes = new Map<string, TreeNode>();
  private dirs: { path: string; job: number }[] = [];
  private links: { path: string; target: string; job: number }[] = [];
  /** The artifact (position in the run) whose operations are being planned. */
  job = 0;
  /**
   * Set when an operation touches a file whose earlier write may still be in flight: the
   * caller must wait for the work handed out so far before handing out more.
   */
  barrier = false;

  /** A file about to be written again: one handed out earlier becomes an existing file again. */
  private writable(p: string, node: FileNode): FileNode {
    if (node !== DISPATCHED) return node;
    this.barrier = true;
    const fresh: FileNode = { kind: 'file', created: false };
    this.replace(p, DISPATCHED, fresh);
    return fresh;
  }

  /** Puts `next` wherever the model holds `current` for `p` (path map and parent's children). */
  private replace(p: string, current: FileNode, next: FileNode): void {
    if (current.inPathMap || current === DISPATCHED) {
      if (this.nodes.get(p) === current) {
        this.nodes.set(p, next);
        if (next !== DISPATCHED) next.inPathMap = true;
      }
    }
    const parent = this.nodes.get(path.dirname(p));
    const name = path.basename(p);
    if (parent?.kind === 'dir' && parent.children?.get(name) === current) parent.children.set(name, next);
  }

  private pending: { path: string; node: FileNode; parent?: DirNode; name?: string }[] = [];
  private timedDirs = new Set<string>();
  private warnings: string[] = [];
  private lastParentPath = '';
  private lastParent?: DirNode;

  private markPending(p: string, node: FileNode, parent?: DirNode, name?: string): void {
    if (node.pending) return;
    node.pending = true;
    this.pending.push({ path: p, node, parent, name });
  }

  private lookup(p: string): TreeNode {
    const known = this.nodes.get(p);
    if (known) return known;
    const parent = this.nodes.get(path.dirname(p));
    const child = parent?.kind === 'dir' ? parent.children?.get(path.basename(p)) : undefined;
    if (child) return child;
    // Below a directory this run created, or below a non-directory, nothing exists yet.
    if (parent && (parent.kind !== 'dir' || parent.created)) return NONE;
    let node: TreeNode = NONE;
    try {
      const st = fs.lstatSync(p, { throwIfNoEntry: false });
      if (st?.isDirectory()) node = { kind: 'dir', created: false };
      else if (st?.isSymbolicLink()) node = { kind: 'symlink', created: false, target: fs.readlinkSync(p) };
      else if (st)
        node = st.nlink === 1 ? { kind: 'file', created: false, soleLink: true } : { kind: 'file', created: false };
    } catch {
      node = NONE; // ENOTDIR and the like: nothing can be there
    }
    this.nodes.set(p, node);
    if (node.kind === 'file') node.inPathMap = true;
    return node;
  }

  private created(p: string, node: TreeNode): void {
    this.nodes.set(p, node);
    if (node.kind === 'file') node.inPathMap = true;
    const parent = this.nodes.get(path.dirname(p));
    if (parent?.kind === 'dir') (parent.children ??= new Map()).set(path.basename(p), node);
    // A new child moves the directory's mtime to "now", as on disk.
    if (parent?.kind === 'dir' && parent.mtime !== undefined) {
      parent.mtime = undefined;
      this.timedDirs.delete(path.dirname(p));
    }
  }

  /**
   * `mkdirs` of a directory outside any archive (an output or flatten directory): false when
   * a non-directory stands in the way (Maven: "could not be created").
   */
  ensureDirectory(dir: string): boolean {
    const parent = path.dirname(dir);
    if (parent !== dir && !this.ensureDirectory(parent)) return false;
    const node = this.lookup(dir);
    if (node.kind === 'dir') return true;
    if (node.kind === 'symlink' && !node.created) {
      try {
        return fs.statSync(dir).isDirectory();
      } catch {
        return false;
      }
    }
    if (node.kind !== 'none') return false;
    this.created(dir, { kind: 'dir', created: true });
    this.dirs.push({ path: dir, job: this.job });
    return true;
  }

  /**
   * `mkdirs` of the directories between `root` and `p` (exclusive): 'blocked' when a file is in
   * the way (Java's mkdirs then fails silently), a failure for a symbolic link in the way.
   */
  private mkdirsBelow(root: string, p: string, entry: string): 'ok' | 'blocked' | PlanFailure {
    if (p === root || !isWithin(root, p)) return 'ok';
    // A directory this run made was checked up to the root when it was made.
    const known = this.nodes.get(p);
    if (known?.kind === 'dir' && known.created) return 'ok';
    const up = this.mkdirsBelow(root, path.dirname(p), entry);
    if (up !== 'ok') return up;
    const node = this.lookup(p);
    if (node.kind === 'dir') return 'ok';
    if (node.kind === 'file') return 'blocked';
    if (node.kind === 'symlink') return throughLink(entry, p);
    this.created(p, { kind: 'dir', created: true });
    this.dirs.push({ path: p, job: this.job });
    return 'ok';
  }

  /** A regular file entry (or flatten copy): overwrite in place, keeping an existing file's mode unless one is given. */
  writeFile(
    root: string,
    p: string,
    entry: string,
    source: Source,
    mtime: number | undefined,
    chmod: number | undefined,
  ): PlanFailure | undefined {
    // The common case first: a file in a directory this run made, looked up by name only.
    const slash = p.lastIndexOf('/');
    const parentPath = p.slice(0, slash);
    const parent = parentPath === this.lastParentPath ? this.lastParent : this.nodes.get(parentPath);
    const name = p.slice(slash + 1);
    const existing = parent?.kind === 'dir' && parent.created ? (parent.children ??= new Map()).get(name) : NONE;
    if (
      parent?.kind === 'dir' &&
      parentPath.length >= root.length &&
      (existing === undefined || existing.kind === 'file')
    ) {
      this.lastParentPath = parentPath;
      this.lastParent = parent;
      let file: FileNode;
      if (existing) file = this.writable(p, existing);
      else {
        if (parent.mtime !== undefined) {
          parent.mtime = undefined;
          this.timedDirs.delete(parentPath);
        }
        file = { kind: 'file', created: true };
        parent.children!.set(name, file);
      }
      file.writer = source;
      file.mtime = mtime;
      if (chmod !== undefined) file.chmod = chmod;
      file.firstJob ??= this.job;
      file.lastJob = this.job;
      this.markPending(p, file, parent, name);
      return undefined;
    }
    const dirs = this.mkdirsBelow(root, path.dirname(p), entry);
    if (dirs instanceof PlanFailure) return dirs;
    if (dirs === 'blocked') return new PlanFailure(`${p}: Not a directory`, true);
    const node = this.lookup(p);
    if (node.kind === 'dir') return new PlanFailure(`${p}: Is a directory`, true);
    if (node.kind === 'symlink') return throughLink(entry, p);
    const file: FileNode = node.kind === 'file' ? this.writable(p, node) : { kind: 'file', created: true };
    if (node.kind === 'none') this.created(p, file);
    file.writer = source;
    file.mtime = mtime;
    if (chmod !== undefined) file.chmod = chmod;
    file.firstJob ??= this.job;
    file.lastJob = this.job;
    this.markPending(p, file);
    return undefined;
  }

  /** Flatten copy: replaces whatever file or link is there, with the given mode. */
  replaceFile(p: string, entry: string, source: Source, mtime: number, chmod: number): PlanFailure | undefined {
    const node = this.lookup(p);
    if (node.kind === 'dir') {
      return new PlanFailure(
        `Cannot flatten ${entry} to ${p}: a directory is in the way; remove it or choose another flattenDestDir`,
        false,
      );
    }
    const file: FileNode = node.kind === 'file' ? this.writable(p, node) : { kind: 'file', created: true };
    if (node.kind === 'symlink') file.unlinkFirst = true;
    if (node.kind !== 'file') this.created(p, file);
    file.writer = source;
    file.mtime = mtime;
    file.chmod = chmod;
    file.firstJob ??= this.job;
    file.lastJob = this.job;
    this.markPending(p, file);
    return undefined;
  }

  /** A directory entry: created if missing; an existing file or directory only gets its time set. */
  makeDirectory(root: string, p: string, entry: string, mtime: number): PlanFailure | undefined {
    const dirs = this.mkdirsBelow(root, path.dirname(p), entry);
    if (dirs instanceof PlanFailure) return dirs;
    if (dirs === 'blocked') return undefined;
    const node = this.lookup(p);
    if (node.kind === 'none') {
      this.created(p, { kind: 'dir', created: true, mtime });
      this.dirs.push({ path: p, job: this.job });
      this.timedDirs.add(p);
    } else if (node.kind === 'dir') {
      node.mtime = mtime;
      this.timedDirs.add(p);
    } else if (node.kind === 'file') {
      this.touch(p, node, mtime);
    }
    return undefined;
  }

  /** A symbolic link entry: created only where nothing exists, refused when it points outside `root`. */
  makeSymlink(root: string, p: string, entry: string, target: string, mtime: number): PlanFailure | undefined {
    const dirs = this.mkdirsBelow(root, path.dirname(p), entry);
    if (dirs instanceof PlanFailure) return dirs;
    if (dirs === 'blocked') return new PlanFailure(`${p}: Not a directory`, true);
    let node = this.lookup(p);
    if (node.kind === 'symlink') this.warnIfLinkLeadsElsewhere(root, p, node);
    if (node.kind === 'none') {
      if (this.follow(root, path.dirname(p), target, 0) === undefined) {
        return new PlanFailure(
          `Symbolic link entry ${entry} points outside of the target directory (${target}); ` +
            `goalhost refuses such links: exclude the entry with mdep.unpack.excludes if it is not needed`,
          false,
        );
      }
      node = { kind: 'symlink', created: true, target };
      this.created(p, node);
      this.links.push({ path: p, target, job: this.job });
    }
    // Maven then sets the entry time through the link, i.e. on its target (a file or a directory).
    if (node.kind === 'symlink') {
      const resolved = path.resolve(path.dirname(p), node.target);
      if (isWithin(root, resolved) && !this.hasLinkAbove(root, resolved)) {
        const target = this.lookup(resolved);
        if (target.kind === 'file') this.touch(resolved, target, mtime);
        else if (target.kind === 'dir' && resolved !== root) {
          target.mtime = mtime;
          this.timedDirs.add(resolved);
        }
      }
    }
    return undefined;
  }

  /**
   * plexus-archiver's AbstractUnArchiver.shouldExtractEntry compares an entry's name with the
   * canonical path of the file already there: an existing link that leads to another file of
   * the tree makes it warn that the names "differ only by case" (links are the way a
   * case-sensitive file system gets there).
   */
  private warnIfLinkLeadsElsewhere(root: string, p: string, link: LinkNode): void {
    const resolved = this.follow(root, path.dirname(p), link.target, 0);
    if (resolved === undefined || resolved === p || this.lookup(resolved).kind === 'none') return;
    this.warnings.push(
      `Archive entry '${path.relative(root, p)}' and existing file '${resolved}' names differ only by case. ` +
        'This may lead to an unexpected outcome on case-insensitive filesystems.',
    );
  }

  /** The archivers' warnings since the last call, in entry order. */
  takeWarnings(): string[] {
    const warnings = this.warnings;
    this.warnings = [];
    return warnings;
  }

  /**
   * Where a link target leads, followed step by step from `dir` the way the kernel will follow
   * it (through links already planned or on disk, `..` taken after them), or undefined when it
   * leaves `root` at any step or needs more than 40 hops. Reading `..` lexically is not enough:
   * `deep/up -> ../..` then `x -> deep/up/..` looks inside but is root's parent.
   */
  private follow(root: string, dir: string, target: string, hops: number): string | undefined {
    if (hops > 40 || target.startsWith('/')) return undefined;
    let current = dir;
    for (const segment of target.split('/')) {
      if (segment === '' || segment === '.') continue;
      const next = segment === '..' ? path.dirname(current) : path.join(current, segment);
      if (!isWithin(root, next)) return undefined;
      const node = this.lookup(next);
      if (node.kind === 'symlink') {
        const resolved = this.follow(root, current, node.target, hops + 1);
        if (resolved === undefined) return undefined;
        current = resolved;
      } else current = next;
    }
    return current;
  }

  private hasLinkAbove(root: string, p: string): boolean {
    for (let q = path.dirname(p); isWithin(root, q) && q !== root; q = path.dirname(q)) {
      if (this.lookup(q).kind !== 'dir') return true;
    }
    return false;
  }

  private touch(p: string, existing: FileNode, mtime: number): void {
    const node = this.writable(p, existing);
    node.mtime = mtime;
    node.firstJob ??= this.job;
    node.lastJob = this.job;
    this.markPending(p, node);
  }

  kindOf(p: string): TreeNode['kind'] {
    return this.lookup(p).kind;
  }

  /** Hands over the work planned since the last call and records it as done in the model. */
  takePending(): PendingWork {
    const work: PendingWork = {
      dirs: this.dirs,
      links: this.links,
      files: this.pending.map(({ path: p, node, parent, name }) => {
        node.pending = false;
        // From now on the model only needs to know that a file is there.
        if (parent && name !== undefined && !node.inPathMap) parent.children!.set(name, DISPATCHED);
        else this.replace(p, node, DISPATCHED);
        return { path: p, node };
      }),
    };
    // Directories keep `created`: below one this run made, only what the run made can exist.
    for (const l of this.links) (this.nodes.get(l.path) as LinkNode).created = false;
    this.dirs = [];
    this.links = [];
    this.pending = [];
    this.barrier = false;
    return work;
  }

  /**
   * Directory entry times still standing: those of directories nothing was created in after
   * their entry (a later child moves a directory's time to "now", as it does on disk). Applied
   * once every write handed out is done.
   */
  takeDirTimes(): { path: string; mtime: number }[] {
    const times: { path: string; mtime: number }[] = [];
    for (const d of this.timedDirs) {
      const node = this.nodes.get(d);
      if (node?.kind === 'dir' && node.mtime !== undefined) times.push({ path: d, mtime: node.mtime });
      if (node?.kind === 'dir') node.mtime = undefined;
    }
    this.timedDirs = new Set();
    return times;
  }

  /** Number of files planned since the last hand-over. */
  get pendingFiles(): number {
    return this.pending.length;
  }
}

function throughLink(entry: string, link: string): PlanFailure {
  return new PlanFailure(
    `Entry ${entry} would be written through the symbolic link ${link}; goalhost never writes through links ` +
      `(exclude the entry or the link with mdep.unpack.excludes)`,
    false,
  );
}
