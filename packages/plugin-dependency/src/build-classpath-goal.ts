import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import type { DependencyArtifact } from './dependency-artifact';
import { DependencySelectionParameters } from './dependency-selection-parameters';
import { dependencySets } from './dependency-sets';
import { writeOutput } from './output-writer';
import { formattedFileName } from './output-names';
import { setProjectProperty } from './project-properties';

/** dependency:build-classpath — maven-dependency-plugin 3.5.0's BuildClasspathMojo. */
@Goal({
  name: 'build-classpath',
  description: 'This goal outputs a classpath string of dependencies from the local repository to a file or log.',
  requiresDependencyResolution: 'test',
  defaultPhase: 'generate-sources',
  threadSafe: true,
  since: '2.0-alpha-2',
})
export class BuildClasspathGoal extends DependencySelectionParameters {
  @Parameter({
    type: 'java.lang.String',
    property: 'outputEncoding',
    defaultValue: '${project.reporting.outputEncoding}',
    description: '',
  })
  outputEncoding?: string;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripVersion',
    defaultValue: 'false',
    description: 'Strip artifact version during copy (only works if prefix is set)',
  })
  stripVersion = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripClassifier',
    defaultValue: 'false',
    description: 'Strip artifact classifier during copy (only works if prefix is set)',
  })
  stripClassifier = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.prefix',
    description:
      'The prefix to prepend on each dependent artifact. If undefined, the paths refer to the actual files store in the local repository (the stripVersion parameter does nothing then).',
  })
  prefix?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.outputProperty',
    description: 'A property to set to the content of the classpath string.',
  })
  outputProperty?: string;

  @Parameter({
    type: 'java.io.File',
    property: 'mdep.outputFile',
    description: 'The file to write the classpath string. If undefined, it just prints the classpath as [INFO].',
  })
  outputFile?: string;

  @Parameter({
    type: 'boolean',
    property: 'mdep.regenerateFile',
    defaultValue: 'false',
    description: "If 'true', it skips the up-to-date-check, and always regenerates the classpath file.",
  })
  regenerateFile = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.fileSeparator',
    defaultValue: '',
    since: '2.0',
    description:
      "Override the char used between the paths. This field is initialized to contain the first character of the value of the system property file.separator. On UNIX systems the value of this field is '/'; on Microsoft Windows systems it is '\\'. The default is File.separator",
  })
  fileSeparator?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.pathSeparator',
    defaultValue: '',
    since: '2.0',
    description:
      "Override the char used between path folders. The system-dependent path-separator character. This field is initialized to contain the first character of the value of the system property path.separator. This character is used to separate filenames in a sequence of files given as a path list. On UNIX systems, this character is ':'; on Microsoft Windows systems it is ';'.",
  })
  pathSeparator?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.localRepoProperty',
    defaultValue: '',
    since: '2.0',
    description:
      'Replace the absolute path to the local repo with this property. This field is ignored it prefix is declared. The value will be forced to "${M2_REPO}" if no value is provided AND the attach flag is true.',
  })
  localRepoProperty?: string;

  @Parameter({
    type: 'boolean',
    defaultValue: 'false',
    since: '2.0',
    description: 'Attach the classpath file to the main artifact so it can be installed and deployed.',
  })
  attach = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.outputFilterFile',
    defaultValue: 'false',
    since: '2.0',
    description: 'Write out the classpath in a format compatible with filtering (classpath=xxxxx)',
  })
  outputFilterFile = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useBaseVersion',
    defaultValue: 'true',
    since: '2.6',
    description:
      "Either append the artifact's baseVersion or uniqueVersion to the filename. Will only be used if {@link #isStripVersion()} is {@code false}.",
  })
  useBaseVersion = true;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const localRepoProperty = this.attach && !this.localRepoProperty ? '${M2_REPO}' : this.localRepoProperty;
    const { resolved } = await dependencySets(
      this.context,
      this,
      { stopOnFailure: true, includeParents: false },
      this.log,
    );
    if (resolved.length === 0) this.log.info('No dependencies found.');
    let classpath = resolved
      .map((a) => this.pathOf(a, localRepoProperty))
      .join(this.pathSeparator ? this.pathSeparator : path.delimiter);
    if (this.fileSeparator) classpath = classpath.split(path.sep).join(this.fileSeparator);
    if (this.outputFilterFile) classpath = `classpath=${classpath}`;
    if (this.outputProperty !== undefined) {
      setProjectProperty(this.context.project, this.outputProperty, classpath);
      this.log.debug(`${this.outputProperty} = ${classpath}`);
    }
    if (this.outputFile === undefined) this.log.info(`Dependencies classpath:\n${classpath}`);
    else if (this.regenerateFile || !this.upToDate(this.outputFile, classpath)) this.store(classpath, this.outputFile);
    else this.log.info(`Skipped writing classpath file '${this.outputFile}'.  No changes found.`);
    // The classpath file is also written for attaching; goalhost keeps no attached artifacts to add it to.
    if (this.attach) this.store(classpath, path.join(this.context.project.build.directory, 'classpath'));
  }

  /** appendArtifactPath: the file in the local repository (its base path replaced by localRepoProperty), or prefix/name. */
  private pathOf(a: DependencyArtifact, localRepoProperty: string | undefined): string {
    if (this.prefix === undefined) {
      return localRepoProperty ? a.file.split(this.context.session.localRepository).join(localRepoProperty) : a.file;
    }
    const name = formattedFileName(a, {
      removeVersion: this.stripVersion,
      prependGroupId: this.prependGroupId,
      useBaseVersion: this.useBaseVersion,
      removeClassifier: this.stripClassifier,
    });
    return `${this.prefix}${path.sep}${name}`;
  }

  /** Whether the file holds this classpath already (read line by line, line ends dropped, as the plugin reads it). */
  private upToDate(file: string, classpath: string): boolean {
    if (!existsSync(file) || !statSync(file).isFile()) return false;
    try {
      return (
        readFileSync(file, 'utf8')
          .split(/\r\n|\r|\n/)
          .join('') === classpath
      );
    } catch (e) {
      this.log.warn(`Error while reading old classpath file '${file}' for up-to-date check: ${(e as Error).message}`);
      return false;
    }
  }

  private store(classpath: string, file: string): void {
    try {
      writeOutput(classpath, file, false, this.outputEncoding || 'UTF-8');
    } catch (e) {
      throw new GoalExecutionError(`Error while writing to classpath file '${file}: ${(e as Error).message}`, {
        cause: e,
      });
    }
    this.log.info(`Wrote classpath file '${file}'.`);
  }
}
