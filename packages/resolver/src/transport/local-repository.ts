import { mkdir, rename, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import { INPUT_KINDS, readInputFile, readInputFileIfPresent } from '@goalhost/model';
import { ArtifactResolutionError } from '../errors';
import { observedExists, observedIsFile } from '../file-observations';

/** Coordinates of one file in a repository. */
export interface FileCoordinates {
  readonly groupId: string;
  readonly artifactId: string;
  /** Directory version (`1.0-SNAPSHOT` for snapshots). */
  readonly baseVersion: string;
  /** File name version (a timestamp for a resolved remote snapshot). */
  readonly version: string;
  readonly classifier: string;
  readonly extension: string;
}

/** `g:a:ext[:classifier]:version`, as the resolver names an artifact. */
function coordinatesString(c: FileCoordinates): string {
  return `${c.groupId}:${c.artifactId}:${c.extension}${c.classifier ? `:${c.classifier}` : ''}:${c.version}`;
}

const SEPARATOR = /[/\\\0]/;

/**
 * Why a coordinate cannot be part of a repository path, if it cannot: a separator (or NUL) in
 * any field, or an artifactId or version directory that is `.` or `..`, would put the file
 * somewhere else than its place in the layout, possibly outside the repository.
 */
export function invalidCoordinate(c: FileCoordinates): string | undefined {
  const fields = [
    ['groupId', c.groupId],
    ['artifactId', c.artifactId],
    ['version', c.baseVersion],
    ['version', c.version],
    ['classifier', c.classifier],
    ['type', c.extension],
  ] as const;
  for (const [field, value] of fields) {
    const found = SEPARATOR.exec(value);
    if (found) return `the ${field} '${value}' contains ${found[0] === '\0' ? 'a NUL character' : `'${found[0]}'`}`;
  }
  for (const [field, value] of [
    ['artifactId', c.artifactId],
    ['version', c.baseVersion],
  ] as const) {
    if (value === '.' || value === '..') return `the ${field} is '${value}'`;
  }
  return undefined;
}

/** The error for coordinates that would leave their place in a repository (never "not found"). */
export function invalidCoordinatesError(c: FileCoordinates, reason: string): ArtifactResolutionError {
  const name = coordinatesString(c);
  return new ArtifactResolutionError(
    `Invalid coordinates ${name}: ${reason}; goalhost refuses coordinates with path separators or '.'/'..' segments, which could place files outside the repository`,
    name,
    false,
  );
}

/**
 * Maven 2 ("default") layout path of a file, with `/` separators; coordinates that would move
 * the path out of its place are refused (ArtifactResolutionError), so neither a local file
 * nor a remote URL is ever made from them.
 */
export function layoutPath(c: FileCoordinates): string {
  const invalid = invalidCoordinate(c);
  if (invalid) throw invalidCoordinatesError(c, invalid);
  const name = `${c.artifactId}-${c.version}${c.classifier ? `-${c.classifier}` : ''}.${c.extension}`;
  return `${c.groupId.replace(/\./g, '/')}/${c.artifactId}/${c.baseVersion}/${name}`;
}

/** `1.0-SNAPSHOT` for `1.0-20200101.120000-3`, else the version itself. */
export function baseVersionOf(version: string): string {
  if (version.length < 17) return version;
  const m = /^(.*)-(\d{8}\.\d{6})-(\d+)$/.exec(version);
  return m ? `${m[1]}-SNAPSHOT` : version;
}

const TRACKING_FILE = '_remote.repositories';
const NEEDS_NORMALISING = /(^|\/)\.{1,2}(\/|$)|^\/|\/$/;

/**
 * The local repository in Maven's layout, with the `_remote.repositories` bookkeeping of Maven's
 * enhanced local repository manager: a downloaded file counts only for requests that include the
 * repository it came from; files without any record count as installed locally. The `legacy` one
 * (`-llr`, Maven's simple manager) keeps no records: any file there counts.
 */
export class LocalRepository {
  private readonly tracking = new Map<string, Map<string, string>>();
  /** The `_remote.repositories` write under way in each directory. */
  private readonly writing = new Map<string, Promise<void>>();

  /** `basedir/` when it is absolute and normalised (a plain prefix then), else undefined. */
  private readonly prefix?: string;

  constructor(
    readonly basedir: string,
    private readonly legacy = false,
  ) {
    if (path.isAbsolute(basedir) && path.normalize(basedir) === basedir)
      this.prefix = basedir.endsWith('/') ? basedir : `${basedir}/`;
  }

  pathOf(c: FileCoordinates): string {
    const relative = layoutPath(c);
    // A plain concatenation unless path.join would normalise something (`//`, `.`, `..`).
    if (this.prefix !== undefined && !relative.includes('//') && !NEEDS_NORMALISING.test(relative))
      return this.prefix + relative;
    const file = path.join(this.basedir, relative);
    // The last line of defence: layoutPath already refuses every coordinate that could do this.
    const inside = path.relative(path.resolve(this.basedir), path.resolve(file));
    if (inside === '' || inside === '..' || inside.startsWith(`..${path.sep}`) || path.isAbsolute(inside)) {
      throw invalidCoordinatesError(c, `the file ${file} would be outside the local repository ${this.basedir}`);
    }
    return file;
  }

  /** Whether the file exists and may be used for a request against `repositoryIds`. */
  find(file: string, repositoryIds: readonly string[]): { exists: boolean; available: boolean; repository?: string } {
    if (!isFile(file)) return { exists: false, available: false };
    if (this.legacy) return { exists: true, available: true };
    const records = this.records(path.dirname(file));
    const name = path.basename(file);
    if (records.has(`${name}>`)) return { exists: true, available: true };
    for (const id of repositoryIds)
      if (records.has(`${name}>${id}`)) return { exists: true, available: true, repository: id };
    const tracked = [...records.keys()].some((k) => k.startsWith(`${name}>`));
    return { exists: true, available: !tracked };
  }

  /** The first repository `file` is recorded as coming from; undefined when installed locally or not recorded. */
  origin(file: string): string | undefined {
    const prefix = `${path.basename(file)}>`;
    for (const key of this.records(path.dirname(file)).keys())
      if (key.startsWith(prefix) && key.length > prefix.length) return key.slice(prefix.length);
    return undefined;
  }

  /**
   * Notes that `file` came from `repositoryId` ('' = installed locally), as Maven does. Written
   * off the main thread; writes into one directory go one after another, each with every record
   * known by then.
   */
  record(file: string, repositoryId: string): Promise<void> {
    if (this.legacy) return Promise.resolve();
    const dir = path.dirname(file);
    const records = this.records(dir);
    const key = `${path.basename(file)}>${repositoryId}`;
    if (records.has(key)) return this.writing.get(dir) ?? Promise.resolve();
    records.set(key, '');
    const write = async (): Promise<void> => {
      const lines = [
        '#NOTE: This is a Maven Resolver internal implementation file, its format can be changed without prior notice.',
        `#${new Date().toString()}`,
      ];
      for (const [k, v] of records) lines.push(`${k}=${v}`);
      const tmp = path.join(dir, `${TRACKING_FILE}.${process.pid}.tmp`);
      const text = `${lines.join('\n')}\n`;
      try {
        await writeFile(tmp, text);
      } catch (e) {
        // Usually beside the file just placed; an install may record into a directory not made yet.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
        await mkdir(dir, { recursive: true });
        await writeFile(tmp, text);
      }
      await rename(tmp, path.join(dir, TRACKING_FILE));
    };
    const previous = this.writing.get(dir);
    const written = previous ? previous.then(write, write) : write();
    this.writing.set(dir, written);
    void written.then(
      () => this.writing.get(dir) === written && this.writing.delete(dir),
      () => this.writing.get(dir) === written && this.writing.delete(dir),
    );
    return written;
  }

  /** Forgets the `_remote.repositories` records read so far (their folders may be gone). */
  forget(): void {
    this.tracking.clear();
  }

  private records(dir: string): Map<string, string> {
    let records = this.tracking.get(dir);
    if (!records) {
      records = new Map();
      const file = path.join(dir, TRACKING_FILE);
      if (observedExists(file)) {
        for (const line of readInputFile(file, 'The repository record', INPUT_KINDS.repositoryRecord).split(/\r?\n/)) {
          if (line === '' || line.startsWith('#')) continue;
          const eq = line.indexOf('=');
          records.set(eq < 0 ? line : line.slice(0, eq), eq < 0 ? '' : line.slice(eq + 1));
        }
      }
      this.tracking.set(dir, records);
    }
    return records;
  }
}

/** Whether `p` is a regular file; a path below a file or too long simply holds none (recorded). */
export function isFile(p: string): boolean {
  return observedIsFile(p);
}

/**
 * The text of a kept file (metadata the local repository holds), undefined when there is none;
 * one that is not a regular file of a bounded size is refused, naming it.
 */
export function readKept(file: string): string | undefined {
  return readInputFileIfPresent(file, 'The metadata file', INPUT_KINDS.metadata);
}
