import { dependencyResolverError } from './dependency-resolver-error';
import { filterArtifacts, Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import type { Artifact } from '@goalhost/model';
import { DependencyFilterGoal } from './dependency-filter-goal';
import { logOutput, writeOutput } from './output-writer';
import { pluginArtifacts, type PluginArtifact } from './plugin-artifacts';

/** dependency:resolve-plugins — maven-dependency-plugin 3.5.0's ResolvePluginsMojo: the build's plugins and what each depends on. */
@Goal({
  name: 'resolve-plugins',
  description: 'Goal that resolves all project plugins and reports and their dependencies.',
  defaultPhase: 'generate-sources',
  threadSafe: true,
  since: '2.0',
})
export class ResolvePluginsGoal extends DependencyFilterGoal {
  @Parameter({
    type: 'java.lang.String',
    property: 'outputEncoding',
    defaultValue: '${project.reporting.outputEncoding}',
    description: '',
  })
  outputEncoding?: string;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const plugins = this.selectedPlugins();
    for (const p of plugins) await this.resolvePlugin(p);
    // As the plugin: with no plugin left, nothing is printed or written.
    if (plugins.length === 0) return;
    let out = '\nThe following plugins have been resolved:\n';
    for (const p of plugins) {
      // The listed plugin artifacts are the unresolved ones: Maven prints their file as null.
      out += `   ${p.groupId}:${p.artifactId}:${p.type}:${p.version}:${p.scope}${this.outputAbsoluteArtifactFilename ? ':null' : ''}\n`;
      if (this.excludeTransitive) continue;
      for (const a of await this.dependenciesOf(p)) {
        out += `      ${[a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : []), a.version].join(':')}${this.outputAbsoluteArtifactFilename ? `:${a.file}` : ''}\n`;
      }
    }
    out += '\n';
    if (this.outputFile) writeOutput(out, this.outputFile, this.appendOutput, this.outputEncoding || 'UTF-8');
    else logOutput(out, this.log);
  }

  /** The plugin and report artifacts through the goal's filters (no transitivity filter: they have no depth). */
  private selectedPlugins(): PluginArtifact[] {
    const reactor = this.excludeReactor ? (this.context.reactorProjects ?? []) : [];
    const plugins = pluginArtifacts(this.context.project).filter(
      (p) => !reactor.some((r) => r.groupId === p.groupId && r.artifactId === p.artifactId),
    );
    return filterArtifacts(plugins, { ...this, excludeTransitive: false }, { isDirect: () => true });
  }

  /** The plugin's own artifact, from the plugin repositories (its dependencies then come from the project's). */
  private async resolvePlugin(p: PluginArtifact): Promise<void> {
    const { repository } = this.context;
    if (!repository.resolveCoordinate)
      throw new GoalExecutionError(
        'This host cannot resolve a coordinate on its own (RepositoryService.resolveCoordinate).',
      );
    try {
      await repository.resolveCoordinate(
        { groupId: p.groupId, artifactId: p.artifactId, version: p.version, type: p.type, extension: 'jar' },
        { transitive: false, pluginRepositories: true },
      );
    } catch (e) {
      if (e instanceof GoalExecutionError) throw e;
      throw new GoalExecutionError((e as Error).message, { cause: e });
    }
  }

  /** The plugin's jar and its compile and runtime dependencies, as a lone coordinate of type jar resolves. */
  private async dependenciesOf(p: PluginArtifact): Promise<Artifact[]> {
    const { repository } = this.context;
    if (!repository.resolveCoordinate)
      throw new GoalExecutionError(
        'This host cannot resolve a coordinate on its own (RepositoryService.resolveCoordinate).',
      );
    try {
      const resolved = await repository.resolveCoordinate(
        { groupId: p.groupId, artifactId: p.artifactId, version: p.version, type: 'jar', extension: 'jar' },
        { transitive: true },
      );
      // The coordinate itself comes back typed by its extension.
      return resolved.map((a) => (a.depth === 1 ? { ...a, type: a.extension } : a));
    } catch (e) {
      if (e instanceof GoalExecutionError) throw e;
      throw dependencyResolverError(e);
    }
  }
}
