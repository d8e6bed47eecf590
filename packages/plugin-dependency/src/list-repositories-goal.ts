import { Goal, GoalExecutionError, inject, TOKENS, type GoalContext } from '@goalhost/api';
import type { Repository, RepositoryPolicy } from '@goalhost/model';
import { DependencyGoalParameters } from './dependency-goal-parameters';

/** dependency:list-repositories — maven-dependency-plugin 3.5.0's ListRepositoriesMojo. */
@Goal({
  name: 'list-repositories',
  description:
    'Goal that resolves all project dependencies and then lists the repositories used by the build and by the transitive dependencies',
  requiresDependencyResolution: 'test',
  threadSafe: true,
  since: '2.2',
})
export class ListRepositoriesGoal extends DependencyGoalParameters {
  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const { repository } = this.context;
    if (!repository.collectionRepositories)
      throw new GoalExecutionError(
        'This host cannot list the repositories of a collection (RepositoryService.collectionRepositories).',
      );
    const repositories = await repository.collectionRepositories();
    this.log.info('Repositories used by this build:');
    for (const r of repositories) this.log.info(describe(r));
  }
}

/** MavenArtifactRepository.toString: one field a line, the policies as `[enabled => B, update => P]`. */
function describe(r: Repository): string {
  const policy = (p: RepositoryPolicy): string => `[enabled => ${p.enabled}, update => ${p.updatePolicy ?? 'daily'}]`;
  return `       id: ${r.id}\n      url: ${r.url}\n   layout: ${r.layout ?? 'default'}\nsnapshots: ${policy(r.snapshots)}\n releases: ${policy(r.releases)}\n`;
}
