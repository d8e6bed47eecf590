import * as os from 'node:os';
import * as path from 'node:path';
import type { Log, Session } from '@goalhost/api';
import { build, type BuildRequest } from '@goalhost/core';
import { checkToolchains } from '@goalhost/model';
import { CliUsageError, usage, type CliRequest } from './cli-request';
import { configureRequest, type ConfiguredRequest } from './project-config';
import { consoleColor } from './console-color';
import { ConsoleLog, type TextOutput } from './console-log';
import { readPassword, type PasswordConsole } from './console-password';
import { executionEventLogger } from './execution-event-logger';
import { reportBuildFailures, reportSetupFailure } from './failure-report';
import { GroupedLog } from './grouped-log';
import { openLogFile } from './log-file';
import { encryptMasterPassword, encryptServerPassword } from './password-encryption';
import { pluginSupply } from './plugin-supply';
import { resolverProjectSource } from './resolver-project-source';
import { createSession } from './session-factory';
import { threadCount } from './thread-count';
import { VERSION, VERSION_TEXT } from './version';

export interface CliIo {
  readonly cwd: string;
  readonly env: NodeJS.ProcessEnv;
  readonly out: TextOutput;
  readonly err: TextOutput;
  /** Where `-emp` and `-ep` without a value read the password from, when it is a terminal. */
  readonly in?: PasswordConsole['input'];
}

/** The directory Maven's launcher finds (`.mvn`), as a system property POMs and parameters can use. */
const MULTI_MODULE_PROJECT_DIRECTORY = 'maven.multiModuleProjectDirectory';

/**
 * Runs goalhost for `argv`, as Maven's CLI: the command line (with .mvn/maven.config and
 * MAVEN_ARGS) becomes a request, the request a session, the build runs in core with the console
 * listening to its events; resolves to the process exit code (0 success, 1 failure). With `-l`,
 * everything goes to that file instead of `io.out` and `io.err`.
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  let configured: ConfiguredRequest;
  try {
    configured = configureRequest(argv, io.cwd, io.env);
  } catch (e) {
    if (!(e instanceof CliUsageError)) throw e;
    io.out.write(`[ERROR] ${e.message}\n${usage()}`);
    return 1;
  }
  const logFile =
    configured.request.logFile !== undefined ? openLogFile(configured.request.logFile, io.cwd) : undefined;
  try {
    return await run(configured, logFile ? { ...io, out: logFile.output, err: logFile.output } : io);
  } finally {
    logFile?.close();
  }
}

async function run(configured: ConfiguredRequest, io: CliIo): Promise<number> {
  const request = configured.request;
  let color: boolean;
  try {
    color = consoleColor(request.userProperties, request.color, {
      env: io.env,
      batchMode: request.batchMode,
      logFile: request.logFile !== undefined,
      terminal: io.out.isTTY === true,
    });
  } catch (e) {
    io.out.write(`[ERROR] ${(e as Error).message}\n`);
    return 1;
  }
  if (request.help) return write(io, usage());
  if (request.version) return write(io, request.quiet ? VERSION : VERSION_TEXT);
  const consoleLog = new ConsoleLog({
    debug: request.debug,
    quiet: request.quiet,
    out: io.out,
    err: io.err,
    color,
    progress:
      !request.batchMode && !request.noTransferProgress && request.logFile === undefined && io.err.isTTY === true,
  });
  if (request.showVersion || request.debug) write(io, VERSION_TEXT);
  for (const line of configured.debugLines) consoleLog.debug(line);
  if (request.showErrors) consoleLog.info('Error stacktraces are turned on.');
  let threads: number;
  try {
    threads = threadCount(request.threads, os.availableParallelism());
  } catch (e) {
    return reportSetupFailure(consoleLog, request, e);
  }
  const log = threads > 1 ? new GroupedLog(consoleLog) : consoleLog;
  let session: Session;
  try {
    session = createSession(request, io.cwd, io.env, {
      [MULTI_MODULE_PROJECT_DIRECTORY]: configured.multiModuleProjectDirectory,
    });
    logProblems(log, 'settings', session.settings.warnings ?? []);
    logProblems(log, 'toolchains', toolchainsWarnings(request, io));
  } catch (e) {
    return reportSetupFailure(log, request, e);
  }
  for (const option of request.deprecatedOptions)
    log.warn(`Command line option -${option} is deprecated and will be removed in future Maven versions.`);
  if (request.encryptMasterPassword !== undefined || request.encryptPassword !== undefined)
    return encrypt(request, session, io, log);
  if (request.legacyLocalRepository)
    log.info(
      'Disabling enhanced local repository: using legacy is strongly discouraged to ensure build reproducibility.',
    );
  let projects: ReturnType<typeof resolverProjectSource>;
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
  // Maven's repository system shutdown: recorded trusted checksums are written, even after a failure.
  let ended = true;
  try {
    projects.endSession();
  } catch (e) {
    log.error((e as Error).message);
    ended = false;
  }
  if (result.failures.length > 0) return reportBuildFailures(log, request, result);
  return ended ? 0 : 1;
}

/** What the command line asks the build to do. */
function buildRequest(request: CliRequest, cwd: string, threads: number): BuildRequest {
  const make = request.alsoMake
    ? request.alsoMakeDependents
      ? 'both'
      : 'upstream'
    : request.alsoMakeDependents
      ? 'downstream'
      : undefined;
  return {
    tasks: request.tasks,
    baseDirectory: cwd,
    nonRecursive: request.nonRecursive,
    selectedProjects: request.projects,
    excludedProjects: request.excludedProjects,
    failureBehavior: request.failureBehavior,
    threads,
    ...(make ? { makeBehavior: make } : {}),
    ...(request.file !== undefined ? { file: request.file } : {}),
    ...(request.resumeFrom !== undefined ? { resumeFrom: request.resumeFrom } : {}),
    // As Maven's CLI: -T chooses the multi-threaded builder, -b any builder.
    ...(request.builder !== undefined
      ? { builder: request.builder }
      : request.threads !== undefined
        ? { builder: 'multithreaded' }
        : {}),
  };
}

