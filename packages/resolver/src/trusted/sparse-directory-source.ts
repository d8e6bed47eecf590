import * as fs from 'node:fs';
import * as path from 'node:path';
import { INPUT_KINDS, readInputFile } from '@goalhost/model';
import type { ChecksumAlgorithm } from './checksum-algorithms';
import { writeAtomically } from './atomic-write';
import { checkOriginId, remotePath, type TrustedArtifact } from './trusted-artifact';
import type { TrustedChecksumsSource } from './trusted-checksums-source';

/**
 * One checksum file per artifact and algorithm under the base directory, in the repository
 * layout (`<basedir>/[<repository id>/]g/r/o/u/p/a/v/a-v.jar.sha1`), read from disk on every
 * look-up: maven-resolver's SparseDirectoryTrustedChecksumsSource.
 */
export class SparseDirectorySource implements TrustedChecksumsSource {
  readonly name = 'sparseDirectory';

  constructor(
    private readonly basedir: string,
    private readonly originAware: boolean,
  ) {}

  checksums(
    artifact: TrustedArtifact,
    repositoryId: string,
    algorithms: readonly ChecksumAlgorithm[],
  ): Map<string, string> {
    const found = new Map<string, string>();
    if (!fs.statSync(this.basedir, { throwIfNoEntry: false })?.isDirectory()) return found;
    for (const algorithm of algorithms) {
      const file = this.location(artifact, repositoryId, algorithm);
      if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) continue;
      found.set(
        algorithm.name,
        readChecksumFile(readInputFile(file, 'The trusted checksum file', INPUT_KINDS.repositoryRecord)),
      );
    }
    return found;
  }

  location(artifact: TrustedArtifact, repositoryId: string, algorithm: ChecksumAlgorithm): string {
    if (this.originAware) checkOriginId(repositoryId, this.basedir, artifact);
    const relative = `${remotePath(artifact)}.${algorithm.extension}`;
    return path.join(this.basedir, ...(this.originAware ? [repositoryId] : []), ...relative.split('/'));
  }

  record(
    artifact: TrustedArtifact,
    repositoryId: string,
    algorithms: readonly ChecksumAlgorithm[],
    checksums: ReadonlyMap<string, string>,
  ): void {
    // Written at once, as maven-resolver does: the checksum alone, no line end.
    for (const algorithm of algorithms)
      writeAtomically(this.location(artifact, repositoryId, algorithm), checksums.get(algorithm.name)!, false);
  }

  save(): void {
    // Nothing is held back: every checksum is written when recorded.
  }
}

/**
 * The checksum a checksum file holds, as maven-resolver's ChecksumUtils.read takes it: the first
 * non-blank line, trimmed; of `NAME (file) = hex` the hex after the last space, else what comes
 * before the first space (`hex  file`).
 */
export function readChecksumFile(text: string): string {
  const line = text
    .split(/\r\n|\r|\n/)
    .map(javaTrim)
    .find((l) => l !== '');
  if (line === undefined) return '';
  if (/^.+= [0-9A-Fa-f]+$/s.test(line)) return line.slice(line.lastIndexOf(' ') + 1);
  const space = line.indexOf(' ');
  return space < 0 ? line : line.slice(0, space);
}

/** Java's String.trim: every character up to U+0020 goes from both ends. */
function javaTrim(s: string): string {
  return s.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}
