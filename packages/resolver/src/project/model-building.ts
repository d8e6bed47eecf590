import type {
  ModelParseError,
  ModelReadError,
  ProfileSource,
  RawModel,
  RawProfile,
  RawRepository,
  XmlNode,
} from '@goalhost/model';
import type { ArtifactResolutionError, ModelProblem } from '../errors';
import type { ActivationContext } from './profile-activation';
import type { PropertyProvenance } from './property-provenance';
import { originOf, type WorkingModel } from './working-model';

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
  resolvePom(
    groupId: string,
    artifactId: string,
    version: string,
    context: R,
    declared: readonly RawRepository[],
  ): Promise<string>;
  /** The versions known for groupId:artifactId (metadata), to pick a parent from a version range. */
  listVersions?(
    groupId: string,
    artifactId: string,
    range: string,
    context: R,
    declared: readonly RawRepository[],
  ): Promise<string[]>;
  /** Whether a POM file lies in the local repository (its content then came from a repository). */
  isRepositoryFile?(file: string): boolean;
  /**
   * Where a model's parents and imports are looked up, starting from `context`: a project's
   * (Maven's ProjectModelResolver) or a dependency POM's (`descriptor`: DefaultModelResolver).
   */
  modelResolver(context: R, descriptor: boolean): ModelResolver<R>;
}

/**
 * Maven's ModelResolver as model building uses it: every model of the lineage adds its
 * repositories, an id already added being kept; the interpolated model's then replace those of
 * the same id (a `${...}` URL gets its value); an import is read with a copy. `context` is what a
 * parent or an import is looked up in now.
 */
export interface ModelResolver<R> {
  readonly context: R;
  addRepository(repository: RawRepository, replace: boolean): void;
  newCopy(): ModelResolver<R>;
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
  constructor(
    readonly modelId: string,
    readonly source: string,
    readonly problems: readonly ModelProblem[],
    readonly unresolvable?: ArtifactResolutionError,
  ) {
    super(
      problems
        .filter((p) => p.severity !== 'WARNING')
        .map((p) => p.message)
        .join('; '),
    );
    this.name = 'ModelBuildingFailure';
  }
}

/** What one model is built from. */
export interface BuildRequest<R> {
  readonly context: R;
  readonly raw: RawModel;
  readonly pomFile?: string;
  /** Set for projects on disk; enables ${basedir}, path alignment and strict validation. */
  readonly projectDir?: string;
  readonly strict: boolean;
  readonly external: boolean;
  readonly activation: ActivationContext;
  readonly importChain: readonly string[];
  /** The model resolver of the model importing this one (a copy of it); a new one from `context` when absent. */
  readonly resolver?: ModelResolver<R>;
  /**
   * Maven's artifact descriptor request (a dependency's or a plugin's POM, and what it imports):
   * the command line's `-D` properties reach it as system properties only, after the POM's own
   * properties (DefaultArtifactDescriptorReader), where a project sees them first.
   */
  readonly descriptor?: boolean;
}

/** A project's model after Maven's first phase: its `g:a:v`, its modules, and the rest of its building to do. */
export interface InterimModel {
  readonly id: string;
  readonly modules: readonly string[];
  finish(): Promise<BuiltModel>;
}

/**
 * The carrier of one model build from step to step (Maven's DefaultModelBuildingRequest and
 * result in one): the request, the problems found so far and every POM file read.
 */
export class ModelBuilding<R> {
  readonly problems: ModelProblem[] = [];
  /** Every POM file read: the POM, its parents, then the imported BOMs' (with theirs). */
  readonly sources: ModelSource[] = [];
  /** The id of the POM being built, as it writes it. */
  readonly leafId: string;
  /** The name of a failed project: its version, once a parent range gave the one it inherits. */
  failedId: string;
  /** The first parent or import POM found nowhere (Maven's UnresolvableModelException of a problem). */
  unresolvable?: ArtifactResolutionError;

  constructor(
    readonly request: BuildRequest<R>,
    /** Where this model's parents and imports are looked up (it changes as the lineage is read). */
    readonly resolver: ModelResolver<R>,
  ) {
    this.leafId = originOf(request.raw).id;
    this.failedId = this.leafId;
  }

  /** Ends the build with the problems found so far. */
  fail(unresolvable?: ArtifactResolutionError): never {
    throw new ModelBuildingFailure(
      this.failedId,
      this.request.pomFile ?? this.request.raw.source,
      this.problems,
      unresolvable ?? this.unresolvable,
    );
  }

  /** Ends the build when a problem is worse than a warning. */
  failOnErrors(): void {
    if (this.problems.some((p) => p.severity !== 'WARNING')) this.fail();
  }
}

/** The exception Maven attaches to a parent or import POM it cannot resolve (its error summary cites it). */
export const UNRESOLVABLE_MODEL = 'UnresolvableModelException';

/** Maven's fatal problem for a POM whose input ends inside the document (an I/O failure to Maven: no place). */
export function nonReadable(e: ModelReadError): ModelProblem {
  return { severity: 'FATAL', message: e.message, modelId: '', source: e.source };
}

/** Maven's fatal problem for a POM no reader takes. */
export function nonParseable(e: ModelParseError): ModelProblem {
  return {
    severity: 'FATAL',
    message: e.message,
    modelId: '',
    source: e.source,
    line: e.problem.line,
    column: e.problem.column,
    mavenException: 'ModelParseException',
  };
}
