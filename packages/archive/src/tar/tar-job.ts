import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ArchiveEntry } from '../archive-entry';
import { canonicalPath } from '../canonical-path';
import { entryTarget } from '../entry-path';
import type { ExtractionSettings } from '../extraction-settings';
import { FileMapperError, mapEntryName } from '../file-mappers';
import { toUtimeSeconds } from '../file-times';
import { PlanFailure, type TargetTree } from '../target-tree';
import { contentSlabs } from '../write/content-slabs';
import type { StreamTee } from '../write/tee-write';
import { describeFsError } from '../write/write-tasks';
import { TarFormatError } from './tar-fields';
import type { TarInput } from './tar-input';
import { TarReader, type TarDataSink } from './tar-reader';

/** Carries a predicted failure out of the tar reader's callbacks. */
class Abort extends Error {
  constructor(readonly failure: PlanFailure) {
    super(failure.message);
  }
}

const WRITE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW;

/**
 * Entries up to this size are decompressed into memory and planned like zip entries (written
 * by the worker threads); larger ones are written by the main thread as they stream.
 */
const IN_MEMORY_LIMIT = 4 * 1024 * 1024;
/** Content planned but not yet handed to the threads, before a hand-over is forced. */
export const PENDING_BYTES = 4 * 1024 * 1024;

/** What the extraction lends a tar job: hand-overs of the planned work to the threads. */
export interface TarPlanning {
  /** Hands out the work planned so far when enough has gathered (waits for room). */
  dispatchIfDue(pendingBytes: number): Promise<boolean>;
  /** Hands out everything planned so far, first waiting for writes it overwrites. */
  dispatchNow(): Promise<void>;
  /** Waits until every write handed out is on disk. */
  settle(): Promise<void>;
  /** True once any handed-out write failed. */
  failed(): boolean;
  /**
   * Before a streamed entry is written in place at `target` (a file shared with a store becomes
   * a copy): the store tree it also goes to, if one is being filled.
   */
  beforeStream(target: string): StreamTee | undefined;
}

/** Hears of an entry the plan accepted, with where it goes and the mode it is given. */
export type TarPlanned = (entry: ArchiveEntry, target: string, chmod: number | undefined) => void;

/** A large entry written while it streams, once the plan has made way for it. */
interface StreamedFile {
  readonly target: string;
  readonly entry: ArchiveEntry;
  readonly chmod: number | undefined;
  fd: number;
  tee?: StreamTee;
}

/**
 * One tar-family artifact: its entries are read in stream order and planned on the model of
 * the output tree exactly like zip entries (same checks, same overwrite rules); their contents
 * are written by the worker threads while the next entries decompress.
 */
export class TarJob {
  private readonly flatten: { target: string; entry: ArchiveEntry }[] = [];
  /** Bytes of selected file entries so far, against `settings.sizeLimit`. */
  private unpacked = 0;
  private pendingBytes = 0;
  private streamed?: StreamedFile;
  private readonly reader = new TarReader((entry) => this.onEntry(entry));

  constructor(
    private readonly tree: TargetTree,
    private readonly settings: ExtractionSettings,
    private readonly root: string,
    private readonly planning: TarPlanning,
    private readonly planned: TarPlanned,
  ) {}

  private chmodOf(e: ArchiveEntry): number | undefined {
    return !this.settings.ignorePermissions && e.mode !== 0 ? e.mode & 0o777 : undefined;
  }

  private onEntry(entry: ArchiveEntry): TarDataSink | null {
    if (!this.settings.selector.isSelected(entry.name)) return null;
    const target = entryTarget(this.root, mapEntryName(this.settings.fileMappers, entry.name));
    if (target instanceof PlanFailure) throw new Abort(target);
    if (entry.kind === 'dir') {
      const failure = this.tree.makeDirectory(this.root, target, entry.name, entry.mtimeMs);
      if (failure) throw new Abort(failure);
      this.planned(entry, target, undefined);
      return null;
    }
    if (entry.kind === 'symlink') {
      const failure = this.tree.makeSymlink(this.root, target, entry.name, entry.linkTarget ?? '', entry.mtimeMs);
      if (failure) throw new Abort(failure);
      this.planned(entry, target, undefined);
      return null;
    }
    // A hard link is written as a regular (empty) file, as Maven does, so it can never reach
    // outside; one naming an outside file is still refused, like a symbolic link would be.
    if (entry.hardLinkTarget !== undefined && entryTarget(this.root, entry.hardLinkTarget) instanceof PlanFailure) {
      throw new Abort(
        new PlanFailure(
          `Hard link entry ${entry.name} points outside of the target directory (${entry.hardLinkTarget}); ` +
            'goalhost refuses such links: exclude the entry with mdep.unpack.excludes if it is not needed',
          false,
        ),
      );
    }
    // The header's size is what the stream holds: refuse before writing a byte past the limit.
    this.unpacked += entry.size;
    const sizeLimit = this.settings.sizeLimit;
    if (sizeLimit !== undefined && this.unpacked > sizeLimit.bytes) {
      throw new Abort(new PlanFailure(sizeLimit.refusal(entry.name), false));
    }
    if ((this.settings.flattenDestDirs ?? []).length > 0) this.flatten.push({ target, entry });
    return entry.size <= IN_MEMORY_LIMIT ? this.inMemory(target, entry) : this.streaming(target, entry);
  }

