import { Parameter, type GoalContext } from '@goalhost/api';

/** What goalhost's own lock goals (dependency:lock, dependency:bundle) share: the plugin's skip switch. */
export abstract class LockFileGoal {
  @Parameter({
    type: 'boolean',
    property: 'mdep.skip',
    defaultValue: 'false',
    since: '0.1',
    description: 'Skip plugin execution completely.',
  })
  skip = false;

  protected abstract readonly context: GoalContext;

  async execute(): Promise<void> {
    if (this.skip) {
      this.context.log.info('Skipping plugin execution');
      return;
    }
    await this.doExecute();
  }

  /** The goal's work, when not skipped. */
  protected abstract doExecute(): Promise<void>;
}
