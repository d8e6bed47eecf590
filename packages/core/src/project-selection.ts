import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Project } from '@goalhost/model';
import type { BuildRequest } from './build-request';
import { ProjectSelectionError } from './errors';

/**
 * The projects a build runs, as Maven's DefaultGraphBuilder trims the sorted reactor: the `-pl`
 * projects (with `-am` the projects they need, with `-amd` the projects needing them, at any
 * depth), then without the excluded ones (looked up among those), then from `-rf` on; in reactor
 * order. Selectors are `[groupId]:artifactId` or a path relative to `reactorDirectory` (the
 * directory of the POM the build starts from) naming a project's directory or POM file.
 */
export function selectProjects(
  sorted: readonly Project[],
  upstream: ReadonlyMap<Project, readonly Project[]>,
  request: BuildRequest,
  reactorDirectory: string,
): Project[] {
  const find = (among: readonly Project[], selector: string): Project | undefined =>
    among.find((p) => matches(p, selector, reactorDirectory));
  let result = [...sorted];
  if (request.selectedProjects.length > 0) {
    const selected = new Set<Project>();
    for (const selector of request.selectedProjects) {
      const project = find(sorted, selector);
      if (!project) throw new ProjectSelectionError(`Could not find the selected project in the reactor: ${selector}`);
      selected.add(project);
    }
    const make = request.makeBehavior;
    for (const project of [...selected]) {
      if (make === 'upstream' || make === 'both') for (const p of reachable(project, upstream)) selected.add(p);
      if (make === 'downstream' || make === 'both')
        for (const p of reachable(project, downstreamOf(sorted, upstream))) selected.add(p);
    }
    result = sorted.filter((p) => selected.has(p));
  }
  if (request.excludedProjects.length > 0) {
    const excluded = new Set<Project>();
    for (const selector of request.excludedProjects) {
      const project = find(result, selector);
      if (!project) throw new ProjectSelectionError(`Could not find the selected project in the reactor: ${selector}`);
      excluded.add(project);
    }
    result = result.filter((p) => !excluded.has(p));
  }
  if (request.resumeFrom) {
    const from = result.findIndex((p) => matches(p, request.resumeFrom!, reactorDirectory));
    if (from < 0) {
      throw new ProjectSelectionError(
        `Could not find project to resume reactor build from: ${request.resumeFrom} vs ${result.map((p) => `${p.groupId}:${p.artifactId}`).join(', ')}`,
      );
    }
    result = result.slice(from);
  }
  return result;
}

/** Maven's isMatchingProject: `:artifactId` or `groupId:artifactId`, else an existing directory or POM file. */
function matches(project: Project, selector: string, reactorDirectory: string): boolean {
  if (selector.includes(':'))
    return selector === `:${project.artifactId}` || selector === `${project.groupId}:${project.artifactId}`;
  // As java.io.File(reactorDirectory, selector), normalised: an absolute selector is still below it.
  const target = path.join(reactorDirectory, selector).replace(/(.)\/+$/, '$1');
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (stat?.isFile()) return target === path.resolve(project.file);
  if (stat?.isDirectory()) return target === path.resolve(project.basedir);
  return false;
}

/** Every project reached from `start` over `edges`, at any depth, `start` itself not included. */
function reachable(start: Project, edges: ReadonlyMap<Project, readonly Project[]>): Set<Project> {
  const seen = new Set<Project>();
  const visit = (p: Project): void => {
    for (const next of edges.get(p) ?? []) {
      if (next === start || seen.has(next)) continue;
      seen.add(next);
      visit(next);
    }
  };
  visit(start);
  return seen;
}

/** The edges reversed: for each project, the projects that depend on it directly. */
function downstreamOf(
  projects: readonly Project[],
  upstream: ReadonlyMap<Project, readonly Project[]>,
): Map<Project, Project[]> {
  const downstream = new Map<Project, Project[]>(projects.map((p) => [p, []]));
  for (const p of projects) for (const u of upstream.get(p) ?? []) downstream.get(u)?.push(p);
  return downstream;
}
