import * as fs from 'node:fs';
import * as path from 'node:path';
import { excerpt, InputFileError, INPUT_KINDS, readInputFile } from '@goalhost/model';
import { requestOf, type CliRequest } from './cli-request';
import { CliUsageError, mergeCommandLines, parseCommandLine, type CommandLine } from './command-line';

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
  const cli = parseCommandLine([...fromEnv, ...argv]);
  const propertyOrigins: Record<string, string> = {};
  for (const o of cli.options) {
    if (o.spec.long === 'define' && o.value !== undefined)
      propertyOrigins[propertyName(o.value)] = o.at < fromEnv.length ? 'in MAVEN_ARGS' : ON_COMMAND_LINE;
  }
  const debugLines: string[] = [];
  if (fromEnv.length > 0) debugLines.push(`MAVEN_ARGS adds: ${fromEnv.join(' ')}`);
  const base = env.MAVEN_BASEDIR
    ? path.resolve(cwd, env.MAVEN_BASEDIR)
    : projectDirectory(startDirectory(requestOf(cli).file, cwd));
  const configFile = path.join(base, '.mvn', 'maven.config');
  let line: CommandLine = cli;
  if (fs.statSync(configFile, { throwIfNoEntry: false })) {
    const tokens = readConfig(configFile)
      .split(/\s+/)
      .filter((t) => t !== '');
    const config = inFile(configFile, () => parseCommandLine(tokens, 'maven.config'));
    if (config.args.length > 0) {
      throw new CliUsageError(
        `Unable to parse maven.config: Unrecognized maven.config entries: [${excerpt(config.args.join(', '))}] (in ${configFile}: it holds options only; put goals and phases on the command line)`,
      );
    }
    inFile(configFile, () => requestOf(config, 'maven.config'));
    line = mergeCommandLines(cli, config);
    for (const o of config.options) {
      const name = o.spec.long === 'define' && o.value !== undefined ? propertyName(o.value) : undefined;
      if (name !== undefined && !Object.hasOwn(propertyOrigins, name)) propertyOrigins[name] = `in ${configFile}`;
    }
    debugLines.push(`Options from ${configFile}: ${tokens.join(' ')}`);
  }
  const jvmConfig = path.join(base, '.mvn', 'jvm.config');
  if (fs.existsSync(jvmConfig))
    debugLines.push(`${jvmConfig} holds JVM options; goalhost runs no JVM, so they do not apply`);
  return { request: requestOf(line), multiModuleProjectDirectory: base, debugLines, propertyOrigins };
}

/** The name a `-D` value defines (`name=value`, or `name` alone). */
function propertyName(text: string): string {
  const eq = text.indexOf('=');
  return (eq < 0 ? text : text.slice(0, eq)).trim();
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
