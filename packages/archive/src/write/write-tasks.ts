import * as fs from 'node:fs';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as zlib from 'node:zlib';
import type { ZipEntryData } from '../archive-entry';
import { toUtimeSeconds } from '../file-times';
import {
  type ArchiveWindow,
  checkData,
  dataOffset,
  decodeOther,
  IN_MEMORY_LIMIT,
  readEntrySync,
  readWindow,
  sizeLie,
  WINDOW_SLACK,
  wholeCompressedBytes,
} from '../zip/zip-entry-data';
import type { TeeRecord } from './store-tee';
import { copyTee, linkTee, TEE_LOST, writeTee, type TeePlacement } from './tee-write';

/**
 * The unit of parallel work: write one final file from a zip entry (or only set its time and
 * mode). Tasks of one plan never share a path, so they run in any order on any thread. The
 * functions here are plain and synchronous for small entries (no per-file promise or stream),
 * which is what makes tens of thousands of files per second possible.
 */
export interface WriteTask {
  readonly path: string;
  /** Position of the artifact in the run, to report the first failure in Maven's order. */
  readonly job: number;
  readonly entryName: string;
  /** Where to read the content; absent when only time/mode change. */
  readonly data?: ZipEntryData;
  /** The content itself (tar entries, decompressed by the main thread); instead of `data`. */
  readonly content?: Uint8Array;
  readonly mtime?: number;
  readonly chmod?: number;
  readonly unlinkFirst?: boolean;
  /** The content is a stored file (see placeStored); `chmod` then holds the mode of a new file. */
  readonly stored?: StoredPlacement;
  /** The content also goes to a store tree being filled (never with `stored`). */
  readonly tee?: TeePlacement;
  /** The tee's file as the store records it (main thread only: never sent to a worker). */
  readonly teeRecord?: TeeRecord;
}

/** A file of a store's tree to place at a task's path. */
export interface StoredPlacement {
  readonly from: string;
  /** Hard-link when the final time and mode are the stored file's. */
  readonly link: boolean;
  /** The stored file's mode bits and mtime. */
  readonly mode: number;
  readonly mtimeMs: number;
  /** A file is there already (it keeps its mode unless the task gives one). */
  readonly existing: boolean;
}

/**
 * Tasks of one archive as they cross to a worker thread: flat arrays and strings, because
 * cloning tens of thousands of small objects (or hundreds of strings per message) costs more
 * than the extraction's own bookkeeping.
 */
export interface TaskBatch {
  readonly archive: string;
  /** Every task's path, one after the other (lengths in `nums`). */
  readonly paths: string;
  /** Every task's entry name, one after the other (lengths in `nums`). */
  readonly names: string;
  /** Every stored task's source path or tee's path, one after the other (lengths in `nums`). */
  readonly froms: string;
  /** FIELDS numbers per task, see `encodeBatch`. */
  readonly nums: Float64Array;
  /** Per task, the content to write when it is not in `shared` (tar entries); absent when none is. */
  readonly contents?: readonly (Uint8Array | null)[];
  /**
   * The shared memory the tasks' other contents lie in (tar content slabs): one reference per
   * batch, each task's content an offset into it, because cloning a view per task (hundreds per
   * message) cost the main thread more than all of its planning.
   */
  readonly shared?: SharedArrayBuffer;
}

const FIELDS = 16;
/** Field 15's flags of a task with a tee, and of one whose output may link to it. */
const TEE = 4;
const TEE_LINK = 8;

/**
 * Per task: job, local header offset (-1 when there is no content to write), compressed size,
 * uncompressed size (a content's length), method, CRC-32, mtime (NaN: none), chmod (-1: none),
 * unlink first (0/1), offset of the content in `shared` (-1: none there), length of the path,
 * length of the entry name; for a stored file (else -1, -1, NaN, 0): the length of its source
 * path, its mode, its mtime, and link (1) + existing (2); for a tee: the length of its path, its
 * mode, its mtime, and 4 (+ 8: link).
 */
