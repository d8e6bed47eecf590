import * as fs from 'node:fs';
import * as path from 'node:path';
import { INPUT_KINDS, readInputFile, readInputFileIfPresent, type Artifact, type Project } from '@goalhost/model';
import { baseVersionOf } from '../local-repository';
import type { ArtifactRequest, RepositorySystem } from '../repository-system';
import { SCOPES } from '../repository-system';
import { lockDifferences, type ResolvedEntry } from './lock-diff';
import { LockDigestError, LockMismatchError, type DigestMismatch } from './lock-errors';
import { lockInputs } from './lock-inputs';
import { entryId, formatLockFile, LOCK_FILE_NAME, parseLockFile, type LockEntry, type LockFile } from './lock-file';
import type { LockableArtifact } from './lockable-artifact';
import { RememberedDigests } from './remembered-digests';

/** `-Dgoalhost.lock`: `verify` (the default: check when a lock file exists), `update`, `ignore`. */
export type LockMode = 'verify' | 'update' | 'ignore';
export const LOCK_MODES: readonly LockMode[] = ['verify', 'update', 'ignore'];

export interface LockLog {
  debug(m: string): void;
  info(m: string): void;
  warn(m: string): void;
}

export interface DependencyLocksOptions {
  readonly mode: LockMode;
  readonly localRepository: string;
  /** Where digests are remembered between runs (none: every file is hashed every run). */
  readonly digestsFile?: string;
  readonly log: LockLog;
}

/** What `dependency:lock` reports. */
export interface WrittenLock {
  readonly file: string;
  readonly artifacts: number;
  readonly changed: boolean;
}

/** The locked resolution of one project: every scope's artifacts, verified. */
type Locked = Promise<Artifact[]>;

/**
 * Dependency resolution under lock files (see lock-file.ts): stands between the goals and the
 * repository system. Without a lock file (or with `ignore`) it only passes resolution through.
 * With one, a project's dependencies are the locked ones, every file's SHA-256 checked before
 * any goal gets them:
 * - fast path: the lock is consistent with the POM (lock-inputs.ts) and every locked file is in
 *   the local repository: no resolution at all;
 * - otherwise the dependencies are resolved (snapshots at their locked timestamps) and must be
 *   exactly the locked set, else the build fails with the differences.
 * `update` resolves afresh and rewrites the lock of each project built.
 */
export class DependencyLocks {
  /** The local repository's absolute path and a `/`. */
  private readonly repositoryPrefix: string;
  private readonly state: BuildLockState;

  constructor(
    private readonly system: RepositorySystem,
    private readonly options: DependencyLocksOptions,
    state?: BuildLockState,
  ) {
    this.repositoryPrefix = `${path.resolve(options.localRepository)}/`;
    this.state = state ?? new BuildLockState(new RememberedDigests(options.digestsFile, (m) => options.log.debug(m), (m) => options.log.warn(m)));
  }

  /** The same locks (one state for the whole build) logging to `log`: a project's own log in a parallel build. */
  withLog(log: LockLog): DependencyLocks {
    return new DependencyLocks(this.system, { ...this.options, log }, this.state);
  }

  private get digests(): RememberedDigests {
    return this.state.digests;
  }

  private get locked(): Map<string, Locked> {
    return this.state.locked;
  }

  private get inForce(): Map<string, { entries: readonly LockEntry[]; project: Project }> {
    return this.state.inForce;
  }

  static lockFileOf(project: Project): string {
    return path.join(path.dirname(project.file), LOCK_FILE_NAME);
  }

  async resolveDependencies(project: Project, scope: string): Promise<Artifact[]> {
    const lockFile = DependencyLocks.lockFileOf(project);
    if (this.options.mode === 'ignore' || (this.options.mode === 'verify' && !fs.existsSync(lockFile))) {
      return this.system.resolveDependencies(project, scope);
    }
    let all = this.locked.get(project.file);
    if (!all) {
      all = this.options.mode === 'update' ? this.update(project) : this.verify(project, lockFile);
      this.locked.set(project.file, all);
    }
    const scopes = SCOPES[scope] ?? SCOPES.test;
    return (await all).filter((a) => scopes.includes(a.scope));
  }

