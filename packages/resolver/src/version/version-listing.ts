import * as path from 'node:path';
import { childrenNamed, child, parseXmlFast, xmlWellFormednessProblem, type Coordinates } from '@goalhost/model';
import { readKept, type RemoteFetcher, type RemoteRepository } from '../transport';
import { markUncacheable } from '../file-observations';

/** One `maven-metadata.xml` of a groupId:artifactId as the local repository keeps it. */
export interface KeptMetadata {
  readonly text: string | undefined;
  readonly source: string;
}

/**
 * The `maven-metadata.xml` texts of a groupId:artifactId that Maven's metadata resolver reads:
 * the local repository's `maven-metadata-local.xml` (installed), then each repository's (kept as
 * `maven-metadata-<id>.xml`, downloaded under the update policy unless offline), in order.
 */
export async function artifactMetadata(
  localBasedir: string,
  remote: RemoteFetcher | undefined,
  offline: boolean,
  groupId: string,
  artifactId: string,
  repositories: readonly RemoteRepository[],
): Promise<KeptMetadata[]> {
  const dir = path.join(localBasedir, ...groupId.split('.'), artifactId);
  const local = path.join(dir, 'maven-metadata-local.xml');
  // Every repository is asked at once, as Maven's metadata resolver does; results keep their order.
  const fromRepositories = await Promise.all(
    repositories.map(async (repo) => {
      const file = path.join(dir, `maven-metadata-${repo.id}.xml`);
      return {
        text: remote ? await remote.versionsMetadata(groupId, artifactId, repo, offline) : readKept(file),
        source: file,
      };
    }),
  );
  return [{ text: readKept(local), source: local }, ...fromRepositories];
}

/**
 * The versions Maven's version range resolver sees for a groupId:artifactId: those listed in
 * its metadata (see artifactMetadata). Directories without metadata do not count, as in Maven.
 */
export async function listVersions(
  localBasedir: string,
  remote: RemoteFetcher | undefined,
  offline: boolean,
  d: Coordinates,
  repositories: readonly RemoteRepository[],
  warn: (message: string) => void = () => {},
): Promise<string[]> {
  // Which versions exist depends on metadata that changes: never reuse such a resolution.
  markUncacheable(`version range ${d.groupId}:${d.artifactId}:${d.version}`);
  const versions: string[] = [];
  for (const { text, source } of await artifactMetadata(
    localBasedir,
    remote,
    offline,
    d.groupId,
    d.artifactId,
    repositories,
  )) {
    if (text !== undefined) versions.push(...versionsIn(text, source, warn));
  }
  return versions;
}

/**
 * The versions a metadata file lists. Metadata that is not well-formed adds none, with Maven's
 * warning (its LoggingRepositoryListener.metadataInvalid, MXParser's message).
 */
function versionsIn(text: string, source: string, warn: (message: string) => void): string[] {
  const problem = xmlWellFormednessProblem(text);
  if (problem !== undefined) {
    warn(`The metadata ${source} is invalid: ${problem}`);
    return [];
  }
  try {
    const root = parseXmlFast(text, source);
    return childrenNamed(child(child(root, 'versioning'), 'versions'), 'version')
      .map((v) => v.text.trim())
      .filter((v) => v !== '');
  } catch {
    // Maven ignores metadata it cannot parse.
    return [];
  }
}
