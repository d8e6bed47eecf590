import { stylesOf, type Log } from '@goalhost/api';
import { BuildError, ProjectSelectionError } from '@goalhost/core';
import { problemLocation, ProjectBuildingError } from '@goalhost/resolver';
import { MAVEN_WIKI, summarize, type ExceptionSummary } from './exception-summary';

export interface ExceptionLogOptions {
  /** `-e`: each error's stack trace. */
  readonly showErrors: boolean;
  /** `-X`: debug logging is on already, so no hint to turn it on. */
  readonly debug: boolean;
}

/**
 * The closing lines of a failed build as Maven's CLI prints them: each failure's summary (its
 * message, ` -> [Help N]` when Maven's wiki has a page for it, nested summaries indented), the
 * hints to re-run with `-e` and `-X`, and the list of the pages referred to. The hints name
 * goalhost: that is the command to re-run.
 */
export function logExceptionSummaries(log: Log, options: ExceptionLogOptions, errors: readonly unknown[]): void {
  const references = new Map<string, string>();
  for (const error of errors) logSummary(log, options, summarize(error), references, '');
  logHints(log, options);
  if (references.size === 0) return;
  log.error('');
  log.error('For more information about the errors and possible solutions, please read the following articles:');
  for (const [page, key] of references) log.error(`${stylesOf(log).strong(key)} ${page}`);
}

/**
 * A failure before any project is read (settings, toolchains, values of the command line): as
 * Maven's CLI reports an exception of its set-up (CLIReportingUtils.showError), "Error executing
 * Maven." and then the message as it is, in one entry (the settings problems carry their own
 * levels), or its stack trace with `-e`; no summary, no wiki page, no hints.
 */
export function logSetupFailure(log: Log, options: ExceptionLogOptions, error: unknown): void {
  log.error('Error executing Maven.');
  if (options.showErrors && error instanceof Error) {
    for (let c: unknown = error; c instanceof Error; c = c.cause) log.error(c.stack ?? String(c));
    return;
  }
  log.error(error instanceof Error ? error.message : String(error));
  if (error instanceof BuildError) for (const line of error.detail) log.error(line);
}

function logHints(log: Log, options: ExceptionLogOptions): void {
  log.error('');
  const style = stylesOf(log);
  if (!options.showErrors)
    log.error(`To see the full stack trace of the errors, re-run goalhost with the ${style.strong('-e')} switch.`);
  if (!options.debug) log.error(`Re-run goalhost using the ${style.strong('-X')} switch to enable full debug logging.`);
}

function logStackTrace(log: Log, options: ExceptionLogOptions, error: unknown): void {
  if (!options.showErrors || !(error instanceof Error)) return;
  log.error('');
  for (let c: unknown = error; c instanceof Error; c = c.cause) log.error(c.stack ?? String(c));
}

/** Maven's logSummary: the message's lines under the indent, the reference key after the message, then the children. */
function logSummary(
  log: Log,
  options: ExceptionLogOptions,
  summary: ExceptionSummary,
  references: Map<string, string>,
  indent: string,
): void {
  let message = summary.message;
  if (summary.reference) {
    const page = `${MAVEN_WIKI}${summary.reference}`;
    let key = references.get(page);
    if (!key) references.set(page, (key = `[Help ${references.size + 1}]`));
    message += `${message.includes('\n') ? '\n' : ' '}-> ${stylesOf(log).strong(key)}`;
  }
  for (const line of message.split(/\r\n|\r|\n/)) log.error(`${indent}${line}`);
  const e = summary.error;
  if (e instanceof BuildError) for (const line of e.detail) log.error(`${indent}${line}`);
  logStackTrace(log, options, e);
  for (const child of summary.children) logSummary(log, options, child, references, `${indent}  `);
}

/**
 * What Maven's DefaultMaven logs when the projects cannot be read or selected, before its error
 * summary: the graph builder's problem, `[ERROR] message @ location` as one log entry (a project
 * building failure's message lists every problem of the projects read). False for other errors.
 */
export function logGraphProblem(log: Log, error: unknown): boolean {
  if (error instanceof ProjectBuildingError && error.mavenException === 'ProjectBuildingException') {
    const lines = error.problems.map((p) => `[${p.severity}] ${p.message} @ ${problemLocation(p, error.projectId)}`);
    log.error(`[ERROR] Some problems were encountered while processing the POMs:\n${lines.join('\n')}\n @ `);
    return true;
  }
  if (error instanceof ProjectBuildingError || error instanceof ProjectSelectionError) {
    log.error(`[ERROR] ${error.message} @ `);
    return true;
  }
  return false;
}
