import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { InputFileError, INPUT_KINDS, readInputFile, type Artifact } from '@goalhost/model';
import { firstChanged, isReusable, observedFiles } from './file-observations';

/** A line the resolution logged, replayed when its result is reused. */
export interface LoggedLine {
  readonly level: 'debug' | 'info' | 'warn';
  readonly message: string;
}

export interface CachedResolution {
  readonly artifacts: Artifact[];
  readonly log: readonly LoggedLine[];
}

interface Entry extends CachedResolution {
  readonly format: number;
  /** Hash of everything but files that decides the result (see `resolutionKey`). */
  readonly key: string;
  /** Every file the resolution looked at, with the state it saw. */
  readonly files: ReadonlyArray<readonly [string, string]>;
}

const FORMAT = 1;
/** Entries kept (one per project and scope); the least recently written go first. */
const MAX_ENTRIES = 200;

/**
 * Results of `resolveDependencies`, one file per project and scope, reused while the inputs are
 * unchanged: the same key (resolver build, configuration, the project's dependencies and
 * repositories, scope) and every file the resolution looked at in the same state. Resolutions
 * that went to a remote repository or resolved a snapshot are never stored (see
 * file-observations.ts), nor are failed ones.
 */
export class ResolutionCache {
  constructor(
    private readonly dir: string,
    private readonly debug: (message: string) => void,
  ) {}

  private fileOf(pomFile: string, scope: string): string {
    return path.join(this.dir, `${sha256(`${pomFile}\0${scope}`).slice(0, 40)}.json`);
  }

  lookup(pomFile: string, scope: string, key: string): CachedResolution | undefined {
    const file = this.fileOf(pomFile, scope);
    let entry: Entry;
    try {
      entry = JSON.parse(readInputFile(file, 'The resolution cache entry', INPUT_KINDS.cache)) as Entry;
    } catch (e) {
      // None yet, or unreadable (a truncated write by a killed run): resolve and replace it.
      if (e instanceof InputFileError) this.debug(`Resolution cache: ${e.message}, resolving again`);
      return undefined;
    }
    if (!isEntry(entry)) {
      this.debug(`Resolution cache: ${file} is not a cache entry, resolving again`);
      return undefined;
    }
    if (entry.format !== FORMAT || entry.key !== key) {
      this.debug(`Resolution cache: ${pomFile} (${scope}) was resolved with other inputs, resolving again`);
      return undefined;
    }
    const changed = firstChanged(entry.files);
    if (changed !== undefined) {
      this.debug(`Resolution cache: ${changed} changed, resolving ${pomFile} (${scope}) again`);
      return undefined;
    }
    this.debug(
      `Resolution cache: reusing the resolution of ${pomFile} (${scope}), ${entry.files.length} files unchanged`,
    );
    return { artifacts: entry.artifacts, log: entry.log };
  }

  /** Stores a result; a cache that cannot be written only costs the next run its time. */
  store(pomFile: string, scope: string, key: string, result: CachedResolution): void {
    const files = observedFiles();
    const unusable = files.find(([, state]) => !isReusable(state));
    if (unusable) {
      const why = unusable[1] === 'racy' ? 'changed just before it was read' : 'could not be read';
      this.debug(`Resolution cache: not storing the resolution of ${pomFile}: ${unusable[0]} ${why}`);
      return;
    }
    const entry: Entry = { format: FORMAT, key, files, artifacts: result.artifacts, log: result.log };
    const file = this.fileOf(pomFile, scope);
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      fs.mkdirSync(this.dir, { recursive: true });
      fs.writeFileSync(tmp, JSON.stringify(entry));
      fs.renameSync(tmp, file);
      this.debug(`Resolution cache: kept the resolution of ${pomFile} (${scope}) in ${file}`);
      this.prune();
    } catch (e) {
      fs.rmSync(tmp, { force: true });
      this.debug(`Resolution cache: could not write ${file}: ${(e as Error).message}`);
    }
  }

  private prune(): void {
    const names = fs.readdirSync(this.dir).filter((n) => n.endsWith('.json'));
    if (names.length <= MAX_ENTRIES) return;
    const byAge = names
      .map((n) => ({
        file: path.join(this.dir, n),
        mtime: fs.statSync(path.join(this.dir, n), { throwIfNoEntry: false })?.mtimeMs ?? 0,
      }))
      .sort((a, b) => a.mtime - b.mtime);
    for (const old of byAge.slice(0, names.length - MAX_ENTRIES)) fs.rmSync(old.file, { force: true });
  }
}

function isEntry(e: unknown): e is Entry {
  const x = e as Partial<Entry> | null;
  return (
    typeof x === 'object' &&
    x !== null &&
    Array.isArray(x.files) &&
    Array.isArray(x.artifacts) &&
    Array.isArray(x.log) &&
    x.files.every((f) => Array.isArray(f) && typeof f[0] === 'string' && typeof f[1] === 'string')
  );
}

let buildIdentity: string | undefined;

/**
 * The resolver's own code (this package's and the model package's compiled files, in every
 * folder): a result computed by other code is not reused.
 */
function resolverBuild(): string {
  if (buildIdentity === undefined) {
    const dirs = [__dirname, path.dirname(require.resolve('@goalhost/model'))];
    const parts: string[] = [];
    for (const dir of dirs) {
      for (const file of compiledFiles(dir)) {
        const s = fs.statSync(file);
        parts.push(`${file}:${s.size}:${s.mtimeMs}`);
      }
    }
    buildIdentity = sha256(parts.join('\n'));
  }
  return buildIdentity;
}

/** The `.js` files in `dir` and its folders, in a stable order. */
function compiledFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .flatMap((e) =>
      e.isDirectory() ? compiledFiles(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : [],
    );
}

/** The key of a resolution: a hash of everything besides files that decides its result. */
export function resolutionKey(inputs: Readonly<Record<string, unknown>>): string {
  return sha256(JSON.stringify({ format: FORMAT, build: resolverBuild(), ...inputs }));
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
