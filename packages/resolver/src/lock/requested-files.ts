import type { Project } from '@goalhost/model';
import { artifactType } from '../artifact-types';
import type { ArtifactRequest } from '../artifact-request';
import { projectId } from '../errors';
import { UnlockedFilesError } from './lock-errors';
import {
  entryId,
  formatLockFile,
  sortRequested,
  type LockCoordinates,
  type LockEntry,
  type LockFile,
  type RequestedEntry,
} from './lock-file';
import type { LockableFile } from '../lockable-artifact';
import { writeAtomically } from './text-files';
import type { VerifiedLocks } from './verified-locks';

/** A file a goal asked for, with its coordinates as the lock names them. */
export interface RequestedFile extends LockableFile, LockCoordinates {}

/** A project's lock as this build knows it; `lock` changes when `update` adds requested lines. */
export interface LoadedLock {
  readonly file: string;
  lock: LockFile;
}

/** What a digest is checked against: a dependency line or a requested line. */
export type Digested = Pick<LockEntry, 'groupId' | 'artifactId' | 'type' | 'classifier' | 'version' | 'sha256'>;

/** Checks files against their locked digests (all mismatches at once), as DependencyLocks does for dependencies. */
export type CheckDigests = (
  project: Project,
  lockFile: string,
  items: ReadonlyArray<{ entry: Digested; file: string }>,
) => Promise<void>;

/**
 * Files goals ask for beyond the dependencies (a `-Dclassifier` translation, the POMs a source
 * dependency's model is built from). Under a lock each is a locked dependency (its line checks
 * it) or a `requested` line of the lock; in `verify` mode any other fails the goal before it
 * gets the file, naming every such file; in `update` mode its line is written (or rewritten
 * with the new digest) and the lock file saved. A requested line never adds anything to a build:
 * it pins a file only when a goal asks for it.
 */
export class RequestedFiles {
  constructor(
    private readonly update: boolean,
    private readonly verified: VerifiedLocks,
    private readonly log: { info(m: string): void },
    private readonly checkDigests: CheckDigests,
    private readonly sha256All: (files: readonly string[]) => Promise<string[]>,
  ) {}

  /** The coordinates a request names, with the defaults the repository system applies (type jar, the type's classifier and extension). */
  static coordinatesOf(request: ArtifactRequest): Omit<RequestedFile, 'file'> {
    const type = request.type ?? 'jar';
    const t = artifactType(type);
    return {
      groupId: request.groupId,
      artifactId: request.artifactId,
      type,
      classifier: request.classifier ?? t.classifier,
      version: request.version,
      extension: request.extension ?? t.extension,
    };
  }

  async check(project: Project, loaded: LoadedLock, files: readonly RequestedFile[]): Promise<void> {
    const locked: Array<{ entry: Digested; file: string }> = [];
    const unlocked: RequestedFile[] = [];
    for (const f of files) {
      const dependency = loaded.lock.entries.find(
        (e) => sameFile(e, f) && e.systemPath === undefined && e.scope !== 'system',
      );
      // A POM the build read anyway is pinned by its `pom` line.
      const pom =
        f.extension === 'pom' && f.classifier === ''
          ? loaded.lock.poms.find(
              (p) => p.groupId === f.groupId && p.artifactId === f.artifactId && p.version === f.version,
            )
          : undefined;
      const read = dependency ?? (pom && { ...pom, type: 'pom', classifier: '' });
      const line = read ?? (this.update ? undefined : loaded.lock.requested.find((r) => sameFile(r, f)));
      if (line) locked.push({ entry: line, file: f.file });
      else unlocked.push(f);
    }
    if (unlocked.length > 0 && !this.update) {
      throw new UnlockedFilesError(
        projectId(project),
        loaded.file,
        unlocked.map((f) => ({ artifact: entryId(f), file: f.file })),
      );
    }
    await this.checkDigests(project, loaded.file, locked);
    if (unlocked.length > 0) await this.record(project, loaded, unlocked);
  }

  /** `update`: writes the files' requested lines (only those new or changed) and saves the lock file. */
  private async record(project: Project, loaded: LoadedLock, files: readonly RequestedFile[]): Promise<void> {
    const digests = await this.sha256All(files.map((f) => f.file));
    // From here on nothing waits: concurrent requests of one project cannot lose each other's lines.
    const lines = new Map(loaded.lock.requested.map((r) => [entryId(r), r]));
    let changed = false;
    files.forEach((f, i) => {
      const entry: RequestedEntry = {
        groupId: f.groupId,
        artifactId: f.artifactId,
        type: f.type,
        classifier: f.classifier,
        version: f.version,
        extension: f.extension,
        sha256: digests[i],
        ...(f.repository !== undefined ? { repository: f.repository } : {}),
      };
      const old = lines.get(entryId(entry));
      if (
        old &&
        old.sha256 === entry.sha256 &&
        old.repository === entry.repository &&
        old.extension === entry.extension
      )
        return;
      this.log.info(
        `${loaded.file}: ${old ? '~' : '+'} ${entryId(entry)} requested by a goal${old && old.sha256 !== entry.sha256 ? ', new content' : ''}`,
      );
      lines.set(entryId(entry), entry);
      changed = true;
    });
    if (!changed) return;
    loaded.lock = { ...loaded.lock, requested: sortRequested([...lines.values()]) };
    const text = formatLockFile(loaded.lock, projectId(project));
    writeAtomically(loaded.file, text);
    // The dependency lines were written and verified by this update: the text stays verified.
    this.verified.remember(loaded.file, text);
  }
}

function sameFile(a: Omit<RequestedFile, 'file'>, b: Omit<RequestedFile, 'file'>): boolean {
  return (
    a.groupId === b.groupId &&
    a.artifactId === b.artifactId &&
    a.version === b.version &&
    a.classifier === b.classifier &&
    a.extension === b.extension
  );
}
