import { excerpt } from '@goalhost/model';
import { artifactType } from '../artifact-types';
import { LockError } from './lock-errors';

/**
 * The lock file beside a project's pom.xml (`goalhost.lock`): text, one line per resolved
 * artifact, every scope, in resolution (classpath) order, which is stable for a given POM and
 * is itself part of what is locked (it is the link and class path order).
 *
 *     # comment lines
 *     format 1
 *     inputs sha256:<hex of the effective dependency inputs, see lock-inputs.ts>
 *     g:a:type[:classifier]:version scope depth=N [via=g:a:v] [optional] [ext=E] sha256:<hex> (from=<repository id> | local | path=<system path>)
 *     g:a:version pom sha256:<hex> (from=<repository id> | local)
 *     g:a:version source (svn|git) rev=<revision or commit> url=<url> path=<directory>
 *     g:a:type[:classifier]:version requested [ext=E] sha256:<hex> (from=<repository id> | local)
 *
 * `version` is the resolved one: the timestamped version of a snapshot. `requested` lines pin
 * files goals ask for beyond the dependencies (a `-Dclassifier` translation, the parent POM of
 * a source dependency); they come after the dependencies, sorted, and never add anything to a
 * build: a goal that does not ask for such a file does not use it. `pom` lines pin every POM the
 * build read from the local repository to build the project's model and to collect its
 * dependencies (parents, imported BOMs, the dependencies' POMs and theirs); they come between
 * the dependencies and the requested lines, sorted. `source` lines pin how cxx:scm-dependencies
 * wires each source dependency into the working copy: the URL written (no password), the svn
 * revision or git commit it stands at, the directory relative to the project; sorted, before
 * the requested lines. Format 1 had no `pom` lines.
 */
export const LOCK_FILE_NAME = 'goalhost.lock';
export const LOCK_FORMAT = 2;

/** What a lock line names a file by: `groupId:artifactId:type[:classifier]:version`, and its extension. */
export interface LockCoordinates {
  readonly groupId: string;
  readonly artifactId: string;
  readonly type: string;
  /** '' when none. */
  readonly classifier: string;
  /** The resolved version (timestamped for a snapshot), or the version a goal asked for. */
  readonly version: string;
  readonly extension: string;
}

export interface LockEntry extends LockCoordinates {
  readonly scope: string;
  readonly depth: number;
  readonly optional: boolean;
  /** `g:a:version` of the dependency whose POM brought it (absent: the project's POM). */
  readonly via?: string;
  /** Lower-case hex SHA-256 of the file. */
  readonly sha256: string;
  /** Repository id the file came from; absent when installed locally or for a system path. */
  readonly repository?: string;
  /** The file of a system-scoped dependency. */
  readonly systemPath?: string;
}

/** A POM read from the repositories while the model was built or the dependencies collected. */
export interface PomEntry {
  readonly groupId: string;
  readonly artifactId: string;
  /** As read: a snapshot's POM by its base version, or by its timestamped version when that file was read. */
  readonly version: string;
  /** Lower-case hex SHA-256 of the file. */
  readonly sha256: string;
  /** Repository id the file came from; absent when installed locally. */
  readonly repository?: string;
}

/** How a source dependency (cxx:scm-dependencies) is wired into the project's working copy. */
export interface SourceEntry {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly scm: 'svn' | 'git';
  /** The svn revision the dependency's sources last changed in, or the git commit of the gitlink. */
  readonly revision: string;
  /** As written into svn:externals or .gitmodules (relative forms kept), without a password. */
  readonly url: string;
  /** The checkout directory, relative to the project's base directory, `/`-separated. */
  readonly path: string;
}

/** A file a goal asked for beyond the dependencies, pinned by its digest. */
export interface RequestedEntry extends LockCoordinates {
  /** Lower-case hex SHA-256 of the file. */
  readonly sha256: string;
  /** Repository id the file came from; absent when installed locally. */
  readonly repository?: string;
}

