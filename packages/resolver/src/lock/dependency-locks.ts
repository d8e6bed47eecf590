import * as fs from 'node:fs';
import * as path from 'node:path';
import { INPUT_KINDS, ownValue, readInputFile, type Artifact, type Coordinates, type Project } from '@goalhost/model';
import { SCOPES, type DependencyNode } from '../graph';
import { baseVersionOf } from '../transport';
import type { ArtifactRequest } from '../artifact-request';
import type { RepositorySystem } from '../repository-system';
import { lockDifferences, type ResolvedEntry } from './lock-diff';
import { projectId } from '../errors';
import { LockDigestError, LockError, LockMismatchError, type DigestMismatch } from './lock-errors';
import { lockInputs } from './lock-inputs';
import {
  entryId,
  formatLockFile,
  LOCK_FILE_NAME,
  parseLockFile,
  pomId,
  sortPoms,
  type LockEntry,
  type LockFile,
  type PomEntry,
  type SourceEntry,
} from './lock-file';
import type { LockableArtifact, LockablePom } from '../lockable-artifact';
import { pomDifferences } from './pom-differences';
import type { LockOrigins } from './lock-origins';
import { RememberedDigests } from './remembered-digests';
import { RequestedFiles, type Digested, type LoadedLock, type RequestedFile } from './requested-files';
import { SourceLocks } from './source-locks';
import { trustedDisagreements, TrustedLockDisagreementError } from './trusted-agreement';
import { readText, writeAtomically } from './text-files';
import { VerifiedLocks } from './verified-locks';

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
  /** Where the lock texts verified on this machine are remembered (none: every build resolves). */
  readonly verifiedLocksFile?: string;
  readonly log: LockLog;
  /** `-Dgoalhost.lock.origins=locked`: the origins every lock read or written adds to. */
  readonly origins?: LockOrigins;
}

/** A locked file of the local repository and its path in the repository layout. */
export interface LockedFile {
  readonly file: string;
  /** `/`-separated, relative to the repository's root. */
  readonly path: string;
}

/** What `dependency:lock` reports. */
export interface WrittenLock {
  readonly file: string;
  readonly artifacts: number;
  readonly poms: number;
  readonly changed: boolean;
}

/** The locked resolution of one project: every scope's artifacts, verified. */
type Locked = Promise<Artifact[]>;

/**
 * Dependency resolution under lock files (see lock-file.ts): stands between the goals and the
 * repository system. Without a lock file (or with `ignore`) it only passes resolution through.
 * With one, every file a goal of the project gets is locked and verified, or the goal fails:
 * - its dependencies are the locked ones, every file's SHA-256 checked before any goal gets
 *   them. The POM decides the set, the lock pins it: the dependencies are resolved (snapshots
 *   at their locked timestamps) and must be exactly the locked set, else the build fails with
 *   the differences (a line the POM does not bring is one of them). The fast path skips the
 *   resolution when the lock is consistent with the POM (lock-inputs.ts), this very text of it
 *   was written or verified on this machine before (verified-locks.ts) and every locked file is
 *   in the local repository; a system path is always the POM's, never the lock's;
 * - a file a goal asks for itself (a classifier translation, the POMs of a source dependency)
 *   must be a locked dependency or a `requested` line of the lock (requested-files.ts);
 * - the graph dependency:tree prints must be the locked set.
 * `update` resolves afresh and rewrites the lock of each project built, adding the files its
 * goals ask for.
 */
export class DependencyLocks {
  /** The local repository's absolute path and a `/`. */
  private readonly repositoryPrefix: string;
  private readonly state: BuildLockState;
  private readonly requested: RequestedFiles;
  private readonly sources: SourceLocks;

