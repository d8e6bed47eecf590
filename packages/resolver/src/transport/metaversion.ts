import * as path from 'node:path';
import { child, parseXmlFast } from '@goalhost/model';
import { markUncacheable } from '../file-observations';
import { readKept } from './local-repository';
import type { RemoteRepository } from './remote-repository';

/** The versions Maven's version resolver names from metadata instead of a directory. */
export function isMetaversion(version: string): boolean {
  return version === 'RELEASE' || version === 'LATEST';
}

/** Fetches a groupId:artifactId `maven-metadata.xml` of one repository (see RemoteFetcher.versionsMetadata). */
export type VersionsMetadataSource = (
  groupId: string,
  artifactId: string,
  repo: RemoteRepository,
) => Promise<string | undefined>;

/**
 * The version `RELEASE` or `LATEST` stands for, as Maven's DefaultVersionResolver finds it: the
 * `<release>` (or `<latest>`) of the groupId:artifactId metadata most recently updated
 * (`<lastUpdated>`) among the installed one and those of the repositories (releases-enabled ones
 * only for `RELEASE`); undefined when no metadata names one.
 */
export async function resolveMetaversion(
  localBasedir: string,
  fetchMetadata: VersionsMetadataSource | undefined,
  groupId: string,
  artifactId: string,
  metaversion: string,
  repositories: readonly RemoteRepository[],
): Promise<string | undefined> {
  // What the metadata names changes over time: never reuse such a resolution.
  markUncacheable(`${groupId}:${artifactId}:${metaversion}`);
  const dir = path.join(localBasedir, ...groupId.split('.'), artifactId);
  const asked = metaversion === 'RELEASE' ? repositories.filter((r) => r.releases.enabled) : repositories;
  const texts = [
    readKept(path.join(dir, 'maven-metadata-local.xml')),
    ...(await Promise.all(
      asked.map((repo) =>
        fetchMetadata
          ? fetchMetadata(groupId, artifactId, repo)
          : readKept(path.join(dir, `maven-metadata-${repo.id}.xml`)),
      ),
    )),
  ];
  const element = metaversion === 'RELEASE' ? 'release' : 'latest';
  let best: { version: string; stamp: string } | undefined;
  for (const text of texts) {
    if (text === undefined) continue;
    let versioning;
    try {
      versioning = child(parseXmlFast(text, dir), 'versioning');
    } catch {
      continue; // Maven skips metadata it cannot read
    }
    const version = child(versioning, element)?.text.trim();
    const stamp = child(versioning, 'lastUpdated')?.text.trim() ?? '';
    if (version && (!best || stamp > best.stamp)) best = { version, stamp };
  }
  return best?.version;
}