export function encodeBatch(archive: string, tasks: readonly WriteTask[]): TaskBatch {
  const nums = new Float64Array(tasks.length * FIELDS);
  let shared: SharedArrayBuffer | undefined;
  let separate = false;
  for (const t of tasks) {
    const buffer = t.content?.buffer;
    if (buffer instanceof SharedArrayBuffer && (shared === undefined || shared === buffer)) shared = buffer;
    else if (t.content) separate = true;
  }
  tasks.forEach((t, i) => {
    const at = i * FIELDS;
    nums[at] = t.job;
    nums[at + 1] = t.data ? t.data.localHeaderOffset : -1;
    nums[at + 2] = t.data?.compressedSize ?? 0;
    nums[at + 3] = t.data?.uncompressedSize ?? t.content?.length ?? 0;
    nums[at + 4] = t.data?.method ?? 0;
    nums[at + 5] = t.data?.crc32 ?? 0;
    nums[at + 6] = t.mtime ?? NaN;
    nums[at + 7] = t.chmod ?? -1;
    nums[at + 8] = t.unlinkFirst ? 1 : 0;
    nums[at + 9] = t.content && t.content.buffer === shared ? t.content.byteOffset : -1;
    nums[at + 10] = t.path.length;
    nums[at + 11] = t.entryName.length;
    nums[at + 12] = t.stored ? t.stored.from.length : -1;
    nums[at + 13] = t.stored ? t.stored.mode : -1;
    nums[at + 14] = t.stored ? t.stored.mtimeMs : NaN;
    nums[at + 15] = t.stored ? (t.stored.link ? 1 : 0) | (t.stored.existing ? 2 : 0) : 0;
    if (t.tee) {
      nums[at + 12] = t.tee.to.length;
      nums[at + 13] = t.tee.mode;
      nums[at + 14] = t.tee.mtimeMs;
      nums[at + 15] = TEE | (t.tee.link ? TEE_LINK : 0);
    }
  });
  const contents = separate
    ? packedContents(tasks.map((t) => (t.content && t.content.buffer === shared ? { content: undefined } : t)))
    : undefined;
  const paths = tasks.map((t) => t.path).join('');
  const names = tasks.map((t) => t.entryName).join('');
  const froms = tasks.map((t) => t.stored?.from ?? t.tee?.to ?? '').join('');
  return { archive, paths, names, froms, nums, contents, shared };
}

/** Contents up to this size travel in one buffer per batch (one transfer instead of hundreds). */
const PACKED_CONTENT = 64 * 1024;

/**
 * The batch's contents: small ones copied into one buffer, large ones as they are (each in a
 * buffer of its own, moved to the thread without a copy).
 */
function packedContents(tasks: readonly { readonly content?: Uint8Array }[]): (Uint8Array | null)[] | undefined {
  let packed = 0;
  let any = false;
  for (const t of tasks) {
    if (!t.content) continue;
    any = true;
    // Shared memory (content slabs) needs no moving.
    if (t.content.length <= PACKED_CONTENT && t.content.buffer instanceof ArrayBuffer) packed += t.content.length;
  }
  if (!any) return undefined;
  const pack = new Uint8Array(packed);
  let at = 0;
  return tasks.map((t) => {
    const c = t.content;
    if (!c) return null;
    if (c.length > PACKED_CONTENT || !(c.buffer instanceof ArrayBuffer)) return c;
    pack.set(c, at);
    at += c.length;
    return pack.subarray(at - c.length, at);
  });
}

/** The buffers a batch's contents can be moved (not copied) to a worker thread with. */
export function batchTransfers(batch: TaskBatch): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const c of batch.contents ?? [])
    if (c && c.byteLength > 0 && c.buffer instanceof ArrayBuffer) buffers.add(c.buffer);
  return [...buffers];
}

export function batchSize(batch: TaskBatch): number {
  return batch.nums.length / FIELDS;
}

/** The entry name of the batch's first task (for a failure of the whole batch). */
export function firstEntryName(batch: TaskBatch): string {
  return batch.nums.length > 0 ? batch.names.slice(0, batch.nums[11]) : '';
}

/** Bytes the batch writes (for progress). */
export function batchBytes(batch: TaskBatch): number {
  let bytes = 0;
  for (let at = 3; at < batch.nums.length; at += FIELDS) bytes += batch.nums[at];
  return bytes;
}

