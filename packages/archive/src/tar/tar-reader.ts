import type { ArchiveEntry } from '../archive-entry';
import {
  bigDecimalError,
  decodeName,
  headerFormat,
  isZeroBlock,
  javaLong,
  javaLongError,
  nameField,
  numberField,
  octalField,
  orderedRuns,
  pax01Runs,
  paxRecords,
  paxTimeMs,
  sparseStructs,
  TarFormatError,
  type SparseRun,
} from './tar-fields';

/**
 * A push parser for the tar stream (after decompression), reading what commons-compress 1.22
 * (Maven) and GNU tar read: v7, ustar, old GNU (long names and links `L`/`K`, sparse `S` with
 * extension blocks), PAX (local and global records, path, linkpath, size, mtime with fractions,
 * sparse 0.0, 0.1 and 1.0), star/xstar prefixes, base-256 numbers. The first all-zero block
 * ends the archive; nothing after it is read. Entry data goes to the sink the handler returns,
 * with its position in the file, so sparse files come out whole (holes are the sink's zeros).
 */

/** Receives one entry's data; `position` is where the bytes belong in the extracted file. */
export interface TarDataSink {
  write(bytes: Buffer, position: number): void;
  /** All data delivered, and the padding after it. */
  end(): void;
  /** The archive ended inside the entry's data or padding: what came is all there is. */
  truncated(): void;
}

export type TarEntryHandler = (entry: ArchiveEntry) => TarDataSink | null;

const BLOCK = 512;
/** Long names, PAX records and sparse maps are held in memory: refuse absurd ones. */
const META_LIMIT = 16 * 1024 * 1024;

type Meta =
  | { readonly kind: 'L' | 'K'; readonly value: string }
  | { readonly kind: 'x'; readonly values: Map<string, string>; readonly runs: SparseRun[] }
  | { readonly kind: 'g' };

const GLOBALS: Meta = { kind: 'g' };
const TIME_KEYS = new Set(['mtime', 'atime', 'ctime', 'LIBARCHIVE.creationtime']);

const truncated = (): TarFormatError => new TarFormatError('Truncated TAR archive');

interface Pending {
  name: string;
  linkName: string;
  flag: number;
  mode: number;
  size: number;
  mtimeMs: number;
  realSize: number;
  sparse?: SparseRun[];
  /** PAX 1.0: the sparse map leads the data. */
  mapInData: boolean;
}

export class TarReader {
  private state: 'gather' | 'data' | 'skip' | 'done' = 'gather';
  private gather = Buffer.allocUnsafe(BLOCK);
  private gatherLength = 0;
  private gatherNeed = BLOCK;
  private readonly headerHandler = (b: Buffer): void => this.header(b);
  private onGathered: (bytes: Buffer) => void = this.headerHandler;
  private remaining = 0;
  private skipThen: () => void = () => undefined;
  private metas: Meta[] = [];
  private globals = new Map<string, string>();
  private sink: TarDataSink | null = null;
  /** Sparse runs of the entry being read, and where in them the data is. */
  private runs: SparseRun[] = [];
  /** The one run of a plain entry, reused from entry to entry. */
  private readonly plainRun = { offset: 0, numbytes: 0 };
  private readonly plainRuns: SparseRun[] = [this.plainRun];
  private readonly nextHeaderThen = (): void => this.nextHeader();
  private run = 0;
  private runDone = 0;
  /** Padding after the entry's data. */
  private afterData = 0;
  private index = 0;
  /** Name of the last entry, for messages. */
  current?: string;

  constructor(private readonly onEntry: TarEntryHandler) {}

  /** True once the end-of-archive block is read: the rest of the input is not needed. */
  get done(): boolean {
    return this.state === 'done';
  }

  /**
   * Set by the entry handler to stop `push` right after that entry's header: the caller has
   * work to finish before the entry's data may come (`push` returns the bytes it consumed).
   */
  hold = false;