export interface LockFile {
  /** Digest of the effective inputs the entries were resolved from (see lock-inputs.ts). */
  readonly inputs: string;
  readonly entries: readonly LockEntry[];
  /** The POMs read from the repositories, sorted by their ids. */
  readonly poms: readonly PomEntry[];
  /** The source dependencies' wiring, sorted by their ids. */
  readonly sources: readonly SourceEntry[];
  /** Files goals asked for beyond the dependencies, sorted by their ids. */
  readonly requested: readonly RequestedEntry[];
}

/** `g:a:type[:classifier]:version`, Maven's artifact id form (the first field of a line). */
export function entryId(e: Pick<LockEntry, 'groupId' | 'artifactId' | 'type' | 'classifier' | 'version'>): string {
  return [e.groupId, e.artifactId, e.type, ...(e.classifier ? [e.classifier] : []), e.version].join(':');
}

/** `g:a:version`, the first field of a `pom` line. */
export function pomId(e: Pick<PomEntry, 'groupId' | 'artifactId' | 'version'>): string {
  return `${e.groupId}:${e.artifactId}:${e.version}`;
}

/** What identifies an artifact regardless of its version: `g:a:type[:classifier]`. */
export function entryKey(e: Pick<LockEntry, 'groupId' | 'artifactId' | 'type' | 'classifier'>): string {
  return [e.groupId, e.artifactId, e.type, ...(e.classifier ? [e.classifier] : [])].join(':');
}

export class LockFileError extends LockError {
  constructor(
    readonly file: string,
    readonly line: number,
    why: string,
  ) {
    super(
      `Invalid lock file ${file}, line ${line}: ${why}; fix the line or write the lock again with goalhost dependency:lock`,
    );
    this.name = 'LockFileError';
  }
}

export function formatLockFile(lock: LockFile, projectId: string): string {
  const lines = [
    `# goalhost dependency lock of ${projectId}: every resolved dependency, every scope, in resolution order.`,
    '# Written by `goalhost dependency:lock`; verified by every build; rewrite it on purpose with -Dgoalhost.lock=update.',
    `format ${LOCK_FORMAT}`,
    `inputs sha256:${lock.inputs}`,
    ...lock.entries.map(formatEntry),
    ...lock.poms.map(formatPom),
    ...lock.sources.map(formatSource),
    ...lock.requested.map(formatRequested),
  ];
  return `${lines.join('\n')}\n`;
}

function formatEntry(e: LockEntry): string {
  const fields = [entryId(e), e.scope, `depth=${e.depth}`];
  if (e.via !== undefined) fields.push(`via=${e.via}`);
  if (e.optional) fields.push('optional');
  if (e.extension !== artifactType(e.type).extension) fields.push(`ext=${e.extension}`);
  fields.push(`sha256:${e.sha256}`);
  // The system path goes last: it is the rest of the line, spaces included.
  fields.push(
    e.systemPath !== undefined ? `path=${e.systemPath}` : e.repository !== undefined ? `from=${e.repository}` : 'local',
  );
  return fields.join(' ');
}

function formatPom(e: PomEntry): string {
  return `${pomId(e)} pom sha256:${e.sha256} ${e.repository !== undefined ? `from=${e.repository}` : 'local'}`;
}

/** The path goes last: it is the rest of the line, spaces included. */
export function formatSource(e: SourceEntry): string {
  return `${pomId(e)} source ${e.scm} rev=${e.revision} url=${e.url} path=${e.path}`;
}

function formatRequested(e: RequestedEntry): string {
  const fields = [entryId(e), 'requested'];
  if (e.extension !== artifactType(e.type).extension) fields.push(`ext=${e.extension}`);
  fields.push(`sha256:${e.sha256}`, e.repository !== undefined ? `from=${e.repository}` : 'local');
  return fields.join(' ');
}

/** POM lines in the order they are written: by id. */
export function sortPoms(poms: readonly PomEntry[]): PomEntry[] {
  return [...poms].sort((a, b) => (pomId(a) < pomId(b) ? -1 : pomId(a) > pomId(b) ? 1 : 0));
}

/** Source lines in the order they are written: by id. */
export function sortSources(sources: readonly SourceEntry[]): SourceEntry[] {
  return [...sources].sort((a, b) => (pomId(a) < pomId(b) ? -1 : pomId(a) > pomId(b) ? 1 : 0));
}

