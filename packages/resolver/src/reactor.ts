import * as path from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { Project } from '@goalhost/model';
import { ProjectBuildingError } from './errors';

/** Reads one project (the builder decides everything about the model). */
export type ProjectReader = (pomFile: string) => Promise<Project>;

/**
 * Maven's reactor: the root project and, recursively, its `<modules>`, sorted so that every
 * project comes after the projects it depends on, builds with (plugins), or inherits from;
 * otherwise in declaration order.
 */
export async function buildReactor(rootPom: string, read: ProjectReader): Promise<Project[]> {
  const collected: Project[] = [];
  const seen = new Set<string>();
  const visit = async (pom: string, chain: string[]): Promise<void> => {
    const file = path.resolve(pom);
    if (seen.has(file)) return;
    seen.add(file);
    const project = await read(file);
    collected.push(project);
    for (const module of project.modules) {
      let child = path.resolve(project.basedir, module);
      if (isDirectory(child)) child = path.join(child, 'pom.xml');
      if (!existsSync(child)) {
        throw new ProjectBuildingError(file, `${project.groupId}:${project.artifactId}:${project.version}`, [
          {
            severity: 'ERROR',
            message: `Child module ${child} of ${file} does not exist`,
            modelId: `${project.groupId}:${project.artifactId}:${project.version}`,
          },
        ]);
      }
      if (chain.includes(child)) continue;
      await visit(child, [...chain, file]);
    }
  };
  await visit(rootPom, []);
  return sortProjects(collected);
}

const ga = (g: string, a: string): string => `${g}:${a}`;

/** Topological order (Kahn, stable on declaration order), failing on cycles like Maven. */
export function sortProjects(projects: readonly Project[]): Project[] {
  const byGa = new Map<string, Project>();
  for (const p of projects) {
    const key = ga(p.groupId, p.artifactId);
    if (byGa.has(key)) {
      const first = byGa.get(key)!;
      throw new ProjectBuildingError(p.file, key, [], `Project '${key}:${p.version}' is duplicated in the reactor (${first.file} and ${p.file})`);
    }
    byGa.set(key, p);
  }
  const edges = new Map<Project, Set<Project>>();
  for (const p of projects) {
    const deps = new Set<Project>();
    const add = (g: string | undefined, a: string | undefined): void => {
      const target = g && a ? byGa.get(ga(g, a)) : undefined;
      if (target && target !== p) deps.add(target);
    };
    if (p.parent) add(p.parent.groupId, p.parent.artifactId);
    for (const d of p.dependencies) add(d.groupId, d.artifactId);
    for (const pl of p.build.plugins) add(pl.groupId, pl.artifactId);
    edges.set(p, deps);
  }
  const result: Project[] = [];
  const state = new Map<Project, 'visiting' | 'done'>();
  const visit = (p: Project, trail: Project[]): void => {
    const s = state.get(p);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(p)), p].map((x) => ga(x.groupId, x.artifactId));
      throw new ProjectBuildingError(p.file, ga(p.groupId, p.artifactId), [], `The projects in the reactor contain a cyclic reference: ${cycle.join(' --> ')}`);
    }
    state.set(p, 'visiting');
    for (const d of edges.get(p) ?? []) visit(d, [...trail, p]);
    state.set(p, 'done');
    result.push(p);
  };
  for (const p of projects) visit(p, []);
  return result;
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
