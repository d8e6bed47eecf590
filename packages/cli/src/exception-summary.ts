import { BuildError } from '@goalhost/core';
import { formatProblem, ProjectBuildingError } from '@goalhost/resolver';

/**
 * What Maven's DefaultExceptionHandler makes of a failure: the message, the name of the Maven
 * exception whose wiki page explains it (empty when none does), and nested summaries (a project
 * building failure has one per project, each with one per problem).
 */
export interface ExceptionSummary {
  readonly message: string;
  readonly reference: string;
  readonly children: readonly ExceptionSummary[];
  /** The error the summary is about, for its detail lines and stack trace. */
  readonly error?: unknown;
}

/** Where Maven's error summary points for each exception name. */
export const MAVEN_WIKI = 'http://cwiki.apache.org/confluence/display/MAVEN/';

/** Maven's summary of `error`. */
export function summarize(error: unknown): ExceptionSummary {
  if (error instanceof ProjectBuildingError && error.mavenException === 'ProjectBuildingException') {
    const project = projectSummary(error);
    const children = project ? [project] : [];
    return {
      message: `The build could not read ${children.length} project${children.length === 1 ? '' : 's'}`,
      reference: error.mavenException,
      children,
      error,
    };
  }
  // Maven's handler joins the messages of the cause chain and trims the result.
  return {
    message: (error instanceof Error ? error.message : String(error)).trim(),
    reference: mavenExceptionOf(error) ?? '',
    children: [],
    error,
  };
}

/** Maven's summary of one project that could not be read: its error-level problems, each with its own reference. */
function projectSummary(e: ProjectBuildingError): ExceptionSummary | undefined {
  const errors = e.problems.filter((p) => p.severity !== 'WARNING');
  if (errors.length === 0) return undefined;
  return {
    message: `\nThe project ${e.projectId} (${e.pomFile}) has ${errors.length} error${errors.length === 1 ? '' : 's'}`,
    reference: '',
    children: errors.map((p) => ({
      message: formatProblem(p, e.projectId).trim(),
      reference: p.mavenException ?? '',
      children: [],
    })),
  };
}

/**
 * The Maven exception an error stands for: goalhost's errors name it (`mavenException`), also
 * errors of a plugin's own copy of the packages, which are other classes.
 */
function mavenExceptionOf(error: unknown): string | undefined {
  if (error instanceof BuildError) return error.mavenException;
  const named =
    typeof error === 'object' && error !== null ? (error as { mavenException?: unknown }).mavenException : undefined;
  return typeof named === 'string' && named !== '' ? named : undefined;
}