  constructor(
    private readonly system: RepositorySystem,
    private readonly options: DependencyLocksOptions,
    state?: BuildLockState,
  ) {
    this.repositoryPrefix = `${path.resolve(options.localRepository)}/`;
    const debug = (m: string): void => options.log.debug(m);
    this.state =
      state ??
      new BuildLockState(
        new RememberedDigests(options.digestsFile, debug, (m) => options.log.warn(m)),
        new VerifiedLocks(options.verifiedLocksFile, debug),
      );
    this.requested = new RequestedFiles(
      options.mode === 'update',
      this.state.verified,
      options.log,
      (project, lockFile, items) => this.check(project, lockFile, items),
      (files) => this.sha256All(files),
    );
    this.sources = new SourceLocks(options.mode === 'update', this.state.verified, options.log);
  }

  /** The same locks (one state for the whole build) logging to `log`: a project's own log in a parallel build. */
  withLog(log: LockLog): DependencyLocks {
    return new DependencyLocks(this.system, { ...this.options, log }, this.state);
  }

  /** The same locks over the resolution with another local repository (the files a goal resolves there are checked alike). */
  withLocalRepository(directory: string): DependencyLocks {
    const system = this.system.withLocalRepository(directory);
    return new DependencyLocks(system, { ...this.options, localRepository: directory }, this.state);
  }

  static lockFileOf(project: Project): string {
    return path.join(path.dirname(project.file), LOCK_FILE_NAME);
  }

  /** The project's lock file when the build goes by it: any in `update` mode, an existing one in `verify` mode. */
  private lockFileInForce(project: Project): string | undefined {
    if (this.options.mode === 'ignore') return undefined;
    const lockFile = DependencyLocks.lockFileOf(project);
    return this.options.mode === 'update' || fs.existsSync(lockFile) ? lockFile : undefined;
  }

  /** The project's locked and verified artifacts, every scope, once per build. */
  private lockedSet(project: Project, lockFile: string): Locked {
    let all = this.state.locked.get(project.file);
    if (!all) {
      all = this.options.mode === 'update' ? this.update(project) : this.verify(project, lockFile);
      this.state.locked.set(project.file, all);
    }
    return all;
  }

  async resolveDependencies(project: Project, scope: string): Promise<Artifact[]> {
    const lockFile = this.lockFileInForce(project);
    if (!lockFile) return this.system.resolveDependencies(project, scope);
    const scopes = ownValue(SCOPES, scope) ?? SCOPES.test;
    return (await this.lockedSet(project, lockFile)).filter((a) => scopes.includes(a.scope));
  }

  /** A goal's own artifact request for `project`: a locked dependency or a requested line of its lock. */
  async resolveArtifact(request: ArtifactRequest, project: Project): Promise<string> {
    const lockFile = this.lockFileInForce(project);
    if (!lockFile) return this.system.resolveArtifact(request, project);
    await this.lockedSet(project, lockFile);
    const resolved = await this.system.resolveArtifactForLock(request, project);
    await this.requested.check(project, this.loaded(project), [
      { ...RequestedFiles.coordinatesOf(request), ...resolved },
    ]);
    return resolved.file;
  }

  /** A POM a goal of `project` reads from the repositories: it and every POM its model is built from must be locked. */
  async readProject(coordinates: Coordinates, project: Project): Promise<Project> {
    const lockFile = this.lockFileInForce(project);
    if (!lockFile) return this.system.readProject(coordinates, project);
    await this.lockedSet(project, lockFile);
    const read = await this.system.readProjectForLock(coordinates, project);
    const poms: RequestedFile[] = read.poms.map((p) => ({ ...p, type: 'pom', classifier: '', extension: 'pom' }));
    await this.requested.check(project, this.loaded(project), poms);
    return read.project;
  }

