import { stylesOf, type Log } from '@goalhost/api';
import type { BuildResult } from '@goalhost/core';
import type { Project } from '@goalhost/model';
import type { CliRequest } from './cli-request';
import { logExceptionSummaries, logGraphProblem, logSetupFailure } from './exception-log';

/**
 * What the console says after a failed build, as Maven's CLI: for projects that could not be
 * read or selected, the graph builder's problem first (DefaultMaven logs it); then each error's
 * summary with its help key, the stack traces with `-e`, the hints to re-run with `-e` and `-X`,
 * and the Maven wiki pages cited. Returns the exit code, 1.
 */
export function reportFailure(log: Log, request: CliRequest, ...errors: unknown[]): number {
  for (const e of errors) logGraphProblem(log, e);
  logExceptionSummaries(log, { showErrors: request.showErrors, debug: request.debug }, errors);
  return 1;
}

/** A failure before the build (settings, command-line values, the lock options): its message as it is, and the hints. */
export function reportSetupFailure(log: Log, request: CliRequest, e: unknown): number {
  logSetupFailure(log, { showErrors: request.showErrors, debug: request.debug }, e);
  return 1;
}

/**
 * The end of a build that failed: every failure, Maven's hint to resume from the first project
 * that failed (unless it is the first of the reactor), and with `-fn` the note that the failures
 * were ignored (exit code 0).
 */
export function reportBuildFailures(log: Log, request: CliRequest, result: BuildResult): number {
  reportFailure(log, request, ...result.failures.map((f) => f.error));
  const failed = result.failures.find((f) => f.project)?.project;
  if (failed && failed !== result.projects[0]) logResumeHint(log, result.projects, failed);
  if (request.failureBehavior !== 'fail-never') return 1;
  log.info('Build failures were ignored.');
  return 0;
}

/** Maven's hint after a reactor project other than the first failed: how to go on from it. */
function logResumeHint(log: Log, projects: readonly Project[], failed: Project): void {
  const ambiguous = projects.filter((p) => p.artifactId === failed.artifactId).length > 1;
  log.error('');
  log.error('After correcting the problems, you can resume the build with the command');
  log.error(`  ${stylesOf(log).strong(`goalhost <args> -rf ${ambiguous ? failed.groupId : ''}:${failed.artifactId}`)}`);
}
