import { Goal, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import {
  fromResolved,
  goalUnpackSettings,
  parseFileMappers,
  SYNC_OUTPUT_DIRECTORY_PARAMETER,
  unpackDependencies,
  type LayoutOptions,
  type SelectionOptions,
} from '@goalhost/unpack';
import { FromDependenciesParameters } from './from-dependencies-parameters';

/**
 * dependency:unpack-dependencies — maven-dependency-plugin 3.5.0's UnpackDependenciesMojo: the
 * project's dependencies, filtered and marked as the plugin does, unpacked by @goalhost/unpack.
 */
@Goal({
  name: 'unpack-dependencies',
  description: 'Goal that unpacks the project dependencies from the repository to a defined location.',
  requiresDependencyResolution: 'test',
  defaultPhase: 'process-sources',
  threadSafe: true,
  since: '1.0',
})
export class UnpackDependenciesGoal extends FromDependenciesParameters {
  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.includes',
    since: '2.0',
    description:
      'A comma separated list of file patterns to include when unpacking the artifact. i.e. <code>**&#47;*.xml,**&#47;*.properties</code> NOTE: Excludes patterns override the includes. (component code = <code>return isIncluded( name ) AND !isExcluded( name );</code>)',
  })
  includes?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.excludes',
    since: '2.0',
    description:
      'A comma separated list of file patterns to exclude when unpacking the artifact. i.e. <code>**&#47;*.xml,**&#47;*.properties</code> NOTE: Excludes patterns override the includes. (component code = <code>return isIncluded( name ) AND !isExcluded( name );</code>)',
  })
  excludes?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.encoding',
    since: '3.0',
    description: 'Encoding of artifacts.',
  })
  encoding?: string;

  @Parameter({
    type: 'org.codehaus.plexus.components.io.filemappers.FileMapper[]',
    property: 'mdep.unpack.filemappers',
    since: '3.1.2',
    description:
      '{@link FileMapper}s to be used for rewriting each target path, or {@code null} if no rewriting shall happen.',
  })
  fileMappers?: unknown[];

  @Parameter(SYNC_OUTPUT_DIRECTORY_PARAMETER)
  syncOutputDirectory = false;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const fileMappers = parseFileMappers(this.fileMappers);
    const { outputDirectory, markersDirectory, maxSize, store } = goalUnpackSettings(this.context, this);
    await unpackDependencies({
      artifacts: this.context.artifacts.map(fromResolved),
      options: this.options(),
      outputDirectory,
      markersDirectory,
      repository: this.context.repository,
      log: this.log,
      // The archivers keep Maven's own log: `silent` does not reach them.
      archiverLog: this.context.log,
      settings: () => ({
        includes: this.includes,
        excludes: this.excludes,
        encoding: this.encoding,
        ignorePermissions: this.ignorePermissions,
        maxSize,
        fileMappers,
      }),
      store,
      sync: this.syncOutputDirectory,
    });
  }

  /** The selection and layout: stripClassifier and prependGroupId name no directory in this goal. */
  private options(): SelectionOptions & LayoutOptions {
    return {
      classifier: this.classifier,
      type: this.type,
      failOnMissingClassifierArtifact: this.failOnMissingClassifierArtifact,
      excludeTransitive: this.excludeTransitive,
      includeTypes: this.includeTypes,
      excludeTypes: this.excludeTypes,
      includeScope: this.includeScope,
      excludeScope: this.excludeScope,
      includeClassifiers: this.includeClassifiers,
      excludeClassifiers: this.excludeClassifiers,
      includeArtifactIds: this.includeArtifactIds,
      excludeArtifactIds: this.excludeArtifactIds,
      includeGroupIds: this.includeGroupIds,
      excludeGroupIds: this.excludeGroupIds,
      overWriteReleases: this.overWriteReleases,
      overWriteSnapshots: this.overWriteSnapshots,
      overWriteIfNewer: this.overWriteIfNewer,
      useSubDirectoryPerScope: this.useSubDirectoryPerScope,
      useSubDirectoryPerType: this.useSubDirectoryPerType,
      useSubDirectoryPerArtifact: this.useSubDirectoryPerArtifact,
      useRepositoryLayout: this.useRepositoryLayout,
      stripVersion: this.stripVersion,
      stripType: this.stripType,
    };
  }
}
