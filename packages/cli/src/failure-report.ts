import { stylesOf, type Log } from '@goalhost/api';
import { BuildError } from '@goalhost/core';
import type { Project } from '@goalhost/model';
import type { CliRequest } from './cli-request';

/**
 * What the console says after a failed build, as Maven's CLI: the error and its detail lines, the
 * stack traces with `-e`, the hints to re-run with `-e` and `-X`. Returns the exit code, 1.
 */
export function reportFailure(log: Log, request: CliRequest, e: unknown): number {
  const message = e instanceof Error ? e.message : String(e);
  log.error(message);
  if (e instanceof BuildError) for (const line of e.detail) log.error(line);
  if (request.showErrors && e instanceof Error) {
    log.error('');
    for (let c: unknown = e; c instanceof Error; c = c.cause) log.error(c.stack ?? String(c));
  }
  log.error('');
  const style = stylesOf(log);
  if (!request.showErrors)
    log.error(`To see the full stack trace of the errors, re-run goalhost with the ${style.strong('-e')} switch.`);
  if (!request.debug) log.error(`Re-run goalhost using the ${style.strong('-X')} switch to enable full debug logging.`);
  return 1;
}

/** Maven's hint after a reactor project other than the first failed: how to go on from it. */
export function logResumeHint(log: Log, projects: readonly Project[], failed: Project): void {
  const ambiguous = projects.filter((p) => p.artifactId === failed.artifactId).length > 1;
  log.error('');
  log.error('After correcting the problems, you can resume the build with the command');
  log.error(`  ${stylesOf(log).strong(`goalhost <args> -rf ${ambiguous ? failed.groupId : ''}:${failed.artifactId}`)}`);
}
