import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Session } from '@goalhost/api';
import { readSettings } from '@goalhost/resolver';
import type { CliRequest } from './cli-request';

/** Builds the Session from the request: settings (-s/-gs), local repository, offline. */
export function createSession(request: CliRequest, cwd: string, env: NodeJS.ProcessEnv): Session {
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
  const localRepository = path.resolve(cwd, props['maven.repo.local'] ?? settings.localRepository ?? path.join(m2, 'repository'));
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
    settingsSecurityFile: path.resolve(cwd, props['settings.security'] ?? path.join(m2, 'settings-security.xml')),
  };
}
