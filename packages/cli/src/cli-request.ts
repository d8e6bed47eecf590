import { dictionary, excerpt } from '@goalhost/model';

/** Everything the command line asked for, parsed once and passed along untouched. */
export interface CliRequest {
  readonly tasks: readonly string[];
  readonly file?: string;
  readonly userProperties: Readonly<Record<string, string>>;
  readonly offline: boolean;
  readonly settingsFile?: string;
  readonly globalSettingsFile?: string;
  readonly quiet: boolean;
  readonly debug: boolean;
  readonly showErrors: boolean;
  readonly batchMode: boolean;
  readonly noTransferProgress: boolean;
  readonly help: boolean;
  readonly version: boolean;
  readonly updateSnapshots: boolean;
  readonly nonRecursive: boolean;
  readonly activeProfiles: readonly string[];
  readonly inactiveProfiles: readonly string[];
  readonly projects: readonly string[];
  readonly resumeFrom?: string;
  readonly failAtEnd: boolean;
  /** `-T 4` / `-T 1C`: as written (checked when the build starts). */
  readonly threads?: string;
}

/** A command line (or maven.config) goalhost cannot understand. */
export class CliUsageError extends Error {}

/** Where arguments come from, as Maven's messages name it. */
export type ArgumentSource = 'command line options' | 'maven.config';

interface OptionSpec {
  readonly short?: string;
  readonly long: string;
  readonly arg?: string;
  readonly help: string;
}

/** The options goalhost understands, with Maven's names; also drives `--help`. */
export const OPTIONS: readonly OptionSpec[] = [
  { short: 'B', long: 'batch-mode', help: 'Run in non-interactive (batch) mode (disables output color and progress)' },
  { short: 'D', long: 'define', arg: 'arg', help: 'Define a user property' },
  { short: 'e', long: 'errors', help: 'Produce execution error messages' },
  { short: 'f', long: 'file', arg: 'arg', help: 'Force the use of an alternate POM file (or directory with pom.xml)' },
  {
    short: 'fae',
    long: 'fail-at-end',
    help: 'Only fail the build afterwards; allow all non-impacted builds to continue',
  },
  { short: 'ff', long: 'fail-fast', help: 'Stop at first failure in reactorized builds' },
  { short: 'gs', long: 'global-settings', arg: 'arg', help: 'Alternate path for the global settings file' },
  { short: 'h', long: 'help', help: 'Display help information' },
  { short: 'N', long: 'non-recursive', help: 'Do not recurse into sub-projects' },
  {
    short: 'ntp',
    long: 'no-transfer-progress',
    help: 'Do not display transfer progress when downloading or uploading',
  },
  { short: 'o', long: 'offline', help: 'Work offline' },
  {
    short: 'P',
    long: 'activate-profiles',
    arg: 'arg',
    help: 'Comma-delimited list of profiles to activate (!id deactivates)',
  },
  {
    short: 'pl',
    long: 'projects',
    arg: 'arg',
    help: 'Comma-delimited list of specified reactor projects to build instead of all projects',
  },
  { short: 'q', long: 'quiet', help: 'Quiet output - only show errors' },
  { short: 'rf', long: 'resume-from', arg: 'arg', help: 'Resume reactor from specified project' },
  { short: 's', long: 'settings', arg: 'arg', help: 'Alternate path for the user settings file' },
  {
    short: 'T',
    long: 'threads',
    arg: 'arg',
    help: 'Thread count, for instance 4 (int) or 2C/2.5C (int/float) where C is core multiplied',
  },
  {
    short: 'U',
    long: 'update-snapshots',
    help: 'Forces a check for missing releases and updated snapshots on remote repositories',
  },
  { short: 'v', long: 'version', help: 'Display version information' },
  { short: 'X', long: 'debug', help: 'Produce execution debug output' },
];

/**
 * Parses argv (without node and script) the way Maven's CLI does: `-Dx=y`, `-D x=y`, `-Pa,!b`.
 * `definedAt`, when given, receives the index in argv of the argument defining each property.
 */
