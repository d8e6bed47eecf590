import * as path from 'node:path';
import { dictionary, InterpolationSizeError, ModelParseError, parsePom, type ModelParseProblem, type ProfileSource, type RawModel, type RawProfile, type RawRepository, type XmlNode } from '@goalhost/model';
import { locateEffectiveModel, type LineageSource } from './effective-model-locations';
import { effectiveModelXml } from './effective-model-xml';
import { ArtifactResolutionError, type ModelProblem } from '../errors';
import { observedExists, observedIsDirectory, readObservedText } from '../file-observations';
import { alignToBase, InterpolationCycleError, interpolateModel, modelLookup, type InterpolationContext } from './interpolation';
import { inherit, injectPluginManagement, injectProfile } from './model-merge';
import { validateEffectiveModel, validateRawDependencies } from './model-validator';
import { selectProfiles, type ActivationContext } from './profile-activation';
import { SUPER_POM_MANAGED_PLUGINS, superModel } from './super-pom';
import { managementKey, mergeByKey, originOf, pluginKey, toWorkingModel, type WorkingDependency, type WorkingModel, type WorkingPlugin } from './working-model';
import { javaHashMapOrder } from '../java-hash-order';
import { PropertyProvenance, type PropertyLayer } from './property-provenance';
import { compareVersions, isVersionRange, parseVersionRange, rangeContains, type VersionRange } from '../version';

export interface ModelBuilderConfig<R> {
  readonly userProperties: Readonly<Record<string, string>>;
  readonly systemProperties: Readonly<Record<string, string>>;
  readonly activeProfileIds: readonly string[];
  readonly inactiveProfileIds: readonly string[];
  /** Profiles from settings.xml (only applied to projects, as Maven does). */
  readonly externalProfiles: readonly RawProfile[];
  readonly buildStartTime?: Date;
  /**
   * Path of g:a:v's POM in the local repository, fetching it when needed from the repositories of
   * `context` plus those `declared` by the models read so far. Throws ArtifactResolutionError.
   */
  resolvePom(groupId: string, artifactId: string, version: string, context: R, declared: readonly RawRepository[]): Promise<string>;
  /** The versions known for groupId:artifactId (metadata), to pick a parent from a version range. */
  listVersions?(groupId: string, artifactId: string, range: string, context: R, declared: readonly RawRepository[]): Promise<string[]>;
  /** Whether a POM file lies in the local repository (its content then came from a repository). */
  isRepositoryFile?(file: string): boolean;
}

/** An effective model and what was noticed while building it. */
export interface BuiltModel {
  readonly model: WorkingModel;
  /** `groupId:artifactId:version` */
  readonly id: string;
  readonly problems: readonly ModelProblem[];
  /** Ids of active profiles of the POM itself, then of active external (settings) profiles. */
  readonly activeProfiles: readonly string[];
  /** The active profiles by declaring model (`external`, then the POM and its parents); projects only. */
  readonly profileSources?: readonly ProfileSource[];
  /** The effective model as Maven writes it, made on demand; projects only. */
  readonly effectiveModel?: (verbose?: boolean) => XmlNode;
  /** The parent POM's file (relativePath or local repository), when there is a parent. */
  readonly parentFile?: string;
  /** Whether that file was found by relativePath (else it came from a repository). */
  readonly parentLocal?: boolean;
  /** Who wrote each property (projects on disk only). */
  readonly provenance?: PropertyProvenance;
  /** Every POM file the model was built from: the POM, its parents, then the imported BOMs' (with theirs). */
  readonly sources: readonly ModelSource[];
}

/** One POM file a model was built from. */
export interface ModelSource {
  /** `groupId:artifactId:version` as the POM says it (inherited from its parent when absent). */
  readonly id: string;
  readonly file: string;
}

/** Model building failed: the problems say why; `unresolvable` is set when a parent or BOM is missing. */
export class ModelBuildingFailure extends Error {
  constructor(readonly modelId: string, readonly source: string, readonly problems: readonly ModelProblem[], readonly unresolvable?: ArtifactResolutionError) {
    super(problems.filter((p) => p.severity !== 'WARNING').map((p) => p.message).join('; '));
    this.name = 'ModelBuildingFailure';
  }
}