  push(chunk: Buffer): number {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'done' || this.hold) return at;
      if (this.state === 'data') {
        const n = Math.min(this.remaining, chunk.length - at);
        this.data(chunk, at, at + n);
        at += n;
        this.remaining -= n;
        if (this.remaining === 0) this.endData();
      } else if (this.state === 'skip') {
        const n = Math.min(this.remaining, chunk.length - at);
        at += n;
        this.remaining -= n;
        if (this.remaining === 0) this.skipThen();
      } else if (this.gatherLength === 0 && chunk.length - at >= this.gatherNeed) {
        // The whole record is in this chunk (the common case): read it where it lies.
        at += this.gatherNeed;
        this.onGathered(chunk.subarray(at - this.gatherNeed, at));
      } else {
        const n = Math.min(this.gatherNeed - this.gatherLength, chunk.length - at);
        chunk.copy(this.gather, this.gatherLength, at, at + n);
        this.gatherLength += n;
        at += n;
        if (this.gatherLength === this.gatherNeed) {
          this.gatherLength = 0;
          this.onGathered(this.gather.subarray(0, this.gatherNeed));
        }
      }
    }
    return at;
  }

  /** The input ended: fine between entries (a missing end block), an error inside one. */
  finish(): void {
    if (this.state === 'done') return;
    if (this.state === 'data' || this.state === 'skip') {
      const sink = this.sink;
      this.sink = null;
      sink?.truncated();
      throw truncated();
    }
    if (this.onGathered === this.headerHandler) {
      // A partial header block reads as the end (commons-compress); so does a missing end block.
      this.end();
      return;
    }
    throw truncated();
  }

  /**
   * The archive ends (end block or end of input). A PAX header still waiting for its entry is
   * an error, the innermost one named as commons-compress names it; long names just end it.
   */
  private end(): void {
    for (let i = this.metas.length - 1; i >= 0; i--) {
      const kind = this.metas[i].kind;
      if (kind === 'g') throw new TarFormatError('Error detected parsing the pax header');
      if (kind === 'x')
        throw new TarFormatError("premature end of tar archive. Didn't find any entry after PAX header.");
    }
    this.state = 'done';
  }

  private expect(size: number, then: (bytes: Buffer) => void): void {
    if (size > META_LIMIT)
      throw new TarFormatError(`a tar header record of ${size} bytes is larger than goalhost reads (${META_LIMIT})`);
    if (this.gather.length < size) this.gather = Buffer.allocUnsafe(Math.max(size, this.gather.length * 2));
    this.state = 'gather';
    this.gatherNeed = size;
    this.gatherLength = 0;
    this.onGathered = then;
  }

  private nextHeader(): void {
    this.expect(BLOCK, this.headerHandler);
  }

  /** Skips `n` bytes, then goes on with `then`. */
  private skip(n: number, then: () => void): void {
    if (n === 0) return then();
    this.state = 'skip';
    this.remaining = n;
    this.skipThen = then;
  }

  private padding(size: number): number {
    return (BLOCK - (size % BLOCK)) % BLOCK;
  }

  private header(block: Buffer): void {
    if (isZeroBlock(block)) return this.end();
    const flag = block[156];
    const format = headerFormat(block, this.globals.get('SCHILY.archtype'));
    let name = nameField(block, 0, 100);
    const mode = numberField(block, 100, 8);
    numberField(block, 108, 8);
    numberField(block, 116, 8);
    const size = numberField(block, 124, 12);
    if (size < 0) throw new TarFormatError('broken archive, entry with negative size');
    const mtime = numberField(block, 136, 12);
    // Not enforced (commons-compress does not), but it has to be a number.
    octalField(block, 148, 8);
    const linkName = nameField(block, 157, 100);
    if (flag === 0x33 || flag === 0x34) {
      numberField(block, 329, 8);
      numberField(block, 337, 8);
    }
    let sparse: SparseRun[] | undefined;
    let extended = false;
    let realSize = size;
    if (format === 'oldgnu') {
      numberField(block, 345, 12);
      numberField(block, 357, 12);
      if (flag === 0x53) {
        sparse = sparseStructs(block, 386, 4);
        extended = block[482] === 1;
        realSize = octalField(block, 483, 12);
      }
    } else if (format === 'xstar') {
      const prefix = nameField(block, 345, 131);
      if (prefix !== '') name = `${prefix}/${name}`;
      numberField(block, 476, 12);
      numberField(block, 488, 12);
    } else {
      const prefix = nameField(block, 345, 155);
      // SunOS tar -E writes directories without the trailing '/'.
      if (flag === 0x35 && !name.endsWith('/')) name += '/';
      if (prefix !== '') name = `${prefix}/${name}`;
    }
    if (flag === 0x53 && format !== 'oldgnu') {
      // Sparse, but only old GNU headers carry a map and a real size: see deliver.
      sparse = [];
      realSize = 0;
    }
    // Records that describe the next entry.
    if (flag === 0x4c || flag === 0x4b || flag === 0x78 || flag === 0x58 || flag === 0x67) {
      this.current = name;
      const read = (data: Buffer): void => {
        const bytes = Buffer.from(data);
        this.skip(this.padding(size), () => {
          this.nextHeader();
          this.meta(flag, bytes);
        });
      };
      if (size === 0) read(Buffer.alloc(0));
      else this.expect(size, read);
      return;
    }
    const entry: Pending = {
      name,
      linkName,
      flag,
      mode,
      size,
      mtimeMs: mtime * 1000,
      realSize,
      sparse,
      mapInData: false,
    };
    if (extended) this.expect(BLOCK, (b) => this.sparseExtension(entry, b));
    else this.begin(entry);
  }

  private meta(flag: number, data: Buffer): void {
    if (flag === 0x4c || flag === 0x4b) {
      let end = data.length;
      while (end > 0 && data[end - 1] === 0) end--;
      this.metas.push({ kind: flag === 0x4c ? 'L' : 'K', value: decodeName(data.subarray(0, end)) });
    } else if (flag === 0x67) {
      this.globals = paxRecords(data, this.globals).values;
      this.metas.push(GLOBALS);
    } else {
      const records = paxRecords(data, this.globals);
      this.metas.push({ kind: 'x', values: records.values, runs: records.runs });
    }
  }

  private sparseExtension(entry: Pending, block: Buffer): void {
    entry.sparse!.push(...sparseStructs(block, 0, 21));
    if (block[504] === 1) this.expect(BLOCK, (b) => this.sparseExtension(entry, b));
    else this.begin(entry);
  }

  /**
   * Long names and PAX values over the header's, in commons-compress's order: each record reads
   * the rest of the entry first, then applies itself, so the first record read is applied last.
   * The global values (all of them, as they stand) go over the entry itself and again after
   * every long name and every global header; a local PAX header brings them as it saw them.
   */
  private applyMetas(entry: Pending): void {
    const metas = this.metas;
    const globals = this.globals.size > 0 ? this.globals : undefined;
    if (globals) this.applyPax(entry, globals, []);
    if (metas.length === 0) return;
    this.metas = [];
    for (let i = metas.length - 1; i >= 0; i--) {
      const meta = metas[i];
      if (meta.kind === 'x') {
        this.applyPax(entry, meta.values, meta.runs);
        continue;
      }
      if (meta.kind === 'L') {
        entry.name = meta.value;
        if (entry.flag === 0x35 && !entry.name.endsWith('/')) entry.name += '/';
      } else if (meta.kind === 'K') entry.linkName = meta.value;
      if (globals) this.applyPax(entry, globals, []);
    }
  }

  private applyPax(entry: Pending, values: ReadonlyMap<string, string>, runs: SparseRun[]): void {
    // As Maven shows them: commons-compress's message, then Java's for the number it refused.
    const bad = (key: string): TarFormatError => {
      const value = values.get(key)!;
      const cause = TIME_KEYS.has(key) ? bigDecimalError(value) : javaLongError(value);
      return new TarFormatError(`Error detected parsing the pax header${cause ? `: ${cause}` : ''}`);
    };
    for (const [key, value] of values) {
      switch (key) {
        case 'path':
          entry.name = value;
          break;
        case 'linkpath':
          entry.linkName = value;
          break;
        case 'size': {
          const size = javaLong(value);
          if (size === undefined) throw bad(key);
          if (size < 0) throw new TarFormatError('Corrupted TAR archive. Entry size is negative');
          entry.size = size;
          if (!entry.sparse) entry.realSize = size;
          break;
        }
        case 'mtime': {
          const ms = paxTimeMs(value);
          if (ms === undefined) throw bad(key);
          entry.mtimeMs = ms;
          break;
        }
        case 'atime':
        case 'ctime':
        case 'LIBARCHIVE.creationtime':
          if (paxTimeMs(value) === undefined) throw bad(key);
          break;
        case 'uid':
        case 'gid':
          if (javaLong(value) === undefined) throw bad(key);
          break;
        case 'SCHILY.filetype':
          // star's sparse files: commons-compress takes the real size, not star's map.
          if (value === 'sparse') {
            if (!entry.sparse) {
              entry.sparse = [];
              entry.realSize = 0;
            }
            const real = values.get('SCHILY.realsize');
            if (real !== undefined) {
              const n = javaLong(real);
              if (n === undefined)
                throw new TarFormatError(
                  `Corrupted TAR archive. SCHILY.realsize header for ${entry.name} contains non-numeric value`,
                );
              entry.realSize = n;
            }
          }
          break;
        case 'SCHILY.devminor':
        case 'SCHILY.devmajor': {
          const n = javaLong(value);
          if (n === undefined) throw bad(key);
          if (n < 0) throw new TarFormatError(`Corrupted TAR archive. ${key} is negative`);
          break;
        }
      }
    }
    const sparseSize = values.get('GNU.sparse.size');
    const realSize = values.get('GNU.sparse.realsize');
    if (sparseSize !== undefined || realSize !== undefined) {
      const size = javaLong((realSize ?? sparseSize)!);
      if (size === undefined || size < 0)
        throw new TarFormatError(
          `Corrupted TAR archive. GNU.sparse.realsize header for ${entry.name} contains non-numeric value`,
        );
      entry.realSize = size;
      const map = values.get('GNU.sparse.map');
      if (realSize !== undefined) entry.mapInData = true;
      else entry.sparse = map !== undefined ? pax01Runs(map) : runs;
      const sparseName = values.get('GNU.sparse.name');
      if (sparseName !== undefined) entry.name = sparseName;
    }
  }

  private begin(entry: Pending): void {
    this.applyMetas(entry);
    if (entry.mapInData) {
      // PAX 1.0: decimal lines (count, then offset and size pairs) at the start of the data, padded to a block.
      entry.sparse = [];
      this.expect(BLOCK, (b) => this.sparseMap(entry, [], b));
      return;
    }
    this.deliver(entry);
  }

  private sparseMap(entry: Pending, blocks: Buffer[], block: Buffer): void {
    blocks.push(Buffer.from(block));
    const text = Buffer.concat(blocks);
    const numbers: number[] = [];
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] !== 0x0a) continue;
      const line = text.toString('latin1', start, i);
      if (!/^\d+$/.test(line))
        throw new TarFormatError('Corrupted TAR archive. Non-numeric value in sparse headers block');
      numbers.push(Number(line));
      start = i + 1;
      if (numbers.length === 1 + 2 * numbers[0]) break;
    }
    if (numbers.length === 0 || numbers.length < 1 + 2 * numbers[0]) {
      if (start < text.length && /[^0-9]/.test(text.toString('latin1', start).replace(/\0+$/, ''))) {
        throw new TarFormatError('Corrupted TAR archive. Non-numeric value in sparse headers block');
      }
      if (text.length >= entry.size)
        throw new TarFormatError('Unexpected EOF when reading parse information of 1.X PAX format');
      this.expect(BLOCK, (b) => this.sparseMap(entry, blocks, b));
      return;
    }
    for (let i = 1; i < numbers.length; i += 2) entry.sparse!.push({ offset: numbers[i], numbytes: numbers[i + 1] });
    const mapBytes = blocks.length * BLOCK;
    const dataSize = Math.max(0, entry.size - mapBytes);
    this.deliver(entry, dataSize, this.padding(entry.size));
  }

  /** Hands the entry over and reads (or skips) its data, then its padding. */
  private deliver(entry: Pending, dataSize = entry.size, padding = this.padding(entry.size)): void {
    const flag = entry.flag;
    // A GNU dumpdir ('D', tar -g) is a directory whatever its name; its data lists the
    // directory's contents for GNU tar's own use and is skipped, as GNU tar skips it.
    // commons-compress reads that data as headers (files named by the list, or a failure).
    if (flag === 0x44 && !entry.name.endsWith('/')) entry.name += '/';
    // commons-compress reads no data for a directory (a type '5' entry, or any name ending in
    // '/'): the next header follows at once. A symbolic link is one whatever its name.
    const noData = flag === 0x35 || entry.name.endsWith('/');
    const kind: ArchiveEntry['kind'] = flag === 0x32 ? 'symlink' : noData ? 'dir' : 'file';
    if (kind === 'symlink' && noData) entry.name = entry.name.replace(/\/+$/, '');
    let runs = entry.sparse ? orderedRuns(entry.sparse, entry.realSize, entry.name) : undefined;
    if (runs && runs.length === 0) {
      // A sparse entry without a run: commons-compress reads its real size of bytes straight
      // from the archive (past the stored data, into what follows, or short of it), then skips
      // the padding of the stored size; the next header is read from there.
      runs = undefined;
      dataSize = entry.realSize;
    }
    this.current = entry.name;
    this.sink = this.onEntry({
      index: this.index++,
      name: entry.name,
      kind,
      linkTarget: kind === 'symlink' ? entry.linkName : undefined,
      hardLinkTarget: flag === 0x31 && kind === 'file' ? entry.linkName : undefined,
      mode: entry.mode,
      mtimeMs: entry.mtimeMs,
      size: runs ? entry.realSize : dataSize,
      sparse: runs !== undefined,
      content: undefined,
    });
    if (flag === 0x44) {
      this.sink = null;
      this.skip(dataSize + padding, this.nextHeaderThen);
      return;
    }
    if (noData) {
      this.sink = null;
      this.nextHeader();
      return;
    }
    if (runs) this.runs = runs;
    else {
      this.plainRun.numbytes = dataSize;
      this.runs = this.plainRuns;
    }
    this.run = 0;
    this.runDone = 0;
    this.afterData = padding;
    if (dataSize === 0) return this.endData();
    this.state = 'data';
    this.remaining = dataSize;
  }

  /** Bytes `start` to `end` of `chunk` are the entry's next data. */
  private data(chunk: Buffer, start: number, end: number): void {
    if (!this.sink) return;
    let at = start;
    while (at < end && this.run < this.runs.length) {
      const run = this.runs[this.run];
      const n = Math.min(run.numbytes - this.runDone, end - at);
      if (n > 0) this.sink.write(chunk.subarray(at, at + n), run.offset + this.runDone);
      at += n;
      this.runDone += n;
      if (this.runDone === run.numbytes) {
        this.run++;
        this.runDone = 0;
      }
    }
  }

  /**
   * The entry is complete once its data is read: commons-compress skips the padding only when the
   * next entry is asked for, so an archive ending inside the padding fails after this entry is
   * written and timed (libarchive's test_compat_xz_1.txz, recorded with real Maven).
   */
  private endData(): void {
    const sink = this.sink;
    this.sink = null;
    sink?.end();
    this.skip(this.afterData, this.nextHeaderThen);
  }
}
