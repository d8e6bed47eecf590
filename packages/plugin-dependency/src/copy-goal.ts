import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalExecutionError, GoalFailureError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { copyArtifactFile } from './copy-file';
import { toSnapshotVersion, type DependencyArtifact } from './dependency-artifact';
import { DependencyGoalParameters } from './dependency-goal-parameters';
import { extensionOf } from './dependency-sets';
import { needsCopy } from './dest-file-filter';
import { withReason } from './with-reason';
import { formattedFileName } from './output-names';
import { artifactItemsOf, artifactItemString, fillMissingVersion, type ArtifactItem } from './artifact-items';

/** dependency:copy — maven-dependency-plugin 3.5.0's CopyMojo: the configured artifactItems (or `-Dartifact`) copied. */
@Goal({
  name: 'copy',
  description: 'Goal that copies a list of artifacts from the repository to defined locations.',
  defaultPhase: 'process-sources',
  requiresProject: false,
  threadSafe: true,
  since: '1.0',
})
export class CopyGoal extends DependencyGoalParameters {
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

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripVersion',
    defaultValue: 'false',
    description: 'Strip artifact version during copy',
  })
  stripVersion = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripClassifier',
    defaultValue: 'false',
    description: 'Strip artifact classifier during copy',
  })
  stripClassifier = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.prependGroupId',
    defaultValue: 'false',
    since: '2.7',
    description: 'Prepend artifact groupId during copy',
  })
  prependGroupId = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useBaseVersion',
    defaultValue: 'false',
    since: '2.7',
    description: 'Use artifact baseVersion during copy',
  })
  useBaseVersion = false;

  @Parameter({
    type: 'boolean',
    property: 'outputAbsoluteArtifactFilename',
    defaultValue: 'false',
    since: '2.0',
    description: 'Output absolute filename for resolved artifacts',
  })
  override outputAbsoluteArtifactFilename = false;

  @Parameter({ type: 'boolean', description: '<i>not used in this goal</i>' })
  override useJvmChmod = true;

  @Parameter({ type: 'boolean', description: '<i>not used in this goal</i>' })
  override ignorePermissions = false;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  async execute(): Promise<void> {
    if (this.skip) {
      this.context.log.info('Skipping plugin execution');
      return;
    }
    const items = artifactItemsOf(this.artifactItems, this.artifact, this.context.project.basedir);
    if (items.length === 0) throw new GoalFailureError('Either artifact or artifactItems is required ');
    const outputDirectory = this.outputDirectory ?? path.join(this.context.project.basedir, 'target', 'dependency');
    const processed: Array<{ item: ArtifactItem; artifact: DependencyArtifact; destination: string; needed: boolean }> =
      [];
    for (const configured of items) {
      this.log.info(`Configured Artifact: ${artifactItemString(configured)}`);
      const directory = configured.outputDirectory ?? outputDirectory;
      mkdirSync(directory, { recursive: true });
      const item = configured.version ? configured : fillMissingVersion(configured, this.context.project);
      const artifact = await this.resolve(item);
      const name =
        item.destFileName ||
        formattedFileName(artifact, {
          removeVersion: this.stripVersion,
          prependGroupId: this.prependGroupId,
          useBaseVersion: this.useBaseVersion,
          removeClassifier: this.stripClassifier,
        });
      const destination = path.join(directory, name);
      const needed = (item.overWrite ?? '').toLowerCase() === 'true' || needsCopy(artifact, destination, this);
      processed.push({ item: { ...item, outputDirectory: directory }, artifact, destination, needed });
    }
    for (const { item, artifact, destination, needed } of processed) {
      if (needed) copyArtifactFile(artifact.file, destination, this.log, this.outputAbsoluteArtifactFilename);
      else this.log.info(`${artifactItemString(item)} already exists in ${item.outputDirectory}`);
    }
  }

  /** AbstractFromConfigurationMojo.getArtifact: the item's file from the project's repositories. */
  private async resolve(item: ArtifactItem): Promise<DependencyArtifact> {
    const version = item.version!;
    const extension = extensionOf(item.type);
    try {
      const file = await this.context.repository.resolveArtifact({
        groupId: item.groupId,
        artifactId: item.artifactId,
        version,
        type: item.type,
        extension,
        ...(item.classifier ? { classifier: item.classifier } : {}),
      });
      return {
        groupId: item.groupId,
        artifactId: item.artifactId,
        version,
        baseVersion: toSnapshotVersion(version),
        type: item.type,
        ...(item.classifier ? { classifier: item.classifier } : {}),
        extension,
        scope: null,
        file,
      };
    } catch (e) {
      if (e instanceof GoalExecutionError) throw e;
      await this.warnMissingPom(item, version, extension);
      // Maven prints the resolver's reason after the plugin's message.
      throw new GoalExecutionError(withReason('Unable to find/resolve artifact.', e), { cause: e });
    }
  }

  /** Maven's resolution of a missing artifact also looks for its POM, and warns when that is missing too. */
  private async warnMissingPom(item: ArtifactItem, version: string, extension: string): Promise<void> {
    try {
      await this.context.repository.resolveArtifact({
        groupId: item.groupId,
        artifactId: item.artifactId,
        version,
        type: 'pom',
        extension: 'pom',
      });
    } catch (e) {
      if (e instanceof GoalExecutionError) throw e;
      const id = [
        item.groupId,
        item.artifactId,
        extension,
        ...(item.classifier ? [item.classifier] : []),
        version,
      ].join(':');
      this.log.warn(`The POM for ${id} is missing, no dependency information available`);
    }
  }
}
