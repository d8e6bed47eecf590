import * as path from 'node:path';
import {
  dictionary,
  InterpolationSizeError,
  ModelParseError,
  ModelReadError,
  ownValue,
  parsePom,
  pomText,
  type RawModel,
} from '@goalhost/model';
import type { ModelProblem } from '../errors';
import { readObservedText } from '../file-observations';
import { locateEffectiveModel } from './effective-model-locations';
import { effectiveModelXml } from './effective-model-xml';
import {
  alignToBase,
  InterpolationCycleError,
  interpolateModel,
  modelLookup,
  type InterpolationContext,
} from './interpolation';
import { LineageReader, type Lineage } from './lineage-reader';
import { importManagement, injectDefaultScopes, injectDependencyManagement } from './management-injection';
import {
  ModelBuilding,
  ModelBuildingFailure,
  nonParseable,
  nonReadable,
  type BuildRequest,
  type BuiltModel,
  type InterimModel,
  type ModelBuilderConfig,
  type ModelResolver,
} from './model-building';
import { inherit, injectPluginManagement, injectProfile } from './model-merge';
import { validateEffectiveModel } from './model-validator';
import { warnMissingPluginVersions } from './plugin-version-warnings';
import { selectProfiles, type ActivationContext } from './profile-activation';
import { PropertyProvenance } from './property-provenance';
import { superModel } from './super-pom';
import {
  BUILD_DIRECTORY_FIELDS,
  managementKey,
  mergeByKey,
  originOf,
  toWorkingModel,
  type WorkingModel,
} from './working-model';

/**
 * Maven's model builder (DefaultModelBuilder), its phases in Maven's order: read the lineage (the
 * POM and its parents, profiles injected), assemble inheritance, interpolate, inject management
 * (paths, pluginManagement, imported BOMs, dependencyManagement, default scopes), validate. POMs
 * are parsed once; repository models are built once per coordinates.
 */
export class ModelBuilder<R> {
  private readonly rawCache = new Map<string, RawModel>();
  private readonly lightCache = new Map<string, RawModel>();
  private readonly repositoryModels = new Map<string, { readonly context: R; readonly built: Promise<BuiltModel> }>();
  private systemProperties: Readonly<Record<string, string>>;
  private readonly lineage: LineageReader<R>;

  constructor(private readonly config: ModelBuilderConfig<R>) {
    this.systemProperties = config.systemProperties;
    this.lineage = new LineageReader(config, (file, light) => this.readRaw(file, light));
  }

  /**
   * System properties a build extension set once the projects were read: models built from now
   * on see them (the repository models built so far are built again when asked for).
   */
  addSystemProperties(properties: Readonly<Record<string, string>>): void {
    this.systemProperties = { ...this.systemProperties, ...properties };
    this.repositoryModels.clear();
    this.activeSuperModels.clear();
  }

  /**
   * The parsed POM, once per file. `light` (repository POMs built for their dependencies) skips
   * the build section and is read leniently, as Maven reads them; a full read (projects and their
   * parents) is also checked strictly, and serves both kinds of requests. Throws ModelParseError
   * for a POM Maven cannot read at all.
   */
  readRaw(file: string, light = false): RawModel {
    let raw = this.rawCache.get(file) ?? (light ? this.lightCache.get(file) : undefined);
    if (!raw) {
      raw = parsePom(
        pomText(file, () => readObservedText(file)),
        file,
        { light, strict: !light },
      );
      (light ? this.lightCache : this.rawCache).set(file, raw);
    }
    return raw;
  }

