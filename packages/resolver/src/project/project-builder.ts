import * as fs from 'node:fs';
import * as path from 'node:path';
import { XmlSyntaxError, type Coordinates, type Project } from '@goalhost/model';
import { formatProblem, ProjectBuildingError } from '../errors';
import { isInside } from '../real-path';
import { settingsProfiles, systemProperties, type ResolverConfig } from '../resolver-config';
import { baseVersionOf, type ArtifactResolver, type LocalRepository, type RemoteRepository } from '../transport';
import type { PluginVersionResolver } from '../version';
import { BuildExtensions } from './build-extensions';
import { DescriptorReader } from './descriptor-reader';
import { ModelBuilder } from './model-builder';
import { ModelBuildingFailure, type BuiltModel } from './model-building';
import { runOsDetectExtension } from './os-detect-extension';
import { PluginDependencies } from './plugin-dependencies';
import { toProject } from './project-factory';
import type { ProjectRepositories } from './project-repositories';
import { buildReactor, type InterimProject } from './reactor';
import { RepositoryModelResolver } from './repository-model-resolver';

/** What the project builder reads POMs and plugin versions with. */
export interface ProjectBuilderParts {
  readonly local: LocalRepository;
  readonly artifacts: ArtifactResolver;
  /** Every version the repositories' metadata lists for a groupId:artifactId. */
  readonly listVersions: (coordinates: Coordinates, repositories: readonly RemoteRepository[]) => Promise<string[]>;
  readonly repositories: ProjectRepositories;
  readonly pluginVersions: PluginVersionResolver;
}

/**
 * Maven's project builder: the `Project` of a POM on disk or in the repositories from its
 * effective model, each project's model kept for the resolution that follows, the reactor, and
 * the build extensions applied once the projects are read.
 */
export class ProjectBuilder {
  private readonly models: ModelBuilder<readonly RemoteRepository[]>;
  private readonly built = new WeakMap<Project, BuiltModel>();
  /** The builder whose projects these are, when this one only works on another local repository. */
  private owner?: ProjectBuilder;
  /** Projects built so far by POM file: parents in the reactor are not built again. */
  private readonly projectFiles = new Set<string>();
  private currentSystemProperties: Record<string, string>;
  private readonly extensions: BuildExtensions;
  /**
   * While a reactor is built, its POMs by `g:a:v` (Maven's reactor model pool): a project's
   * imports are read from them before the repositories.
   */
  private reactorPoms: ReadonlyMap<string, string> = new Map();

  constructor(
    private readonly config: ResolverConfig,
    private readonly parts: ProjectBuilderParts,
  ) {
    this.currentSystemProperties = systemProperties(config.env, config.userProperties, config.launcherProperties);
    const { local, artifacts, repositories } = parts;
    const activeIds = [
      ...config.activeProfiles,
      ...config.settings.activeProfiles.filter((p) => !config.inactiveProfiles.includes(p)),
    ];
    this.models = new ModelBuilder<readonly RemoteRepository[]>({
      userProperties: config.userProperties,
      systemProperties: this.currentSystemProperties,
      activeProfileIds: activeIds,
      inactiveProfileIds: config.inactiveProfiles,
      externalProfiles: settingsProfiles(config.settings),
      buildStartTime: new Date(),
      resolvePom: (g, a, v, context, declared) =>
        Promise.resolve(this.reactorPoms.get(`${g}:${a}:${v}`)).then(
          (own) =>
            own ??
            artifacts.resolve(
              { groupId: g, artifactId: a, version: v, classifier: '', extension: 'pom' },
              repositories.withDeclared(context, declared),
            ),
        ),
      listVersions: (g, a, range, context, declared) =>
        parts.listVersions({ groupId: g, artifactId: a, version: range }, repositories.withDeclared(context, declared)),
      isRepositoryFile: (file) => isInside(file, local.basedir),
      modelResolver: (context, descriptor) =>
        descriptor
          ? RepositoryModelResolver.forDescriptor(context, config.settings.mirrors)
          : RepositoryModelResolver.forProject(context, config.settings.mirrors),
    });
    const pluginDependencies = new PluginDependencies({
      descriptors: new DescriptorReader((g, a, v, repos) =>
        this.repositoryModel({ groupId: g, artifactId: a, version: v }, repos),
      ),
      model: (coordinates, repos) => this.repositoryModel(coordinates, repos),
      artifacts,
      mirrors: config.settings.mirrors,
      listVersions: (d, repos) => parts.listVersions(d, repos),
      warn: (m) => config.log.warn(m),
    });
    this.extensions = new BuildExtensions(parts.pluginVersions, repositories, pluginDependencies);
  }

  /** The system properties POMs see, with those the build extensions added. */
  get systemProperties(): Readonly<Record<string, string>> {
    return this.currentSystemProperties;
  }

  /** One project on its own (`-N`): a reactor of one. */
  async buildProject(pomFile: string): Promise<Project> {
    const alone = async (f: string): Promise<InterimProject> => ({ ...(await this.readInterim(f)), modules: [] });
    return (await this.reactor(pomFile, alone))[0];
  }

  buildReactor(pomFile: string): Promise<Project[]> {
    return this.reactor(pomFile, (f) => this.readInterim(f));
  }

  /** The reactor's POMs are the reactor model pool while it is built, and only then. */
  private async reactor(pomFile: string, read: (file: string) => Promise<InterimProject>): Promise<Project[]> {
    try {
      return await buildReactor(pomFile, read, (poms) => (this.reactorPoms = poms));
    } finally {
      this.reactorPoms = new Map();
    }
  }

