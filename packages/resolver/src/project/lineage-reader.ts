import * as path from 'node:path';
import {
  ModelParseError,
  ModelReadError,
  type ModelParseProblem,
  type ProfileSource,
  type RawModel,
  type RawProfile,
  type RawRepository,
} from '@goalhost/model';
import { ArtifactResolutionError, type ModelProblem } from '../errors';
import { observedExists, observedIsDirectory } from '../file-observations';
import { compareVersions, isVersionRange, parseVersionRange, rangeContains, type VersionRange } from '../version';
import type { LineageSource } from './effective-model-locations';
import {
  nonParseable,
  nonReadable,
  UNRESOLVABLE_MODEL,
  type ModelBuilderConfig,
  type ModelBuilding,
} from './model-building';
import { injectProfile } from './model-merge';
import { validateRawDependencies, validateRawSelfReference } from './model-validator';
import { selectProfiles } from './profile-activation';
import type { PropertyLayer } from './property-provenance';
import { managementKey, mergeByKey, originOf, toWorkingModel, type WorkingModel } from './working-model';

/** What reading a model's lineage found: the first step of building it. */
export interface Lineage {
  /** The working models, the POM first, then its parents, each with its active profiles injected. */
  readonly models: readonly WorkingModel[];
  /** Whether any POM of the lineage writes a `${`. */
  readonly hasExpressions: boolean;
  /** Ids of active profiles of the POM itself, then of active external (settings) profiles. */
  readonly activeProfiles: readonly string[];
  /** The active profiles by declaring model (the POM and its parents). */
  readonly profileSources: readonly ProfileSource[];
  /** Ids of the active external (settings) profiles. */
  readonly externalProfileIds: readonly string[];
  /** For help:effective-pom -Dverbose: each model's POM and active profiles (projects only). */
  readonly lineageSources?: readonly LineageSource[];
  /** The provenance of properties, highest precedence first (projects only). */
  readonly propertyLayers?: readonly PropertyLayer[];
  /** The active settings profiles' properties, highest precedence first. */
  readonly externalLayers: readonly PropertyLayer[];
  /** The parent POM's file (relativePath or local repository), when there is a parent. */
  readonly parentFile?: string;
  /** Whether that file was found by relativePath (else it came from a repository). */
  readonly parentLocal: boolean;
}

/** A parent POM as read, and where from. */
interface ParentPom {
  readonly raw: RawModel;
  readonly file?: string;
  /** Found by relativePath (else it came from a repository). */
  readonly local: boolean;
}

/**
 * The first step of Maven's DefaultModelBuilder: the POM and its parents (by relativePath or from
 * the repositories), each as a working model with its active profiles injected (the settings'
 * ones too on a project), until a POM without parent.
 */
export class LineageReader<R> {
  constructor(
    private readonly config: ModelBuilderConfig<R>,
    /** The parsed POM, once per file (see ModelBuilder.readRaw). */
    private readonly readRaw: (file: string, light: boolean) => RawModel,
  ) {}

