import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalFailureError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { copyArtifactFile } from './copy-file';
import type { DependencyArtifact } from './dependency-artifact';
import { FromConfigurationParameters } from './from-configuration-parameters';
import { needsCopy } from './dest-file-filter';
import { resolveArtifactItem } from './resolve-artifact-item';
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
export class CopyGoal extends FromConfigurationParameters {
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

  protected async doExecute(): Promise<void> {
    const items = artifactItemsOf(this.artifactItems, this.artifact, this.context.project.basedir);
    if (items.length === 0) throw new GoalFailureError('Either artifact or artifactItems is required ');
    const outputDirectory = this.outputDirectory ?? path.join(this.context.project.basedir, 'target', 'dependency');
    const repository = this.itemRepository(this.context);
    const processed: Array<{ item: ArtifactItem; artifact: DependencyArtifact; destination: string; needed: boolean }> =
      [];
    for (const configured of items) {
      this.log.info(`Configured Artifact: ${artifactItemString(configured)}`);
      const directory = configured.outputDirectory ?? outputDirectory;
      mkdirSync(directory, { recursive: true });
      const item = configured.version ? configured : fillMissingVersion(configured, this.context.project);
      const artifact = await resolveArtifactItem(repository, item, this.log);
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
}
