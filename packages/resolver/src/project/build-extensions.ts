import { ProjectBuildingError, type ModelProblem } from '../errors';
import { PluginVersionResolutionError, type PluginVersionResolver } from '../version';
import type { BuiltModel } from './model-building';
import { isOsMavenPlugin, isProvidedExtension } from './os-detect-extension';
import { PluginResolutionError, type PluginDependencies, type PluginToResolve } from './plugin-dependencies';
import type { ProjectRepositories } from './project-repositories';
import { SUPER_POM_MANAGED_PLUGINS } from './super-pom';
import { MAVEN_PLUGINS, pluginKey } from './working-model';

/** The exception Maven's project building helper reports an extension it cannot set up with. */
const PLUGIN_MANAGER = 'PluginManagerException';

/**
 * The build extensions of a project as Maven sets them up while the project is built
 * (DefaultProjectBuildingHelper.createProjectRealm): each `<build><extensions>` entry, then each
 * build plugin with `<extensions>true</extensions>`, gets its version (from the plugin
 * repositories' metadata when no POM gives one) and its jar and runtime dependencies resolved.
 * goalhost loads none of them (the os-maven-plugin it provides is left out); the first that cannot
 * be resolved is Maven's "Unresolveable build extension" and the project cannot be read.
 */
export class BuildExtensions {
  constructor(
    private readonly versions: PluginVersionResolver,
    private readonly repositories: ProjectRepositories,
    private readonly dependencies: PluginDependencies,
  ) {}

  async resolve(built: BuiltModel, file: string): Promise<void> {
    const { extensions, plugins } = built.model.build;
    const wanted = [
      ...extensions
        .filter((x) => !isOsMavenPlugin(x))
        .map((x) => ({ groupId: x.groupId, artifactId: x.artifactId, version: x.version, dependencies: [] })),
      ...plugins.filter((p) => p.extensions?.toLowerCase() === 'true' && !isProvidedExtension(p)),
    ];
    if (wanted.length === 0) return;
    const repositories = this.repositories.pluginsOf(built);
    // As Maven: the first extension that cannot be set up ends the project's (one problem).
    for (const p of wanted) {
      const groupId = p.groupId ?? MAVEN_PLUGINS;
      const artifactId = p.artifactId ?? '';
      try {
        let version = p.version;
        if (version === undefined) {
          // The super POM manages a few plugins' versions, which goalhost leaves out of the model.
          if (SUPER_POM_MANAGED_PLUGINS.has(pluginKey(p))) continue;
          version = await this.versions.resolve({ groupId, artifactId }, repositories);
        }
        const plugin: PluginToResolve = { groupId, artifactId, version, dependencies: p.dependencies };
        await this.dependencies.resolve(plugin, repositories);
      } catch (e) {
        if (!(e instanceof PluginVersionResolutionError) && !(e instanceof PluginResolutionError)) throw e;
        const problem: ModelProblem = {
          severity: 'ERROR',
          message: `Unresolveable build extension: ${e.message}`,
          modelId: built.id,
          mavenException: PLUGIN_MANAGER,
        };
        throw new ProjectBuildingError(file, built.id, [...built.problems, problem]);
      }
    }
  }
}
