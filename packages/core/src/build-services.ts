import type {
  ArtifactRequest,
  CoordinateRequestOptions,
  RepositoryService,
  LockedRepositoryFile,
  SourceWiring,
  WrittenDependencyLock,
} from '@goalhost/api';
import type { Artifact, Coordinates, Project, Repository } from '@goalhost/model';

/** What the executor needs from the resolver; the CLI wires the real implementation. */
export interface BuildServices {
  /** Resolved dependencies of `project` in `scope`, in Maven's order. */
  resolveDependencies(project: Project, scope: string): Promise<Artifact[]>;
  /** The dependency graph, for goals that print it (dependency:tree). */
  collectTree?(project: Project, scope: string, options?: { readonly verbose?: boolean }): Promise<unknown>;
  /** An artifact file, from the repositories `project` sees (its own, then settings' and central). */
  resolveArtifact(request: ArtifactRequest, project: Project): Promise<string>;
  /** The effective model of a repository POM, from the repositories `project` sees. */
  readProject(coordinates: Coordinates, project: Project): Promise<Project>;
  writeDependencyLock?(project: Project): Promise<WrittenDependencyLock>;
  lockSources?(project: Project, sources: readonly SourceWiring[], dryRun: boolean): Promise<void>;
  lockedFiles?(project: Project): Promise<LockedRepositoryFile[]>;
  resolveCoordinate?(
    request: ArtifactRequest,
    project: Project,
    options: CoordinateRequestOptions,
  ): Promise<Artifact[]>;
  forgetResolvedFiles?(): void;
  collectionRepositories?(project: Project): Promise<Repository[]>;
  /** The same services with another local repository (files and POMs read from and downloaded into `directory`). */
  withLocalRepository?(directory: string): BuildServices;
}

/**
 * The repository as one project's goals see it: as Maven gives a mojo its project's remote
 * repositories, every look-up goes to the repositories that project declares.
 */
export function repositoryFor(services: BuildServices, project: Project): RepositoryService {
  return {
    resolveArtifact: (request) => services.resolveArtifact(request, project),
    readProject: (coordinates) => services.readProject(coordinates, project),
    ...(services.writeDependencyLock ? { writeDependencyLock: (p: Project) => services.writeDependencyLock!(p) } : {}),
    ...(services.lockSources
      ? {
          lockSources: (sources: readonly SourceWiring[], dryRun: boolean) =>
            services.lockSources!(project, sources, dryRun),
        }
      : {}),
    ...(services.lockedFiles ? { lockedFiles: () => services.lockedFiles!(project) } : {}),
    ...(services.resolveCoordinate
      ? {
          resolveCoordinate: (request: ArtifactRequest, options: CoordinateRequestOptions) =>
            services.resolveCoordinate!(request, project, options),
        }
      : {}),
    resolveProjectDependencies: (scope: string) => services.resolveDependencies(project, scope),
    ...(services.forgetResolvedFiles ? { forgetResolvedFiles: () => services.forgetResolvedFiles!() } : {}),
    ...(services.collectionRepositories
      ? { collectionRepositories: () => services.collectionRepositories!(project) }
      : {}),
    ...(services.withLocalRepository
      ? { withLocalRepository: (directory: string) => repositoryFor(services.withLocalRepository!(directory), project) }
      : {}),
  };
}