interface BuildRequest<R> {
  readonly context: R;
  readonly raw: RawModel;
  readonly pomFile?: string;
  /** Set for projects on disk; enables ${basedir}, path alignment and strict validation. */
  readonly projectDir?: string;
  readonly strict: boolean;
  readonly external: boolean;
  readonly activation: ActivationContext;
  readonly importChain: readonly string[];
}

/**
 * Maven's model builder: profiles, parents (relativePath or repository), inheritance,
 * interpolation, pluginManagement, import BOMs, dependencyManagement, default scopes,
 * validation. POMs are parsed once; repository models are built once per coordinates.
 */
export class ModelBuilder<R> {
  private readonly rawCache = new Map<string, RawModel>();
  private readonly lightCache = new Map<string, RawModel>();
  private readonly repositoryModels = new Map<string, Promise<BuiltModel>>();
  private systemProperties: Readonly<Record<string, string>>;

  constructor(private readonly config: ModelBuilderConfig<R>) {
    this.systemProperties = config.systemProperties;
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
      raw = parsePom(readObservedText(file), file, { light, strict: !light });
      (light ? this.lightCache : this.rawCache).set(file, raw);
    }
    return raw;
  }

  /** readRaw, failing as Maven's model builder does for a POM it cannot parse. */
  private readModel(file: string, modelId: string, light = false): RawModel {
    try {
      return this.readRaw(file, light);
    } catch (e) {
      if (e instanceof ModelParseError) throw new ModelBuildingFailure(modelId, file, [nonParseable(e)]);
      throw e;
    }
  }

  /** The effective model of a project on disk (throws ModelBuildingFailure or XmlSyntaxError). */
  async buildProject(pomFile: string, context: R, fromRepository = false): Promise<BuiltModel> {
    const file = path.resolve(pomFile);
    // A POM from a repository is built as a project without a directory (no ${basedir}).
    const projectDir = fromRepository ? undefined : path.dirname(file);
    const external = selectProfiles(this.config.externalProfiles, this.activation(projectDir, true), false);
    const props = dictionary<string>();
    for (const p of external) for (const [k, v] of p.base.properties) props[k] = v;
    const activation = { ...this.activation(projectDir, true), userProperties: dictionary([...Object.entries(props), ...Object.entries(this.config.userProperties)]) };
    // Maven names a project it could not read at all by no id.
    const raw = this.readModel(file, '');
    return this.build({ context, raw, pomFile: file, ...(projectDir ? { projectDir } : {}), strict: true, external: true, activation, importChain: [] });
  }

  /** The effective model of a POM in the repositories, built once per coordinates. */
  repositoryModel(groupId: string, artifactId: string, version: string, context: R, importChain: readonly string[] = []): Promise<BuiltModel> {
    const key = `${groupId}:${artifactId}:${version}`;
    let built = this.repositoryModels.get(key);
    if (!built) {
      built = (async () => {
        const file = await this.config.resolvePom(groupId, artifactId, version, context, []);
        const raw = this.readModel(file, key, true);
        return this.build({ context, raw, pomFile: file, strict: false, external: false, activation: this.activation(undefined, false), importChain });
      })();
      this.repositoryModels.set(key, built);
    }
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

  private async build(req: BuildRequest<R>): Promise<BuiltModel> {
    if (isPlain(req)) return this.buildPlain(req);
    const problems: ModelProblem[] = [];
    const leafId = originOf(req.raw).id;
    // The name of a failed project: its version, once a parent range gave the one it inherits.
    let failedId = leafId;
    const fail = (unresolvable?: ArtifactResolutionError): never => {
      throw new ModelBuildingFailure(failedId, req.pomFile ?? req.raw.source, problems, unresolvable);
    };
    const lineage: WorkingModel[] = [];
    // For help:effective-pom -Dverbose: each model's POM and active profiles (projects only).
    const sources: LineageSource[] | undefined = req.strict && req.projectDir !== undefined ? [] : undefined;
    const ids = [leafId];
    let activeProfiles: string[] = [];
    const profileSources: ProfileSource[] = [];
    const externalIds: string[] = [];
    let raw: RawModel | undefined = req.raw;
    let file: string | undefined = req.pomFile;
    let local = req.projectDir !== undefined;
    // The provenance of properties (projects only): `onDisk` while the lineage is the reactor's own POM files.
    const layers: PropertyLayer[] | undefined = sources ? [] : undefined;
    let externalLayers: PropertyLayer[] = [];
    let onDisk = local && !this.isRepositoryFile(file);
    let parentFile: string | undefined;
    let parentLocal = false;
    let expressions = false;
    const modelSources: ModelSource[] = [];
    while (raw) {
      expressions ||= raw.hasExpressions !== false;
      const origin = originOf(raw);
      if (file) modelSources.push({ id: origin.id, file });
      if (raw.malformed && file) problems.push(malformed(raw.malformed, file, local));
      const w = toWorkingModel(raw, file, local && file ? path.dirname(file) : undefined);
      if (req.strict) validateRawDependencies(w.dependencies, 'dependencies.dependency.', problems, origin.id, file);
      w.dependencies = mergeByKey(w.dependencies, [], managementKey, true);
      const profiles = selectProfiles(raw.profiles, req.activation, true);
      for (const p of profiles) injectProfile(w, p, origin);
      if (profiles.length > 0) profileSources.push({ source: origin.id, ids: profiles.map((p) => p.id) });
      layers?.push(...propertyLayers(onDisk ? 'disk' : 'repository', origin.id, file, raw, profiles));
      sources?.push({ id: origin.id, ...(file ? { file } : {}), profiles: profiles.map((p) => p.id) });
      if (lineage.length === 0) {
        activeProfiles = profiles.map((p) => p.id);
        if (req.external) {
          const external = selectProfiles(this.config.externalProfiles, req.activation, false);
          for (const p of external) injectProfile(w, p, origin);
          activeProfiles.push(...external.map((p) => p.id));
          externalIds.push(...external.map((p) => p.id));
          externalLayers = external.map((p): PropertyLayer => ({ origin: 'settings', source: 'settings.xml', profile: p.id, properties: p.base.properties })).reverse();
        }
      }
      lineage.push(w);
      if (!raw.parent) break;
      const parent: { raw: RawModel; file?: string; local: boolean } | undefined = await this.readParent(raw, file, local, lineage, req, problems).catch((e: unknown) => {
        if (e instanceof ArtifactResolutionError) fail(e);
        if (e instanceof ModelParseError) {
          problems.push(nonParseable(e));
          fail();
        }
        throw e;
      });
      if (!parent) fail();
      const parentId = originOf(parent!.raw).id;
      if (ids.includes(parentId)) {
        problems.push({ severity: 'FATAL', message: `The parents form a cycle: ${[...ids, parentId].join(' -> ')}`, modelId: leafId });
        fail();
      }
      ids.push(parentId);
      if (lineage.length === 1) {
        parentFile = parent!.file;
        parentLocal = parent!.local;
        const inherited = parent!.raw.version ?? parent!.raw.parent?.version;
        if (req.raw.version === undefined && req.raw.parent && inherited !== undefined && isVersionRange(req.raw.parent.version ?? '')) {
          failedId = originOf({ ...req.raw, parent: { ...req.raw.parent, version: inherited } }).id;
        }
      }
      raw = parent!.raw;
      file = parent!.file;
      local = parent!.local;
      onDisk &&= local && !this.isRepositoryFile(file);
    }
    lineage.push(this.activeSuperModel(req));
    if (req.strict) warnMissingPluginVersions(lineage, problems);
    for (let i = lineage.length - 2; i >= 0; i--) inherit(lineage[i], lineage[i + 1], lineage[i].artifactId ?? '');
    const model = lineage[0];
    try {
      // Repository POMs without any `${` need no interpolation (their build section is not used).
      if (expressions || req.strict) interpolateModel(model, this.interpolation(), req.strict);
    } catch (e) {
      if (e instanceof InterpolationCycleError) {
        problems.push({ severity: 'ERROR', message: `Resolving expression: '\${${e.expression}}': ${e.message}`, modelId: leafId });
      } else if (e instanceof InterpolationSizeError) {
        problems.push({ severity: 'ERROR', message: e.message, modelId: leafId });
      } else throw e;
      fail();
    }
    const id = `${model.groupId}:${model.artifactId}:${model.version}`;
    if (req.projectDir) alignBuildDirectories(model, req.projectDir);
    injectPluginManagement(model);
    await this.importManagement(model, id, req, problems, modelSources);
    injectDependencyManagement(model);
    injectDefaultScopes(model);
    validateEffectiveModel(model, id, req.strict, problems);
    if (problems.some((p) => p.severity !== 'WARNING')) fail();
    // Maven records the settings' profiles first (DefaultProjectBuilder).
    if (externalIds.length > 0) profileSources.unshift({ source: 'external', ids: externalIds });
    const project = req.strict && req.projectDir !== undefined;
    const leafProfiles = req.raw.profiles;
    const interpolation = this.interpolation();
    // The values Maven interpolated the model with: a build extension's properties, added to the
    // model later, are not in its plugins' configuration (they are evaluated when a goal runs).
    const frozen = project ? { ...model, properties: new Map(model.properties) } : model;
    return {
      model, id, problems, activeProfiles, sources: modelSources,
      ...(project
        ? {
            profileSources,
            provenance: new PropertyProvenance([...externalLayers, ...(layers ?? [])], { ...interpolation, projectDir: req.projectDir! }),
            effectiveModel: (verbose?: boolean) => {
              const tree = effectiveModelXml(model, leafProfiles, modelLookup(frozen, interpolation));
              return verbose ? locateEffectiveModel(tree, model, sources ?? []) : tree;
            },
          }
        : {}),
      ...(parentFile ? { parentFile, parentLocal } : {}),
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
    model.pluginRepositories = mergeByKey(model.pluginRepositories, top.pluginRepositories, (r) => r.id ?? 'default', false);
    model.modelVersion ??= top.modelVersion;
    injectDependencyManagement(model);
    injectDefaultScopes(model);
    const id = `${model.groupId}:${model.artifactId}:${model.version}`;
    const problems: ModelProblem[] = [];
    validateEffectiveModel(model, id, false, problems);
    if (problems.some((p) => p.severity !== 'WARNING')) {
      throw new ModelBuildingFailure(originOf(raw).id, req.pomFile ?? raw.source, problems);
    }
    return { model, id, problems, activeProfiles: [], sources: req.pomFile ? [{ id: originOf(raw).id, file: req.pomFile }] : [] };
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
      for (const p of selectProfiles(superModel().profiles, req.activation, true)) injectProfile(top, p, originOf(superModel()));
      this.activeSuperModels.set(key, top);
    }
    return top;
  }

  private isRepositoryFile(file: string | undefined): boolean {
    return file !== undefined && this.config.isRepositoryFile?.(file) === true;
  }

  private interpolation(): InterpolationContext {
    return {
      userProperties: this.config.userProperties,
      systemProperties: this.systemProperties,
      ...(this.config.buildStartTime ? { buildStartTime: this.config.buildStartTime } : {}),
    };
  }

  /** The parent by relativePath when it matches, else from the repositories. */
  private async readParent(
    child: RawModel,
    childFile: string | undefined,
    childLocal: boolean,
    lineage: readonly WorkingModel[],
    req: BuildRequest<R>,
    problems: ModelProblem[],
  ): Promise<{ raw: RawModel; file?: string; local: boolean } | undefined> {
    const parent = child.parent!;
    const rel = parent.relativePath ?? '../pom.xml';
    if (childFile && rel !== '') {
      let candidate = path.resolve(path.dirname(childFile), rel);
      if (observedIsDirectory(candidate)) candidate = path.join(candidate, 'pom.xml');
      if (observedExists(candidate) && !observedIsDirectory(candidate)) {
        const raw = this.readRaw(candidate, !req.strict);
        const g = raw.groupId ?? raw.parent?.groupId;
        const v = raw.version ?? raw.parent?.version;
        if (g !== parent.groupId || raw.artifactId !== parent.artifactId) {
          const of = child !== req.raw ? ` of POM ${originOf(child).id} (${childFile})` : '';
          problems.push({
            severity: 'WARNING',
            message: `'parent.relativePath'${of} points at ${g}:${raw.artifactId} instead of ${parent.groupId}:${parent.artifactId}, please verify your project structure`,
            modelId: originOf(child).id,
            source: childFile,
            line: parent.line,
            column: parent.column,
          });
        } else if (v === undefined || parent.version === undefined || v === parent.version) {
          this.checkParentPackaging(raw, candidate, problems);
          return { raw, file: candidate, local: true };
        } else if (inRange(parent.version, v)) {
          // A parent range the local POM satisfies: Maven takes the local one.
          checkConstantVersion(child, childFile, problems);
          this.checkParentPackaging(raw, candidate, problems);
          return { raw, file: candidate, local: true };
        }
      }
    }
    const repositories = lineage.flatMap((w) => w.repositories);
    try {
      let version = parent.version ?? '';
      if (isVersionRange(version)) {
        version = await this.parentFromRange(parent.groupId ?? '', parent.artifactId ?? '', version, req.context, repositories);
        checkConstantVersion(child, childFile, problems);
      }
      const file = await this.config.resolvePom(parent.groupId ?? '', parent.artifactId ?? '', version, req.context, repositories);
      const raw = this.readRaw(file, !req.strict);
      this.checkParentPackaging(raw, file, problems);
      return { raw, file, local: false };
    } catch (e) {
      if (!(e instanceof ArtifactResolutionError)) throw e;
      const coords = `${parent.groupId}:${parent.artifactId}:${parent.version}`;
      const mentions = e.message.includes(`${parent.groupId}:${parent.artifactId}`) && e.message.includes(String(parent.version));
      // Maven always names the child here (its root-model check compares against a copy).
      let message = `Non-resolvable parent POM${mentions ? '' : ` ${coords}`} for ${originOf(child).id}: ${e.message}`;
      if (childLocal) message += rel === '' ? " and 'parent.relativePath' points at no local POM" : " and 'parent.relativePath' points at wrong local POM";
      problems.push({ severity: 'FATAL', message, modelId: originOf(child).id, ...(childFile ? { source: childFile } : {}), line: parent.line, column: parent.column });
      throw e;
    }
  }

  /**
   * The highest version of a parent range, as Maven's project model resolver picks it, with its
   * messages for no match and for a range without an upper bound.
   */
  private async parentFromRange(groupId: string, artifactId: string, spec: string, context: R, repositories: readonly RawRepository[]): Promise<string> {
    const coords = `${groupId}:${artifactId}:${spec}`;
    let range: VersionRange;
    try {
      range = parseVersionRange(spec);
    } catch (e) {
      throw new ArtifactResolutionError(`Invalid version range ${spec}: ${(e as Error).message}`, coords, true);
    }
    const versions = this.config.listVersions ? await this.config.listVersions(groupId, artifactId, spec, context, repositories) : [];
    const matching = versions.filter((v) => rangeContains(range, v));
    if (matching.length === 0) throw new ArtifactResolutionError(`No versions matched the requested parent version range '${spec}'`, coords, true);
    if (range.intervals[range.intervals.length - 1]?.upper === undefined) {
      throw new ArtifactResolutionError(`The requested parent version range '${spec}' does not specify an upper bound`, coords, true);
    }
    return matching.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
  }

  private checkParentPackaging(raw: RawModel, file: string, problems: ModelProblem[]): void {
    const packaging = raw.packaging ?? 'jar';
    if (packaging !== 'pom') {
      const id = originOf(raw).id;
      problems.push({ severity: 'ERROR', message: `Invalid packaging for parent POM ${id} (${file}), must be "pom" but is "${packaging}"`, modelId: id, source: file });
    }
  }

  /** Replaces `<scope>import</scope>` BOM entries by their managed dependencies (own entries first). */
  private async importManagement(model: WorkingModel, id: string, req: BuildRequest<R>, problems: ModelProblem[], sources: ModelSource[]): Promise<void> {
    const imports = model.dependencyManagement.filter((d) => d.type === 'pom' && d.scope === 'import');
    if (imports.length === 0) return;
    model.dependencyManagement = model.dependencyManagement.filter((d) => !imports.includes(d));
    const chain = [...req.importChain, id];
    const imported: WorkingDependency[][] = [];
    for (const d of imports) {
      const prefix = "'dependencyManagement.dependencies.dependency.";
      const key = managementKey(d);
      const missing = (['groupId', 'artifactId', 'version'] as const).find((f) => !d[f]);
      const at = { modelId: d.origin.id, ...(d.origin.file ? { source: d.origin.file } : {}), line: d.line, column: d.column };
      if (missing) {
        problems.push({ severity: 'ERROR', message: `${prefix}${missing}' for ${key} is missing.`, ...at });
        continue;
      }
      const bom = `${d.groupId}:${d.artifactId}:${d.version}`;
      if (chain.includes(bom)) {
        problems.push({ severity: 'ERROR', message: `The dependencies of type=pom and with scope=import form a cycle: ${[...chain, bom].join(' -> ')}`, modelId: id });
        continue;
      }
      try {
        const built = await this.repositoryModel(d.groupId!, d.artifactId!, d.version!, req.context, chain);
        imported.push(built.model.dependencyManagement);
        sources.push(...built.sources);
      } catch (e) {
        if (e instanceof ArtifactResolutionError) {
          const mentions = e.message.includes(`${d.groupId}:${d.artifactId}`);
          problems.push({ severity: 'ERROR', message: `Non-resolvable import POM${mentions ? '' : ` ${bom}`}: ${e.message}`, ...at });
        } else if (e instanceof ModelBuildingFailure) {
          problems.push(...e.problems.filter((p) => p.severity !== 'WARNING'));
        } else throw e;
      }
    }
    const byKey = new Map(model.dependencyManagement.map((m) => [managementKey(m), m] as const));
    for (const list of imported) for (const m of list) if (!byKey.has(managementKey(m))) byKey.set(managementKey(m), m);
    model.dependencyManagement = [...byKey.values()];
  }
}

