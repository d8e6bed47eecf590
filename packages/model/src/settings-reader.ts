import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ownValue } from './own-keys';
import { parseXmlFast, tryParseXmlFast } from './fast-xml';
import { checkParsedModel, notWellFormed, type ModelParseProblem } from './modello-check';
import { readRepository, type RawActivation, type RawRepository } from './pom-reader';
import type { Repository, RepositoryPolicy } from './project';
import { EMPTY_SETTINGS, type Mirror, type Proxy, type Server, type Settings, type SettingsProfile } from './settings';
import { SETTINGS_GRAMMAR } from './settings-grammar';
import { child, childrenNamed, childText, parseXml, type XmlElement } from './xml';
import { INPUT_KINDS, readInputFile } from './input-file';
import { XmlStreamError } from './xml-stream-decoder';

/** A settings.xml that cannot be used: names the file, and where possible the line. */
export class SettingsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SettingsError';
  }
}

/** A problem Maven's settings builder reports about a file, located as it prints it. */
export interface SettingsProblem {
  readonly severity: 'WARNING' | 'FATAL';
  readonly message: string;
  readonly file: string;
  /** Where in the file; the validator's problems have no place but the file. */
  readonly line?: number;
  readonly column?: number;
}

/**
 * Reads the user settings (default `~/.m2/settings.xml`) and the global settings (default
 * `$MAVEN_HOME/conf/settings.xml` when that variable is set) and merges them like Maven: the user
 * file wins for single values and for servers, mirrors and profiles with the same id. Missing
 * files are skipped; malformed ones throw XmlSyntaxError. Each file is read as Maven's
 * SettingsXpp3Reader does: what only its lenient mode takes becomes one of Settings.warnings,
 * what neither takes fails with every problem listed (SettingsError), as Maven's settings builder.
 */
export function readSettings(
  userFile?: string,
  globalFile?: string,
  env: Record<string, string | undefined> = process.env,
): Settings {
  const user = userFile ?? path.join(os.homedir(), '.m2', 'settings.xml');
  const mavenHome = env.MAVEN_HOME ?? env.M2_HOME;
  const global = globalFile ?? (mavenHome ? path.join(mavenHome, 'conf', 'settings.xml') : undefined);
  const problems: SettingsProblem[] = [];
  const globalSettings = global ? readOne(global, 'global', globalFile !== undefined, env, problems) : undefined;
  const userSettings = readOne(user, 'user', userFile !== undefined, env, problems);
  const lines = problems.map(
    (p) => `${p.message} @ ${p.file}${p.line !== undefined ? `, line ${p.line}, column ${p.column}` : ''}`,
  );
  if (problems.some((p) => p.severity === 'FATAL')) {
    const count = problems.length === 1 ? '1 problem was' : `${problems.length} problems were`;
    throw new SettingsError(
      `${count} encountered while building the effective settings\n${problems.map((p, i) => `[${p.severity}] ${lines[i]}`).join('\n')}`,
    );
  }
  const merged =
    globalSettings && userSettings
      ? mergeSettings(userSettings, globalSettings)
      : (userSettings ?? globalSettings ?? EMPTY_SETTINGS);
  return lines.length > 0 ? { ...merged, warnings: lines } : merged;
}

function readOne(
  file: string,
  kind: 'user' | 'global',
  explicit: boolean,
  env: Record<string, string | undefined>,
  problems: SettingsProblem[],
): Settings | undefined {
  if (!existsSync(file)) {
    if (explicit) throw new SettingsError(`The specified settings file does not exist: ${file}`);
    return undefined;
  }
  let text: string;
  try {
    text = readInputFile(file, `The ${kind} settings file`, INPUT_KINDS.settings);
  } catch (e) {
    if (!(e instanceof XmlStreamError)) throw e;
    problems.push({ severity: 'FATAL', message: `Non-readable settings ${file}: ${e.message}`, file });
    return { ...EMPTY_SETTINGS, file };
  }
  return parseSettings(text, file, env, problems);
}

/**
 * Parses settings.xml text; `${user.home}`, `${env.X}` and other system values are interpolated.
 * The text as written is checked as Maven's reader checks it (before interpolation, as Maven);
 * its problems are added to `problems`, and a file it cannot read at all counts as empty.
 */
