import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';

/**
 * dependency:lock (goalhost's own goal, no maven-dependency-plugin counterpart): resolves the
 * project's dependencies afresh, every scope, and writes them with their SHA-256 digests to
 * the lock file beside its pom.xml, which every later build then verifies.
 */
@Goal({
  name: 'lock',
  description:
    "Resolves the project's dependencies afresh (every scope) and writes them, with the SHA-256 of each file and the repository it came from, " +
    'to goalhost.lock beside the pom.xml. Every later build checks the resolution and the files against it. A goalhost addition.',
  threadSafe: true,
  since: '0.1',
})
export class LockGoal {
  @Parameter({
    type: 'boolean',
    property: 'mdep.skip',
    defaultValue: 'false',
    since: '0.1',
    description: 'Skip plugin execution completely.',
  })
  skip = false;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  async execute(): Promise<void> {
    const { log, project, repository } = this.context;
    if (this.skip) {
      log.info('Skipping plugin execution');
      return;
    }
    if (!repository.writeDependencyLock) {
      throw new GoalExecutionError(
        'Cannot write a lock file: this host does not lock dependencies (RepositoryService.writeDependencyLock).',
      );
    }
    const written = await repository.writeDependencyLock(project);
    const count = (n: number, noun: string): string => `${n} ${noun}${n === 1 ? '' : 's'}`;
    const poms = written.poms !== undefined ? `, ${count(written.poms, 'POM')}` : '';
    log.info(
      `${written.changed ? 'Wrote' : 'Unchanged:'} ${written.file} (${count(written.artifacts, 'artifact')}${poms})`,
    );
  }
}
