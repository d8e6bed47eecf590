import type { RepositoryService } from '@goalhost/api';
import type { Artifact, Project } from '@goalhost/model';

/** What the executor needs from the resolver; the CLI wires the real implementation. */
export interface BuildServices extends RepositoryService {
  /** Resolved dependencies of `project` in `scope`, in Maven's order. */
  resolveDependencies(project: Project, scope: string): Promise<Artifact[]>;
  /** The dependency graph, for goals that print it (dependency:tree). */
  collectTree?(project: Project, scope: string, options?: { readonly verbose?: boolean }): Promise<unknown>;
}
