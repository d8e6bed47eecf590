import { Parameter } from '@goalhost/api';

/**
 * The parameters every resolving goal of maven-dependency-plugin 3.5.0 shares
 * (AbstractDependencyMojo + AbstractDependencyFilterMojo), with the same names and properties.
 */
export abstract class DependencyFilterGoal {
  @Parameter({ type: 'boolean', property: 'mdep.skip', defaultValue: 'false', since: '2.7', description: 'Skip plugin execution completely.' })
  skip = false;

  @Parameter({ type: 'boolean', property: 'silent', defaultValue: 'false', since: '2.0', description: 'If the plugin should be silent.' })
  silent = false;

  @Parameter({ type: 'boolean', property: 'outputAbsoluteArtifactFilename', defaultValue: 'false', since: '2.0', description: 'Output absolute filename for resolved artifacts.' })
  outputAbsoluteArtifactFilename = false;

  @Parameter({ type: 'boolean', property: 'excludeTransitive', defaultValue: 'false', since: '2.0', description: 'If we should exclude transitive dependencies.' })
  excludeTransitive = false;

  @Parameter({ type: 'java.lang.String', property: 'includeTypes', defaultValue: '', since: '2.0', description: 'Comma separated list of Types to include. Empty String indicates include everything (default).' })
  includeTypes?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeTypes', defaultValue: '', since: '2.0', description: 'Comma Separated list of Types to exclude. Empty String indicates don\'t exclude anything (default).' })
  excludeTypes?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeScope', defaultValue: '', since: '2.0', description: 'Scope to include. An Empty string indicates all scopes (default). The scopes being interpreted are the scopes as Maven sees them, not as specified in the pom.' })
  includeScope?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeScope', defaultValue: '', since: '2.0', description: 'Scope to exclude. An Empty string indicates no scopes (default).' })
  excludeScope?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeClassifiers', defaultValue: '', since: '2.0', description: 'Comma Separated list of Classifiers to include. Empty String indicates include everything (default).' })
  includeClassifiers?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeClassifiers', defaultValue: '', since: '2.0', description: 'Comma Separated list of Classifiers to exclude. Empty String indicates don\'t exclude anything (default).' })
  excludeClassifiers?: string;

  @Parameter({ type: 'java.lang.String', property: 'classifier', defaultValue: '', since: '2.0', description: 'Specify classifier to look for. Example: sources' })
  classifier?: string;

  @Parameter({ type: 'java.lang.String', property: 'type', defaultValue: '', since: '2.0', description: 'Specify type to look for when constructing artifact based on classifier. Example: java-source,jar,war' })
  type?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeArtifactIds', defaultValue: '', since: '2.0', description: 'Comma separated list of Artifact names to exclude.' })
  excludeArtifactIds?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeArtifactIds', defaultValue: '', since: '2.0', description: 'Comma separated list of Artifact names to include. Empty String indicates include everything (default).' })
  includeArtifactIds?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeGroupIds', defaultValue: '', since: '2.0', description: 'Comma separated list of GroupId Names to exclude.' })
  excludeGroupIds?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeGroupIds', defaultValue: '', since: '2.0', description: 'Comma separated list of GroupIds to include. Empty String indicates include everything (default).' })
  includeGroupIds?: string;

  @Parameter({ type: 'java.io.File', property: 'markersDirectory', defaultValue: '${project.build.directory}/dependency-maven-plugin-markers', since: '2.0', description: 'Directory to store flag files' })
  markersDirectory?: string;

  @Parameter({ type: 'java.io.File', property: 'outputFile', since: '2.0', description: 'If specified, this parameter causes the dependencies to be written to the path specified instead of the console.' })
  outputFile?: string;

  @Parameter({ type: 'boolean', property: 'appendOutput', defaultValue: 'false', since: '2.2', description: 'Whether to append outputs into the output file or overwrite it.' })
  appendOutput = false;

  @Parameter({ type: 'boolean', property: 'excludeReactor', defaultValue: 'true', since: '2.7', description: "Don't resolve plugins that are in the current reactor." })
  excludeReactor = true;
}
