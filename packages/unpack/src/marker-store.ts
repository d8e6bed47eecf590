import * as fs from 'node:fs';
import * as path from 'node:path';
import { GoalExecutionError } from '@goalhost/api';
import { artifactIdOf, isSnapshot, type UnpackArtifact } from './unpack-artifact';
import { mtimeMs, setMtime } from '@goalhost/archive';
import { isInside } from './output-layout';

export interface OverwriteOptions {
  readonly overWriteReleases?: boolean;
  readonly overWriteSnapshots?: boolean;
  readonly overWriteIfNewer?: boolean;
}

/** DefaultFileMarkerHandler's name: the artifact's id, colons as dashes, then `.marker`. */
export function defaultMarkerName(a: UnpackArtifact): string {
  return `${artifactIdOf(a).replace(/:/g, '-')}.marker`;
}

/**
 * Maven's default marker handler: an empty file `<groupId>-<artifactId>-<type>[-<classifier>]-
 * <baseVersion>.marker` whose mtime is the artifact file's mtime. Names and times are identical
 * to Maven's, so a project can switch between mvn and goalhost without re-unpacking.
 */
export class MarkerStore {
  constructor(
    readonly directory: string,
    /** The marker's file name; Maven's DefaultFileMarkerHandler name when absent. */
    private readonly nameOf: (a: UnpackArtifact) => string = defaultMarkerName,
  ) {}

  /**
   * The marker's path; coordinates that would take it out of the markers directory (`../` in a
   * system-scope dependency's classifier, say) fail the goal before anything is unpacked.
   */
  markerFile(a: UnpackArtifact): string {
    const marker = path.join(this.directory, this.nameOf(a));
    if (!isInside(this.directory, marker)) {
      throw new GoalExecutionError(
        `The marker file of ${artifactIdOf(a)} would be ${marker}, outside the markers directory ${this.directory}: its coordinates hold a path, which goalhost refuses`,
      );
    }
    return marker;
  }

  /** MarkerFileFilter: unpack when overwriting is asked for, unmarked, or the artifact is newer. */
  needsUnpack(a: UnpackArtifact, o: OverwriteOptions): boolean {
    const overwrite = isSnapshot(a) ? !!o.overWriteSnapshots : !!o.overWriteReleases;
    if (overwrite) return true;
    const marker = this.markerFile(a);
    const markerTime = fs.statSync(marker, { bigint: true, throwIfNoEntry: false });
    if (!markerTime) return true;
    return !!o.overWriteIfNewer && mtimeMs(a.file) > Number(markerTime.mtimeNs / 1_000_000n);
  }

  /**
   * Marks an artifact as unpacked: written to a temporary name with its final mtime, then
   * renamed, so a marker is never seen half-made (an interrupted run leaves no false marker).
   */
  write(a: UnpackArtifact): void {
    const marker = this.markerFile(a);
    // One temporary name per marker (runs unpacking into one directory take turns, see
    // output-lock.ts): a run killed before its rename leaves a file the next one reuses.
    const temp = path.join(this.directory, `.${path.basename(marker)}.tmp`);
    try {
      fs.mkdirSync(this.directory, { recursive: true });
      fs.closeSync(fs.openSync(temp, 'w'));
    } catch (e) {
      throw new GoalExecutionError(`Unable to create Marker: ${marker}: ${(e as Error).message}`, { cause: e });
    }
    try {
      const artifactTime = fs.existsSync(a.file) ? mtimeMs(a.file) : Date.now();
      setMtime(temp, artifactTime);
      fs.renameSync(temp, marker);
    } catch (e) {
      fs.rmSync(temp, { force: true });
      throw new GoalExecutionError(`Unable to update Marker timestamp: ${marker}: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }
}