/** A POM's `<properties>` layers, highest precedence first: its active profiles (the last injected wins), then its own. */
function propertyLayers(origin: 'disk' | 'repository', source: string, file: string | undefined, raw: RawModel, profiles: readonly RawProfile[]): PropertyLayer[] {
  const at = { origin, source, ...(file ? { file } : {}) };
  return [
    ...profiles.map((p): PropertyLayer => ({ ...at, profile: p.id, properties: p.base.properties })).reverse(),
    { ...at, properties: raw.base.properties },
  ];
}

/**
 * A POM only the lenient reader takes (Maven's DefaultModelBuilder reads strictly, then
 * leniently): an error for a project's file or a parent found by relativePath, a warning for a
 * POM from a repository. The place is the file (the problem belongs to no model id yet).
 */
function malformed(problem: ModelParseProblem, file: string, local: boolean): ModelProblem {
  return {
    severity: local ? 'ERROR' : 'WARNING', message: `Malformed POM ${file}: ${problem.message}`,
    modelId: '', source: file, line: problem.line, column: problem.column,
  };
}

/** Maven's fatal problem for a POM no reader takes. */
function nonParseable(e: ModelParseError): ModelProblem {
  return { severity: 'FATAL', message: e.message, modelId: '', source: e.source, line: e.problem.line, column: e.problem.column };
}