export function parseSettings(
  text: string,
  file: string,
  env: Record<string, string | undefined> = process.env,
  problems: SettingsProblem[] = [],
): Settings {
  let written = tryParseXmlFast(text);
  if (!written) {
    // Input the fast reader does not take is checked as MXParser reads it first.
    const problem = notWellFormed(text, SETTINGS_GRAMMAR, true, true);
    if (problem) {
      problems.push(notWellFormedProblem(file, problem));
      return { ...EMPTY_SETTINGS, file };
    }
    written = parseXml(text, file);
  }
  const strict = checkParsedModel(text, written, SETTINGS_GRAMMAR, true);
  if (strict?.notWellFormed) {
    problems.push(notWellFormedProblem(file, strict));
    return { ...EMPTY_SETTINGS, file };
  }
  if (strict) {
    // Maven's settings builder reads again leniently; when that fails too, it reports that failure.
    const lenient = checkParsedModel(text, written, SETTINGS_GRAMMAR, false);
    const problem = lenient ?? strict;
    problems.push({
      severity: lenient ? 'FATAL' : 'WARNING',
      message: lenient ? `Non-parseable settings ${file}: ${lenient.message}` : strict.message,
      file,
      line: problem.line,
      column: problem.column,
    });
    if (lenient) return { ...EMPTY_SETTINGS, file };
  }
  const root = text.includes('${') ? parseXmlFast(interpolateSettings(text, env), file) : written;
  if (root.name !== 'settings') {
    throw new SettingsError(`${file} is not a settings file: its root element is <${root.name}>, expected <settings>.`);
  }
  const bool = (name: string, dflt: boolean): boolean => {
    const v = childText(root, name);
    return v === undefined || v === '' ? dflt : v === 'true';
  };
  const profiles = childrenNamed(child(root, 'profiles'), 'profile').map(readProfile);
  warnLegacyLayouts(profiles, file, problems);
  return {
    file,
    localRepository: childText(root, 'localRepository') || undefined,
    offline: bool('offline', false),
    interactiveMode: bool('interactiveMode', true),
    servers: childrenNamed(child(root, 'servers'), 'server').map(readServer),
    mirrors: childrenNamed(child(root, 'mirrors'), 'mirror').map(readMirror),
    proxies: childrenNamed(child(root, 'proxies'), 'proxy').map(readProxy),
    profiles,
    activeProfiles: childrenNamed(child(root, 'activeProfiles'), 'activeProfile').map((e) => e.text.trim()),
    pluginGroups: childrenNamed(child(root, 'pluginGroups'), 'pluginGroup').map((e) => e.text.trim()),
  };
}

/** Maven's FATAL problem for a settings file that is not well-formed; the input ending early is an I/O failure to Maven, with no place. */
function notWellFormedProblem(file: string, problem: ModelParseProblem): SettingsProblem {
  if (problem.endOfInput)
    return { severity: 'FATAL', message: `Non-readable settings ${file}: ${problem.message}`, file };
  const message = `Non-parseable settings ${file}: ${problem.message}`;
  return { severity: 'FATAL', message, file, line: problem.line, column: problem.column };
}

/** Maven's settings validator: a profile's repository with Maven 1's layout only gets a warning (transfers from it fail later). */
function warnLegacyLayouts(profiles: readonly SettingsProfile[], file: string, problems: SettingsProblem[]): void {
  for (const profile of profiles) {
    for (const [list, prefix] of [
      [profile.repositories, 'repositories.repository'],
      [profile.pluginRepositories ?? [], 'pluginRepositories.pluginRepository'],
    ] as const) {
      for (const r of list) {
        if (r.layout !== 'legacy') continue;
        const message = `'profiles.profile[${profile.id}].${prefix}.layout' for ${r.id} uses the unsupported value 'legacy', artifact resolution might fail.`;
        problems.push({ severity: 'WARNING', message, file });
      }
    }
  }
}

function readServer(el: XmlElement): Server {
  return {
    id: childText(el, 'id') ?? 'default',
    ...(childText(el, 'username') !== undefined ? { username: childText(el, 'username') } : {}),
    ...(childText(el, 'password') !== undefined ? { password: childText(el, 'password') } : {}),
    ...(childText(el, 'privateKey') !== undefined ? { privateKey: childText(el, 'privateKey') } : {}),
    ...(childText(el, 'passphrase') !== undefined ? { passphrase: childText(el, 'passphrase') } : {}),
  };
}

function readMirror(el: XmlElement): Mirror {
  return {
    id: childText(el, 'id') ?? 'default',
    url: childText(el, 'url') ?? '',
    mirrorOf: childText(el, 'mirrorOf') ?? '',
    ...(childText(el, 'layout') ? { layout: childText(el, 'layout') } : {}),
    ...(childText(el, 'mirrorOfLayouts') ? { mirrorOfLayouts: childText(el, 'mirrorOfLayouts') } : {}),
    ...(childText(el, 'blocked') === 'true' ? { blocked: true } : {}),
  };
}

