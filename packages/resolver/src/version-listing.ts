import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { childrenNamed, child, parseXmlFast } from '@goalhost/model';
import type { RemoteFetcher } from './artifact-resolver';
import { markUncacheable } from './file-observations';
import type { GDependency } from './graph';
import type { RemoteRepository } from './remote-repository';

/**
 * The versions Maven's version range resolver sees for a groupId:artifactId: those listed in the
 * local repository's `maven-metadata-local.xml` (installed) and in each repository's
 * `maven-metadata.xml` (kept as `maven-metadata-<id>.xml`, downloaded under the update policy
 * unless offline). Directories without metadata do not count, as in Maven.
 */
export async function listVersions(
  localBasedir: string,
  remote: RemoteFetcher | undefined,
  offline: boolean,
  d: Pick<GDependency, 'groupId' | 'artifactId' | 'version'>,
  repositories: readonly RemoteRepository[],
): Promise<string[]> {
  // Which versions exist depends on metadata that changes: never reuse such a resolution.
  markUncacheable(`version range ${d.groupId}:${d.artifactId}:${d.version}`);
  const dir = path.join(localBasedir, ...d.groupId.split('.'), d.artifactId);
  const texts: Array<{ text: string | undefined; source: string }> = [{ text: readKept(path.join(dir, 'maven-metadata-local.xml')), source: 'maven-metadata-local.xml' }];
  // Every repository is asked at once, as Maven's metadata resolver does; results keep their order.
  const fromRepositories = await Promise.all(
    repositories.map(async (repo) => {
      const file = path.join(dir, `maven-metadata-${repo.id}.xml`);
      return { text: remote ? await remote.versionsMetadata(d.groupId, d.artifactId, repo, offline) : readKept(file), source: file };
    }),
  );
  texts.push(...fromRepositories);
  const versions: string[] = [];
  for (const { text, source } of texts) if (text !== undefined) versions.push(...versionsIn(text, source));
  return versions;
}

function versionsIn(text: string, source: string): string[] {
  try {
    const root = parseXmlFast(text, source);
    return childrenNamed(child(child(root, 'versioning'), 'versions'), 'version').map((v) => v.text.trim()).filter((v) => v !== '');
  } catch {
    // Maven ignores metadata it cannot parse.
    return [];
  }
}

function readKept(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