/** Task `i`, its path, name and source starting at `pathAt`, `nameAt` and `fromAt` of the batch's strings. */
function taskAt(batch: TaskBatch, i: number, pathAt: number, nameAt: number, fromAt: number): WriteTask {
  const n = batch.nums;
  const at = i * FIELDS;
  const tee: TeePlacement | undefined =
    (n[at + 15] & TEE) !== 0
      ? {
          to: batch.froms.slice(fromAt, fromAt + n[at + 12]),
          mode: n[at + 13],
          mtimeMs: n[at + 14],
          link: (n[at + 15] & TEE_LINK) !== 0,
        }
      : undefined;
  const stored: StoredPlacement | undefined =
    n[at + 12] < 0 || tee
      ? undefined
      : {
          from: batch.froms.slice(fromAt, fromAt + n[at + 12]),
          mode: n[at + 13],
          mtimeMs: n[at + 14],
          link: (n[at + 15] & 1) !== 0,
          existing: (n[at + 15] & 2) !== 0,
        };
  return {
    stored,
    tee,
    path: batch.paths.slice(pathAt, pathAt + n[at + 10]),
    job: n[at],
    entryName: batch.names.slice(nameAt, nameAt + n[at + 11]),
    data:
      n[at + 1] < 0
        ? undefined
        : {
            localHeaderOffset: n[at + 1],
            compressedSize: n[at + 2],
            uncompressedSize: n[at + 3],
            method: n[at + 4],
            crc32: n[at + 5],
          },
    content: batch.contents?.[i] ?? (n[at + 9] >= 0 ? new Uint8Array(batch.shared!, n[at + 9], n[at + 3]) : undefined),
    mtime: Number.isNaN(n[at + 6]) ? undefined : n[at + 6],
    chmod: n[at + 7] < 0 ? undefined : n[at + 7],
    unlinkFirst: n[at + 8] === 1,
  };
}

export interface TaskFailure {
  readonly job: number;
  readonly archive: string;
  readonly entryName: string;
  readonly message: string;
}

const WRITE_FLAGS = fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW;

/** Linux wording of the errors a Java program would print (Maven shows `<path>: <reason>`). */
const REASONS: Readonly<Record<string, string>> = {
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EACCES: 'Permission denied',
  EPERM: 'Operation not permitted',
  ENOSPC: 'No space left on device',
  EROFS: 'Read-only file system',
  ELOOP: 'Too many levels of symbolic links',
  ENOENT: 'No such file or directory',
  EEXIST: 'File exists',
  EDQUOT: 'Disk quota exceeded',
  ENAMETOOLONG: 'File name too long',
};

export function describeFsError(e: unknown, file: string): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code && REASONS[code] ? `${file}: ${REASONS[code]}` : `${file}: ${(e as Error).message}`;
}

function writeAll(fd: number, data: Uint8Array): void {
  let done = 0;
  while (done < data.length) done += fs.writeSync(fd, data, done, data.length - done);
}

async function streamEntry(archiveFd: number, archive: string, data: ZipEntryData, out: number): Promise<void> {
  if (data.method !== 0 && data.method !== 8) {
    // The rare methods decode from memory (the compressed bytes), writing as they go.
    let crc = 0;
    let size = 0;
    decodeOther(archiveFd, data, wholeCompressedBytes(archiveFd, data), (chunk) => {
      crc = zlib.crc32(chunk, crc);
      size += chunk.length;
      writeAll(out, chunk);
    });
    checkData(size, crc, data);
    return;
  }
  const start = dataOffset(archiveFd, data);
  let crc = 0;
  let size = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      try {
        crc = zlib.crc32(chunk, crc);
        size += chunk.length;
        // Stop at the declared size instead of filling the disk with a lying entry.
        if (size > data.uncompressedSize) throw sizeLie(data);
        writeAll(out, chunk);
        done();
      } catch (e) {
        done(e as Error);
      }
    },
  });
  const input = fs.createReadStream(archive, { start, end: start + data.compressedSize - 1, highWaterMark: 1 << 20 });
  if (data.method === 8) await pipeline(input, zlib.createInflateRaw(), sink);
  else await pipeline(input, sink);
  checkData(size, crc, data);
}

/** Time and mode, then close: the end of every file write. */
function finish(out: number, task: WriteTask): void {
  try {
    if (task.mtime !== undefined) {
      const t = toUtimeSeconds(task.mtime);
      fs.futimesSync(out, t, t);
    }
    if (task.chmod !== undefined) fs.fchmodSync(out, task.chmod);
  } finally {
    fs.closeSync(out);
  }
}

