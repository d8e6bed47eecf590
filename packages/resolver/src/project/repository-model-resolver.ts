import type { Mirror, RawRepository } from '@goalhost/model';
import { aggregateRepositories, fromRaw, type RemoteRepository } from '../transport';
import type { ModelResolver } from './model-building';

type Repositories = readonly RemoteRepository[];

/**
 * Maven's two model resolvers over remote repositories. A project's (ProjectModelResolver, POM
 * dominant): the POMs' repositories, mirrors applied, before the build's own (`external`). A
 * dependency POM's (DefaultModelResolver): the repositories it was asked with, then the POMs'. An
 * id is added once; replacing removes every repository of that id first (a mirror keeps its own).
 */
export class RepositoryModelResolver implements ModelResolver<Repositories> {
  private constructor(
    private list: Repositories,
    /** A project's: the POMs' repositories, kept apart from the build's. */
    private pom: Repositories | undefined,
    private readonly external: Repositories,
    private readonly ids: Set<string>,
    private readonly mirrors: readonly Mirror[],
  ) {}

  static forProject(external: Repositories, mirrors: readonly Mirror[]): RepositoryModelResolver {
    return new RepositoryModelResolver(external, [], external, new Set(), mirrors);
  }

  static forDescriptor(repositories: Repositories, mirrors: readonly Mirror[]): RepositoryModelResolver {
    return new RepositoryModelResolver(repositories, undefined, repositories, new Set(), mirrors);
  }

  get context(): Repositories {
    return this.list;
  }

  addRepository(repository: RawRepository, replace: boolean): void {
    const id = repository.id ?? 'default';
    if (this.ids.has(id)) {
      if (!replace) return;
      this.list = this.list.filter((r) => r.id !== id);
      if (this.pom) this.pom = this.pom.filter((r) => r.id !== id);
    }
    this.ids.add(id);
    const added = [fromRaw(repository)];
    if (this.pom) {
      this.pom = aggregateRepositories(this.pom, added, this.mirrors, true);
      this.list = aggregateRepositories(this.pom, this.external, this.mirrors, false);
    } else {
      this.list = aggregateRepositories(this.list, added, this.mirrors, true);
    }
  }

  newCopy(): RepositoryModelResolver {
    return new RepositoryModelResolver(this.list, this.pom, this.external, new Set(this.ids), this.mirrors);
  }
}