/** Requested lines in the order they are written: by id, so the file does not depend on when goals asked. */
export function sortRequested(requested: readonly RequestedEntry[]): RequestedEntry[] {
  return [...requested].sort((a, b) => (entryId(a) < entryId(b) ? -1 : entryId(a) > entryId(b) ? 1 : 0));
}

const HEX64 = /^[0-9a-f]{64}$/;
const SCOPE_NAMES = new Set(['compile', 'provided', 'runtime', 'test', 'system']);

export function parseLockFile(text: string, file: string): LockFile {
  const lines = text.split('\n');
  let format: number | undefined;
  let inputs: string | undefined;
  const entries: LockEntry[] = [];
  const poms: PomEntry[] = [];
  const sources: SourceEntry[] = [];
  const requested: RequestedEntry[] = [];
  let lastRank = 0;
  lines.forEach((raw, i) => {
    const line = raw.replace(/\r$/, '');
    const n = i + 1;
    if (line.trim() === '' || line.startsWith('#')) return;
    if (format === undefined) {
      const m = /^format (\d+)$/.exec(line);
      if (!m)
        throw new LockFileError(
          file,
          n,
          `expected 'format ${LOCK_FORMAT}' before anything else, found '${excerpt(line)}'`,
        );
      format = Number(m[1]);
      if (format === 1)
        throw new LockFileError(
          file,
          n,
          `format 1 does not lock the POMs the build reads (this goalhost reads format ${LOCK_FORMAT}); write the lock again with goalhost dependency:lock and review the POM lines it adds`,
        );
      if (format !== LOCK_FORMAT)
        throw new LockFileError(
          file,
          n,
          `format ${format} is not known to this goalhost (it reads format ${LOCK_FORMAT})`,
        );
      return;
    }
    if (inputs === undefined) {
      const m = /^inputs sha256:([0-9a-f]{64})$/.exec(line);
      if (!m) throw new LockFileError(file, n, `expected 'inputs sha256:<64 hex digits>', found '${excerpt(line)}'`);
      inputs = m[1];
      return;
    }
    const field = line.split(' ', 2)[1];
    const kind = LINE_KINDS.includes(field) ? field : 'dependency';
    const rank = LINE_KINDS.indexOf(kind);
    if (rank < lastRank)
      throw new LockFileError(
        file,
        n,
        `a ${kind} line after the '${LINE_KINDS[lastRank]}' lines (the order is: dependencies, pom, source, requested)`,
      );
    lastRank = rank;
    if (kind === 'requested') requested.push(parseRequested(line, file, n));
    else if (kind === 'source') sources.push(parseSource(line, file, n));
    else if (kind === 'pom') poms.push(parsePom(line, file, n));
    else entries.push(parseEntry(line, file, n));
  });
  if (format === undefined || inputs === undefined)
    throw new LockFileError(file, lines.length, `no '${format === undefined ? 'format' : 'inputs'}' line`);
  return { inputs, entries, poms, sources, requested };
}

/** `g:a:type[:classifier]:version requested [ext=E] sha256:<hex> (from=<id>|local)`. */
function parseRequested(line: string, file: string, n: number): RequestedEntry {
  const fields = line.split(' ');
  const parts = fields[0].split(':');
  let i = 2;
  const ext = fields[i]?.startsWith('ext=') ? fields[i++].slice(4) : undefined;
  const shaField = fields[i++];
  const origin = fields[i++];
  if ((parts.length !== 4 && parts.length !== 5) || parts.includes('')) {
    throw new LockFileError(file, n, `'${fields[0]}' is not groupId:artifactId:type[:classifier]:version`);
  }
  const well =
    ext !== '' &&
    shaField !== undefined &&
    shaField.startsWith('sha256:') &&
    HEX64.test(shaField.slice(7)) &&
    (origin === 'local' || (origin !== undefined && origin.startsWith('from=') && origin.length > 5)) &&
    i === fields.length;
  if (!well)
    throw new LockFileError(
      file,
      n,
      `the fields of ${fields[0]} are not: requested [ext=…] sha256:<64 hex digits> (from=…|local)`,
    );
  const [groupId, artifactId, type] = parts;
  const version = parts[parts.length - 1];
  if (
    SEPARATOR.test(`${fields[0]}${ext ?? ''}`) ||
    artifactId === '.' ||
    artifactId === '..' ||
    version === '.' ||
    version === '..'
  ) {
    throw new LockFileError(file, n, `the coordinates ${fields[0]} could place a file outside the local repository`);
  }
  return {
    groupId,
    artifactId,
    type,
    classifier: parts.length === 5 ? parts[3] : '',
    version,
    extension: ext ?? artifactType(type).extension,
    sha256: shaField.slice(7),
    ...(origin !== 'local' ? { repository: origin.slice(5) } : {}),
  };
}

