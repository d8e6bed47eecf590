import * as path from 'node:path';

export type ArchiveFormat = 'zip' | 'tar' | 'tar.gz' | 'tar.bz2' | 'tar.xz' | 'unsupported';
/** The formats goalhost reads. */
export type ReadableFormat = Exclude<ArchiveFormat, 'unsupported'>;

/**
 * plexus-archiver's unarchiver names (as registered for maven-dependency-plugin 3.5.0) and what
 * goalhost does for each. `rar` is a Java resource adapter archive, i.e. a zip.
 */
const UNARCHIVERS: Readonly<Record<string, ArchiveFormat>> = {
  zip: 'zip',
  jar: 'zip',
  war: 'zip',
  ear: 'zip',
  swc: 'zip',
  nar: 'zip',
  esb: 'zip',
  sar: 'zip',
  car: 'zip',
  par: 'zip',
  rar: 'zip',
  tar: 'tar',
  'tar.gz': 'tar.gz',
  tgz: 'tar.gz',
  'tar.bz2': 'tar.bz2',
  tbz2: 'tar.bz2',
  'tar.xz': 'tar.xz',
  txz: 'tar.xz',
  // Registered in plexus-archiver but not available here (no snappy/zstd in Node 20), or
  // single-file decompressors that cannot unpack into a directory (they fail in Maven too).
  'tar.snappy': 'unsupported',
  'tar.zst': 'unsupported',
  gzip: 'unsupported',
  bzip2: 'unsupported',
  xz: 'unsupported',
  snappy: 'unsupported',
  zst: 'unsupported',
};

export interface ChosenArchiver {
  /** The unarchiver name that was found (the type, or the name derived from the file). */
  readonly name: string;
  readonly format: ArchiveFormat;
}

/** plexus-archiver's NoSuchArchiverException, with Maven's message. */
export class NoSuchArchiverError extends Error {}

const COMPRESSIONS = new Set(['gz', 'bz2', 'xz', 'zst', 'snappy']);

/**
 * plexus-archiver's name for a file: the lower-cased extension of its name, or `tar.<ext>`
 * when a compression extension follows a `.tar` piece of the path.
 */
export function archiverNameOfFile(file: string): string {
  const base = path.basename(file);
  const dot = base.lastIndexOf('.');
  let ext = dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
  if (COMPRESSIONS.has(ext)) {
    const pieces = path
      .resolve(file)
      .split('.')
      .filter((p) => p !== '');
    if (pieces.length > 2 && pieces[pieces.length - 2].toLowerCase() === 'tar') ext = `tar.${ext}`;
  }
  return ext;
}

function registered(name: string): ArchiveFormat | undefined {
  return Object.prototype.hasOwnProperty.call(UNARCHIVERS, name) ? UNARCHIVERS[name] : undefined;
}

/** Type first (exact, case-sensitive), then the file name; unknown fails like Maven. */
export function chooseArchiver(type: string, file: string): ChosenArchiver {
  const byType = registered(type);
  if (byType) return { name: type, format: byType };
  const name = archiverNameOfFile(file);
  const byFile = registered(name);
  if (byFile) return { name, format: byFile };
  throw new NoSuchArchiverError(`Unknown archiver type: No such archiver: '${name}'.`);
}