  /**
   * Every file the project's lock pins that lies in the local repository, verified against it
   * (dependency:bundle): the dependencies, the POMs read, the requested files present; each with
   * its path in the repository layout. Throws LockError when the project has no lock in force.
   */
  async lockedFiles(project: Project): Promise<LockedFile[]> {
    const lockFile = this.lockFileInForce(project);
    if (!lockFile) {
      throw new LockError(
        `${projectId(project)} has no lock file ${DependencyLocks.lockFileOf(project)}${this.options.mode === 'ignore' ? ' in force (-Dgoalhost.lock=ignore)' : ''}, ` +
          'and a bundle holds exactly the locked files: run goalhost dependency:lock first (and review the lock), then bundle.',
      );
    }
    const artifacts = await this.lockedSet(project, lockFile);
    const loaded = this.loaded(project);
    const present = loaded.lock.requested
      .map((entry) => ({ entry, file: this.fileOf({ ...entry, scope: 'compile', depth: 1, optional: false }) }))
      .filter((r) => fs.existsSync(r.file));
    await this.check(project, lockFile, present);
    const files = [
      ...artifacts.map((a) => a.file),
      ...loaded.lock.poms.map((p) => this.pomFileOf(p)),
      ...present.map((r) => r.file),
    ];
    // Inside the local repository only: a system path or a reactor module is not a repository file.
    return [...new Set(files)]
      .filter((file) => file.startsWith(this.repositoryPrefix))
      .map((file) => ({ file, path: file.slice(this.repositoryPrefix.length) }));
  }

  /**
   * How cxx:scm-dependencies is about to wire the project's source dependencies: under a lock
   * each must be its `source` line (`update`: the lines are written), before anything is written.
   */
  async lockSources(project: Project, sources: readonly SourceEntry[], dryRun: boolean): Promise<void> {
    const lockFile = this.lockFileInForce(project);
    if (!lockFile) return;
    await this.lockedSet(project, lockFile);
    this.sources.check(project, this.loaded(project), sources, dryRun);
  }

  /** The tree dependency:tree prints, once its graph was found to be the locked set. */
  async collectTree(
    project: Project,
    scope: string,
    options?: { readonly verbose?: boolean },
  ): Promise<DependencyNode> {
    const lockFile = this.lockFileInForce(project);
    if (lockFile) {
      let checked = this.state.graphs.get(project.file);
      if (!checked) {
        checked = this.checkGraph(project, lockFile);
        this.state.graphs.set(project.file, checked);
      }
      await checked;
    }
    return this.system.collectTree(project, scope, options);
  }

  /** `dependency:lock`: resolves afresh and writes the project's lock file (its requested lines kept). */
  async writeLock(project: Project): Promise<WrittenLock> {
    const lockFile = DependencyLocks.lockFileOf(project);
    const resolved = await this.system.resolveForLock(project);
    const read = await this.system.pomsForLock(project);
    const digests = await this.sha256All([...resolved.map((r) => r.artifact.file), ...read.map((p) => p.file)]);
    const entries = resolved.map((r, i) => ({ ...toEntry(r), sha256: digests[i] }));
    const poms = sortPoms(read.map((p, i) => toPomEntry(p, digests[resolved.length + i])));
    const old = readText(lockFile);
    const previous = old === undefined ? undefined : parseQuietly(old, lockFile);
    const lock: LockFile = {
      inputs: lockInputs(project),
      entries,
      poms,
      sources: previous?.sources ?? [],
      requested: previous?.requested ?? [],
    };
    const text = formatLockFile(lock, projectId(project));
    if (previous) this.logChanges(previous, lockFile, resolved, poms, read, project);
    const changed = old !== text;
    if (changed) writeAtomically(lockFile, text);
    this.options.origins?.add(lock);
    this.state.verified.remember(lockFile, text);
    this.state.loaded.set(project.file, { file: lockFile, lock });
    return { file: lockFile, artifacts: entries.length, poms: poms.length, changed };
  }

  private async update(project: Project): Promise<Artifact[]> {
    const written = await this.writeLock(project);
    this.options.log.info(
      `${written.changed ? 'Updated' : 'Unchanged'} lock file ${written.file} (${lockCounts(written)})`,
    );
    return this.verify(project, written.file);
  }

