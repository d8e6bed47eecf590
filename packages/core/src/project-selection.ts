import type { Project } from '@goalhost/model';
import type { BuildRequest } from './build-request';
import { ProjectSelectionError } from './errors';

/** The stub project goals run in when there is no pom.xml (Maven's `standalone-pom`). */
export function standaloneProject(basedir: string): Project {
  const directory = `${basedir}/target`;
  return {
    groupId: 'org.apache.maven',
    artifactId: 'standalone-pom',
    version: '1',
    packaging: 'pom',
    name: 'Maven Stub Project (No POM)',
    file: `${basedir}/pom.xml`,
    basedir,
    properties: {},
    dependencies: [],
    dependencyManagement: [],
    repositories: [],
    modules: [],
    activeProfiles: [],
    build: {
      directory,
      outputDirectory: `${directory}/classes`,
      testOutputDirectory: `${directory}/test-classes`,
      sourceDirectory: `${basedir}/src/main/java`,
      finalName: 'standalone-pom-1',
      plugins: [],
      pluginManagement: [],
    },
  };
}

/** Applies `-pl` and `-rf` to the sorted reactor, matching `[groupId]:artifactId` or a module path. */
export function selectProjects(projects: Project[], request: BuildRequest): Project[] {
  const matches = (p: Project, selector: string) =>
    selector === `${p.groupId}:${p.artifactId}` ||
    selector === `:${p.artifactId}` ||
    selector === p.artifactId ||
    p.basedir.replace(/\/+$/, '').endsWith(`/${selector.replace(/^\.\//, '').replace(/\/+$/, '')}`);
  let selected = projects;
  if (request.selectedProjects.length > 0) {
    for (const s of request.selectedProjects) {
      if (!projects.some((p) => matches(p, s.replace(/^!/, '')))) {
        throw new ProjectSelectionError(`Could not find the selected project in the reactor: ${s}`);
      }
    }
    const include = request.selectedProjects.filter((s) => !s.startsWith('!'));
    const exclude = request.selectedProjects.filter((s) => s.startsWith('!')).map((s) => s.slice(1));
    selected = selected.filter(
      (p) => (include.length === 0 || include.some((s) => matches(p, s))) && !exclude.some((s) => matches(p, s)),
    );
  }
  if (request.resumeFrom) {
    const from = selected.findIndex((p) => matches(p, request.resumeFrom!));
    if (from < 0)
      throw new ProjectSelectionError(
        `Could not find project to resume reactor build from: ${request.resumeFrom} vs ${selected.map((p) => `${p.groupId}:${p.artifactId}`).join(', ')}`,
      );
    selected = selected.slice(from);
  }
  return selected;
}