/**
 * Maven's model builder warns about each build plugin that no POM of the lineage (super POM first)
 * gives a version, in plugins or pluginManagement, in the order of its HashMap; the place is the
 * last declaration seen. (The version itself is resolved later, from the plugin repositories:
 * see plugin-version-resolver.ts.)
 */
function warnMissingPluginVersions(lineage: readonly WorkingModel[], problems: ModelProblem[]): void {
  const versions = new Map<string, string | undefined>();
  const declarations = new Map<string, WorkingPlugin>();
  const managed = new Set(SUPER_POM_MANAGED_PLUGINS);
  for (let i = lineage.length - 1; i >= 0; i--) {
    const build = lineage[i].build;
    for (const p of build.plugins) {
      const key = pluginKey(p);
      if (versions.get(key) !== undefined) continue;
      versions.set(key, p.version);
      declarations.set(key, p);
    }
    for (const p of build.pluginManagement) if (p.version !== undefined) managed.add(pluginKey(p));
  }
  for (const key of javaHashMapOrder([...versions.keys()])) {
    if (versions.get(key) !== undefined || managed.has(key)) continue;
    const p = declarations.get(key)!;
    problems.push({
      severity: 'WARNING',
      message: `'build.plugins.plugin.version' for ${key} is missing.`,
      modelId: p.origin?.id ?? '',
      ...(p.origin?.file ? { source: p.origin.file } : {}),
      ...(p.line !== undefined ? { line: p.line, column: p.column } : {}),
    });
  }
}

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