  private async verify(project: Project, lockFile: string): Promise<Artifact[]> {
    const text = readInputFile(lockFile, 'The lock file', INPUT_KINDS.lock);
    const lock = parseLockFile(text, lockFile);
    this.options.origins?.add(lock);
    this.state.loaded.set(project.file, { file: lockFile, lock });
    const disagreements = trustedDisagreements(
      (a, id) => this.system.trustedSha256(a, id),
      lock.entries.map((entry) => ({ entry, file: entry.systemPath ?? this.fileOf(entry) })),
      lock.poms.map((entry) => ({ entry, file: this.pomFileOf(entry) })),
    );
    if (disagreements.length > 0) throw new TrustedLockDisagreementError(projectId(project), lockFile, disagreements);
    const consistent = lock.inputs === lockInputs(project);
    let why: string;
    if (!consistent) why = `${project.file} changed since ${lockFile} was written`;
    else if (this.system.checksTrustedChecksums)
      why = 'trusted checksums are verified (or recorded) on every resolution';
    else if (!this.state.verified.has(lockFile, text))
      why = `this text of ${lockFile} was neither written nor verified on this machine`;
    else {
      const files = this.fastFiles(project, lock.entries);
      why = `a system-scope dependency of ${lockFile} is not declared by ${project.file} itself`;
      if (files) {
        try {
          await this.check(
            project,
            lockFile,
            lock.entries.map((entry, i) => ({ entry, file: files[i] })),
            lock.poms.map((entry) => ({ entry, file: this.pomFileOf(entry) })),
          );
          this.options.log.debug(
            `Lock: ${lockFile} is consistent with ${project.file}: ${files.length} locked artifacts, no resolution`,
          );
          return lock.entries.map((e, i) => toArtifact(e, files[i]));
        } catch (e) {
          // A locked file not in the local repository (yet): resolution downloads it.
          if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
          why = 'some locked files are not in the local repository';
        }
      }
    }
    this.options.log.debug(`Lock: ${why}: resolving`);
    const pins = new Map(
      lock.entries.map((e) => [
        pinKey(e.groupId, e.artifactId, e.classifier, e.extension, baseVersionOf(e.version)),
        e.version,
      ]),
    );
    const resolved = await this.system.resolveForLock(project, (d) =>
      pins.get(pinKey(d.groupId, d.artifactId, d.classifier, d.extension, baseVersionOf(d.version))),
    );
    const differences = lockDifferences(lock.entries, resolved.map(toEntry), project.file);
    if (differences.length > 0) throw new LockMismatchError(projectId(project), lockFile, differences);
    const read = await this.readPoms(project, lockFile, lock.poms);
    await this.check(
      project,
      lockFile,
      lock.entries.map((entry, i) => ({ entry, file: resolved[i].artifact.file })),
      read,
    );
    this.state.verified.remember(lockFile, text);
    if (!consistent) {
      this.options.log.info(
        `The POM ${project.file} changed without changing the dependencies of ${lockFile}: resolved and verified (goalhost dependency:lock lets the next builds skip resolution)`,
      );
    }
    return resolved.map((r) => r.artifact);
  }

  /**
   * Where the locked files are without resolving: the place of each in the local repository (the
   * timestamped file of a snapshot), a system-scope file at the path the project's own POM gives
   * it (undefined when a system-scope line is not one of the project's own dependencies: only a
   * resolution knows its path). The lock's `path=` is never read.
   */
  private fastFiles(project: Project, entries: readonly LockEntry[]): string[] | undefined {
    let own: Map<string, string> | undefined;
    const files: string[] = [];
    for (const e of entries) {
      if (e.systemPath === undefined && e.scope !== 'system') {
        files.push(this.fileOf(e));
        continue;
      }
      own ??= new Map(
        project.dependencies
          .filter((d) => d.scope === 'system' && d.systemPath !== undefined)
          .map((d) => [
            systemKey({ ...d, classifier: d.classifier ?? '', version: d.version ?? '' }),
            path.resolve(d.systemPath!),
          ]),
      );
      const file = e.depth === 1 ? own.get(systemKey(e)) : undefined;
      if (file === undefined) return undefined;
      files.push(file);
    }
    return files;
  }

