import { Parameter } from '@goalhost/api';
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
}