  /** A goal's own artifact request: checked against the lock when it is a locked artifact. */
  async resolveArtifact(request: ArtifactRequest, project?: Project): Promise<string> {
    const file = await this.system.resolveArtifact(request, project);
    if (this.inForce.size === 0) return file;
    const id = [request.groupId, request.artifactId, request.extension ?? request.type ?? 'jar', ...(request.classifier ? [request.classifier] : []), request.version].join(':');
    const held = this.lockedEntry(request);
    if (held) {
      await this.check(held.project, held.lockFile, [{ entry: held.entry, file }]);
    } else if (!this.state.unverified.has(id)) {
      this.state.unverified.add(id);
      this.options.log.warn(`${id} is not in a lock file of this build: its content is not verified`);
    }
    return file;
  }

  /** `dependency:lock`: resolves afresh and writes the project's lock file. */
  async writeLock(project: Project): Promise<WrittenLock> {
    const lockFile = DependencyLocks.lockFileOf(project);
    const resolved = await this.system.resolveForLock(project);
    const digests = await this.digests.sha256All(resolved.map((r) => r.artifact.file));
    const entries = resolved.map((r, i) => ({ ...toEntry(r), sha256: digests[i] }));
    this.digests.save();
    const lock: LockFile = { inputs: lockInputs(project), entries };
    const text = formatLockFile(lock, projectId(project));
    const old = readText(lockFile);
    if (old !== undefined) this.logChanges(old, lockFile, resolved, project);
    const changed = old !== text;
    if (changed) writeAtomically(lockFile, text);
    this.remember(project, lockFile, entries);
    return { file: lockFile, artifacts: entries.length, changed };
  }

  private async update(project: Project): Promise<Artifact[]> {
    const written = await this.writeLock(project);
    this.options.log.info(`${written.changed ? 'Updated' : 'Unchanged'} lock file ${written.file} (${written.artifacts} artifact${written.artifacts === 1 ? '' : 's'})`);
    return this.verify(project, written.file);
  }

  private async verify(project: Project, lockFile: string): Promise<Artifact[]> {
    const lock = parseLockFile(readInputFile(lockFile, 'The lock file', INPUT_KINDS.lock), lockFile);
    this.remember(project, lockFile, lock.entries);
    const consistent = lock.inputs === lockInputs(project);
    if (consistent) {
      const files = lock.entries.map((e) => this.fileOf(e));
      try {
        await this.check(project, lockFile, lock.entries.map((entry, i) => ({ entry, file: files[i] })));
        this.options.log.debug(`Lock: ${lockFile} is consistent with ${project.file}: ${files.length} locked artifacts, no resolution`);
        return lock.entries.map((e, i) => toArtifact(e, files[i]));
      } catch (e) {
        // A locked file not in the local repository (yet): resolution downloads it.
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      }
    }
    this.options.log.debug(`Lock: ${consistent ? 'some locked files are not in the local repository' : `${project.file} changed since ${lockFile} was written`}: resolving`);
    const pins = new Map(lock.entries.map((e) => [pinKey(e.groupId, e.artifactId, e.classifier, e.extension, baseVersionOf(e.version)), e.version]));
    const resolved = await this.system.resolveForLock(project, (d) => pins.get(pinKey(d.groupId, d.artifactId, d.classifier, d.extension, baseVersionOf(d.version))));
    const differences = lockDifferences(lock.entries, resolved.map(toEntry), project.file);
    if (differences.length > 0) throw new LockMismatchError(projectId(project), lockFile, differences);
    await this.check(project, lockFile, lock.entries.map((entry, i) => ({ entry, file: resolved[i].artifact.file })));
    if (!consistent) {
      this.options.log.info(`The POM ${project.file} changed without changing the dependencies of ${lockFile}: resolved and verified (goalhost dependency:lock lets the next builds skip resolution)`);
    }
    return resolved.map((r) => r.artifact);
  }

  /** Where a locked file is: its system path, or its place in the local repository (the timestamped file of a snapshot). */
  private fileOf(e: LockEntry): string {
    if (e.systemPath !== undefined) return e.systemPath;
    // Maven's default layout, as LocalRepository.pathOf makes it; parseLockFile refused
    // coordinates that could leave their place (separators, '.' and '..'), so the string is
    // put together directly: on the fast path this runs for every locked artifact.
    const name = `${e.artifactId}-${e.version}${e.classifier ? `-${e.classifier}` : ''}.${e.extension}`;
    return `${this.repositoryPrefix}${e.groupId.replace(/\./g, '/')}/${e.artifactId}/${baseVersionOf(e.version)}/${name}`;
  }