/** The kinds of lines after the inputs, in the order they must come. */
const LINE_KINDS = ['dependency', 'pom', 'source', 'requested'];

/** `g:a:version source (svn|git) rev=<revision> url=<url> path=<directory>`. */
function parseSource(line: string, file: string, n: number): SourceEntry {
  const pathAt = line.indexOf(' path=');
  const fields = (pathAt >= 0 ? line.slice(0, pathAt) : line).split(' ');
  const parts = fields[0].split(':');
  if (parts.length !== 3 || parts.includes('')) {
    throw new LockFileError(file, n, `'${excerpt(fields[0])}' is not groupId:artifactId:version`);
  }
  const [, , scm, rev, url] = fields;
  const dir = pathAt >= 0 ? line.slice(pathAt + ' path='.length) : '';
  const well =
    fields.length === 5 &&
    (scm === 'svn' || scm === 'git') &&
    /^rev=[0-9A-Za-z]+$/.test(rev) &&
    url.startsWith('url=') &&
    url.length > 4 &&
    dir !== '';
  if (!well)
    throw new LockFileError(
      file,
      n,
      `the fields of ${excerpt(fields[0])} are not: source (svn|git) rev=<revision> url=<url> path=<directory>`,
    );
  const [groupId, artifactId, version] = parts;
  return { groupId, artifactId, version, scm, revision: rev.slice(4), url: url.slice(4), path: dir };
}

/** `g:a:version pom sha256:<hex> (from=<id>|local)`. */
function parsePom(line: string, file: string, n: number): PomEntry {
  const fields = line.split(' ');
  const parts = fields[0].split(':');
  if (parts.length !== 3 || parts.includes('')) {
    throw new LockFileError(file, n, `'${excerpt(fields[0])}' is not groupId:artifactId:version`);
  }
  const [, , shaField, origin] = fields;
  const well =
    fields.length === 4 &&
    shaField.startsWith('sha256:') &&
    HEX64.test(shaField.slice(7)) &&
    (origin === 'local' || (origin.startsWith('from=') && origin.length > 5));
  if (!well)
    throw new LockFileError(
      file,
      n,
      `the fields of ${excerpt(fields[0])} are not: pom sha256:<64 hex digits> (from=…|local)`,
    );
  const [groupId, artifactId, version] = parts;
  if (SEPARATOR.test(fields[0]) || [artifactId, version].some((p) => p === '.' || p === '..')) {
    throw new LockFileError(
      file,
      n,
      `the coordinates ${excerpt(fields[0])} could place a file outside the local repository`,
    );
  }
  return {
    groupId,
    artifactId,
    version,
    sha256: shaField.slice(7),
    ...(origin !== 'local' ? { repository: origin.slice(5) } : {}),
  };
}

/** Separators (or NUL) in a coordinate would move its file out of its place in the local repository. */
const SEPARATOR = /[/\\\0]/;

/**
 * A well-formed line, taken apart with plain string operations (the fast path reads thousands
 * of them); anything else goes to `parseFields`, which says what is wrong.
 */
