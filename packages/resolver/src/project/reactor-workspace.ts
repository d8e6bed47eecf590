import type { Project } from '@goalhost/model';
import type { ArtifactCoords, WorkspaceReader } from '../transport';

/**
 * Maven's ReactorReader over the session's projects (those selected, with `-pl`): a project's
 * POM is its pom.xml in the build, so a dependency on a sibling collects the sibling's own
 * dependencies from it. Its other files exist only once a phase made them, which goals run on
 * their own never do: they come from the repositories, as in Maven.
 */
export class ReactorWorkspace implements WorkspaceReader {
  private readonly poms: ReadonlyMap<string, string>;

  constructor(projects: readonly Project[]) {
    this.poms = new Map(projects.map((p) => [`${p.groupId}:${p.artifactId}:${p.version}`, p.file]));
  }

  find(c: ArtifactCoords): string | undefined {
    return c.extension === 'pom' ? this.poms.get(`${c.groupId}:${c.artifactId}:${c.version}`) : undefined;
  }
}
