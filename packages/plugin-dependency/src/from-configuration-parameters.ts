import * as path from 'node:path';
import { GoalExecutionError, Parameter, type GoalContext } from '@goalhost/api';
import { DependencyGoalParameters } from './dependency-goal-parameters';

/**
 * The parameters of maven-dependency-plugin 3.5.0's goals that work on configured artifactItems
 * (AbstractFromConfigurationMojo: copy and unpack), with its names, properties and texts.
 */
export abstract class FromConfigurationParameters extends DependencyGoalParameters {
  @Parameter({
    type: 'java.lang.String',
    property: 'artifact',
    description:
      'The artifact to copy from command line. A string of the form groupId:artifactId:version[:packaging[:classifier]]. Use {@link #artifactItems} within the POM configuration.',
  })
  artifact?: string;

  @Parameter({
    type: 'java.util.List',
    since: '1.0',
    description:
      'Collection of ArtifactItems to work on. (ArtifactItem contains groupId, artifactId, version, type, classifier, outputDirectory, destFileName, overWrite and encoding.) See <a href="./usage.html">Usage</a> for details.',
  })
  artifactItems?: unknown[];

  @Parameter({
    type: 'java.io.File',
    property: 'outputDirectory',
    defaultValue: '${project.build.directory}/dependency',
    since: '1.0',
    description: 'Default output location used for mojo, unless overridden in ArtifactItem.',
  })
  outputDirectory?: string;

  @Parameter({
    type: 'java.io.File',
    since: '2.2',
    description:
      "Path to override default local repository during plugin's execution. To remove all downloaded artifacts as part of the build, set this value to a location under your project's target directory",
  })
  localRepositoryDirectory?: string;

  @Parameter({
    type: 'boolean',
    property: 'mdep.overWriteReleases',
    defaultValue: 'false',
    since: '1.0',
    description: 'Overwrite release artifacts',
  })
  overWriteReleases = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.overWriteSnapshots',
    defaultValue: 'false',
    since: '1.0',
    description: 'Overwrite snapshot artifacts',
  })
  overWriteSnapshots = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.overIfNewer',
    defaultValue: 'true',
    since: '2.0',
    description: 'Overwrite if newer',
  })
  overWriteIfNewer = true;

  /**
   * Where the items are resolved: the build's repository access, with localRepositoryDirectory
   * (resolved against the base directory) as the local repository when it is set.
   */
  protected itemRepository(context: Pick<GoalContext, 'repository' | 'project'>): Pick<GoalContext, 'repository'> {
    if (!this.localRepositoryDirectory) return context;
    const { repository } = context;
    if (!repository.withLocalRepository)
      throw new GoalExecutionError(
        'This host cannot resolve into another local repository (RepositoryService.withLocalRepository): remove localRepositoryDirectory from the configuration.',
      );
    return {
      repository: repository.withLocalRepository(path.resolve(context.project.basedir, this.localRepositoryDirectory)),
    };
  }
}