  /** Collects the content, then plans the file like a zip entry (written by a worker thread). */
  private inMemory(target: string, entry: ArchiveEntry): TarDataSink {
    // Zeros only where holes need them (sparse entries); other contents are taken when their
    // first bytes come (see ContentSink).
    return new ContentSink(this, target, entry, entry.sparse ? new Uint8Array(entry.size) : undefined);
  }

  /** A complete in-memory entry (see ContentSink): planned like a zip entry. */
  planCollected(target: string, entry: ArchiveEntry, content: Uint8Array): void {
    this.planContent(target, entry, content, entry.mtimeMs, this.chmodOf(entry));
  }

  /** An in-memory entry cut short: Maven leaves what came, without the entry's time and mode (it fails before setting them). */
  planTruncated(target: string, entry: ArchiveEntry, content: Uint8Array, end: number): void {
    this.planContent(target, entry, entry.sparse ? content : content.subarray(0, end), undefined, undefined);
  }

  private planContent(
    target: string,
    entry: ArchiveEntry,
    content: Uint8Array,
    mtime: number | undefined,
    chmod: number | undefined,
  ): void {
    // The reader made this entry object for this job alone.
    (entry as { content?: Uint8Array }).content = content;
    const source = { kind: 'entry', job: this.tree.job, entry } as const;
    const failure = this.tree.writeFile(this.root, target, entry.name, source, mtime, chmod);
    if (failure) throw new Abort(failure);
    this.planned(entry, target, chmod);
    this.pendingBytes += content.length;
  }

  /** Plans the file as streamed, and holds the reader until the plan has made way for it. */
  private streaming(target: string, entry: ArchiveEntry): TarDataSink {
    const chmod = this.chmodOf(entry);
    const source = { kind: 'stream', job: this.tree.job, entry } as const;
    const failure = this.tree.writeFile(this.root, target, entry.name, source, entry.mtimeMs, chmod);
    if (failure) throw new Abort(failure);
    this.planned(entry, target, chmod);
    const file: StreamedFile = { target, entry, chmod, fd: -1 };
    this.streamed = file;
    this.reader.hold = true;
    let end = 0;
    return {
      write: (bytes, position) => {
        try {
          let done = 0;
          while (done < bytes.length) done += fs.writeSync(file.fd, bytes, done, bytes.length - done, position + done);
          end = Math.max(end, position + bytes.length);
        } catch (e) {
          throw new Abort(new PlanFailure(describeFsError(e, target), true));
        }
      },
      truncated: () => {
        this.streamed = undefined;
        fs.closeSync(file.fd);
        file.fd = -1;
        file.tee?.lose();
      },
      end: () => {
        this.streamed = undefined;
        try {
          // A sparse file's last hole has no data: the length makes it.
          if (isSparseTail(entry, end)) fs.ftruncateSync(file.fd, entry.size);
          fs.futimesSync(file.fd, toUtimeSeconds(entry.mtimeMs), toUtimeSeconds(entry.mtimeMs));
          if (chmod !== undefined) fs.fchmodSync(file.fd, chmod);
        } catch (e) {
          throw new Abort(new PlanFailure(describeFsError(e, target), true));
        } finally {
          fs.closeSync(file.fd);
          file.fd = -1;
        }
        file.tee?.copy(target);
      },
    };
  }