function parseEntry(line: string, file: string, n: number): LockEntry {
  const pathAt = line.indexOf(' path=');
  const fields = (pathAt >= 0 ? line.slice(0, pathAt) : line).split(' ');
  const systemPath = pathAt >= 0 ? line.slice(pathAt + ' path='.length) : undefined;
  const parts = fields[0].split(':');
  const scope = fields[1];
  let i = 2;
  const depthField = fields[i++];
  const via = fields[i]?.startsWith('via=') ? fields[i++].slice(4) : undefined;
  const optional = fields[i] === 'optional' ? (i++, true) : false;
  const ext = fields[i]?.startsWith('ext=') ? fields[i++].slice(4) : undefined;
  const shaField = fields[i++];
  const origin = systemPath === undefined ? fields[i++] : undefined;
  const well =
    (parts.length === 4 || parts.length === 5) &&
    !parts.includes('') &&
    SCOPE_NAMES.has(scope) &&
    depthField !== undefined &&
    depthField.startsWith('depth=') &&
    /^[1-9]\d*$/.test(depthField.slice(6)) &&
    via !== '' &&
    ext !== '' &&
    shaField !== undefined &&
    shaField.startsWith('sha256:') &&
    HEX64.test(shaField.slice(7)) &&
    (systemPath !== undefined
      ? systemPath !== ''
      : origin === 'local' || (origin !== undefined && origin.startsWith('from=') && origin.length > 5)) &&
    i === fields.length;
  if (!well) return parseFields(line, file, n);
  const [groupId, artifactId, type] = parts;
  const classifier = parts.length === 5 ? parts[3] : '';
  const version = parts[parts.length - 1];
  if (
    SEPARATOR.test(`${fields[0]}${ext ?? ''}`) ||
    artifactId === '.' ||
    artifactId === '..' ||
    version === '.' ||
    version === '..'
  ) {
    throw new LockFileError(
      file,
      n,
      `the coordinates ${excerpt(fields[0])} could place a file outside the local repository`,
    );
  }
  const entry: { -readonly [K in keyof LockEntry]: LockEntry[K] } = {
    groupId,
    artifactId,
    type,
    classifier,
    version,
    extension: ext ?? artifactType(type).extension,
    scope,
    depth: Number(depthField.slice(6)),
    optional,
    sha256: shaField.slice(7),
  };
  if (via !== undefined) entry.via = via;
  if (origin !== undefined && origin !== 'local') entry.repository = origin.slice(5);
  if (systemPath !== undefined) entry.systemPath = systemPath;
  return entry;
}

/** A line that is not well formed, taken apart to say what is wrong with it. */
function parseFields(line: string, file: string, n: number): never {
  const pathAt = line.indexOf(' path=');
  const head = pathAt >= 0 ? line.slice(0, pathAt) : line;
  const [id, scope, ...rest] = head.split(' ');
  const parts = id.split(':');
  if ((parts.length !== 4 && parts.length !== 5) || parts.some((p) => p === '')) {
    throw new LockFileError(file, n, `'${excerpt(id)}' is not groupId:artifactId:type[:classifier]:version`);
  }
  if (!SCOPE_NAMES.has(scope))
    throw new LockFileError(
      file,
      n,
      `'${excerpt(scope ?? '')}' is not a scope (compile, provided, runtime, test or system)`,
    );
  const seen = new Set<string>();
  for (const field of rest) {
    const known =
      (field.startsWith('depth=') && /^[1-9]\d*$/.test(field.slice(6)) && 'depth') ||
      (field.startsWith('via=') && field.length > 4 && 'via') ||
      (field === 'optional' && 'optional') ||
      (field.startsWith('ext=') && field.length > 4 && 'ext') ||
      (field.startsWith('sha256:') && HEX64.test(field.slice(7)) && 'sha256') ||
      (field.startsWith('from=') && field.length > 5 && 'from') ||
      (field === 'local' && 'local');
    if (!known) throw new LockFileError(file, n, `unknown field '${excerpt(field)}'`);
    seen.add(known);
  }
  if (!seen.has('depth')) throw new LockFileError(file, n, `no 'depth=N' for ${excerpt(id)}`);
  if (!seen.has('sha256')) throw new LockFileError(file, n, `no 'sha256:<64 hex digits>' for ${excerpt(id)}`);
  if ([seen.has('from'), seen.has('local'), pathAt >= 0].filter(Boolean).length !== 1) {
    throw new LockFileError(
      file,
      n,
      `${excerpt(id)} needs exactly one of 'from=<repository id>', 'local' or 'path=<file>' at the end`,
    );
  }
  throw new LockFileError(
    file,
    n,
    `the fields of ${excerpt(id)} are not in the order: scope depth=N [via=…] [optional] [ext=…] sha256:… (from=…|local|path=…)`,
  );
}