  async read(building: ModelBuilding<R>): Promise<Lineage> {
    const req = building.request;
    const problems = building.problems;
    const models: WorkingModel[] = [];
    const lineageSources: LineageSource[] | undefined = req.strict && req.projectDir !== undefined ? [] : undefined;
    const ids = [building.leafId];
    let activeProfiles: string[] = [];
    const profileSources: ProfileSource[] = [];
    const externalProfileIds: string[] = [];
    let raw: RawModel | undefined = req.raw;
    let file: string | undefined = req.pomFile;
    let local = req.projectDir !== undefined;
    // `onDisk` while the lineage is the reactor's own POM files.
    const propertyLayers: PropertyLayer[] | undefined = lineageSources ? [] : undefined;
    let externalLayers: PropertyLayer[] = [];
    let onDisk = local && !this.isRepositoryFile(file);
    let parent: ParentPom | undefined;
    let hasExpressions = false;
    while (raw) {
      hasExpressions ||= raw.hasExpressions !== false;
      const origin = originOf(raw);
      if (file) building.sources.push({ id: origin.id, file });
      if (raw.malformed && file) problems.push(malformed(raw.malformed, file, local));
      const w = toWorkingModel(raw, file, local && file ? path.dirname(file) : undefined);
      if (req.strict) {
        validateRawDependencies(w.dependencies, 'dependencies.dependency.', problems, origin.id, file);
        if (validateRawSelfReference(raw, w.dependencies, problems, origin.id, file)) building.fail();
      }
      w.dependencies = mergeByKey(w.dependencies, [], managementKey, true);
      const profiles = selectProfiles(raw.profiles, req.activation, true);
      for (const p of profiles) injectProfile(w, p, origin);
      if (profiles.length > 0) profileSources.push({ source: origin.id, ids: profiles.map((p) => p.id) });
      propertyLayers?.push(...layersOf(onDisk ? 'disk' : 'repository', origin.id, file, raw, profiles));
      lineageSources?.push({ id: origin.id, ...(file ? { file } : {}), profiles: profiles.map((p) => p.id) });
      if (models.length === 0) {
        activeProfiles = profiles.map((p) => p.id);
        if (req.external) {
          const external = selectProfiles(this.config.externalProfiles, req.activation, false);
          for (const p of external) injectProfile(w, p, origin);
          activeProfiles.push(...external.map((p) => p.id));
          externalProfileIds.push(...external.map((p) => p.id));
          externalLayers = external
            .map((p): PropertyLayer => ({
              origin: 'settings',
              source: 'settings.xml',
              profile: p.id,
              properties: p.base.properties,
            }))
            .reverse();
        }
      }
      models.push(w);
      if (!raw.parent) break;
      // As Maven's configureResolver: the model's repositories (its profiles' too) before its parent is looked up.
      for (const r of w.repositories) building.resolver.addRepository(r, false);
      const next: ParentPom | undefined = await this.readParent(raw, file, local, building, problems).catch(
        (e: unknown) => {
          if (e instanceof ArtifactResolutionError) building.fail(e);
          if (e instanceof ModelParseError) {
            problems.push(nonParseable(e));
            building.fail();
          }
          if (e instanceof ModelReadError) {
            problems.push(nonReadable(e));
            building.fail();
          }
          throw e;
        },
      );
      if (!next) building.fail();
      const parentId = originOf(next!.raw).id;
      if (ids.includes(parentId)) {
        problems.push({
          severity: 'FATAL',
          message: `The parents form a cycle: ${[...ids, parentId].join(' -> ')}`,
          modelId: building.leafId,
        });
        building.fail();
      }
      ids.push(parentId);
      if (models.length === 1) {
        parent = next;
        const inherited = next!.raw.version ?? next!.raw.parent?.version;
        if (
          req.raw.version === undefined &&
          req.raw.parent &&
          inherited !== undefined &&
          isVersionRange(req.raw.parent.version ?? '')
        ) {
          building.failedId = originOf({ ...req.raw, parent: { ...req.raw.parent, version: inherited } }).id;
        }
      }
      raw = next!.raw;
      file = next!.file;
      local = next!.local;
      onDisk &&= local && !this.isRepositoryFile(file);
    }
    return {
      models,
      hasExpressions,
      activeProfiles,
      profileSources,
      externalProfileIds,
      externalLayers,
      ...(lineageSources ? { lineageSources } : {}),
      ...(propertyLayers ? { propertyLayers } : {}),
      ...(parent?.file ? { parentFile: parent.file } : {}),
      parentLocal: parent?.local ?? false,
    };
  }

  private isRepositoryFile(file: string | undefined): boolean {
    return file !== undefined && this.config.isRepositoryFile?.(file) === true;
  }

