import * as path from 'node:path';
import type { Project, Server } from '@goalhost/model';
import { SettingsDecrypter } from '@goalhost/model';
import {
  GitClient,
  GitSubmodulesUpdater,
  SvnClient,
  SvnExternalsUpdater,
  recordSourceDependencies,
  type SourceArtifact,
  type SourceDependenciesOptions,
} from '@goalhost/plugin-cxx/internal';
import { projectReader } from './projects';
import { RecordingLog } from './recording-log';

export interface ScmRun {
  readonly log: RecordingLog;
  /** The goal's error message, when it failed. */
  readonly error?: string;
}

export interface ScmRunInput {
  readonly basedir: string;
  readonly artifacts: readonly SourceArtifact[];
  readonly poms: readonly Project[];
  readonly options?: Partial<SourceDependenciesOptions>;
  readonly servers?: readonly Server[];
  readonly settingsSecurityFile?: string;
  /** svn --config-dir (isolation from ~/.subversion). */
  readonly svnConfigDir?: string;
  /** Replaces the svn executable (e.g. a wrapper that records argv). */
  readonly svnExecutable?: string;
  /** Environment of svn and git (default: this process's). */
  readonly env?: NodeJS.ProcessEnv;
}

export function artifact(groupId: string, artifactId: string, version: string): SourceArtifact {
  return { groupId, artifactId, version, baseVersion: version, type: 'pom' };
}

/** The goal's core, run as the goal runs it, with real svn and git clients. */
export async function runScm(input: ScmRunInput): Promise<ScmRun> {
  const log = new RecordingLog();
  const svn = new SvnClient({
    cwd: input.basedir,
    log,
    ...(input.svnConfigDir ? { configDir: input.svnConfigDir } : {}),
    ...(input.svnExecutable ? { executable: input.svnExecutable } : {}),
    ...(input.env ? { env: input.env } : {}),
  });
  const git = new GitClient({ log, ...(input.env ? { env: input.env } : {}) });
  const options: SourceDependenciesOptions = {
    basedir: input.basedir,
    buildDirectory: path.join(input.basedir, 'target'),
    sourceSubdir: '.',
    connectionType: 'connection',
    sourceFreezeRevision: false,
    sourceTargets: [],
    sourceTargetDirRemovePrefixes: [],
    dryRun: false,
    ...input.options,
  };
  try {
    await recordSourceDependencies(input.artifacts, options, {
      log,
      readProject: projectReader(input.poms),
      servers: input.servers ?? [],
      settingsFile: '/home/user/.m2/settings.xml',
      decrypter: new SettingsDecrypter(
        input.settingsSecurityFile ?? path.join(input.basedir, 'no-settings-security.xml'),
      ),
      svn: new SvnExternalsUpdater(svn, log),
      git: new GitSubmodulesUpdater(git, log),
    });
    return { log };
  } catch (e) {
    return { log, error: (e as Error).message };
  }
}