  /** readRaw, failing as Maven's model builder does for a POM it cannot parse or that is not there (`-f` naming no file). */
  private readModel(file: string, modelId: string, light = false): RawModel {
    try {
      return this.readRaw(file, light);
    } catch (e) {
      if (e instanceof ModelParseError) throw new ModelBuildingFailure(modelId, file, [nonParseable(e)]);
      if (e instanceof ModelReadError) throw new ModelBuildingFailure(modelId, file, [nonReadable(e)]);
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
        const problem = {
          severity: 'FATAL' as const,
          message: `Non-readable POM ${file}: ${file} (No such file or directory)`,
          modelId: '',
        };
        throw new ModelBuildingFailure(modelId, file, [problem]);
      }
      throw e;
    }
  }

  /** The effective model of a project on disk (throws ModelBuildingFailure or XmlSyntaxError). */
  async buildProject(pomFile: string, context: R, fromRepository = false): Promise<BuiltModel> {
    return (await this.readProject(pomFile, context, fromRepository)).finish();
  }

  /**
   * The first phase of Maven's two-phase project building: the model up to interpolation, which
   * gives the project's id and modules; `finish` does the rest (management, the imported BOMs,
   * validation). A reactor reads every POM so before finishing any, so that a project can import
   * a BOM of the same build (DefaultProjectBuilder's reactor model pool).
   */
  async readProject(pomFile: string, context: R, fromRepository = false): Promise<InterimModel> {
    const file = path.resolve(pomFile);
    // A POM from a repository is built as a project without a directory (no ${basedir}).
    const projectDir = fromRepository ? undefined : path.dirname(file);
    const external = selectProfiles(this.config.externalProfiles, this.activation(projectDir, true), false);
    const props = dictionary<string>();
    for (const p of external) for (const [k, v] of p.base.properties) props[k] = v;
    const activation = {
      ...this.activation(projectDir, true),
      userProperties: dictionary([...Object.entries(props), ...Object.entries(this.config.userProperties)]),
    };
    // Maven names a project it could not read at all by no id.
    const raw = this.readModel(file, '');
    const req: BuildRequest<R> = {
      context,
      raw,
      pomFile: file,
      ...(projectDir ? { projectDir } : {}),
      strict: true,
      external: true,
      activation,
      importChain: [],
    };
    const building = this.building(req);
    const { lineage, model, id } = await this.readModelPhase(building);
    return { id, modules: [...model.modules], finish: () => this.finishModelPhase(building, lineage, model, id) };
  }

  /**
   * The effective model of a POM in the repositories, built once per coordinates and kind of
   * request: a dependency's descriptor (`descriptor`, the default), or a BOM a project imports.
   */
  repositoryModel(
    groupId: string,
    artifactId: string,
    version: string,
    context: R,
    importChain: readonly string[] = [],
    descriptor = true,
    resolver?: ModelResolver<R>,
  ): Promise<BuiltModel> {
    const key = `${groupId}:${artifactId}:${version}`;
    const cacheKey = `${key}|${descriptor}`;
    const cached = this.repositoryModels.get(cacheKey);
    if (cached) {
      if (sameContext(cached.context, context)) return cached.built;
      // Built from other repositories: Maven reads the POM again, and its local repository
      // serves it only where it came from one of these repositories.
      return this.config.resolvePom(groupId, artifactId, version, context, []).then(() => cached.built);
    }
    const built = (async () => {
      const file = await this.config.resolvePom(groupId, artifactId, version, context, []);
      const raw = this.readModel(file, key, true);
      return this.build({
        context,
        raw,
        pomFile: file,
        strict: false,
        external: false,
        activation: this.activation(undefined, false),
        importChain,
        descriptor,
        ...(resolver ? { resolver } : {}),
      });
    })();
    this.repositoryModels.set(cacheKey, { context, built });
    return built;
  }

  private activation(projectDir: string | undefined, project: boolean): ActivationContext {
    return {
      activeProfileIds: project ? this.config.activeProfileIds : [],
      inactiveProfileIds: project ? this.config.inactiveProfileIds : [],
      userProperties: this.config.userProperties,
      systemProperties: this.systemProperties,
      ...(projectDir ? { projectDir } : {}),
    };
  }

  /** One model, phase by phase; a plain repository POM takes the short way. */
  private async build(req: BuildRequest<R>): Promise<BuiltModel> {
    if (isPlain(req)) return this.buildPlain(req);
    const building = this.building(req);
    const { lineage, model, id } = await this.readModelPhase(building);
    return this.finishModelPhase(building, lineage, model, id);
  }

  private building(req: BuildRequest<R>): ModelBuilding<R> {
    return new ModelBuilding(req, req.resolver ?? this.config.modelResolver(req.context, req.descriptor === true));
  }

  /** Maven's first phase: the lineage, inheritance, interpolation. */
  private async readModelPhase(
    building: ModelBuilding<R>,
  ): Promise<{ lineage: Lineage; model: WorkingModel; id: string }> {
    const lineage = await this.lineage.read(building);
    const model = this.assembleInheritance(building, lineage);
    this.interpolate(building, model, lineage.hasExpressions);
    // Now the fully interpolated model is there: its repositories replace those of the same id.
    for (const r of model.repositories) building.resolver.addRepository(r, true);
    return { lineage, model, id: `${model.groupId}:${model.artifactId}:${model.version}` };
  }

  /** Maven's second phase: management (imported BOMs too), validation. */
  private async finishModelPhase(
    building: ModelBuilding<R>,
    lineage: Lineage,
    model: WorkingModel,
    id: string,
  ): Promise<BuiltModel> {
    await this.injectManagement(building, model, id);
    validateEffectiveModel(model, id, building.request.strict, building.problems);
    building.failOnErrors();
    return this.result(building, lineage, model, id);
  }

  /** The super POM on top of the lineage, each model inheriting from the one above it; the POM's model is the result. */
  private assembleInheritance(building: ModelBuilding<R>, lineage: Lineage): WorkingModel {
    const models = [...lineage.models, this.activeSuperModel(building.request)];
    if (building.request.strict) warnMissingPluginVersions(models, building.problems);
    for (let i = models.length - 2; i >= 0; i--) inherit(models[i], models[i + 1], models[i].artifactId ?? '');
    return models[0];
  }

  /** `${...}` expressions replaced (Maven's StringVisitorModelInterpolator); a cycle or an oversized value fails the build. */
  private interpolate(building: ModelBuilding<R>, model: WorkingModel, hasExpressions: boolean): void {
    const req = building.request;
    const context = this.interpolation(req);
    // Maven's CI-friendly versions: these system properties (-D ones among them) replace the model's own.
    for (const name of CI_FRIENDLY_PROPERTIES) {
      const value = ownValue(context.systemProperties, name);
      if (value !== undefined) model.properties.set(name, value);
    }
    try {
      // Repository POMs without any `${` need no interpolation (their build section is not used).
      if (hasExpressions || req.strict) interpolateModel(model, context, req.strict);
    } catch (e) {
      if (e instanceof InterpolationCycleError) {
        building.problems.push({
          severity: 'ERROR',
          message: `Resolving expression: '\${${e.expression}}': ${e.message}`,
          modelId: building.leafId,
        });
      } else if (e instanceof InterpolationSizeError) {
        building.problems.push({ severity: 'ERROR', message: e.message, modelId: building.leafId });
      } else throw e;
      building.fail();
    }
  }

  /**
   * What Maven does between interpolation and validation: build paths aligned to the project's
   * directory, pluginManagement injected, `import` BOMs read, dependencyManagement injected,
   * default scopes set.
   */
  private async injectManagement(building: ModelBuilding<R>, model: WorkingModel, id: string): Promise<void> {
    const req = building.request;
    if (req.projectDir) alignBuildDirectories(model, req.projectDir);
    injectPluginManagement(model);
    await importManagement(model, id, building, (g, a, v, chain) => {
      const resolver = building.resolver.newCopy();
      return this.repositoryModel(g, a, v, resolver.context, chain, req.descriptor === true, resolver);
    });
    injectDependencyManagement(model);
    injectDefaultScopes(model);
  }

  /** The built model, with what a project on disk also gets: profile sources, property provenance, its effective POM. */
  private result(building: ModelBuilding<R>, lineage: Lineage, model: WorkingModel, id: string): BuiltModel {
    const req = building.request;
    const profileSources = [...lineage.profileSources];
    // Maven records the settings' profiles first (DefaultProjectBuilder).
    if (lineage.externalProfileIds.length > 0)
      profileSources.unshift({ source: 'external', ids: [...lineage.externalProfileIds] });
    const project = req.strict && req.projectDir !== undefined;
    const leafProfiles = req.raw.profiles;
    const interpolation = this.interpolation(req);
    // The values Maven interpolated the model with: a build extension's properties, added to the
    // model later, are not in its plugins' configuration (they are evaluated when a goal runs).
    const frozen = project ? { ...model, properties: new Map(model.properties) } : model;
    return {
      model,
      id,
      problems: building.problems,
      activeProfiles: lineage.activeProfiles,
      sources: building.sources,
      ...(project
        ? {
            profileSources,
            provenance: new PropertyProvenance([...lineage.externalLayers, ...(lineage.propertyLayers ?? [])], {
              ...interpolation,
              projectDir: req.projectDir!,
            }),
            effectiveModel: (verbose?: boolean) => {
              const tree = effectiveModelXml(model, leafProfiles, modelLookup(frozen, interpolation));
              return verbose ? locateEffectiveModel(tree, model, lineage.lineageSources ?? []) : tree;
            },
          }
        : {}),
      ...(lineage.parentFile ? { parentFile: lineage.parentFile, parentLocal: lineage.parentLocal } : {}),
    };
  }

  /**
   * A repository POM with no parent, no profiles, no `${...}` and no imports: its effective
   * model is the POM itself with the super POM's repositories, duplicates merged, its
   * management applied and default scopes (what the general path computes, without its steps).
   */
  private buildPlain(req: BuildRequest<R>): BuiltModel {
    const raw = req.raw;
    const model = toWorkingModel(raw, req.pomFile);
    if (model.dependencies.length > 1) model.dependencies = mergeByKey(model.dependencies, [], managementKey, true);
    const top = this.activeSuperModel(req);
    model.repositories = mergeByKey(model.repositories, top.repositories, (r) => r.id ?? 'default', false);
    model.pluginRepositories = mergeByKey(
      model.pluginRepositories,
      top.pluginRepositories,
      (r) => r.id ?? 'default',
      false,
    );
    model.modelVersion ??= top.modelVersion;
    injectDependencyManagement(model);
    injectDefaultScopes(model);
    const id = `${model.groupId}:${model.artifactId}:${model.version}`;
    const problems: ModelProblem[] = [];
    validateEffectiveModel(model, id, false, problems);
    if (problems.some((p) => p.severity !== 'WARNING')) {
      throw new ModelBuildingFailure(originOf(raw).id, req.pomFile ?? raw.source, problems);
    }
    return {
      model,
      id,
      problems,
      activeProfiles: [],
      sources: req.pomFile ? [{ id: originOf(raw).id, file: req.pomFile }] : [],
    };
  }

  private readonly activeSuperModels = new Map<string, WorkingModel>();

  /**
   * The super POM with its profiles applied, made once per activation context: inheriting only
   * reads the parent model, so every build can share it.
   */
  private activeSuperModel(req: BuildRequest<R>): WorkingModel {
    const key = `${req.projectDir ?? ''}|${req.external}|${req.strict}`;
    let top = this.activeSuperModels.get(key);
    if (!top) {
      top = toWorkingModel(superModel());
      // Repository POMs are built for their dependencies: the super POM's build adds nothing there.
      if (!req.strict) top.build = { plugins: [], pluginManagement: [], extensions: [] };
      for (const p of selectProfiles(superModel().profiles, req.activation, true))
        injectProfile(top, p, originOf(superModel()));
      this.activeSuperModels.set(key, top);
    }
    return top;
  }

  /** The properties a model is interpolated with: a descriptor request has the `-D` ones among the system properties. */
  private interpolation(req: BuildRequest<R>): InterpolationContext {
    const user = this.config.userProperties;
    return {
      userProperties: req.descriptor ? {} : user,
      systemProperties: req.descriptor ? { ...this.systemProperties, ...user } : this.systemProperties,
      ...(this.config.buildStartTime ? { buildStartTime: this.config.buildStartTime } : {}),
    };
  }
}

/** The properties Maven's model version processor takes from the system properties (DefaultModelVersionProcessor). */
const CI_FRIENDLY_PROPERTIES = ['revision', 'changelist', 'sha1'] as const;

function isPlain<R>(req: BuildRequest<R>): boolean {
  const raw = req.raw;
  return (
    !req.strict &&
    raw.parent === undefined &&
    raw.profiles.length === 0 &&
    raw.hasExpressions === false &&
    !raw.base.dependencyManagement.some((d) => d.scope === 'import')
  );
}

function alignBuildDirectories(model: WorkingModel, dir: string): void {
  const b = model.build;
  for (const f of BUILD_DIRECTORY_FIELDS) {
    const v = b[f];
    if (v !== undefined) b[f] = alignToBase(v, dir);
  }
}

/** Whether two look-up contexts are the same repositories (lists compared by id and URL). */
function sameContext(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
  return a.every((r: { id?: string; url?: string }, i) => r?.id === b[i]?.id && r?.url === b[i]?.url);
}