export function parseArgs(
  argv: readonly string[],
  source: ArgumentSource = 'command line options',
  definedAt?: Map<string, number>,
): CliRequest {
  const unparseable = (reason: string) => new CliUsageError(`Unable to parse ${source}: ${reason}`);
  // -D names may be anything, `__proto__` included: stored as own keys.
  const props = dictionary<string>();
  const tasks: string[] = [];
  const flags = new Set<string>();
  const values = new Map<string, string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('-') || arg === '-') {
      tasks.push(arg);
      continue;
    }
    if (arg.startsWith('-D') && arg.length > 2) {
      const name = define(props, arg.slice(2), unparseable);
      definedAt?.set(name, i);
      continue;
    }
    const [name, inline] = splitInline(arg);
    const spec = OPTIONS.find((o) => (name.startsWith('--') ? `--${o.long}` === name : `-${o.short}` === name));
    if (!spec) {
      const attached = OPTIONS.find((o) => o.arg && o.short && arg.startsWith(`-${o.short}`) && o.short.length === 1);
      if (attached) {
        values.set(attached.long, [...(values.get(attached.long) ?? []), arg.slice(2)]);
        continue;
      }
      throw unparseable(`Unrecognized option: ${excerpt(arg)}`);
    }
    if (!spec.arg) {
      flags.add(spec.long);
      continue;
    }
    const value = inline ?? argv[++i];
    if (value === undefined) throw unparseable(`Missing argument for option: ${spec.short ?? spec.long}`);
    if (spec.long === 'define') {
      const name = define(props, value, unparseable);
      definedAt?.set(name, i);
    } else values.set(spec.long, [...(values.get(spec.long) ?? []), value]);
  }
  const last = (k: string) => values.get(k)?.at(-1);
  const list = (k: string) =>
    (values.get(k) ?? [])
      .flatMap((v) => v.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
  const profiles = list('activate-profiles');
  return {
    tasks,
    file: last('file'),
    userProperties: props,
    offline: flags.has('offline'),
    settingsFile: last('settings'),
    globalSettingsFile: last('global-settings'),
    quiet: flags.has('quiet'),
    debug: flags.has('debug'),
    showErrors: flags.has('errors') || flags.has('debug'),
    batchMode: flags.has('batch-mode'),
    noTransferProgress: flags.has('no-transfer-progress'),
    help: flags.has('help'),
    version: flags.has('version'),
    updateSnapshots: flags.has('update-snapshots'),
    nonRecursive: flags.has('non-recursive'),
    activeProfiles: profiles.filter((p) => !p.startsWith('!') && !p.startsWith('-')).map((p) => p.replace(/^\+/, '')),
    inactiveProfiles: profiles.filter((p) => p.startsWith('!') || p.startsWith('-')).map((p) => p.slice(1)),
    projects: list('projects'),
    resumeFrom: last('resume-from'),
    failAtEnd: flags.has('fail-at-end'),
    threads: last('threads'),
  };
}

function splitInline(arg: string): [string, string | undefined] {
  if (!arg.startsWith('--')) return [arg, undefined];
  const eq = arg.indexOf('=');
  return eq < 0 ? [arg, undefined] : [arg.slice(0, eq), arg.slice(eq + 1)];
}

/** `name=value`, or `name` alone meaning `true`, as Maven does; returns the name. */
function define(props: Record<string, string>, text: string, unparseable: (reason: string) => CliUsageError): string {
  const eq = text.indexOf('=');
  const name = eq < 0 ? text : text.slice(0, eq);
  if (name === '') throw unparseable(`-D needs a property name, got '${excerpt(`-D${text}`)}'`);
  props[name] = eq < 0 ? 'true' : text.slice(eq + 1);
  return name;
}

/** `goalhost --help`: the usage and every option. */
export function usage(): string {
  const rows = OPTIONS.map((o) => {
    const left = ` ${o.short ? `-${o.short},` : '   '}--${o.long}${o.arg ? ` <${o.arg}>` : ''}`;
    return `${left.padEnd(36)}${o.help}`;
  });
  return ['', 'usage: goalhost [options] [<goal(s)>] [<phase(s)>]', '', 'Options:', ...rows, ''].join('\n');
}
