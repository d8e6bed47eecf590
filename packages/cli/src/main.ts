import * as os from 'node:os';
import type { Log, Session } from '@goalhost/api';
import { allPhases, build, BuildError, type BuildRequest, type ProjectSource } from '@goalhost/core';
import { CliUsageError, usage, type CliRequest } from './cli-request';
import { configureRequest, type ConfiguredRequest } from './project-config';
import { consoleColor } from './console-color';
import { ConsoleLog } from './console-log';
import { executionEventLogger } from './execution-event-logger';
import { logResumeHint, reportFailure, reportSetupFailure } from './failure-report';
import { GroupedLog } from './grouped-log';
import { pluginSupply } from './plugin-supply';
import { resolverProjectSource } from './resolver-project-source';
import { createSession } from './session-factory';
import { threadCount } from './thread-count';
import { VERSION_TEXT } from './version';

export interface CliIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly out: NodeJS.WritableStream & { isTTY?: boolean };
  readonly err: NodeJS.WritableStream & { columns?: number; isTTY?: boolean };
}

/** The directory Maven's launcher finds (`.mvn`), as a system property POMs and parameters can use. */
const MULTI_MODULE_PROJECT_DIRECTORY = 'maven.multiModuleProjectDirectory';

/**
 * Runs goalhost for `argv`, as Maven's CLI: the command line (with .mvn/maven.config and
 * MAVEN_ARGS) becomes a request, the request a session, the build runs in core with the console
 * listening to its events; resolves to the process exit code (0 success, 1 failure).
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let configured: ConfiguredRequest;
  try {
    configured = configureRequest(argv, io.cwd, io.env);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.out.write(`[ERROR] ${e.message}\n${usage()}\n`);
    return 1;
  }
  const request = configured.request;
  if (request.help) return write(io, usage());
  if (request.version) return write(io, VERSION_TEXT);
  let color: boolean;
  try {
    color = consoleColor(request.userProperties, io.env, request.batchMode, io.out.isTTY === true);
  } catch (e) {
    io.out.write(`[ERROR] ${(e as Error).message}\n`);
    return 1;
  }
  const consoleLog = new ConsoleLog({
    debug: request.debug,
    quiet: request.quiet,
    out: io.out,
    err: io.err,
    color,
    progress: !request.batchMode && !request.noTransferProgress && io.err.isTTY === true,
  });
  let threads: number;
  try {
    threads = threadCount(request.threads, os.availableParallelism());
  } catch (e) {
    return reportSetupFailure(consoleLog, request, e);
  }
  const log = threads > 1 ? new GroupedLog(consoleLog) : consoleLog;
  for (const line of configured.debugLines) log.debug(line);
  if (request.tasks.length === 0) {
    const message =
      'No goals have been specified for this build. You must specify a valid lifecycle phase or a goal in the format ' +
      '<plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>. ' +
      `Available lifecycle phases are: ${allPhases().join(', ')}.`;
    return reportFailure(log, request, new BuildError(message, [], { mavenException: 'NoGoalSpecifiedException' }));
  }
  let session: Session;
  try {
    session = createSession(request, io.cwd, io.env, {
      [MULTI_MODULE_PROJECT_DIRECTORY]: configured.multiModuleProjectDirectory,
    });
  } catch (e) {
    return reportSetupFailure(log, request, e);
  }
  logSettingsWarnings(log, session.settings.warnings ?? []);
  let projects: ProjectSource;
  try {
    projects = resolverProjectSource(request, session, configured.propertyOrigins, log);
  } catch (e) {
    return reportSetupFailure(log, request, e);
  }
  const result = await build(buildRequest(request, io.cwd, threads), session, {
    log,
    listener: executionEventLogger(log),
    projects,
    plugins: pluginSupply(session, configured.propertyOrigins, log),
    ...(log instanceof GroupedLog ? { group: (work) => log.group(work) } : {}),
  });
  if (result.failure === undefined) return 0;
  reportFailure(log, request, result.failure);
  if (result.failedProject && result.failedProject !== result.projects[0])
    logResumeHint(log, result.projects, result.failedProject);
  return 1;
}

/** What the command line asks the build to do. */
function buildRequest(request: CliRequest, cwd: string, threads: number): BuildRequest {
  return {
    tasks: request.tasks,
    baseDirectory: cwd,
    nonRecursive: request.nonRecursive,
    selectedProjects: request.projects,
    failureBehavior: request.failAtEnd ? 'fail-at-end' : 'fail-fast',
    threads,
    ...(request.file !== undefined ? { file: request.file } : {}),
    ...(request.resumeFrom !== undefined ? { resumeFrom: request.resumeFrom } : {}),
  };
}

/** As Maven's settings processor: what the settings files' strict reading found, before the build. */
function logSettingsWarnings(log: Log, warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  log.warn('');
  log.warn('Some problems were encountered while building the effective settings');
  for (const w of warnings) log.warn(w);
  log.warn('');
}

function write(io: CliIo, text: string): number {
  io.out.write(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}
