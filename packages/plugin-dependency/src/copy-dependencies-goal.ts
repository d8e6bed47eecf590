import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { copyArtifactFile } from './copy-file';
import { artifactIdOf, type DependencyArtifact } from './dependency-artifact';
import { dependencySets } from './dependency-sets';
import { needsCopy } from './dest-file-filter';
import { FromDependenciesParameters } from './from-dependencies-parameters';
import { installArtifact } from './local-install';
import { formattedFileName, formattedOutputDirectory } from './output-names';

/** dependency:copy-dependencies — maven-dependency-plugin 3.5.0's CopyDependenciesMojo. */
@Goal({
  name: 'copy-dependencies',
  description: 'Goal that copies the project dependencies from the repository to a defined location.',
  requiresDependencyResolution: 'test',
  defaultPhase: 'process-sources',
  threadSafe: true,
  since: '1.0',
})
export class CopyDependenciesGoal extends FromDependenciesParameters {
  @Parameter({
    type: 'boolean',
    property: 'mdep.copyPom',
    defaultValue: 'false',
    since: '2.0',
    description: 'Also copy the pom of each artifact.',
  })
  copyPom = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useBaseVersion',
    defaultValue: 'true',
    since: '2.6',
    description:
      "Either append the artifact's baseVersion or uniqueVersion to the filename. Will only be used if {@link #isStripVersion()} is {@code false}.",
  })
  useBaseVersion = true;

  @Parameter({
    type: 'boolean',
    property: 'mdep.addParentPoms',
    defaultValue: 'false',
    since: '2.8',
    description:
      'Add parent poms to the list of copied dependencies (both current project pom parents and dependencies parents).',
  })
  addParentPoms = false;

  @Parameter({ type: 'boolean', description: '<i>not used in this goal</i>' })
  override useJvmChmod = true;

  @Parameter({ type: 'boolean', description: '<i>not used in this goal</i>' })
  override ignorePermissions = false;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const outputDirectory = this.outputDirectory ?? path.join(this.context.project.basedir, 'target', 'dependency');
    const sets = await dependencySets(
      this.context,
      this,
      {
        stopOnFailure: this.failOnMissingClassifierArtifact,
        includeParents: this.addParentPoms,
        needsWork: (a) => needsCopy(a, this.filterDestination(outputDirectory, a), this),
      },
      this.log,
    );
    if (this.useRepositoryLayout) {
      const now = new Date();
      for (const a of sets.resolved) await this.install(outputDirectory, a, now);
    } else {
      for (const a of sets.resolved)
        copyArtifactFile(a.file, this.destination(outputDirectory, a), this.log, this.outputAbsoluteArtifactFilename);
    }
    for (const a of sets.skipped) this.log.info(`${artifactIdOf(a)} already exists in destination.`);
    if (this.copyPom && !this.useRepositoryLayout) {
      await this.copyPoms(outputDirectory, sets.resolved, false);
      // Artifacts already there may not have their POM yet.
      await this.copyPoms(outputDirectory, sets.skipped, this.stripClassifier);
    }
  }

  /** Where an artifact is copied to (copyArtifact). */
  private destination(outputDirectory: string, a: DependencyArtifact): string {
    const directory = formattedOutputDirectory(outputDirectory, a, {
      useSubDirectoryPerScope: this.useSubDirectoryPerScope,
      useSubDirectoryPerType: this.useSubDirectoryPerType,
      useSubDirectoryPerArtifact: this.useSubDirectoryPerArtifact,
      useRepositoryLayout: this.useRepositoryLayout,
      removeVersion: this.stripVersion,
      removeType: this.stripType,
    });
    const name = formattedFileName(a, {
      removeVersion: this.stripVersion,
      prependGroupId: this.prependGroupId,
      useBaseVersion: this.useBaseVersion,
      removeClassifier: this.stripClassifier,
    });
    const destination = path.join(directory, name);
    // Folder and file names come from dependency POMs (a scope is any text there): never outside the output directory.
    const relative = path.relative(outputDirectory, destination);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) {
      throw new GoalExecutionError(
        `Refusing to copy ${artifactIdOf(a)} to ${destination}: the path its scope, type or coordinates make leaves the output directory ${outputDirectory}. Check that dependency's declaration.`,
      );
    }
    return destination;
  }

  /** The file DestFileFilter looks for: as the plugin builds it, never stripping type or classifier. */
  private filterDestination(outputDirectory: string, a: DependencyArtifact): string {
    const directory = formattedOutputDirectory(outputDirectory, a, {
      useSubDirectoryPerScope: this.useSubDirectoryPerScope,
      useSubDirectoryPerType: this.useSubDirectoryPerType,
      useSubDirectoryPerArtifact: this.useSubDirectoryPerArtifact,
      useRepositoryLayout: this.useRepositoryLayout,
      removeVersion: this.stripVersion,
      removeType: false,
    });
    const name = formattedFileName(a, {
      removeVersion: this.stripVersion,
      prependGroupId: this.prependGroupId,
      useBaseVersion: this.useBaseVersion,
      removeClassifier: false,
    });
    return path.join(directory, name);
  }

  /** The artifact, a base-version copy of a timestamped snapshot, and with copyPom its POM. */
  private async install(repository: string, a: DependencyArtifact, now: Date): Promise<void> {
    installArtifact(repository, a, this.context.log, now);
    if (a.version !== a.baseVersion)
      installArtifact(repository, { ...a, version: a.baseVersion }, this.context.log, now);
    if (a.type === 'pom' || !this.copyPom) return;
    const pom = await this.resolvedPom(a);
    if (!pom) return;
    installArtifact(repository, pom, this.context.log, now);
    if (pom.version !== pom.baseVersion)
      installArtifact(repository, { ...pom, version: pom.baseVersion }, this.context.log, now);
  }

  /** copyPoms: each artifact's POM beside the copies, unless one is there already. */
  private async copyPoms(
    outputDirectory: string,
    artifacts: readonly DependencyArtifact[],
    removeClassifier: boolean,
  ): Promise<void> {
    for (const a of artifacts) {
      const pom = await this.resolvedPom(a);
      if (!pom) continue;
      const name = formattedFileName(pom, {
        removeVersion: this.stripVersion,
        prependGroupId: this.prependGroupId,
        useBaseVersion: this.useBaseVersion,
        removeClassifier,
      });
      const destination = path.join(outputDirectory, name);
      if (!existsSync(destination))
        copyArtifactFile(pom.file, destination, this.log, this.outputAbsoluteArtifactFilename);
    }
  }

  /** getResolvedPomArtifact: the artifact's POM; a POM that cannot be resolved is reported and passed over. */
  private async resolvedPom(a: DependencyArtifact): Promise<DependencyArtifact | undefined> {
    try {
      const file = await this.context.repository.resolveArtifact({
        groupId: a.groupId,
        artifactId: a.artifactId,
        version: a.version,
        type: 'pom',
        extension: 'pom',
      });
      return {
        groupId: a.groupId,
        artifactId: a.artifactId,
        version: a.version,
        baseVersion: a.baseVersion,
        type: 'pom',
        extension: 'pom',
        scope: null,
        file,
      };
    } catch (e) {
      if (e instanceof GoalExecutionError) throw e;
      this.log.info((e as Error).message);
      return undefined;
    }
  }
}
