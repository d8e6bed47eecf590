import { createHash } from 'node:crypto';
import type { Dependency, Project, Repository } from '@goalhost/model';
import { LOCK_FORMAT } from './lock-file';

/**
 * The digest of what a project's POM says about its dependencies, after inheritance, profiles,
 * imports and interpolation (the effective model): the project's coordinates and packaging, its
 * `<dependencies>` and `<dependencyManagement>` in order (every field: version, type,
 * classifier, scope, optional, systemPath, exclusions) and its `<repositories>` (id, url,
 * layout, whether releases and snapshots are enabled). A lock is *consistent* with the POM when
 * the digest it records equals this one: then, if this text of the lock was written or verified
 * on this machine before (verified-locks.ts), the build takes the locked set without resolving.
 *
 * Left out on purpose: settings.xml (mirrors, servers, proxies: they change where files come
 * from, never which files, and the digests check what arrives), the POMs of the dependencies
 * (the lock, not the repository, decides the set: a re-deployed POM cannot move a locked
 * build), and everything else in the POM (plugins, properties not used by dependencies).
 */
export function lockInputs(project: Project): string {
  const canonical = {
    format: LOCK_FORMAT,
    project: [project.groupId, project.artifactId, project.version, project.packaging],
    dependencies: project.dependencies.map(dependencyFields),
    dependencyManagement: project.dependencyManagement.map(dependencyFields),
    repositories: project.repositories.map(repositoryFields),
  };
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

function dependencyFields(d: Dependency): unknown[] {
  return [
    d.groupId,
    d.artifactId,
    d.version ?? null,
    d.type,
    d.classifier ?? '',
    d.scope ?? null,
    d.optional ?? null,
    d.systemPath ?? null,
    d.exclusions.map((x) => `${x.groupId}:${x.artifactId}`),
  ];
}

function repositoryFields(r: Repository): unknown[] {
  return [r.id, r.url, r.layout ?? 'default', r.releases.enabled, r.snapshots.enabled];
}