/**
 * A file of a stored tree, placed as the plan decided: hard-linked when asked for and its final
 * time and mode are the stored file's (a link shares them), else copied (a reflink where the
 * file system has them) and given its time and mode. An existing file keeps its mode unless
 * the task gives one, as when an archive is extracted over it, and is never written into while
 * it has other links (it may be a store's).
 */
function placeStored(task: WriteTask, stored: StoredPlacement): void {
  let existing = stored.existing ? fs.lstatSync(task.path, { throwIfNoEntry: false }) : undefined;
  const mode = task.chmod ?? (existing ? existing.mode & 0o7777 : stored.mode);
  if (stored.link && mode === stored.mode && task.mtime === stored.mtimeMs) {
    if (existing) fs.unlinkSync(task.path);
    existing = undefined;
    try {
      fs.linkSync(stored.from, task.path);
      return;
    } catch (e) {
      // Another file system, or the link count at its limit: a copy does the same.
      if (!['EXDEV', 'EMLINK', 'EPERM'].includes((e as NodeJS.ErrnoException).code ?? '')) throw e;
    }
  }
  if (existing && existing.nlink > 1) fs.unlinkSync(task.path);
  try {
    if (copySmall(stored.from, task.path, mode, task.mtime)) return;
    fs.copyFileSync(stored.from, task.path, fs.constants.COPYFILE_FICLONE);
  } catch (e) {
    // Node names the source; with the stored file in place the fault is the output's (a full disk).
    if (fs.existsSync(stored.from)) (e as NodeJS.ErrnoException).path = task.path;
    throw e;
  }
  // The copy has the stored file's mode.
  if (mode !== stored.mode) fs.chmodSync(task.path, mode);
  if (task.mtime !== undefined) fs.utimesSync(task.path, toUtimeSeconds(task.mtime), toUtimeSeconds(task.mtime));
}

/** Stored files up to this size are copied through memory: fewer system calls than copyFile's (a reflink saves little on them). */
const SMALL_COPY = 256 * 1024;
/** The thread's copy buffer, reused. */
let copyBuffer: Buffer | undefined;

/**
 * `from` copied to `to` through memory with `mode` and `mtime` set on the open file, when it
 * is small; false (nothing written) when it is not.
 */