/** dependencyManagement fills in what a declared dependency leaves out. */
function injectDependencyManagement(model: WorkingModel): void {
  if (model.dependencyManagement.length === 0) return;
  const deps = new Map(model.dependencies.map((d) => [managementKey(d), d] as const));
  for (const m of model.dependencyManagement) {
    const d = deps.get(managementKey(m));
    if (!d) continue;
    if (d.version === undefined && m.version !== undefined) d.versionFrom = m;
    d.version ??= m.version;
    if (d.scope === undefined && m.scope !== undefined) d.scopeFrom = m.scopeFrom;
    d.scope ??= m.scope;
    d.systemPath ??= m.systemPath;
    // Maven's model builder never manages <optional> (its resolver does, below the project's own dependencies).
    if (d.exclusions.length === 0 && m.exclusions.length > 0) d.exclusions = m.exclusions.map((x) => ({ ...x }));
    for (const f of ['version', 'scope', 'systemPath'] as const) if (d[f] === undefined) delete d[f];
  }
}

/** Maven's model normalizer: `compile` (a Java literal) where no scope is written. */
function injectDefaultScopes(model: WorkingModel): void {
  for (const d of model.dependencies) {
    if (!d.scope) {
      d.scope = 'compile';
      d.scopeFrom = undefined;
    }
  }
}

