import type { Project } from '@goalhost/model';
import type { PluginVersionResolver, VersionlessPlugin } from '../version';
import { lifecyclePlugins } from './lifecycle-plugins';
import type { BuiltModel } from './model-building';
import { isProvidedExtension } from './os-detect-extension';
import type { ProjectRepositories } from './project-repositories';
import { SUPER_POM_MANAGED_PLUGINS } from './super-pom';
import { MAVEN_PLUGINS, pluginKey, type WorkingPlugin } from './working-model';

/**
 * Versions for the build plugins of a project that no POM gives one, from the plugin
 * repositories' metadata (Maven's DefaultPluginVersionResolver, called where Maven calls it).
 */
export class BuildPluginVersions {
  constructor(
    private readonly resolver: PluginVersionResolver,
    private readonly repositories: ProjectRepositories,
    /** The effective model of a project read before. */
    private readonly modelOf: (project: Project) => Promise<BuiltModel>,
  ) {}

  /** Maven's check before a project's goals (see RepositorySystem.resolveMissingPluginVersions). */
  async resolveMissing(project: Project, runsOwn: (groupId: string, artifactId: string) => boolean): Promise<void> {
    const built = await this.modelOf(project);
    const { plugins, pluginManagement } = built.model.build;
    const lifecycle = new Set<string>(
      lifecyclePlugins(built.model.packaging ?? 'jar').map((d) => `${MAVEN_PLUGINS}:${d.artifactId}`),
    );
    const repositories = this.repositories.pluginsOf(built);
    const needed = (p: WorkingPlugin): boolean =>
      !SUPER_POM_MANAGED_PLUGINS.has(pluginKey(p)) &&
      !runsOwn(p.groupId ?? MAVEN_PLUGINS, p.artifactId ?? '') &&
      !isProvidedExtension(p);
    // The build's plugins as the lifecycle leaves them (its own plugins carry its versions), then the managed ones.
    const versioned = new Set(lifecycle);
    for (const p of plugins) {
      const key = pluginKey(p);
      if (p.version === undefined && !lifecycle.has(key) && needed(p))
        await this.resolver.resolve(versionless(p), repositories);
      versioned.add(key);
    }
    for (const p of pluginManagement) {
      if (p.version === undefined && !versioned.has(pluginKey(p)) && needed(p))
        await this.resolver.resolve(versionless(p), repositories);
    }
  }
}

function versionless(p: WorkingPlugin): VersionlessPlugin {
  return { groupId: p.groupId ?? MAVEN_PLUGINS, artifactId: p.artifactId ?? '' };
}