function copySmall(from: string, to: string, mode: number, mtime: number | undefined): boolean {
  const input = fs.openSync(from, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  try {
    const size = fs.fstatSync(input).size;
    if (size > SMALL_COPY) return false;
    copyBuffer ??= Buffer.allocUnsafeSlow(SMALL_COPY);
    let read = 0;
    while (read < size) {
      const n = fs.readSync(input, copyBuffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    const out = fs.openSync(to, WRITE_FLAGS, 0o666);
    try {
      writeAll(out, copyBuffer.subarray(0, read));
      fs.fchmodSync(out, mode);
      if (mtime !== undefined) fs.futimesSync(out, toUtimeSeconds(mtime), toUtimeSeconds(mtime));
    } finally {
      fs.closeSync(out);
    }
    return true;
  } finally {
    fs.closeSync(input);
  }
}

/**
 * A task's content written to its file, and to its tee's (its digest then in `teed`): with a
 * link allowed the tee's first, and the output linked to it when it can be.
 */
function writeContent(task: WriteTask, content: Uint8Array, teed: string[]): void {
  const tee = task.tee;
  if (tee?.link) {
    const digest = writeTee(tee, content);
    teed.push(digest);
    if (digest !== TEE_LOST && linkTee(tee.to, task.path)) return;
  }
  const out = fs.openSync(task.path, WRITE_FLAGS, 0o666);
  try {
    writeAll(out, content);
  } catch (e) {
    fs.closeSync(out);
    throw e;
  }
  finish(out, task);
  if (tee && !tee.link) teed.push(writeTee(tee, content));
}

/**
 * One task, synchronously when it can be (no promise per file: tens of thousands of small
 * files are the common case); a promise only for an entry too large to hold in memory.
 */
function runTask(
  archiveFd: number,
  archive: string,
  task: WriteTask,
  window: ArchiveWindow | undefined,
  teed: string[],
): Promise<void> | undefined {
  if (task.unlinkFirst) fs.rmSync(task.path, { force: true });
  if (task.stored) {
    placeStored(task, task.stored);
    return undefined;
  }
  if (task.content) {
    writeContent(task, task.content, teed);
    return undefined;
  }
  if (!task.data) {
    if (task.mtime !== undefined) fs.utimesSync(task.path, toUtimeSeconds(task.mtime), toUtimeSeconds(task.mtime));
    if (task.chmod !== undefined) fs.chmodSync(task.path, task.chmod);
    return undefined;
  }
  if (task.data.uncompressedSize <= IN_MEMORY_LIMIT) {
    writeContent(task, readEntrySync(archiveFd, task.data, window), teed);
    return undefined;
  }
  const data = task.data;
  const out = fs.openSync(task.path, WRITE_FLAGS, 0o666);
  return streamEntry(archiveFd, archive, data, out).then(
    () => {
      finish(out, task);
      if (task.tee) teed.push(copyTee(task.tee, task.path));
    },
    (e: unknown) => {
      fs.closeSync(out);
      throw e;
    },
  );
}

/**
 * The archive range holding the batch's in-memory entries (tasks come sorted by local header
 * offset), read at once; undefined when there is none or it is not worth one read.
 */
function batchWindow(archiveFd: number, batch: TaskBatch): ArchiveWindow | undefined {
  const n = batch.nums;
  let start = Number.POSITIVE_INFINITY;
  let end = 0;
  let wanted = 0;
  for (let at = 0; at < n.length; at += FIELDS) {
    const offset = n[at + 1];
    if (offset < 0 || n[at + 3] > IN_MEMORY_LIMIT) continue;
    start = Math.min(start, offset);
    end = Math.max(end, offset + WINDOW_SLACK + n[at + 2]);
    wanted += WINDOW_SLACK + n[at + 2];
  }
  return end > 0 ? readWindow(archiveFd, start, end, wanted) : undefined;
}

/** A batch's outcome: its first failure, and its tees' digests (see `teeDigests`). */
export interface BatchOutcome {
  readonly failure?: TaskFailure;
  /** 64 characters per task with a tee written, in task order: its SHA-256, or TEE_LOST. */
  readonly teed?: string;
}

/**
 * The tees' outcomes of a batch, one per task with a tee in task order: a SHA-256 in hex, or
 * undefined for a tee not written (lost, or its task failed or never ran).
 */
export function teeDigests(batch: TaskBatch, teed: string | undefined): (string | undefined)[] {
  const out: (string | undefined)[] = [];
  let k = 0;
  for (let at = 15; at < batch.nums.length; at += FIELDS) {
    if ((batch.nums[at] & TEE) === 0) continue;
    const digest = teed?.slice(k * 64, (k + 1) * 64);
    k++;
    out.push(digest && digest.length === 64 && digest !== TEE_LOST ? digest : undefined);
  }
  return out;
}

export async function runBatch(batch: TaskBatch): Promise<BatchOutcome> {
  let archiveFd = -1;
  let window: ArchiveWindow | undefined;
  const teed: string[] = [];
  try {
    let pathAt = 0;
    let nameAt = 0;
    let fromAt = 0;
    for (let i = 0; i < batchSize(batch); i++) {
      const task = taskAt(batch, i, pathAt, nameAt, fromAt);
      pathAt += task.path.length;
      nameAt += task.entryName.length;
      fromAt += task.stored?.from.length ?? task.tee?.to.length ?? 0;
      try {
        if (archiveFd < 0 && task.data) {
          archiveFd = fs.openSync(batch.archive, 'r');
          window = batchWindow(archiveFd, batch);
        }
        const teedBefore = teed.length;
        const streaming = runTask(archiveFd, batch.archive, task, window, teed);
        if (streaming) {
          await streaming;
          // Another batch may have run on this thread meanwhile and reused the window's buffer.
          window = undefined;
        }
        // One outcome per tee, in task order: a task that wrote no content wrote no tee either.
        if (task.tee && teed.length === teedBefore) teed.push(TEE_LOST);
      } catch (e) {
        const message = (e as NodeJS.ErrnoException).code
          ? describeFsError(e, (e as NodeJS.ErrnoException).path ?? task.path)
          : `${(e as Error).message} in entry ${task.entryName}`;
        return {
          failure: { job: task.job, archive: batch.archive, entryName: task.entryName, message },
          teed: teed.join(''),
        };
      }
    }
    return teed.length > 0 ? { teed: teed.join('') } : {};
  } finally {
    if (archiveFd >= 0) fs.closeSync(archiveFd);
  }
}