  /** A locked file's place in the local repository. */
  private fileOf(e: LockEntry): string {
    // Maven's default layout, as LocalRepository.pathOf makes it; parseLockFile refused
    // coordinates that could leave their place (separators, '.' and '..'), so the string is
    // put together directly: on the fast path this runs for every locked artifact.
    const name = `${e.artifactId}-${e.version}${e.classifier ? `-${e.classifier}` : ''}.${e.extension}`;
    return `${this.repositoryPrefix}${e.groupId.replace(/\./g, '/')}/${e.artifactId}/${baseVersionOf(e.version)}/${name}`;
  }

  /**
   * The POMs the build read (see RepositorySystem.pomsForLock) must be exactly the locked ones:
   * each with its `pom` line, to check its digest.
   */
  private async readPoms(
    project: Project,
    lockFile: string,
    locked: readonly PomEntry[],
  ): Promise<Array<{ entry: PomEntry; file: string }>> {
    const read = await this.system.pomsForLock(project);
    const differences = pomDifferences(locked, read);
    if (differences.length > 0) throw new LockMismatchError(projectId(project), lockFile, differences, true);
    const byId = new Map(locked.map((p) => [pomId(p), p]));
    // In the lock's order, whatever order the build read them in.
    return read
      .map((p) => ({ entry: byId.get(pomId(p))!, file: p.file }))
      .sort((a, b) => locked.indexOf(a.entry) - locked.indexOf(b.entry));
  }

  /** A locked POM's place in the local repository (see fileOf). */
  private pomFileOf(e: PomEntry): string {
    return `${this.repositoryPrefix}${e.groupId.replace(/\./g, '/')}/${e.artifactId}/${baseVersionOf(e.version)}/${e.artifactId}-${e.version}.pom`;
  }

  /** Every file's SHA-256 against the lock, the artifacts' then the POMs'; all mismatches reported at once. */
  private async check(
    project: Project,
    lockFile: string,
    items: ReadonlyArray<{ entry: Digested; file: string }>,
    poms: ReadonlyArray<{ entry: PomEntry; file: string }> = [],
  ): Promise<void> {
    if (items.length + poms.length === 0) return;
    const hashedBefore = this.state.digests.hashed;
    const actual = await this.sha256All([...items.map((i) => i.file), ...poms.map((p) => p.file)]);
    this.options.log.debug(
      `Lock: ${items.length + poms.length} digests checked, ${this.state.digests.hashed - hashedBefore} files hashed`,
    );
    const mismatches: DigestMismatch[] = [];
    items.forEach(({ entry, file }, i) => {
      if (actual[i] !== entry.sha256)
        mismatches.push({ artifact: entryId(entry), file, locked: entry.sha256, actual: actual[i] });
    });
    poms.forEach(({ entry, file }, j) => {
      const digest = actual[items.length + j];
      if (digest !== entry.sha256)
        mismatches.push({ artifact: pomId(entry), pom: true, file, locked: entry.sha256, actual: digest });
    });
    if (mismatches.length > 0) throw new LockDigestError(projectId(project), lockFile, mismatches);
  }

  private async sha256All(files: readonly string[]): Promise<string[]> {
    const digests = await this.state.digests.sha256All(files);
    this.state.digests.save();
    return digests;
  }

  /**
   * The graph dependency:tree prints is the locked set: collected (no file resolved) and compared
   * with the lock as a resolution is, a snapshot by its base version (collection does not pick
   * timestamps). With `update` the lock is written from that graph first.
   */
  private async checkGraph(project: Project, lockFile: string): Promise<void> {
    if (this.options.mode === 'update') {
      await this.lockedSet(project, lockFile);
      return;
    }
    const lock = parseLockFile(readInputFile(lockFile, 'The lock file', INPUT_KINDS.lock), lockFile);
    const collected = await this.system.collectForLock(project);
    const base = <T extends { readonly version: string }>(e: T): T => ({ ...e, version: baseVersionOf(e.version) });
    const differences = lockDifferences(lock.entries.map(base), collected.map(base), project.file);
    if (differences.length > 0) throw new LockMismatchError(projectId(project), lockFile, differences);
    await this.check(project, lockFile, [], await this.readPoms(project, lockFile, lock.poms));
  }

