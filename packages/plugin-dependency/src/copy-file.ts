import { copyFileSync, mkdirSync, statSync, utimesSync } from 'node:fs';
import * as path from 'node:path';
import { GoalExecutionError, type Log } from '@goalhost/api';

/**
 * AbstractDependencyMojo.copyFile: logs `Copying NAME to DEST`, refuses a folder (an unpackaged
 * reactor artifact), and copies with plexus-utils' FileUtils.copyFile, which keeps the source's
 * modification time.
 */
export function copyArtifactFile(source: string, destination: string, log: Log, absoluteName: boolean): void {
  log.info(`Copying ${absoluteName ? source : path.basename(source)} to ${destination}`);
  let stats;
  try {
    stats = statSync(source);
  } catch (e) {
    throw new GoalExecutionError(`Error copying artifact from ${source} to ${destination}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  if (stats.isDirectory()) {
    throw new GoalExecutionError(
      'Artifact has not been packaged yet. When used on reactor artifact, copy should be executed after packaging: see MDEP-187.',
    );
  }
  try {
    copyPreservingTime(source, destination);
  } catch (e) {
    throw new GoalExecutionError(`Error copying artifact from ${source} to ${destination}: ${(e as Error).message}`, {
      cause: e,
    });
  }
}

/** Copies a file (parents created) and gives the copy the source's modification time, to the millisecond. */
export function copyPreservingTime(source: string, destination: string): void {
  const stats = statSync(source);
  mkdirSync(path.dirname(destination), { recursive: true });
  copyFileSync(source, destination);
  // Java keeps whole milliseconds (File.setLastModified); half a microsecond more survives the
  // conversion to nanoseconds, so the copy reads back as exactly the source's millisecond.
  const seconds = (ms: number): number => (Math.floor(ms) + 0.0005) / 1000;
  utimesSync(destination, seconds(stats.atimeMs), seconds(stats.mtimeMs));
}
