import { Parameter } from '@goalhost/api';
import { DependencySelectionParameters } from './dependency-selection-parameters';

/** Where maven-dependency-plugin 3.5.0's copying goals put the files (AbstractFromDependenciesMojo). */
export abstract class FromDependenciesParameters extends DependencySelectionParameters {
  @Parameter({
    type: 'java.io.File',
    property: 'outputDirectory',
    defaultValue: '${project.build.directory}/dependency',
    since: '1.0',
    description: 'Output location.',
  })
  outputDirectory?: string;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripVersion',
    defaultValue: 'false',
    description: 'Strip artifact version during copy',
  })
  stripVersion = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripType',
    defaultValue: 'false',
    since: '3.4.0',
    description: 'Strip artifact type during copy',
  })
  stripType = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripClassifier',
    defaultValue: 'false',
    description: 'Strip artifact classifier during copy',
  })
  stripClassifier = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useRepositoryLayout',
    defaultValue: 'false',
    since: '2.0-alpha-2',
    description:
      '<p> Place each artifact in the same directory layout as a default repository. </p> <p> example: </p> <pre> /outputDirectory/junit/junit/3.8.1/junit-3.8.1.jar </pre>',
  })
  useRepositoryLayout = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useSubDirectoryPerScope',
    defaultValue: 'false',
    since: '2.2',
    description:
      'Place each type of file in a separate subdirectory. (example /outputDirectory/runtime /outputDirectory/provided etc)',
  })
  useSubDirectoryPerScope = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useSubDirectoryPerType',
    defaultValue: 'false',
    since: '2.0-alpha-1',
    description:
      'Place each type of file in a separate subdirectory. (example /outputDirectory/jars /outputDirectory/wars etc)',
  })
  useSubDirectoryPerType = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useSubDirectoryPerArtifact',
    defaultValue: 'false',
    since: '2.0-alpha-1',
    description: 'Place each file in a separate subdirectory. (example <code>/outputDirectory/junit-3.8.1-jar</code>)',
  })
  useSubDirectoryPerArtifact = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.failOnMissingClassifierArtifact',
    defaultValue: 'false',
    since: '2.0-alpha-2',
    description: 'This only applies if the classifier parameter is used.',
  })
  failOnMissingClassifierArtifact = false;
}