/**
 * The toolchains files' problems, as Maven's CLI reads them before the build (`-t`, `-gt`, else
 * `~/.m2/toolchains.xml` and `$MAVEN_HOME/conf/toolchains.xml`); goalhost runs no tool that uses them.
 */
function toolchainsWarnings(request: CliRequest, io: CliIo): string[] {
  const mavenHome = io.env.MAVEN_HOME ?? io.env.M2_HOME;
  const user = request.toolchainsFile
    ? path.resolve(io.cwd, request.toolchainsFile)
    : path.join(os.homedir(), '.m2', 'toolchains.xml');
  const global = request.globalToolchainsFile
    ? path.resolve(io.cwd, request.globalToolchainsFile)
    : mavenHome
      ? path.join(mavenHome, 'conf', 'toolchains.xml')
      : undefined;
  return checkToolchains(user, global, {
    user: request.toolchainsFile !== undefined,
    global: request.globalToolchainsFile !== undefined,
  });
}

/** As Maven's settings and toolchains processors: what the files' strict reading found, before the build. */
function logProblems(log: Log, what: 'settings' | 'toolchains', warnings: readonly string[]): void {
  if (warnings.length === 0) return;
  log.warn('');
  log.warn(`Some problems were encountered while building the effective ${what}`);
  for (const w of warnings) log.warn(w);
  log.warn('');
}

/** `-emp` / `-ep`: prints the encrypted password (asked for on a terminal when not given) and stops. */
async function encrypt(request: CliRequest, session: Session, io: CliIo, log: Log): Promise<number> {
  const terminal: PasswordConsole | undefined = io.in ? { input: io.in, output: io.err } : undefined;
  const clear = async (given: { readonly value?: string }, prompt: string) =>
    given.value ?? (terminal ? await readPassword(terminal, prompt) : undefined);
  try {
    if (request.encryptMasterPassword)
      return write(io, encryptMasterPassword(await clear(request.encryptMasterPassword, 'Master password: ')));
    return write(
      io,
      encryptServerPassword(await clear(request.encryptPassword!, 'Password: '), session.settingsSecurityFile),
    );
  } catch (e) {
    return reportSetupFailure(log, request, e);
  }
}

function write(io: CliIo, text: string): number {
  io.out.write(text.endsWith('\n') ? text : `${text}\n`);
  return 0;
}
