import { decodeXmlStream, XmlStreamError } from './xml-stream-decoder';
import { closeSync, constants, fstatSync, openSync, readSync, statSync, type Stats } from 'node:fs';

/**
 * The one way goalhost reads a whole input file into memory: POMs, settings, lock files,
 * repository metadata and records, descriptors, configuration. Only a regular file (after
 * symbolic links) is read, and never more than the limit of its kind: a link to `/dev/zero`,
 * a FIFO or a huge file would otherwise be read until memory runs out (`std::bad_alloc`), and
 * a `/proc` file, which stats as 0 bytes, would be read whole whatever it holds (and quoted by
 * a parse error). The limit is enforced on the bytes read, not on the size the file claims.
 *
 * Limits are far above real files (the largest POMs and settings seen are a few hundred
 * kilobytes, plugin descriptors about one megabyte, metadata of the most released artifacts a
 * few hundred kilobytes, records and configuration files a few lines). An XML tree costs up to
 * about 25 times its text (60 MiB of `<q>v</q>` took 1.5 GB), hence 16 MiB for XML; a lock file
 * or the remembered digests grow by a line per artifact, hence 64 MiB.
 */
const KiB = 1024;
const MiB = 1024 * KiB;

export interface InputKind {
  /** The most bytes read from such a file. */
  readonly limit: number;
  /** What goalhost reads from such files, in `goalhost reads <reads> only from regular files`. */
  readonly reads: string;
  /**
   * XML whose readers report what Maven's XmlStreamReader cannot decode (POMs, settings): its
   * XmlStreamError is thrown. Other XML that fails to decode so is read as UTF-8, its parser
   * reporting what is wrong.
   */
  readonly reportsDecoding?: boolean;
}

export const INPUT_KINDS = {
  pom: { limit: 16 * MiB, reads: 'XML', reportsDecoding: true },
  settings: { limit: 16 * MiB, reads: 'XML', reportsDecoding: true },
  settingsSecurity: { limit: 1 * MiB, reads: 'XML' },
  pluginDescriptor: { limit: 16 * MiB, reads: 'XML' },
  /** maven-metadata.xml, maven-metadata-local.xml and the cached maven-metadata-<id>.xml. */
  metadata: { limit: 16 * MiB, reads: 'XML' },
  lock: { limit: 64 * MiB, reads: 'lock files' },
  /** `_remote.repositories` and `*.lastUpdated`: a few lines per artifact file. */
  repositoryRecord: { limit: 1 * MiB, reads: 'repository records' },
  /** `.mvn/maven.config`, a plugin's package.json, a JDK's `release` file, `.gitmodules`. */
  configuration: { limit: 1 * MiB, reads: 'configuration' },
  /** goalhost's own caches (remembered digests, resolutions, parsed descriptors). */
  cache: { limit: 64 * MiB, reads: 'caches' },
} as const satisfies Record<string, InputKind>;

/**
 * An input file goalhost refuses to read, not a regular file or larger than its kind's limit:
 * `<what> <file> <reason>`.
 */
export class InputFileError extends Error {
  constructor(
    readonly file: string,
    what: string,
    readonly reason: string,
  ) {
    super(`${what} ${file} ${reason}`);
    this.name = 'InputFileError';
  }
}

function describe(stat: Stats): string {
  if (stat.isDirectory()) return 'a directory';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isFIFO()) return 'a FIFO';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** `16 MiB`, `512 KiB`, `100 bytes`. */
export function formatLimit(bytes: number): string {
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes >= KiB && bytes % KiB === 0) return `${bytes / KiB} KiB`;
  return `${bytes} bytes`;
}

/**
 * Why a file of these stats is not read (`is not a regular file (a FIFO); goalhost reads XML only
 * from regular files`, `is 80.0 MiB (83886080 bytes), more than the 16 MiB goalhost reads from such
 * a file`), or undefined when it may be.
 */
export function unreadableReason(stat: Stats, kind: InputKind): string | undefined {
  if (!stat.isFile())
    return `is not a regular file (${describe(stat)}); goalhost reads ${kind.reads} only from regular files`;
  if (stat.size > kind.limit) {
    return `is ${(stat.size / MiB).toFixed(1)} MiB (${stat.size} bytes), more than the ${formatLimit(kind.limit)} goalhost reads from such a file`;
  }
  return undefined;
}

// O_NONBLOCK: a file swapped for a FIFO after the stat must not block the open; O_NOCTTY: a
// terminal never becomes the controlling one.
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;

/** The bytes of `file` (see the module comment); `what` starts the messages: `The lock file`. */
export function readInputBytes(file: string, what: string, kind: InputKind): Buffer {
  // The stat comes first so that a device is never even opened.
  refuseUnreadable(file, what, statSync(file), kind);
  const fd = openSync(file, OPEN_FLAGS);
  try {
    const stat = fstatSync(fd);
    refuseUnreadable(file, what, stat, kind);
    if (stat.size === 0) {
      // A file of /proc or /sys claims 0 bytes whatever it holds (/proc/self/environ holds the
      // environment): such a file is no input, and not a byte of it reaches a message.
      if (readSync(fd, Buffer.alloc(1), 0, 1, null) === 0) return Buffer.alloc(0);
      throw new InputFileError(
        file,
        what,
        `is not a regular file (it claims 0 bytes but holds data, as /proc and /sys files do); goalhost reads ${kind.reads} only from regular files`,
      );
    }
    // One byte more than the claimed size shows the end in one read; a file that grows is read
    // in growing steps, never past one byte more than the limit.
    let buffer = Buffer.allocUnsafe(Math.min(kind.limit + 1, stat.size + 1));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (length > kind.limit) {
          throw new InputFileError(
            file,
            what,
            `holds more than the ${formatLimit(kind.limit)} goalhost reads from such a file`,
          );
        }
        const grown = Buffer.allocUnsafe(Math.min(kind.limit + 1, buffer.length * 2));
        buffer.copy(grown, 0, 0, length);
        buffer = grown;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) return buffer.subarray(0, length);
      length += n;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * The text of `file`, read as `readInputBytes` reads it: XML decoded as Maven's XmlStreamReader
 * decodes it (byte order mark, declared encoding, else UTF-8; throws XmlStreamError), anything
 * else as UTF-8.
 */
export function readInputFile(file: string, what: string, kind: InputKind): string {
  const bytes = readInputBytes(file, what, kind);
  if (kind.reads !== 'XML') return bytes.toString('utf8');
  try {
    return decodeXmlStream(bytes);
  } catch (e) {
    if (!(e instanceof XmlStreamError) || (kind as InputKind).reportsDecoding) throw e;
    return bytes.toString('utf8');
  }
}

/** The text of `file`, or undefined when nothing is there; any other failure (a refusal) is thrown. */
export function readInputFileIfPresent(file: string, what: string, kind: InputKind): string | undefined {
  try {
    return readInputFile(file, what, kind);
  } catch (e) {
    if (NO_FILE.has((e as NodeJS.ErrnoException).code ?? '')) return undefined;
    throw e;
  }
}

/** Failures that mean "no file there". */
const NO_FILE = new Set(['ENOENT', 'ENOTDIR']);

function refuseUnreadable(file: string, what: string, stat: Stats, kind: InputKind): void {
  const reason = unreadableReason(stat, kind);
  if (reason) throw new InputFileError(file, what, reason);
}
