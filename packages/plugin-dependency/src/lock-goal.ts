import { Goal, GoalExecutionError, inject, TOKENS, type GoalContext } from '@goalhost/api';
import { LockFileGoal } from './lock-file-goal';

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
export class LockGoal extends LockFileGoal {
  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const { log, project, repository } = this.context;
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
