import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ArchiveEntry } from '../archive/archive-entry';
import type { EntrySelector } from '../archive/entry-selector';
import { entryTarget } from '../archive/entry-path';
import { toUtimeSeconds } from '../archive/file-times';
import { forEachTarEntry, type EntrySink, type TarFormat } from '../archive/tar-entries';
import { PlanFailure, type TargetTree } from '../archive/target-tree';
import type { WorkExecutor } from '../archive/work-executor';
import { describeFsError } from '../archive/write-tasks';
import { FileMapperError, mapEntryName } from '../archive/file-mappers';
import type { UnpackSettings } from './unpacker';
import { canonicalPath } from '../archive/canonical-path';
import { sizeLimitFailure } from './size-limit';

/** Carries a predicted failure out of the tar parser's callbacks. */
class Abort extends Error {
  constructor(readonly failure: PlanFailure) {
    super(failure.message);
  }
}

const WRITE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW;

/**
 * One tar-family artifact, streamed: every entry goes through the same model checks as a zip
 * entry and is written at once, in stream order (a compressed tar cannot be read out of order).
 */
export class TarJob {
  private readonly flatten: { target: string; entry: ArchiveEntry }[] = [];
  private openFd = -1;
  /** Bytes of selected file entries so far, against `settings.maxSize`. */
  private unpacked = 0;

  constructor(
    private readonly tree: TargetTree,
    private readonly selector: EntrySelector,
    private readonly settings: UnpackSettings,
    private readonly root: string,
    private readonly executor: WorkExecutor,
  ) {}

  private chmodOf(e: ArchiveEntry): number | undefined {
    return !this.settings.ignorePermissions && e.mode !== 0 ? e.mode & 0o777 : undefined;
  }

  /** Applies the model's pending structural work now; throws on failure. */
  private settle(): void {
    const failure = this.executor.dispatchSync(this.tree.takePending());
    if (failure) throw new Abort(new PlanFailure(failure.message, true));
  }

  private onEntry(entry: ArchiveEntry): EntrySink | null {
    if (!this.selector.isSelected(entry.name)) return null;
    const target = entryTarget(this.root, mapEntryName(this.settings.fileMappers, entry.name));
    if (target instanceof PlanFailure) throw new Abort(target);
    if (entry.kind === 'dir') {
      const failure = this.tree.makeDirectory(this.root, target, entry.name, entry.mtimeMs);
      if (failure) throw new Abort(failure);
      this.settle();
      return null;
    }
    if (entry.kind === 'symlink') {
      const failure = this.tree.makeSymlink(this.root, target, entry.name, entry.linkTarget ?? '', entry.mtimeMs);
      if (failure) throw new Abort(failure);
      this.settle();
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
    if (this.settings.maxSize !== undefined && this.unpacked > this.settings.maxSize) {
      throw new Abort(sizeLimitFailure(entry.name, this.settings.maxSize));
    }
    const failure = this.tree.writeFile(this.root, target, entry.name, { kind: 'stream' }, entry.mtimeMs, this.chmodOf(entry));
    if (failure) throw new Abort(failure);
    const work = this.tree.takePending();
    const chmod = work.files.find((f) => f.path === target)?.node.chmod;
    const structural = this.executor.dispatchSync(work);
    if (structural) throw new Abort(new PlanFailure(structural.message, true));
    this.flatten.push({ target, entry });
    return this.sink(target, entry.mtimeMs, chmod);
  }

  private sink(target: string, mtime: number, chmod: number | undefined): EntrySink {
    const fd = this.open(target);
    return {
      write: (chunk) => {
        let done = 0;
        try {
          while (done < chunk.length) done += fs.writeSync(fd, chunk, done, chunk.length - done);
        } catch (e) {
          throw new Abort(new PlanFailure(describeFsError(e, target), true));
        }
      },
      end: () => {
        try {
          fs.futimesSync(fd, toUtimeSeconds(mtime), toUtimeSeconds(mtime));
          if (chmod !== undefined) fs.fchmodSync(fd, chmod);
        } catch (e) {
          throw new Abort(new PlanFailure(describeFsError(e, target), true));
        } finally {
          this.openFd = -1;
          fs.closeSync(fd);
        }
      },
    };
  }

  private open(target: string): number {
    try {
      this.openFd = fs.openSync(target, WRITE_FLAGS, 0o666);
      return this.openFd;
    } catch (e) {
      throw new Abort(new PlanFailure(describeFsError(e, target), true));
    }
  }

  /** Streams the archive; returns the failure that stopped it, if any. */
  async run(file: string, format: TarFormat): Promise<PlanFailure | undefined> {
    try {
      await forEachTarEntry(file, format, (entry) => this.onEntry(entry));
    } catch (e) {
      if (this.openFd >= 0) fs.closeSync(this.openFd);
      if (e instanceof Abort) return e.failure;
      if (e instanceof FileMapperError) throw e;
      return new PlanFailure((e as Error).message, true);
    }
    return this.flattenAll();
  }

  /** cxx flattenDestDirs: copies of the regular files just extracted, without their directories. */
  private flattenAll(): PlanFailure | undefined {
    for (const dir of this.settings.flattenDestDirs ?? []) {
      const flatRoot = canonicalPath(dir);
      if (!this.tree.ensureDirectory(flatRoot)) {
        return new PlanFailure(`Unable to create flatten directory ${dir}: a file is in the way`, false);
      }
      for (const { target, entry } of this.flatten) {
        const mode = (this.chmodOf(entry) ?? 0o666) & ~(this.settings.umask ?? 0o022);
        const failure = this.tree.replaceFile(path.join(flatRoot, path.basename(target)), entry.name, { kind: 'copy', from: target }, entry.mtimeMs, mode);
        if (failure) return failure;
      }
      const done = this.executor.dispatchSync(this.tree.takePending());
      if (done) return new PlanFailure(done.message, true);
    }
    return undefined;
  }
}
