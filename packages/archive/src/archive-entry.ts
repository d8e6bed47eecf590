/** Where a zip entry's data lives, enough for any thread to extract it without yauzl. */
export interface ZipEntryData {
  readonly localHeaderOffset: number;
  readonly compressedSize: number;
  readonly uncompressedSize: number;
  readonly method: number;
  readonly crc32: number;
}

/** One archive entry in archive order, as the unarchiver sees it (name decoded, mode, time). */
export interface ArchiveEntry {
  /** Position in archive order (zip: local headers, the order plexus-archiver unpacks in; tar: stream). */
  readonly index: number;
  /** Decoded name, as matched by includes/excludes. */
  readonly name: string;
  readonly kind: 'file' | 'dir' | 'symlink';
  /** Symbolic link target, verbatim (symlink entries only). */
  readonly linkTarget?: string;
  /** Tar hard link entries: the archive member linked to (written as a regular file, like Maven). */
  readonly hardLinkTarget?: string;
  /** Unix mode bits from the archive, 0 when the archive carries none. */
  readonly mode: number;
  /** Entry modification time in ms. */
  readonly mtimeMs: number;
  readonly size: number;
  /** A sparse tar entry: `size` is the whole file's, holes included. */
  readonly sparse?: boolean;
  readonly zip?: ZipEntryData;
  /** The whole content, already decompressed (tar entries small enough to hold in memory). */
  readonly content?: Uint8Array;
  /** Why this entry cannot be extracted (encryption, unknown compression), if so. */
  readonly problem?: string;
}
