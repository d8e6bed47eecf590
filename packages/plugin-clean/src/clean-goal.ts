import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { CleanError, DirectoryCleaner } from './directory-cleaner';

/** clean:clean — deletes the files a build made: the build directory and the output directories. */
@Goal({
  name: 'clean',
  description:
    "Deletes what the build made in the project's directory: by default the build directory " +
    '(project.build.directory) and the main and test output directories, without following symbolic links out of them.',
  defaultPhase: 'clean',
  requiresProject: true,
  threadSafe: true,
  since: '2.0',
})
export class CleanGoal {
  @Parameter({
    type: 'java.io.File',
    description: 'The build directory.',
    defaultValue: '${project.build.directory}',
    required: true,
    readonly: true,
  })
  directory!: string;

  @Parameter({
    type: 'java.io.File',
    description: 'Where compiled classes go.',
    defaultValue: '${project.build.outputDirectory}',
    required: true,
    readonly: true,
  })
  outputDirectory!: string;

  @Parameter({
    type: 'java.io.File',
    description: 'Where compiled test classes go.',
    defaultValue: '${project.build.testOutputDirectory}',
    required: true,
    readonly: true,
  })
  testOutputDirectory!: string;

  // maven-clean-plugin 3.2.0 defaults this to the output directory too; kept for the same set of directories.
  @Parameter({
    type: 'java.io.File',
    description: 'Where the site is generated.',
    defaultValue: '${project.build.outputDirectory}',
    required: true,
    readonly: true,
    since: '2.1.1',
  })
  reportDirectory!: string;

  @Parameter({
    type: 'boolean',
    property: 'maven.clean.verbose',
    since: '2.1',
    description: 'Logs every deleted file and directory; when unset, only with -X (debug).',
  })
  verbose?: boolean;

  @Parameter({
    type: 'boolean',
    property: 'maven.clean.followSymLinks',
    defaultValue: 'false',
    since: '2.1',
    description: 'Follows symbolic links into the directories they point to and deletes their contents too.',
  })
  followSymLinks = false;

  @Parameter({
    type: 'boolean',
    property: 'maven.clean.skip',
    defaultValue: 'false',
    since: '2.2',
    description: 'Skips the clean.',
  })
  skip = false;

  @Parameter({
    type: 'boolean',
    property: 'maven.clean.failOnError',
    defaultValue: 'true',
    since: '2.2',
    description: 'Fails the build when a file cannot be deleted; when false, warns and goes on.',
  })
  failOnError = true;

  @Parameter({
    type: 'boolean',
    property: 'maven.clean.retryOnError',
    defaultValue: 'true',
    since: '2.4.2',
    description:
      'Tries again, after short delays, to delete a file whose first deletion failed (e.g. a file briefly locked by another program).',
  })
  retryOnError = true;

  @Parameter({
    type: 'boolean',
    property: 'maven.clean.excludeDefaultDirectories',
    defaultValue: 'false',
    since: '2.3',
    description: 'Leaves the build and output directories alone.',
  })
  excludeDefaultDirectories = false;

  @Parameter({
    type: 'boolean',
    property: 'maven.clean.fast',
    defaultValue: 'false',
    since: '3.2',
    description: 'Accepted for compatibility; goalhost always deletes in the foreground.',
  })
  fast = false;

  @Parameter({
    type: 'java.io.File',
    property: 'maven.clean.fastDir',
    since: '3.2',
    description: 'Accepted for compatibility; goalhost always deletes in the foreground.',
  })
  fastDir?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'maven.clean.fastMode',
    defaultValue: 'background',
    since: '3.2',
    description: 'Accepted for compatibility (background, at-end or defer); goalhost always deletes in the foreground.',
  })
  fastMode = 'background';

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  async execute(): Promise<void> {
    const { log } = this.context;
    if (this.skip) {
      log.info('Clean is skipped.');
      return;
    }
    if (this.fast && !['background', 'at-end', 'defer'].includes(this.fastMode)) {
      throw new GoalExecutionError(
        `Illegal value '${this.fastMode}' for fastMode. Allowed values are 'background', 'at-end' and 'defer'.`,
      );
    }
    const cleaner = new DirectoryCleaner({
      log,
      verbose: this.verbose ?? log.isDebugEnabled(),
      followSymlinks: this.followSymLinks,
      failOnError: this.failOnError,
      retryOnError: this.retryOnError,
    });
    const directories = this.excludeDefaultDirectories
      ? []
      : [this.directory, this.outputDirectory, this.testOutputDirectory, this.reportDirectory];
    try {
      for (const dir of directories) if (dir) await cleaner.delete(dir);
    } catch (e) {
      if (e instanceof CleanError) throw new GoalExecutionError(`Failed to clean project: ${e.message}`, { cause: e });
      throw e;
    }
  }
}