function readProxy(el: XmlElement): Proxy {
  const text = (name: string): string | undefined => childText(el, name)?.trim() || undefined;
  const port = Number(text('port') ?? '8080');
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(
      `Invalid <port> '${text('port')}' of proxy '${text('id') ?? 'default'}' in settings.xml: expected a number from 1 to 65535`,
    );
  }
  return {
    id: text('id') ?? 'default',
    active: (text('active') ?? 'true') === 'true',
    protocol: text('protocol') ?? 'http',
    host: text('host') ?? '',
    port,
    ...(childText(el, 'username') !== undefined ? { username: childText(el, 'username') } : {}),
    ...(childText(el, 'password') !== undefined ? { password: childText(el, 'password') } : {}),
    ...(text('nonProxyHosts') ? { nonProxyHosts: text('nonProxyHosts') } : {}),
  };
}

function readProfile(el: XmlElement): SettingsProfile {
  const props = child(el, 'properties');
  const act = child(el, 'activation');
  const os = child(act, 'os');
  const prop = child(act, 'property');
  const file = child(act, 'file');
  const activation: RawActivation | undefined = act && {
    activeByDefault: childText(act, 'activeByDefault'),
    jdk: childText(act, 'jdk'),
    os: os && {
      name: childText(os, 'name'),
      family: childText(os, 'family'),
      arch: childText(os, 'arch'),
      version: childText(os, 'version'),
    },
    property: prop && { name: childText(prop, 'name'), value: childText(prop, 'value') },
    file: file && { exists: childText(file, 'exists'), missing: childText(file, 'missing') },
  };
  return {
    id: childText(el, 'id') ?? 'default',
    activeByDefault: activation?.activeByDefault === 'true',
    properties: Object.fromEntries(props ? props.children.map((p) => [p.name, p.text.trim()]) : []),
    repositories: childrenNamed(child(el, 'repositories'), 'repository').map((r) => toRepository(readRepository(r))),
    pluginRepositories: childrenNamed(child(el, 'pluginRepositories'), 'pluginRepository').map((r) =>
      toRepository(readRepository(r)),
    ),
    ...(activation ? { activation } : {}),
  };
}

/** A repository declaration with Maven's defaults filled in (enabled, daily updates, warn on checksum). */
export function toRepository(raw: RawRepository): Repository {
  const policy = (p: RawRepository['releases']): RepositoryPolicy => ({
    enabled: p?.enabled === undefined || p.enabled === '' ? true : p.enabled === 'true',
    updatePolicy: p?.updatePolicy || undefined,
    checksumPolicy: p?.checksumPolicy || undefined,
  });
  return {
    id: raw.id ?? 'default',
    url: raw.url ?? '',
    ...(raw.layout ? { layout: raw.layout } : {}),
    releases: policy(raw.releases),
    snapshots: policy(raw.snapshots),
  };
}

/** User settings dominate; lists are merged by id (user entries first). */
export function mergeSettings(user: Settings, global: Settings): Settings {
  const byId = <T extends { id: string }>(a: readonly T[], b: readonly T[]): T[] => [
    ...a,
    ...b.filter((x) => !a.some((y) => y.id === x.id)),
  ];
  return {
    file: user.file,
    localRepository: user.localRepository ?? global.localRepository,
    offline: user.offline || global.offline,
    interactiveMode: user.interactiveMode && global.interactiveMode,
    servers: byId(user.servers, global.servers),
    mirrors: byId(user.mirrors, global.mirrors),
    proxies: byId(user.proxies, global.proxies),
    profiles: byId(user.profiles, global.profiles),
    activeProfiles: [...user.activeProfiles, ...global.activeProfiles.filter((p) => !user.activeProfiles.includes(p))],
    pluginGroups: [...user.pluginGroups, ...global.pluginGroups.filter((p) => !user.pluginGroups.includes(p))],
  };
}

/** Maven interpolates settings.xml text with environment variables and Java system properties. */
function interpolateSettings(text: string, env: Record<string, string | undefined>): string {
  if (!text.includes('${')) return text;
  const system: Record<string, string> = {
    'user.home': os.homedir(),
    'user.name': os.userInfo().username,
    'user.dir': process.cwd(),
    'java.io.tmpdir': os.tmpdir(),
    'file.separator': path.sep,
    'path.separator': path.delimiter,
    'line.separator': os.EOL,
  };
  return text.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
    if (name.startsWith('env.')) return ownValue(env, name.slice(4)) ?? whole;
    return ownValue(system, name) ?? whole;
  });
}