  /** The first phase of a project's building; finishing it makes the project. */
  private async readInterim(pomFile: string): Promise<InterimProject> {
    const file = path.resolve(pomFile);
    const interim = await this.failingAsProject(file, () =>
      this.models.readProject(file, this.parts.repositories.base),
    );
    return {
      file,
      id: interim.id,
      modules: interim.modules,
      finish: async () => {
        const built = await this.failingAsProject(file, () => interim.finish());
        this.projectFiles.add(file);
        await this.extensions.resolve(built, file);
        await this.checkParentProject(built);
        this.logModelWarnings(built);
        const project = toProject(built, file);
        this.built.set(project, built);
        return project;
      },
    };
  }

  /** A model that cannot be built is a project that cannot be read (Maven's ProjectBuildingException). */
  private async failingAsProject<T>(file: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (e) {
      if (e instanceof ModelBuildingFailure) throw new ProjectBuildingError(file, e.modelId, e.problems);
      throw e;
    }
  }

  applyBuildExtensions(projects: readonly Project[]): Project[] {
    const built = projects.map((p) => this.built.get(p));
    const models = built.flatMap((b) => (b ? [b.model] : []));
    const added = runOsDetectExtension(models, {
      userProperties: this.config.userProperties,
      systemProperties: this.currentSystemProperties,
      readFile: readTextOrUndefined,
      info: (line) => this.config.log.info(line),
    });
    if (!added) return [...projects];
    this.currentSystemProperties = { ...this.currentSystemProperties, ...added };
    this.models.addSystemProperties(added);
    return projects.map((p, i) => {
      const b = built[i];
      if (!b) return p;
      const changed = toProject(b, p.file);
      this.built.set(changed, b);
      return changed;
    });
  }

  /** The effective model a project was built from (built again for a project this builder did not make). */
  async modelOf(project: Project): Promise<BuiltModel> {
    const known = this.built.get(project);
    if (known) return known;
    if (this.owner) return this.owner.modelOf(project);
    const rebuilt = await this.models.buildProject(project.file, this.parts.repositories.base);
    this.built.set(project, rebuilt);
    return rebuilt;
  }

  /** Takes the models of `owner`'s projects as they are (no rebuilding against this builder's local repository). */
  adoptProjectsOf(owner: ProjectBuilder): void {
    this.owner = owner;
  }

  /** Whether `project`'s model is known here or to the owner. */
  private knows(project: Project): boolean {
    return this.built.has(project) || (this.owner?.knows(project) ?? false);
  }

  /** The remote repositories a project's goals resolve from; the base ones for no project. */
  async repositoriesOf(project: Project | undefined): Promise<RemoteRepository[]> {
    // The stub project of a run without a POM (standalone-pom) has no file to build: it sees the base ones.
    if (!project || (!this.knows(project) && !fs.existsSync(project.file))) return this.parts.repositories.base;
    return this.parts.repositories.of(await this.modelOf(project));
  }

  /** The plugin repositories `project` sees: Maven's remotePluginRepositories (the base ones for the stub project). */
  async pluginRepositoriesOf(project: Project | undefined): Promise<RemoteRepository[]> {
    if (!project || (!this.knows(project) && !fs.existsSync(project.file))) return this.parts.repositories.basePlugins;
    return this.parts.repositories.pluginsOf(await this.modelOf(project));
  }

  /** The effective model of a POM in the repositories, built once per coordinates. */
  repositoryModel(coordinates: Coordinates, repositories: readonly RemoteRepository[]): Promise<BuiltModel> {
    return this.models.repositoryModel(coordinates.groupId, coordinates.artifactId, coordinates.version, repositories);
  }

  /** The project of a POM in the repositories `project` sees. */
  async readProject(coordinates: Coordinates, project?: Project): Promise<Project> {
    const built = await this.repositoryModel(coordinates, await this.repositoriesOf(project));
    const file = this.parts.local.pathOf({
      ...coordinates,
      baseVersion: baseVersionOf(coordinates.version),
      classifier: '',
      extension: 'pom',
    });
    return toProject(built, file);
  }

  /**
   * Maven also builds a project's parent as a project (unless it is in the reactor) and only
   * warns when that fails, e.g. for a parent whose dependencies need the child's properties.
   */
  private async checkParentProject(built: BuiltModel): Promise<void> {
    const parentFile = built.parentFile;
    if (!parentFile || this.projectFiles.has(parentFile)) return;
    try {
      await this.models.buildProject(parentFile, this.parts.repositories.base, !built.parentLocal);
    } catch (e) {
      if (!(e instanceof ModelBuildingFailure) && !(e instanceof XmlSyntaxError)) throw e;
      const m = built.model;
      this.config.log.warn(
        `Failed to build parent project for ${m.groupId}:${m.artifactId}:${m.packaging ?? 'jar'}:${m.version}`,
      );
    }
  }

  private logModelWarnings(built: BuiltModel): void {
    const warnings = built.problems.filter((p) => p.severity === 'WARNING');
    if (warnings.length === 0) return;
    const m = built.model;
    const log = this.config.log;
    log.warn('');
    log.warn(
      `Some problems were encountered while building the effective model for ${m.groupId}:${m.artifactId}:${m.packaging ?? 'jar'}:${m.version}`,
    );
    for (const w of warnings) log.warn(formatProblem(w, built.id));
    log.warn('');
    log.warn('It is highly recommended to fix these problems because they threaten the stability of your build.');
    log.warn('');
    log.warn('For this reason, future Maven versions might no longer support building such malformed projects.');
    log.warn('');
  }
}

/** A file's text, undefined when it cannot be read (the extension's release files are optional). */
function readTextOrUndefined(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
