import { dictionary, excerpt } from '@goalhost/model';
import { CliUsageError, parseCommandLine, type ArgumentSource, type CommandLine } from './command-line';

export { CliUsageError, type ArgumentSource } from './command-line';
export { usage } from './cli-options';

/** `-ff`, `-fae`, `-fn` (the first of them in that order wins, as in Maven). */
export type FailureBehavior = 'fail-fast' | 'fail-at-end' | 'fail-never';

/** Everything the command line asked for, parsed once and passed along untouched. */
export interface CliRequest {
  readonly tasks: readonly string[];
  readonly file?: string;
  /** `-D`: later definitions win. */
  readonly userProperties: Readonly<Record<string, string>>;
  readonly offline: boolean;
  readonly settingsFile?: string;
  readonly globalSettingsFile?: string;
  readonly toolchainsFile?: string;
  readonly globalToolchainsFile?: string;
  /** `-q`, unless `-X` is given too. */
  readonly quiet: boolean;
  readonly debug: boolean;
  readonly showErrors: boolean;
  readonly batchMode: boolean;
  readonly noTransferProgress: boolean;
  readonly help: boolean;
  readonly version: boolean;
  /** `-V`: print the version, then build. */
  readonly showVersion: boolean;
  readonly updateSnapshots: boolean;
  /** `-nsu`: never look for newer snapshots (or anything else) in remote repositories. */
  readonly noSnapshotUpdates: boolean;
  /** `-C` (fail) or `-c` (warn): the checksum policy of every repository. */
  readonly checksumPolicy?: 'fail' | 'warn';
  readonly nonRecursive: boolean;
  readonly activeProfiles: readonly string[];
  readonly inactiveProfiles: readonly string[];
  /** `-pl` selectors to build (`+x` and `x`)... */
  readonly projects: readonly string[];
  /** ...and to leave out (`!x`, `-x`). */
  readonly excludedProjects: readonly string[];
  readonly alsoMake: boolean;
  readonly alsoMakeDependents: boolean;
  readonly resumeFrom?: string;
  readonly failureBehavior: FailureBehavior;
  /** `-T 4` / `-T 1C`: as written (checked when the build starts). */
  readonly threads?: string;
  /** `-b`: the builder's id as written (checked when the build starts). */
  readonly builder?: string;
  /** `-l`: the file all output goes to, as written. */
  readonly logFile?: string;
  /** `--color`: as written; an empty string when given without a value. */
  readonly color?: string;
  /** `-emp [password]`, `-ep [password]`: encrypt and print, then stop; `value` absent when not given. */
  readonly encryptMasterPassword?: { readonly value?: string };
  readonly encryptPassword?: { readonly value?: string };
  /** `-llr` (or `-Dmaven.legacyLocalRepo=true`): no `_remote.repositories` bookkeeping. */
  readonly legacyLocalRepository: boolean;
  /** The options Maven 3.8.7 keeps only to accept them (`-up`, `-npu`, `-cpu`, `-npr`), as given. */
  readonly deprecatedOptions: readonly string[];
}

/** Maven 3.8.7's options that do nothing, in the order it warns about them. */
const DEPRECATED = ['up', 'npu', 'cpu', 'npr'];

/**
 * Parses argv (without node and script) the way Maven's CLI does: `-Dx=y`, `-D x=y`, `-Pa,!b`.
 * See parseCommandLine for the syntax.
 */
export function parseArgs(argv: readonly string[], source: ArgumentSource = 'command line options'): CliRequest {
  return requestOf(parseCommandLine(argv, source), source);
}

/** The request a parsed command line makes, read as Maven's CLI reads its CommandLine. */
export function requestOf(line: CommandLine, source: ArgumentSource = 'command line options'): CliRequest {
  const has = (long: string) => line.options.some((o) => o.spec.long === long);
  const values = (long: string) =>
    line.options.filter((o) => o.spec.long === long && o.value !== undefined).map((o) => o.value!);
  const first = (long: string): string | undefined => values(long)[0];
  const optional = (long: string) => (has(long) ? defined({ value: first(long) }) : undefined);
  const items = (long: string) =>
    values(long)
      .flatMap((v) => v.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
  const props = dictionary<string>();
  for (const text of values('define')) define(props, text, source);
  const profiles = items('activate-profiles');
  const selectors = items('projects');
  const excluded = (s: string) => s.startsWith('!') || s.startsWith('-');
  const debug = has('debug');
  return {
    tasks: line.args,
    userProperties: props,
    offline: has('offline'),
    quiet: !debug && has('quiet'),
    debug,
    showErrors: has('errors') || debug,
    batchMode: has('batch-mode'),
    noTransferProgress: has('no-transfer-progress'),
    help: has('help'),
    version: has('version'),
    showVersion: has('show-version'),
    updateSnapshots: has('update-snapshots'),
    noSnapshotUpdates: has('no-snapshot-updates'),
    nonRecursive: has('non-recursive'),
    activeProfiles: profiles.filter((p) => !excluded(p)).map((p) => p.replace(/^\+/, '')),
    inactiveProfiles: profiles.filter(excluded).map((p) => p.slice(1)),
    projects: selectors.filter((p) => !excluded(p)).map((p) => p.replace(/^\+/, '')),
    excludedProjects: selectors.filter(excluded).map((p) => p.slice(1)),
    alsoMake: has('also-make'),
    alsoMakeDependents: has('also-make-dependents'),
    failureBehavior: has('fail-fast')
      ? 'fail-fast'
      : has('fail-at-end')
        ? 'fail-at-end'
        : has('fail-never')
          ? 'fail-never'
          : 'fail-fast',
    legacyLocalRepository: has('legacy-local-repository') || props['maven.legacyLocalRepo'] === 'true',
    deprecatedOptions: DEPRECATED.filter((short) => line.options.some((o) => o.spec.short === short)),
    ...defined({
      file: first('file'),
      settingsFile: first('settings'),
      globalSettingsFile: first('global-settings'),
      toolchainsFile: first('toolchains'),
      globalToolchainsFile: first('global-toolchains'),
      resumeFrom: first('resume-from'),
      threads: first('threads'),
      builder: first('builder'),
      logFile: first('log-file'),
      color: has('color') ? (first('color') ?? '') : undefined,
      checksumPolicy: has('strict-checksums')
        ? ('fail' as const)
        : has('lax-checksums')
          ? ('warn' as const)
          : undefined,
      encryptMasterPassword: optional('encrypt-master-password'),
      encryptPassword: optional('encrypt-password'),
    }),
  };
}

/** The entries of `values` that are set, for optional properties. */
function defined<T extends Record<string, unknown>>(values: T): Partial<{ [K in keyof T]: Exclude<T[K], undefined> }> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<{
    [K in keyof T]: Exclude<T[K], undefined>;
  }>;
}

/** `name=value`, or `name` alone meaning `true`, as Maven does. */
function define(props: Record<string, string>, text: string, source: ArgumentSource): void {
  const eq = text.indexOf('=');
  const name = (eq < 0 ? text : text.slice(0, eq)).trim();
  if (name === '')
    throw new CliUsageError(`Unable to parse ${source}: -D needs a property name, got '${excerpt(`-D${text}`)}'`);
  props[name] = eq < 0 ? 'true' : text.slice(eq + 1);
}