  /** Reads the archive to its end block; returns the failure that stopped it, if any. */
  async run(input: TarInput): Promise<PlanFailure | undefined> {
    try {
      for await (const chunk of input.chunks) {
        let at = 0;
        while (at < chunk.length && !this.reader.done) {
          at += this.reader.push(at === 0 ? chunk : chunk.subarray(at));
          if (this.reader.hold) await this.makeWay();
          else if (await this.planning.dispatchIfDue(this.pendingBytes)) this.pendingBytes = 0;
          if (this.planning.failed()) return undefined;
        }
        if (this.reader.done) break;
      }
      // The decompressor failed before the tar's end: what came is kept (the entry cut short
      // too, as Maven leaves it), and the decompressor's failure is the error.
      const failure = this.reader.done ? undefined : input.failure();
      if (failure) {
        try {
          this.reader.finish();
        } catch {
          // the truncation the failure caused
        }
        throw failure;
      }
      this.reader.finish();
    } catch (e) {
      if (this.streamed && this.streamed.fd >= 0) fs.closeSync(this.streamed.fd);
      this.streamed?.tee?.lose();
      if (e instanceof Abort) return e.failure;
      if (e instanceof FileMapperError) throw e;
      const where = this.reader.current === undefined ? '' : ` (at entry ${this.reader.current})`;
      return new PlanFailure(`${(e as Error).message}${where}`, true);
    } finally {
      input.close();
    }
    return this.flattenAll();
  }

  /** Before a streamed entry's data: everything planned is handed out, then its file opened. */
  private async makeWay(): Promise<void> {
    this.reader.hold = false;
    await this.planning.dispatchNow();
    this.pendingBytes = 0;
    const file = this.streamed!;
    try {
      file.tee = this.planning.beforeStream(file.target);
      file.fd = fs.openSync(file.target, WRITE_FLAGS, 0o666);
    } catch (e) {
      throw new Abort(new PlanFailure(describeFsError(e, file.target), true));
    }
  }

  /** cxx flattenDestDirs: copies of the regular files just extracted, without their directories. */
  private async flattenAll(): Promise<PlanFailure | undefined> {
    if ((this.settings.flattenDestDirs ?? []).length === 0) return undefined;
    // The copies are taken from the files on disk.
    await this.planning.dispatchNow();
    await this.planning.settle();
    if (this.planning.failed()) return undefined;
    for (const dir of this.settings.flattenDestDirs ?? []) {
      const flatRoot = canonicalPath(dir);
      if (!this.tree.ensureDirectory(flatRoot)) {
        return new PlanFailure(`Unable to create flatten directory ${dir}: a file is in the way`, false);
      }
      for (const { target, entry } of this.flatten) {
        const mode = (this.chmodOf(entry) ?? 0o666) & ~(this.settings.umask ?? 0o022);
        const failure = this.tree.replaceFile(
          path.join(flatRoot, path.basename(target)),
          entry.name,
          { kind: 'copy', from: target },
          entry.mtimeMs,
          mode,
        );
        if (failure) return failure;
      }
      await this.planning.dispatchNow();
    }
    return undefined;
  }
}

/** A sparse entry whose data ended before its size: the rest is a hole, not missing data. */
function isSparseTail(entry: ArchiveEntry, end: number): boolean {
  return entry.sparse === true && end < entry.size;
}

/**
 * An entry's content gathered in memory: one object per entry rather than a closure per callback.
 * Content that comes whole in memory lent to the content slabs (a tar.gz inflated whole) is
 * that memory itself; other content goes into shared slabs the worker threads read from, else
 * into a buffer of its own, moved to the thread without a copy.
 */
class ContentSink implements TarDataSink {
  /** Where the data delivered so far ends. */
  private filled = 0;

  constructor(
    private readonly job: TarJob,
    private readonly target: string,
    private readonly entry: ArchiveEntry,
    private content: Uint8Array | undefined,
  ) {}

  private taken(): Uint8Array {
    return (this.content ??= contentSlabs.take(this.entry.size) ?? Buffer.allocUnsafeSlow(this.entry.size));
  }

  write(bytes: Buffer, position: number): void {
    if (position + bytes.length > this.entry.size)
      throw new TarFormatError(`entry ${this.entry.name} holds more data than its size (${this.entry.size})`);
    if (this.content === undefined && position === 0 && bytes.length === this.entry.size)
      this.content = contentSlabs.borrow(bytes);
    if (this.content !== bytes) this.taken().set(bytes, position);
    if (position + bytes.length > this.filled) this.filled = position + bytes.length;
  }

  end(): void {
    this.job.planCollected(this.target, this.entry, this.taken());
  }

  truncated(): void {
    this.job.planTruncated(this.target, this.entry, this.taken(), this.filled);
  }
}
