/** One problem found while building a model, located like Maven reports it. */
export interface ModelProblem {
  readonly severity: 'FATAL' | 'ERROR' | 'WARNING';
  readonly message: string;
  /** `g:a:v` of the model the problem is in. */
  readonly modelId: string;
  /** File of that model, when it has one. */
  readonly source?: string;
  readonly line?: number;
  readonly column?: number;
  /** The simple name of the exception Maven attaches to the problem, when it is one its error summary links (e.g. ModelParseException). */
  readonly mavenException?: string;
}

/**
 * Maven's ModelProblemUtils.formatLocation: model and file (only when not the project itself),
 * line and column, those known, comma-separated; empty when none is.
 */
export function problemLocation(p: ModelProblem, projectId?: string): string {
  const parts: string[] = [];
  if (p.modelId !== projectId) {
    if (p.modelId) parts.push(p.modelId);
    if (p.source) parts.push(p.source);
  }
  if (p.line && p.line > 0) parts.push(`line ${p.line}`);
  if (p.column && p.column > 0) parts.push(`column ${p.column}`);
  return parts.join(', ');
}

/** Maven's `message @ model, file, line L, column C` (the location as problemLocation gives it, when there is one). */
export function formatProblem(p: ModelProblem, projectId?: string): string {
  const location = problemLocation(p, projectId);
  return location ? `${p.message} @ ${location}` : p.message;
}

/**
 * A project's POM cannot be turned into a model (Maven's ProjectBuildingException). The message
 * lists every error with its place; `problems` keeps them for the host's report. A reactor that
 * cannot be ordered fails with a message and no problems, as the exception Maven names
 * (DuplicateProjectException, ProjectCycleException).
 */
export class ProjectBuildingError extends Error {
  constructor(
    readonly pomFile: string,
    readonly projectId: string,
    readonly problems: readonly ModelProblem[],
    message?: string,
    readonly mavenException = 'ProjectBuildingException',
  ) {
    super(message ?? ProjectBuildingError.describe(pomFile, projectId, problems));
    this.name = 'ProjectBuildingError';
  }

  static describe(pomFile: string, projectId: string, problems: readonly ModelProblem[]): string {
    const errors = problems.filter((p) => p.severity !== 'WARNING');
    const lines = errors.map((p) => formatProblem(p, projectId));
    const count = errors.length === 1 ? '1 error' : `${errors.length} errors`;
    return `The project ${projectId} (${pomFile}) has ${count}\n${lines.map((l) => `    ${l}`).join('\n')}`;
  }

  /** The problems as Maven prints them under "Some problems were encountered while processing the POMs:". */
  get problemLines(): string[] {
    return this.problems.map((p) => `[${p.severity}] ${formatProblem(p, this.projectId)}`);
  }
}

/** An artifact (file or POM) is not available; the message is Maven resolver's wording. */
export class ArtifactResolutionError extends Error {
  constructor(
    message: string,
    readonly artifact: string,
    readonly notFound: boolean,
  ) {
    super(message);
    this.name = 'ArtifactResolutionError';
  }
}

/** How messages name a project: `groupId:artifactId:packaging:version`. */
export function projectId(p: {
  readonly groupId: string;
  readonly artifactId: string;
  readonly packaging: string;
  readonly version: string;
}): string {
  return `${p.groupId}:${p.artifactId}:${p.packaging}:${p.version}`;
}

/** Dependencies of a project cannot be resolved (collection or download failed): Maven's DependencyResolutionException. */
export class ResolutionError extends Error {
  readonly mavenException = 'DependencyResolutionException';

  constructor(
    readonly projectId: string,
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`Could not resolve dependencies for project ${projectId}: ${detail}`, options);
    this.name = 'ResolutionError';
  }
}