  /** Every file's SHA-256 against the lock; all mismatches reported at once. */
  private async check(project: Project, lockFile: string, items: ReadonlyArray<{ entry: LockEntry; file: string }>): Promise<void> {
    const hashedBefore = this.digests.hashed;
    const actual = await this.digests.sha256All(items.map((i) => i.file));
    this.digests.save();
    this.options.log.debug(`Lock: ${items.length} digests checked, ${this.digests.hashed - hashedBefore} files hashed`);
    const mismatches: DigestMismatch[] = [];
    items.forEach(({ entry, file }, i) => {
      if (actual[i] !== entry.sha256) mismatches.push({ artifact: entryId(entry), file, locked: entry.sha256, actual: actual[i] });
    });
    if (mismatches.length > 0) throw new LockDigestError(projectId(project), lockFile, mismatches);
  }

  private remember(project: Project, lockFile: string, entries: readonly LockEntry[]): void {
    this.inForce.set(lockFile, { entries, project });
  }

  private lockedEntry(request: ArtifactRequest): { entry: LockEntry; lockFile: string; project: Project } | undefined {
    for (const [lockFile, { entries, project }] of this.inForce) {
      const entry = entries.find((e) =>
        e.groupId === request.groupId && e.artifactId === request.artifactId && e.version === request.version &&
        e.classifier === (request.classifier ?? '') && e.extension === (request.extension ?? e.extension) && e.systemPath === undefined);
      if (entry) return { entry, lockFile, project };
    }
    return undefined;
  }

  private logChanges(old: string, lockFile: string, resolved: readonly LockableArtifact[], project: Project): void {
    let previous: LockFile;
    try {
      previous = parseLockFile(old, lockFile);
    } catch {
      return;
    }
    for (const line of lockDifferences(previous.entries, resolved.map(toEntry), project.file)) this.options.log.info(`${lockFile}:${line.slice(1)}`);
  }
}

/** What one build knows about locks, shared by every project's view of them. */
class BuildLockState {
  /** Each project's locked artifacts (every scope), by POM file. */
  readonly locked = new Map<string, Locked>();
  /** The locks in force in this build by lock file, for artifacts goals resolve themselves. */
  readonly inForce = new Map<string, { entries: readonly LockEntry[]; project: Project }>();
  /** Artifacts already warned about as not verified. */
  readonly unverified = new Set<string>();

  constructor(readonly digests: RememberedDigests) {}
}

function pinKey(groupId: string, artifactId: string, classifier: string, extension: string, baseVersion: string): string {
  return `${groupId}:${artifactId}:${extension}:${classifier}:${baseVersion}`;
}

function toEntry(r: LockableArtifact): ResolvedEntry {
  const a = r.artifact;
  const system = a.scope === 'system';
  return {
    groupId: a.groupId, artifactId: a.artifactId, type: a.type, classifier: a.classifier ?? '', version: a.version, extension: a.extension,
    scope: a.scope, depth: a.depth, optional: a.optional,
    ...(r.via !== undefined ? { via: r.via } : {}),
    ...(system ? { systemPath: a.file } : r.repository !== undefined ? { repository: r.repository } : {}),
    ...(r.premanagedVersion !== undefined ? { premanagedVersion: r.premanagedVersion } : {}),
  };
}

function toArtifact(e: LockEntry, file: string): Artifact {
  return {
    groupId: e.groupId, artifactId: e.artifactId, version: e.version, baseVersion: baseVersionOf(e.version), type: e.type,
    ...(e.classifier ? { classifier: e.classifier } : {}),
    extension: e.extension, scope: e.scope, optional: e.optional, file, depth: e.depth,
  };
}

function projectId(p: Project): string {
  return `${p.groupId}:${p.artifactId}:${p.packaging}:${p.version}`;
}

/** The lock file's text, undefined when there is none; a file that is not one is refused. */
function readText(file: string): string | undefined {
  return readInputFileIfPresent(file, 'The lock file', INPUT_KINDS.lock);
}

function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