  private loaded(project: Project): LoadedLock {
    return this.state.loaded.get(project.file)!;
  }

  private logChanges(
    previous: LockFile,
    lockFile: string,
    resolved: readonly LockableArtifact[],
    poms: readonly PomEntry[],
    read: readonly LockablePom[],
    project: Project,
  ): void {
    for (const line of lockDifferences(previous.entries, resolved.map(toEntry), project.file))
      this.options.log.info(`${lockFile}:${line.slice(1)}`);
    for (const line of pomDifferences(previous.poms, read)) this.options.log.info(`${lockFile}:${line.slice(1)}`);
    const before = new Map(previous.poms.map((p) => [pomId(p), p.sha256]));
    for (const p of poms) {
      const old = before.get(pomId(p));
      if (old !== undefined && old !== p.sha256)
        this.options.log.info(`${lockFile}: ~ POM ${pomId(p)} new content sha256:${old} -> sha256:${p.sha256}`);
    }
  }
}

/** What one build knows about locks, shared by every project's view of them. */
class BuildLockState {
  /** Each project's locked artifacts (every scope), by POM file. */
  readonly locked = new Map<string, Locked>();
  /** Each project's lock as read or written in this build, by POM file. */
  readonly loaded = new Map<string, LoadedLock>();
  /** Each project's graph checked against its lock (dependency:tree), by POM file. */
  readonly graphs = new Map<string, Promise<void>>();

  constructor(
    readonly digests: RememberedDigests,
    readonly verified: VerifiedLocks,
  ) {}
}

/** What identifies a system-scope dependency: `g:a:type:classifier:version`. */
function systemKey(d: {
  readonly groupId: string;
  readonly artifactId: string;
  readonly type: string;
  readonly classifier: string;
  readonly version: string;
}): string {
  return `${d.groupId}:${d.artifactId}:${d.type}:${d.classifier}:${d.version}`;
}

function parseQuietly(text: string, file: string): LockFile | undefined {
  try {
    return parseLockFile(text, file);
  } catch {
    return undefined;
  }
}

function pinKey(
  groupId: string,
  artifactId: string,
  classifier: string,
  extension: string,
  baseVersion: string,
): string {
  return `${groupId}:${artifactId}:${extension}:${classifier}:${baseVersion}`;
}

function toEntry(r: LockableArtifact): ResolvedEntry {
  const a = r.artifact;
  const system = a.scope === 'system';
  return {
    groupId: a.groupId,
    artifactId: a.artifactId,
    type: a.type,
    classifier: a.classifier ?? '',
    version: a.version,
    extension: a.extension,
    scope: a.scope,
    depth: a.depth,
    optional: a.optional,
    ...(r.via !== undefined ? { via: r.via } : {}),
    ...(system ? { systemPath: a.file } : r.repository !== undefined ? { repository: r.repository } : {}),
    ...(r.premanagedVersion !== undefined ? { premanagedVersion: r.premanagedVersion } : {}),
  };
}

function toPomEntry(p: LockablePom, sha256: string): PomEntry {
  return {
    groupId: p.groupId,
    artifactId: p.artifactId,
    version: p.version,
    sha256,
    ...(p.repository !== undefined ? { repository: p.repository } : {}),
  };
}

/** `N artifacts, M POMs` of a written lock. */
function lockCounts(written: WrittenLock): string {
  const n = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
  return `${n(written.artifacts, 'artifact')}, ${n(written.poms, 'POM')}`;
}

function toArtifact(e: LockEntry, file: string): Artifact {
  return {
    groupId: e.groupId,
    artifactId: e.artifactId,
    version: e.version,
    baseVersion: baseVersionOf(e.version),
    type: e.type,
    ...(e.classifier ? { classifier: e.classifier } : {}),
    extension: e.extension,
    scope: e.scope,
    optional: e.optional,
    file,
    depth: e.depth,
  };
}
