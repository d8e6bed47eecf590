import { dependencyResolverError } from './dependency-resolver-error';
import { Goal, GoalExecutionError, inject, TOKENS, type ArtifactRequest, type GoalContext } from '@goalhost/api';
import type { Artifact } from '@goalhost/model';
import { toSnapshotVersion } from './dependency-artifact';
import { DependencyFilterGoal } from './dependency-filter-goal';
import { extensionOf } from './dependency-sets';
import { javaHashSetOrder, mavenArtifactHash, sameMavenArtifact } from './java-hash-order';
import { formattedFileName } from './output-names';
import { pluginArtifacts } from './plugin-artifacts';

/**
 * dependency:go-offline — maven-dependency-plugin 3.5.0's GoOfflineMojo: every plugin and every
 * declared dependency resolved with what it depends on, so that later builds can run offline.
 */
@Goal({
  name: 'go-offline',
  description: 'Goal that resolves all project dependencies, including plugins and reports and their dependencies.',
  threadSafe: true,
  since: '2.0',
})
export class GoOfflineGoal extends DependencyFilterGoal {
  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    // Plugins come from the plugin repositories, dependencies from the project's.
    const plugins = await this.resolveAll(
      pluginArtifacts(this.context.project).map((p) => ({ ...p, extension: 'jar' })),
      true,
    );
    const dependencies = await this.resolveAll(
      this.context.project.dependencies.map((d) => ({
        groupId: d.groupId,
        artifactId: d.artifactId,
        version: d.version ?? '',
        type: d.type,
        extension: extensionOf(d.type),
        ...(d.classifier ? { classifier: d.classifier } : {}),
      })),
      false,
    );
    if (this.silent) return;
    const name = (a: Artifact): string =>
      formattedFileName(
        { ...a, baseVersion: toSnapshotVersion(a.version), scope: null },
        { removeVersion: false, prependGroupId: false, useBaseVersion: false, removeClassifier: false },
      );
    for (const a of plugins) this.context.log.info(`Resolved plugin: ${name(a)}`);
    for (const a of dependencies) this.context.log.info(`Resolved dependency: ${name(a)}`);
  }

  /** Each coordinate with its dependencies, gathered in a HashSet as the plugin does (which decides the order printed). */
  private async resolveAll(coordinates: readonly ArtifactRequest[], pluginRepositories: boolean): Promise<Artifact[]> {
    const { repository } = this.context;
    if (!repository.resolveCoordinate)
      throw new GoalExecutionError(
        'This host cannot resolve a coordinate on its own (RepositoryService.resolveCoordinate).',
      );
    const all: Artifact[] = [];
    for (const c of coordinates) {
      try {
        all.push(...(await repository.resolveCoordinate(c, { transitive: true, pluginRepositories })));
      } catch (e) {
        if (e instanceof GoalExecutionError) throw e;
        throw dependencyResolverError(e);
      }
    }
    return javaHashSetOrder(all, mavenArtifactHash, sameMavenArtifact);
  }
}
