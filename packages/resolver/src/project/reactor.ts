import * as path from 'node:path';
import { existsSync, statSync } from 'node:fs';
import type { Project } from '@goalhost/model';
import { ProjectBuildingError } from '../errors';

/**
 * A reactor POM after the first phase of its building (Maven's interim result): its file, its
 * `g:a:v` and modules, and the rest of its building to do.
 */
export interface InterimProject {
  readonly file: string;
  readonly id: string;
  readonly modules: readonly string[];
  finish(): Promise<Project>;
}

/** Reads one POM of the reactor, the first phase (the builder decides everything about the model). */
export type InterimReader = (pomFile: string) => Promise<InterimProject>;

/**
 * Maven's reactor (DefaultProjectBuilder, two phases): the root POM and, recursively, its
 * `<modules>` are read first, each up to its id; `between` then gets every POM's file by id (the
 * reactor model pool, where a project's imports may be found), and each project is finished, an
 * aggregator before its modules. The projects are sorted like Maven's ProjectSorter: every project
 * after the projects it depends on, inherits from, or builds with.
 */
export async function buildReactor(
  rootPom: string,
  read: InterimReader,
  between: (poms: ReadonlyMap<string, string>) => void = () => undefined,
): Promise<Project[]> {
  const preorder: InterimProject[] = [];
  const postorder: InterimProject[] = [];
  const seen = new Set<string>();
  // Modules come before the project aggregating them, as in Maven's project builder.
  const visit = async (pom: string): Promise<void> => {
    const file = path.resolve(pom);
    if (seen.has(file)) return;
    seen.add(file);
    const interim = await read(file);
    preorder.push(interim);
    for (const module of interim.modules) {
      let child = path.resolve(path.dirname(file), module);
      if (isDirectory(child)) child = path.join(child, 'pom.xml');
      if (!existsSync(child)) {
        throw new ProjectBuildingError(file, interim.id, [
          { severity: 'ERROR', message: `Child module ${child} of ${file} does not exist`, modelId: interim.id },
        ]);
      }
      await visit(child);
    }
    postorder.push(interim);
  };
  await visit(rootPom);
  between(new Map(preorder.map((i) => [i.id, i.file])));
  const projects = new Map<InterimProject, Project>();
  for (const interim of preorder) projects.set(interim, await interim.finish());
  return sortProjects(postorder.map((i) => projects.get(i)!));
}

const gav = (p: Project): string => `${p.groupId}:${p.artifactId}:${p.version}`;

/**
 * Maven's ProjectSorter: a graph with the projects in collection order, edges to dependencies,
 * then to the parent, then to build plugins (only to reactor projects of that exact version);
 * a depth-first post-order gives the build order. An edge closing a cycle fails like Maven.
 */
export function sortProjects(projects: readonly Project[]): Project[] {
  const byGav = new Map<string, Project>();
  for (const p of projects) {
    const first = byGav.get(gav(p));
    if (first)
      throw new ProjectBuildingError(
        p.file,
        gav(p),
        [],
        `Project '${gav(p)}' is duplicated in the reactor`,
        'DuplicateProjectException',
      );
    byGav.set(gav(p), p);
  }
  const children = new Map<Project, Project[]>(projects.map((p) => [p, []]));
  const reaches = (from: Project, to: Project, trail: Project[]): Project[] | undefined => {
    if (from === to) return [...trail, to];
    for (const c of children.get(from)!) {
      const found = reaches(c, to, [...trail, from]);
      if (found) return found;
    }
    return undefined;
  };
  const addEdge = (from: Project, to: Project | undefined): void => {
    if (!to || to === from || children.get(from)!.includes(to)) return;
    const cycle = reaches(to, from, []);
    if (cycle) {
      throw new ProjectBuildingError(
        from.file,
        gav(from),
        [],
        `The projects in the reactor contain a cyclic reference: Edge between 'Vertex{label='${gav(from)}'}' and 'Vertex{label='${gav(to)}'}' ` +
          `introduces to cycle in the graph ${[...cycle, to].map(gav).join(' --> ')}`,
        'ProjectCycleException',
      );
    }
    children.get(from)!.push(to);
  };
  for (const p of projects) for (const key of edgeKeys(p)) addEdge(p, byGav.get(key));
  const result: Project[] = [];
  const visited = new Set<Project>();
  const visit = (p: Project): void => {
    visited.add(p);
    for (const c of children.get(p)!) if (!visited.has(c)) visit(c);
    result.push(p);
  };
  for (const p of projects) if (!visited.has(p)) visit(p);
  return result;
}

/** `G:A:V` of what a project depends on, inherits from and builds with, in ProjectSorter's order. */
function edgeKeys(p: Project): string[] {
  return [
    ...p.dependencies.map((d) => `${d.groupId}:${d.artifactId}:${d.version}`),
    ...(p.parent ? [`${p.parent.groupId}:${p.parent.artifactId}:${p.parent.version}`] : []),
    ...p.build.plugins.map((pl) => `${pl.groupId}:${pl.artifactId}:${pl.version}`),
  ];
}

/**
 * For each project, the other projects of `projects` it must wait for (the edges Maven's
 * ProjectSorter draws), so that a parallel build starts a project only after them.
 */
export function upstreamProjects(projects: readonly Project[]): Map<Project, Project[]> {
  const byGav = new Map(projects.map((p) => [gav(p), p]));
  return new Map(
    projects.map((p) => [
      p,
      [...new Set(edgeKeys(p).map((k) => byGav.get(k)))].filter((to): to is Project => to !== undefined && to !== p),
    ]),
  );
}

function isDirectory(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}
