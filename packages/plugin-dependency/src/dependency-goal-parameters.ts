import { Parameter, type GoalContext, type Log } from '@goalhost/api';

/**
 * The parameters every goal of maven-dependency-plugin 3.5.0 that copies or resolves shares
 * (AbstractDependencyMojo), with its names, properties and texts; and the log `silent` quiets.
 */
export abstract class DependencyGoalParameters {
  @Parameter({
    type: 'boolean',
    property: 'mdep.skip',
    defaultValue: 'false',
    since: '2.7',
    description: 'Skip plugin execution completely.',
  })
  skip = false;

  @Parameter({
    type: 'boolean',
    property: 'silent',
    defaultValue: 'false',
    since: '2.0',
    description: 'If the plugin should be silent.',
  })
  silent = false;

  @Parameter({
    type: 'boolean',
    property: 'outputAbsoluteArtifactFilename',
    defaultValue: 'false',
    since: '2.0',
    description: 'Output absolute filename for resolved artifacts',
  })
  outputAbsoluteArtifactFilename = false;

  @Parameter({
    type: 'boolean',
    defaultValue: 'false',
    since: '3.4.0',
    description: 'Skip plugin execution only during incremental builds (e.g. triggered from M2E).',
  })
  skipDuringIncrementalBuild = false;

  @Parameter({
    type: 'boolean',
    property: 'dependency.useJvmChmod',
    defaultValue: 'true',
    since: '2.5.1',
    description:
      '<p> will use the jvm chmod, this is available for user and all level group level will be ignored </p> <b>since 2.6 is on by default</b>',
  })
  useJvmChmod = true;

  @Parameter({
    type: 'boolean',
    property: 'dependency.ignorePermissions',
    defaultValue: 'false',
    since: '2.7',
    description: 'ignore to set file permissions when unpacking a dependency',
  })
  ignorePermissions = false;

  protected abstract readonly context: GoalContext;

  /** Maven's AbstractDependencyMojo.execute: skipped (said through the goal's own log, silent when `silent`), or done. */
  async execute(): Promise<void> {
    if (this.skip) {
      this.log.info('Skipping plugin execution');
      return;
    }
    await this.doExecute();
  }

  /** The goal's work, when not skipped. */
  protected abstract doExecute(): Promise<void>;

  /** The goal's log: with `silent`, only errors (Maven's DependencySilentLog). */
  protected get log(): Log {
    const log = this.context.log;
    if (!this.silent) return log;
    const quiet = (): void => undefined;
    return {
      info: quiet,
      warn: quiet,
      debug: quiet,
      error: (message) => log.error(message),
      isDebugEnabled: () => false,
      progress: quiet,
      progressDone: quiet,
    };
  }
}
