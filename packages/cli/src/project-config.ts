import * as fs from 'node:fs';
import * as path from 'node:path';
import { dictionary, excerpt, InputFileError, INPUT_KINDS, readInputFile } from '@goalhost/model';
import { CliUsageError, parseArgs, type CliRequest } from './cli-request';

/** The request of one run once the project's own configuration is merged in. */
export interface ConfiguredRequest {
  readonly request: CliRequest;
  /** `${maven.multiModuleProjectDirectory}`: the nearest directory holding `.mvn`, else where the build starts. */
  readonly multiModuleProjectDirectory: string;
  /** What was read and what does not apply, for `-X`. */
  readonly debugLines: readonly string[];
  /** Where each user property was defined: ON_COMMAND_LINE, `in MAVEN_ARGS` or `in <maven.config file>`. */
  readonly propertyOrigins: Readonly<Record<string, string>>;
}

/** The origin of a property defined by the command line's own arguments. */
export const ON_COMMAND_LINE = 'on the command line';

/**
 * Builds the request as Maven's launcher and CLI do: `MAVEN_ARGS` (Maven 3.9) go before the
 * command line's arguments; the project directory is the nearest one holding `.mvn`, walking up
 * from the `-f` directory or the working directory (`MAVEN_BASEDIR` overrides it); its
 * `.mvn/maven.config` adds options (whitespace-separated; goals are not allowed). The command
 * line wins for single values, lists (`-P`, `-pl`) join, and its `-D` override the file's.
 */
export function configureRequest(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): ConfiguredRequest {
  const fromEnv = env.MAVEN_ARGS ? env.MAVEN_ARGS.split(/\s+/).filter((a) => a !== '') : [];
  const definedAt = new Map<string, number>();
  const cli = parseArgs([...fromEnv, ...argv], 'command line options', definedAt);
  const propertyOrigins: Record<string, string> = {};
  for (const [name, at] of definedAt) propertyOrigins[name] = at < fromEnv.length ? 'in MAVEN_ARGS' : ON_COMMAND_LINE;
  const debugLines: string[] = [];
  if (fromEnv.length > 0) debugLines.push(`MAVEN_ARGS adds: ${fromEnv.join(' ')}`);
  const base = env.MAVEN_BASEDIR
    ? path.resolve(cwd, env.MAVEN_BASEDIR)
    : projectDirectory(startDirectory(cli.file, cwd));
  const configFile = path.join(base, '.mvn', 'maven.config');
  let request = cli;
  if (fs.statSync(configFile, { throwIfNoEntry: false })) {
    const tokens = readConfig(configFile)
      .split(/\s+/)
      .filter((t) => t !== '');
    const config = inFile(configFile, () => parseArgs(tokens, 'maven.config'));
    if (config.tasks.length > 0) {
      throw new CliUsageError(
        `Unable to parse maven.config: Unrecognized maven.config entries: [${excerpt(config.tasks.join(', '))}] (in ${configFile}: it holds options only; put goals and phases on the command line)`,
      );
    }
    request = merge(cli, config);
    for (const name of Object.keys(config.userProperties))
      if (!Object.hasOwn(cli.userProperties, name)) propertyOrigins[name] = `in ${configFile}`;
    debugLines.push(`Options from ${configFile}: ${tokens.join(' ')}`);
  }
  const jvmConfig = path.join(base, '.mvn', 'jvm.config');
  if (fs.existsSync(jvmConfig))
    debugLines.push(`${jvmConfig} holds JVM options; goalhost runs no JVM, so they do not apply`);
  return { request, multiModuleProjectDirectory: base, debugLines, propertyOrigins };
}

/** Where the search for `.mvn` starts: the `-f` file's directory (or the `-f` directory), else the working directory. */
function startDirectory(file: string | undefined, cwd: string): string {
  if (file === undefined) return cwd;
  const target = path.resolve(cwd, file);
  return fs.statSync(target, { throwIfNoEntry: false })?.isDirectory() ? target : path.dirname(target);
}

function projectDirectory(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.statSync(path.join(dir, '.mvn'), { throwIfNoEntry: false })?.isDirectory()) return dir;
    if (path.dirname(dir) === dir) return start;
  }
}

/** The text of .mvn/maven.config; a FIFO, a device or a huge file is a usage error naming it. */
function readConfig(file: string): string {
  try {
    return readInputFile(file, 'The Maven configuration file', INPUT_KINDS.configuration);
  } catch (e) {
    if (e instanceof InputFileError) throw new CliUsageError(e.message);
    throw e;
  }
}

function inFile<T>(file: string, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    if (e instanceof CliUsageError) throw new CliUsageError(`${e.message} (in ${file})`);
    throw e;
  }
}

/** Maven's merge: command line first for single values and lists, the file's -D under the command line's. */
function merge(cli: CliRequest, config: CliRequest): CliRequest {
  const first = <T>(a: T | undefined, b: T | undefined): T | undefined => a ?? b;
  const optional = <K extends 'file' | 'settingsFile' | 'globalSettingsFile' | 'resumeFrom' | 'threads'>(key: K) => {
    const value = first(cli[key], config[key]);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    ...cli,
    ...optional('file'),
    ...optional('settingsFile'),
    ...optional('globalSettingsFile'),
    ...optional('resumeFrom'),
    ...optional('threads'),
    userProperties: dictionary([...Object.entries(config.userProperties), ...Object.entries(cli.userProperties)]),
    offline: cli.offline || config.offline,
    quiet: cli.quiet || config.quiet,
    debug: cli.debug || config.debug,
    showErrors: cli.showErrors || config.showErrors,
    batchMode: cli.batchMode || config.batchMode,
    noTransferProgress: cli.noTransferProgress || config.noTransferProgress,
    help: cli.help || config.help,
    version: cli.version || config.version,
    updateSnapshots: cli.updateSnapshots || config.updateSnapshots,
    nonRecursive: cli.nonRecursive || config.nonRecursive,
    failAtEnd: cli.failAtEnd || config.failAtEnd,
    activeProfiles: [...cli.activeProfiles, ...config.activeProfiles],
    inactiveProfiles: [...cli.inactiveProfiles, ...config.inactiveProfiles],
    projects: [...cli.projects, ...config.projects],
  };
}
