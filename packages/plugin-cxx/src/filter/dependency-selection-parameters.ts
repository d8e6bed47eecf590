import { injectable, Parameter } from '@goalhost/api';

/**
 * The parameters both cxx goals share (goals-spec 2.1): dependency selection, markers, overwrite
 * rules and the switches maven-dependency-plugin's AbstractDependencyFilterMojo carries. Each
 * goal extends this class; the descriptor lists the inherited parameters with the goal's own.
 */
@injectable()
export abstract class DependencySelectionParameters {
  @Parameter({
    type: 'java.lang.String',
    property: 'classifier',
    since: '2.0',
    description: 'Classifier to look for (for example a sources classifier).',
  })
  classifier?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeArtifactIds',
    since: '2.0',
    description: 'Comma-separated artifact names to exclude.',
  })
  excludeArtifactIds?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeClassifiers',
    since: '2.0',
    defaultValue: '',
    description: 'Comma-separated classifiers to exclude.',
  })
  excludeClassifiers?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeGroupIds',
    since: '2.0',
    description: 'Comma-separated group ids to exclude.',
  })
  excludeGroupIds?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeRegexClassifiers',
    since: '0.0.6',
    defaultValue: '',
    description: 'Comma-separated classifiers to exclude (regular-expression variant).',
  })
  excludeRegexClassifiers?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeScope',
    since: '2.0',
    defaultValue: '',
    description: 'Scope to exclude.',
  })
  excludeScope?: string;

  @Parameter({
    type: 'boolean',
    property: 'excludeTransitive',
    since: '2.0',
    defaultValue: 'false',
    description: 'When true, transitive dependencies are excluded.',
  })
  excludeTransitive = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'excludeTypes',
    since: '2.0',
    defaultValue: '',
    description: 'Comma-separated types to exclude.',
  })
  excludeTypes?: string;

  @Parameter({
    type: 'boolean',
    property: 'dependency.ignorePermissions',
    since: '2.7',
    defaultValue: 'false',
    description: 'When true, file permissions are not set when unpacking a dependency.',
  })
  ignorePermissions = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeArtifactIds',
    since: '2.0',
    defaultValue: '',
    description: 'Comma-separated artifact names to include.',
  })
  includeArtifactIds?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeClassifiers',
    since: '2.0',
    defaultValue: '',
    description: 'Comma-separated classifiers to include.',
  })
  includeClassifiers?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeGroupIds',
    since: '2.0',
    defaultValue: '',
    description: 'Comma-separated group ids to include.',
  })
  includeGroupIds?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeRegexClassifiers',
    since: '0.0.6',
    defaultValue: '',
    description: 'Comma-separated classifiers to include (regular-expression variant).',
  })
  includeRegexClassifiers?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeScope',
    since: '2.0',
    defaultValue: '',
    description:
      'Scope to include. Scopes are interpreted as Maven resolves them, not as declared in the pom: runtime selects runtime and compile dependencies; compile selects compile, provided and system; test selects all dependencies; provided selects provided only; system selects system only. Empty means all scopes.',
  })
  includeScope?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'includeTypes',
    since: '2.0',
    defaultValue: '',
    description: 'Comma-separated types to include.',
  })
  includeTypes?: string;

  @Parameter({
    type: 'java.io.File',
    property: 'markersDirectory',
    since: '2.0',
    defaultValue: '${project.build.directory}/dependency-maven-plugin-markers',
    description: 'Directory where flag (marker) files are stored.',
  })
  markersDirectory?: string;

  @Parameter({
    type: 'boolean',
    property: 'outputAbsoluteArtifactFilename',
    since: '2.0',
    defaultValue: 'false',
    description: 'Output the absolute file name of resolved artifacts.',
  })
  outputAbsoluteArtifactFilename = false;

  @Parameter({
    type: 'boolean',
    property: 'overWriteIfNewer',
    since: '2.0',
    defaultValue: 'true',
    description: 'Overwrite artifacts that do not exist or are older than the source.',
  })
  overWriteIfNewer = true;

  @Parameter({
    type: 'boolean',
    property: 'overWriteReleases',
    since: '1.0',
    defaultValue: 'false',
    description: 'Overwrite release artifacts.',
  })
  overWriteReleases = false;

  @Parameter({
    type: 'boolean',
    property: 'overWriteSnapshots',
    since: '1.0',
    defaultValue: 'false',
    description: 'Overwrite snapshot artifacts.',
  })
  overWriteSnapshots = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.prependGroupId',
    since: '2.2',
    defaultValue: 'false',
    description: 'Prepend the group id during copy.',
  })
  prependGroupId = false;

  @Parameter({
    type: 'boolean',
    property: 'silent',
    since: '2.0',
    defaultValue: 'false',
    description: 'When true, the plugin is silent.',
  })
  silent = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.skip',
    since: '2.7',
    defaultValue: 'false',
    description: 'When true, execution is skipped completely.',
  })
  skip = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'type',
    since: '2.0',
    description:
      'Type to look for when an artifact is built from a classifier (comma-separated examples: a sources type, jar, war).',
  })
  type?: string;

  @Parameter({
    type: 'boolean',
    property: 'dependency.useJvmChmod',
    since: '2.5.1',
    defaultValue: 'true',
    description:
      "Use the runtime's own permission-setting; available for user and all levels, the group level is ignored. On by default since 2.6.",
  })
  useJvmChmod = true;
}