  /** The parent by relativePath when it matches, else from the repositories. */
  private async readParent(
    child: RawModel,
    childFile: string | undefined,
    childLocal: boolean,
    building: ModelBuilding<R>,
    problems: ModelProblem[],
  ): Promise<ParentPom | undefined> {
    const req = building.request;
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
    const context = building.resolver.context;
    try {
      let version = parent.version ?? '';
      if (isVersionRange(version)) {
        version = await this.parentFromRange(parent.groupId ?? '', parent.artifactId ?? '', version, context, []);
        checkConstantVersion(child, childFile, problems);
      }
      const file = await this.config.resolvePom(parent.groupId ?? '', parent.artifactId ?? '', version, context, []);
      const raw = this.readRaw(file, !req.strict);
      this.checkParentPackaging(raw, file, problems);
      return { raw, file, local: false };
    } catch (e) {
      if (!(e instanceof ArtifactResolutionError)) throw e;
      const coords = `${parent.groupId}:${parent.artifactId}:${parent.version}`;
      const mentions =
        e.message.includes(`${parent.groupId}:${parent.artifactId}`) && e.message.includes(String(parent.version));
      // Maven always names the child here (its root-model check compares against a copy).
      let message = `Non-resolvable parent POM${mentions ? '' : ` ${coords}`} for ${originOf(child).id}: ${e.message}`;
      if (childLocal)
        message +=
          rel === ''
            ? " and 'parent.relativePath' points at no local POM"
            : " and 'parent.relativePath' points at wrong local POM";
      problems.push({
        severity: 'FATAL',
        message,
        modelId: originOf(child).id,
        ...(childFile ? { source: childFile } : {}),
        line: parent.line,
        column: parent.column,
        mavenException: UNRESOLVABLE_MODEL,
      });
      throw e;
    }
  }

  /**
   * The highest version of a parent range, as Maven's project model resolver picks it, with its
   * messages for no match and for a range without an upper bound.
   */
  private async parentFromRange(
    groupId: string,
    artifactId: string,
    spec: string,
    context: R,
    repositories: readonly RawRepository[],
  ): Promise<string> {
    const coords = `${groupId}:${artifactId}:${spec}`;
    let range: VersionRange;
    try {
      range = parseVersionRange(spec);
    } catch (e) {
      throw new ArtifactResolutionError(`Invalid version range ${spec}: ${(e as Error).message}`, coords, true);
    }
    const versions = this.config.listVersions
      ? await this.config.listVersions(groupId, artifactId, spec, context, repositories)
      : [];
    const matching = versions.filter((v) => rangeContains(range, v));
    if (matching.length === 0)
      throw new ArtifactResolutionError(
        `No versions matched the requested parent version range '${spec}'`,
        coords,
        true,
      );
    if (range.intervals[range.intervals.length - 1]?.upper === undefined) {
      throw new ArtifactResolutionError(
        `The requested parent version range '${spec}' does not specify an upper bound`,
        coords,
        true,
      );
    }
    return matching.reduce((best, v) => (compareVersions(v, best) > 0 ? v : best));
  }

  private checkParentPackaging(raw: RawModel, file: string, problems: ModelProblem[]): void {
    const packaging = raw.packaging ?? 'jar';
    if (packaging !== 'pom') {
      const id = originOf(raw).id;
      problems.push({
        severity: 'ERROR',
        message: `Invalid packaging for parent POM ${id} (${file}), must be "pom" but is "${packaging}"`,
        modelId: id,
        source: file,
      });
    }
  }
}

/** A POM's `<properties>` layers, highest precedence first: its active profiles (the last injected wins), then its own. */
function layersOf(
  origin: 'disk' | 'repository',
  source: string,
  file: string | undefined,
  raw: RawModel,
  profiles: readonly RawProfile[],
): PropertyLayer[] {
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
    severity: local ? 'ERROR' : 'WARNING',
    message: `Malformed POM ${file}: ${problem.message}`,
    modelId: '',
    source: file,
    line: problem.line,
    column: problem.column,
    mavenException: 'ModelParseException',
  };
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
  const refersToParent =
    own !== undefined &&
    ['${pom.version}', '${project.version}', '${pom.parent.version}', '${project.parent.version}'].includes(own);
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
