import { existsSync, statSync } from 'node:fs';
import { isSnapshot, type DependencyArtifact } from './dependency-artifact';

export interface OverwriteRules {
  readonly overWriteReleases: boolean;
  readonly overWriteSnapshots: boolean;
  readonly overWriteIfNewer: boolean;
}

/**
 * DestFileFilter.isArtifactIncluded: an artifact is copied when its kind may always be
 * overwritten, when the destination is missing, or (overWriteIfNewer) when the source's
 * modification time is later than the destination's.
 */
export function needsCopy(a: DependencyArtifact, destination: string, rules: OverwriteRules): boolean {
  const overWrite = isSnapshot(a) ? rules.overWriteSnapshots : rules.overWriteReleases;
  if (overWrite || !existsSync(destination)) return true;
  return rules.overWriteIfNewer && Math.floor(statSync(a.file).mtimeMs) > Math.floor(statSync(destination).mtimeMs);
}