function alignBuildDirectories(model: WorkingModel, dir: string): void {
  const b = model.build;
  for (const f of ['directory', 'outputDirectory', 'testOutputDirectory', 'sourceDirectory', 'testSourceDirectory', 'scriptSourceDirectory'] as const) {
    const v = b[f];
    if (v !== undefined) b[f] = alignToBase(v, dir);
  }
}

/** Whether `version` is in the parent range `spec` (false when `spec` is no range or not a valid one). */
function inRange(spec: string, version: string): boolean {
  if (!isVersionRange(spec)) return false;
  try {
    return rangeContains(parseVersionRange(spec), version);
  } catch {
    return false;
  }
}

/**
 * With a parent range, a child must write its own version (Maven's MNG-2199 check): none, or one
 * that only repeats the parent's version, is fatal.
 */
function checkConstantVersion(child: RawModel, childFile: string | undefined, problems: ModelProblem[]): void {
  const own = child.version;
  const refersToParent = own !== undefined && ['${pom.version}', '${project.version}', '${pom.parent.version}', '${project.parent.version}'].includes(own);
  if (own !== undefined && !refersToParent) return;
  const at = own === undefined ? child.projectAt : child.versionAt;
  problems.push({
    severity: 'FATAL',
    message: 'Version must be a constant',
    modelId: originOf(child).id,
    ...(childFile ? { source: childFile } : {}),
    ...(at ? { line: at.line, column: at.column } : {}),
  });
}
