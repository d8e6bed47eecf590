/** One option of the command line, with Maven 3.8.7's names and help text (CLIManager). */
export interface OptionSpec {
  /** The short name (`am`, `D`); undefined for an option with a long name only (`--color`). */
  readonly short?: string;
  readonly long: string;
  /** `required`: takes a value; `optional`: may take one (`-emp`, `--color`). */
  readonly arg?: 'required' | 'optional';
  readonly help: string;
}

/** Every option of `mvn -h` (Maven 3.8.7), in the order its help lists them. */
export const OPTIONS: readonly OptionSpec[] = [
  { short: 'am', long: 'also-make', help: 'If project list is specified, also build projects required by the list' },
  {
    short: 'amd',
    long: 'also-make-dependents',
    help: 'If project list is specified, also build projects that depend on projects on the list',
  },
  { short: 'B', long: 'batch-mode', help: 'Run in non-interactive (batch) mode (disables output color)' },
  { short: 'b', long: 'builder', arg: 'required', help: 'The id of the build strategy to use' },
  { short: 'C', long: 'strict-checksums', help: "Fail the build if checksums don't match" },
  { short: 'c', long: 'lax-checksums', help: "Warn if checksums don't match" },
  {
    long: 'color',
    arg: 'optional',
    help: "Defines the color mode of the output. Supported are 'auto', 'always', 'never'.",
  },
  { short: 'cpu', long: 'check-plugin-updates', help: 'Ineffective, only kept for backward compatibility' },
  { short: 'D', long: 'define', arg: 'required', help: 'Define a system property' },
  { short: 'e', long: 'errors', help: 'Produce execution error messages' },
  { short: 'emp', long: 'encrypt-master-password', arg: 'optional', help: 'Encrypt master security password' },
  { short: 'ep', long: 'encrypt-password', arg: 'optional', help: 'Encrypt server password' },
  {
    short: 'f',
    long: 'file',
    arg: 'required',
    help: 'Force the use of an alternate POM file (or directory with pom.xml)',
  },
  {
    short: 'fae',
    long: 'fail-at-end',
    help: 'Only fail the build afterwards; allow all non-impacted builds to continue',
  },
  { short: 'ff', long: 'fail-fast', help: 'Stop at first failure in reactorized builds' },
  { short: 'fn', long: 'fail-never', help: 'NEVER fail the build, regardless of project result' },
  { short: 'gs', long: 'global-settings', arg: 'required', help: 'Alternate path for the global settings file' },
  { short: 'gt', long: 'global-toolchains', arg: 'required', help: 'Alternate path for the global toolchains file' },
  { short: 'h', long: 'help', help: 'Display help information' },
  {
    short: 'l',
    long: 'log-file',
    arg: 'required',
    help: 'Log file where all build output will go (disables output color)',
  },
  {
    short: 'llr',
    long: 'legacy-local-repository',
    help: 'Use Maven 2 Legacy Local Repository behaviour, ie no use of _remote.repositories. Can also be activated by using -Dmaven.legacyLocalRepo=true',
  },
  { short: 'N', long: 'non-recursive', help: 'Do not recurse into sub-projects' },
  { short: 'npr', long: 'no-plugin-registry', help: 'Ineffective, only kept for backward compatibility' },
  { short: 'npu', long: 'no-plugin-updates', help: 'Ineffective, only kept for backward compatibility' },
  { short: 'nsu', long: 'no-snapshot-updates', help: 'Suppress SNAPSHOT updates' },
  {
    short: 'ntp',
    long: 'no-transfer-progress',
    help: 'Do not display transfer progress when downloading or uploading',
  },
  { short: 'o', long: 'offline', help: 'Work offline' },
  { short: 'P', long: 'activate-profiles', arg: 'required', help: 'Comma-delimited list of profiles to activate' },
  {
    short: 'pl',
    long: 'projects',
    arg: 'required',
    help: 'Comma-delimited list of specified reactor projects to build instead of all projects. A project can be specified by [groupId]:artifactId or by its relative path',
  },
  { short: 'q', long: 'quiet', help: 'Quiet output - only show errors' },
  { short: 'rf', long: 'resume-from', arg: 'required', help: 'Resume reactor from specified project' },
  { short: 's', long: 'settings', arg: 'required', help: 'Alternate path for the user settings file' },
  { short: 't', long: 'toolchains', arg: 'required', help: 'Alternate path for the user toolchains file' },
  { short: 'T', long: 'threads', arg: 'required', help: 'Thread count, for instance 2.0C where C is core multiplied' },
  {
    short: 'U',
    long: 'update-snapshots',
    help: 'Forces a check for missing releases and updated snapshots on remote repositories',
  },
  { short: 'up', long: 'update-plugins', help: 'Ineffective, only kept for backward compatibility' },
  { short: 'v', long: 'version', help: 'Display version information' },
  { short: 'V', long: 'show-version', help: 'Display version information WITHOUT stopping build' },
  { short: 'X', long: 'debug', help: 'Produce execution debug output' },
];

/** The option a name stands for, as commons-cli finds it: a short or a long name, whatever the dashes. */
export function optionNamed(name: string): OptionSpec | undefined {
  return OPTIONS.find((o) => o.short === name) ?? OPTIONS.find((o) => o.long === name);
}

/** The width of Maven's help (commons-cli's HelpFormatter default). */
const WIDTH = 74;
const DESCRIPTION_PAD = 3;

/** `goalhost --help`: Maven's `mvn -h`, laid out as commons-cli's HelpFormatter lays it out. */
export function usage(): string {
  const left = OPTIONS.map((o) => ` ${o.short ? `-${o.short},` : '   '}--${o.long}${o.arg ? ' <arg>' : ''}`);
  const column = Math.max(...left.map((l) => l.length)) + DESCRIPTION_PAD;
  const rows = OPTIONS.map((o, i) => wrapped(`${left[i].padEnd(column)}${o.help}`, column));
  return ['', 'usage: goalhost [options] [<goal(s)>] [<phase(s)>]', '', 'Options:', ...rows, '', ''].join('\n');
}

/** HelpFormatter's renderWrappedText: lines of at most WIDTH, the following ones indented to `indent`. */
function wrapped(text: string, indent: number): string {
  const lines: string[] = [];
  let rest = text;
  for (;;) {
    let at = wrapPosition(rest);
    if (at < 0) {
      lines.push(rest.trimEnd());
      return lines.join('\n');
    }
    if (lines.length > 0 && rest.length > WIDTH && at === indent - 1) at = WIDTH;
    lines.push(rest.slice(0, at).trimEnd());
    rest = ' '.repeat(indent) + rest.slice(at).trim();
  }
}

/** Where HelpFormatter breaks a line: the last space at or before WIDTH; -1 when the text fits. */
function wrapPosition(text: string): number {
  if (WIDTH >= text.length) return -1;
  for (let at = WIDTH; at >= 0; at--) if (text[at] === ' ') return at > 0 ? at : WIDTH;
  return WIDTH;
}
