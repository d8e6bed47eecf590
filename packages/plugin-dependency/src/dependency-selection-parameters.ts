import { Parameter } from '@goalhost/api';
import { DependencyGoalParameters } from './dependency-goal-parameters';

/**
 * The dependency selection of maven-dependency-plugin 3.5.0's goals that work on the project's
 * dependencies (AbstractDependencyFilterMojo): the filters, classifier translation, markers and
 * overwrite rules.
 */
export abstract class DependencySelectionParameters extends DependencyGoalParameters {
  @Parameter({
    type: 'java.lang.String',
    property: 'classifier',
    defaultValue: '',
    since: '2.0',
    description: 'Specify classifier to look for. Example: sources',
  })
  classifier?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'type',
    defaultValue: '',
    since: '2.0',
    description:
      'Specify type to look for when constructing artifact based on classifier. Example: java-source,jar,war',
  })
  type?: string;

  @Parameter({
    type: 'boolean',
    property: 'excludeTransitive',
    defaultValue: 'false',
    since: '2.0',
    description: 'If we should exclude transitive dependencies',
  })
  excludeTransitive = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeTypes',
    defaultValue: '',
    since: '2.0',
    description: 'Comma Separated list of Types to include. Empty String indicates include everything (default).',
  })
  includeTypes?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeTypes',
    defaultValue: '',
    since: '2.0',
    description: "Comma Separated list of Types to exclude. Empty String indicates don't exclude anything (default).",
  })
  excludeTypes?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeScope',
    defaultValue: '',
    since: '2.0',
    description:
      'Scope threshold to include. An empty string indicates include all dependencies (default).<br> The scope threshold value being interpreted is the scope as Maven filters for creating a classpath, not as specified in the pom. In summary: <ul> <li><code>runtime</code> include scope gives runtime and compile dependencies,</li> <li><code>compile</code> include scope gives compile, provided, and system dependencies,</li> <li><code>test</code> include scope gives all dependencies (equivalent to default),</li> <li><code>provided</code> include scope just gives provided dependencies,</li> <li><code>system</code> include scope just gives system dependencies.</li> </ul>',
  })
  includeScope?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeScope',
    defaultValue: '',
    since: '2.0',
    description:
      'Scope threshold to exclude, if no value is defined for include. An empty string indicates no dependencies (default).<br> The scope threshold value being interpreted is the scope as Maven filters for creating a classpath, not as specified in the pom. In summary: <ul> <li><code>runtime</code> exclude scope excludes runtime and compile dependencies,</li> <li><code>compile</code> exclude scope excludes compile, provided, and system dependencies,</li> <li><code>test</code> exclude scope excludes all dependencies, then not really a legitimate option: it will fail, you probably meant to configure includeScope = compile</li> <li><code>provided</code> exclude scope just excludes provided dependencies,</li> <li><code>system</code> exclude scope just excludes system dependencies.</li> </ul>',
  })
  excludeScope?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeClassifiers',
    defaultValue: '',
    since: '2.0',
    description: 'Comma Separated list of Classifiers to include. Empty String indicates include everything (default).',
  })
  includeClassifiers?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeClassifiers',
    defaultValue: '',
    since: '2.0',
    description:
      "Comma Separated list of Classifiers to exclude. Empty String indicates don't exclude anything (default).",
  })
  excludeClassifiers?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeArtifactIds',
    defaultValue: '',
    since: '2.0',
    description:
      'Comma separated list of Artifact names to include. Empty String indicates include everything (default).',
  })
  includeArtifactIds?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeArtifactIds',
    defaultValue: '',
    since: '2.0',
    description: 'Comma separated list of Artifact names to exclude.',
  })
  excludeArtifactIds?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeGroupIds',
    defaultValue: '',
    since: '2.0',
    description: 'Comma separated list of GroupIds to include. Empty String indicates include everything (default).',
  })
  includeGroupIds?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeGroupIds',
    defaultValue: '',
    since: '2.0',
    description: 'Comma separated list of GroupId Names to exclude.',
  })
  excludeGroupIds?: string;

  @Parameter({
    type: 'java.io.File',
    property: 'markersDirectory',
    defaultValue: '${project.build.directory}/dependency-maven-plugin-markers',
    since: '2.0',
    description: 'Directory to store flag files',
  })
  markersDirectory?: string;

  @Parameter({
    type: 'boolean',
    property: 'overWriteReleases',
    defaultValue: 'false',
    since: '1.0',
    description: 'Overwrite release artifacts',
  })
  overWriteReleases = false;

  @Parameter({
    type: 'boolean',
    property: 'overWriteSnapshots',
    defaultValue: 'false',
    since: '1.0',
    description: 'Overwrite snapshot artifacts',
  })
  overWriteSnapshots = false;

  @Parameter({
    type: 'boolean',
    property: 'overWriteIfNewer',
    defaultValue: 'true',
    since: '2.0',
    description: "Overwrite artifacts that don't exist or are older than the source.",
  })
  overWriteIfNewer = true;

  @Parameter({
    type: 'boolean',
    property: 'mdep.prependGroupId',
    defaultValue: 'false',
    since: '2.2',
    description: 'Prepend the groupId during copy.',
  })
  prependGroupId = false;
}
