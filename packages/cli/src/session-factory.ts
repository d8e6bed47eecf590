import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Session } from '@goalhost/api';
import { readSettings } from '@goalhost/resolver';
import type { CliRequest } from './cli-request';

/** Builds the Session from the request: settings (-s/-gs), local repository, offline. */
export function createSession(
  request: CliRequest,
  cwd: string,
  env: NodeJS.ProcessEnv,
  launcherProperties: Readonly<Record<string, string>> = {},
): Session {
  const m2 = path.join(os.homedir(), '.m2');
  const userSettings = request.settingsFile ? path.resolve(cwd, request.settingsFile) : path.join(m2, 'settings.xml');
  if (request.settingsFile && !fs.existsSync(userSettings)) {
    throw new Error(`The specified user settings file does not exist: ${userSettings}`);
  }
  const globalSettings = request.globalSettingsFile ? path.resolve(cwd, request.globalSettingsFile) : undefined;
  if (globalSettings && !fs.existsSync(globalSettings)) {
    throw new Error(`The specified global settings file does not exist: ${globalSettings}`);
  }
  const settings = readSettings(fs.existsSync(userSettings) ? userSettings : undefined, globalSettings);
  const props = request.userProperties;
  const localRepository = path.resolve(
    cwd,
    props['maven.repo.local'] ?? settings.localRepository ?? path.join(m2, 'repository'),
  );
  checkLocalRepository(localRepository);
  return {
    offline: request.offline || settings.offline,
    debug: request.debug,
    quiet: request.quiet,
    batchMode: request.batchMode,
    showErrors: request.showErrors,
    userProperties: props,
    settings,
    localRepository,
    workingDirectory: cwd,
    startTime: new Date(),
    env: { ...env },
    launcherProperties,
    settingsSecurityFile: path.resolve(cwd, props['settings.security'] ?? path.join(m2, 'settings-security.xml')),
  };
}

/** Linux file system magic numbers of the kernel's virtual file systems. */
const VIRTUAL_FILE_SYSTEMS: Readonly<Record<number, string>> = {
  0x9fa0: 'proc',
  0x62656572: 'sysfs',
  0x1cd1: 'devpts',
};

/**
 * The local repository must be (or be creatable as) a directory on a real file system: a path
 * below a regular file, or inside /proc or /sys, is refused before anything tries to write there.
 */
function checkLocalRepository(dir: string): void {
  let existing = dir;
  while (!fs.existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(existing);
  } catch (e) {
    throw new Error(`Cannot use ${dir} as the local repository: ${(e as Error).message}`);
  }
  if (!stat.isDirectory()) {
    throw new Error(
      `Cannot use ${dir} as the local repository: ${existing} is not a directory; set -Dmaven.repo.local or <localRepository> to a directory`,
    );
  }
  const kind = VIRTUAL_FILE_SYSTEMS[fs.statfsSync(existing).type];
  if (kind) {
    throw new Error(
      `Cannot use ${dir} as the local repository: ${existing} is on the virtual ${kind} file system; set -Dmaven.repo.local or <localRepository> to a directory on disk`,
    );
  }
}
