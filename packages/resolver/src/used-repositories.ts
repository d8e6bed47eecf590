import type { Repository } from '@goalhost/model';
import type { GraphNode } from './graph';
import { javaStringHash } from './java-hash-order';
import type { RemoteRepository } from './transport';

/**
 * The repositories of every node of a collected graph, the root's (the project's) included, in
 * the order maven-artifact-transfer's CollectorResult.getRemoteRepositories lists them: a
 * java.util.HashSet of maven-resolver RemoteRepository objects, filled in pre-order. Equal
 * repositories (every field alike) are listed once; the same id with another URL or policy twice.
 */
export function usedRepositories(root: GraphNode): Repository[] {
  const kept = new Map<string, { repository: RemoteRepository; hash: number; index: number }>();
  const visited = new Set<GraphNode>();
  const visit = (node: GraphNode): void => {
    if (visited.has(node)) return;
    visited.add(node);
    for (const r of node.repositories) {
      const key = identity(r);
      if (!kept.has(key)) kept.set(key, { repository: r, hash: remoteRepositoryHash(r), index: kept.size });
    }
    for (const child of node.children) visit(child);
  };
  visit(root);
  let capacity = 16;
  while (kept.size > capacity * 0.75) capacity *= 2;
  const bucket = (h: number): number => (h ^ (h >>> 16)) & (capacity - 1);
  return [...kept.values()]
    .sort((a, b) => bucket(a.hash) - bucket(b.hash) || a.index - b.index)
    .map(({ repository: r }) => ({
      id: r.id,
      url: r.url,
      layout: r.layout,
      releases: r.releases,
      snapshots: r.snapshots,
    }));
}

/** What RemoteRepository.equals compares (no proxy nor authentication here: both are absent). */
function identity(r: RemoteRepository): string {
  return JSON.stringify([r.url, r.layout, r.id, policy(r.releases), policy(r.snapshots), r.mirrored.map(identity)]);
}

/** RepositoryPolicy's fields as maven-resolver holds them: Maven's defaults for the unset ones. */
function policy(p: RemoteRepository['releases']): [boolean, string, string] {
  return [p.enabled, p.updatePolicy ?? 'daily', p.checksumPolicy ?? 'warn'];
}

/** org.eclipse.aether.repository.RemoteRepository.hashCode (maven-resolver 1.6, Maven 3.8.7's). */
export function remoteRepositoryHash(r: RemoteRepository): number {
  let h = 17;
  h = (Math.imul(h, 31) + javaStringHash(r.url)) | 0;
  h = (Math.imul(h, 31) + javaStringHash(r.layout)) | 0;
  h = (Math.imul(h, 31) + javaStringHash(r.id)) | 0;
  h = (Math.imul(h, 31) + policyHash(r.releases)) | 0;
  h = (Math.imul(h, 31) + policyHash(r.snapshots)) | 0;
  // Proxy and authentication: null.
  h = Math.imul(h, 31);
  h = Math.imul(h, 31);
  // java.util.List.hashCode of the mirrored repositories.
  let list = 1;
  for (const m of r.mirrored) list = (Math.imul(list, 31) + remoteRepositoryHash(m)) | 0;
  h = (Math.imul(h, 31) + list) | 0;
  // Not a repository manager.
  return Math.imul(h, 31) | 0;
}

function policyHash(p: RemoteRepository['releases']): number {
  const [enabled, update, checksum] = policy(p);
  let h = 17;
  h = (Math.imul(h, 31) + (enabled ? 1 : 0)) | 0;
  h = (Math.imul(h, 31) + javaStringHash(update)) | 0;
  return (Math.imul(h, 31) + javaStringHash(checksum)) | 0;
}
