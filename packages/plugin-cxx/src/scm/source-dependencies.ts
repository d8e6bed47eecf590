import * as path from 'node:path';
import { GoalExecutionError, type Log, type SourceWiring } from '@goalhost/api';
import { redactUrl, type Coordinates, type Project, type Server } from '@goalhost/model';
import { resolveCredentials, type PasswordDecrypter } from './credentials';
import { allInOrder } from './in-order';
import type { GitSubmodulesUpdater } from './git-submodules-updater';
import { scmConnectionOf, type ScmProvider } from './scm-connection';
import type { PlannedWiring, PreparedUpdate, SourceDependency } from './source-update';
import type { SvnExternalsUpdater } from './svn-externals-updater';
import { computeTargetDir, TARGET_DIR_PROPERTY, type SourceTarget } from './target-dir';

/** A selected dependency of type pom (after the artifact filters). */
export interface SourceArtifact {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly baseVersion: string;
  readonly type: string;
}

export interface SourceDependenciesOptions {
  readonly basedir: string;
  readonly buildDirectory: string;
  readonly sourceSubdir: string;
  readonly connectionType: string;
  readonly username?: string;
  readonly password?: string;
  readonly settingsServerId?: string;
  readonly sourceFreezeRevision: boolean;
  readonly sourceTargets: readonly SourceTarget[];
  readonly sourceTargetDirRemovePrefixes: readonly string[];
  readonly dryRun: boolean;
}

export interface SourceDependenciesServices {
  readonly log: Log;
  readonly readProject: (coordinates: Coordinates) => Promise<Project>;
  readonly servers: readonly Server[];
  readonly settingsFile?: string;
  readonly decrypter: PasswordDecrypter;
  readonly svn: SvnExternalsUpdater;
  readonly git: GitSubmodulesUpdater;
  /** The host's lock of the wiring (see RepositoryService.lockSources); checked before anything is written. */
  readonly lockSources?: (sources: readonly SourceWiring[], dryRun: boolean) => Promise<void>;
}

/**
 * The whole goal without the host: for each selected source dependency, read its POM, validate its
 * SCM connection, decide its target directory and credentials; then let svn and git each check
 * and print their changes, and only when both succeeded write them (unless dry run).
 */
export async function recordSourceDependencies(
  artifacts: readonly SourceArtifact[],
  options: SourceDependenciesOptions,
  services: SourceDependenciesServices,
): Promise<PreparedUpdate[]> {
  const { log } = services;
  if (artifacts.length === 0) {
    log.info('No source dependency (type pom) selected: nothing to do');
    return [];
  }
  const projects = await allInOrder(artifacts, (a) => readDependencyProject(a, services));
  const byProvider: Record<ScmProvider, SourceDependency[]> = { svn: [], git: [] };
  artifacts.forEach((a, i) => {
    const id = `${a.groupId}:${a.artifactId}:${a.version}:${a.type}`;
    const project = projects[i];
    const connection = scmConnectionOf(id, project, options.connectionType);
    if (connection.warning) log.warn(connection.warning);
    const target = computeTargetDir(
      {
        id,
        groupId: project.groupId,
        artifactId: project.artifactId,
        version: a.version,
        baseVersion: a.baseVersion,
        pomFile: project.file,
        ...(project.properties[TARGET_DIR_PROPERTY] !== undefined
          ? { targetDirProperty: project.properties[TARGET_DIR_PROPERTY] }
          : {}),
      },
      options.sourceTargets,
      options.sourceTargetDirRemovePrefixes,
    );
    const fromUrl = connection.userInfo;
    const credentials = resolveCredentials(connection.url, {
      ...(options.username !== undefined
        ? { username: options.username }
        : fromUrl
          ? { username: fromUrl.username }
          : {}),
      ...(options.password !== undefined
        ? { password: options.password }
        : fromUrl?.password !== undefined
          ? { password: fromUrl.password }
          : {}),
      ...(options.settingsServerId !== undefined ? { settingsServerId: options.settingsServerId } : {}),
      servers: services.servers,
      ...(services.settingsFile ? { settingsFile: services.settingsFile } : {}),
      decrypter: services.decrypter,
      warn: (m) => log.warn(m),
    });
    log.debug(`Credentials for ${redactUrl(connection.url)}: ${credentials.source}`);
    byProvider[connection.provider].push({
      id,
      coordinates: { groupId: a.groupId, artifactId: a.artifactId, version: a.version },
      url: connection.url,
      credentials,
      target,
      pomFile: project.file,
      ...(connection.tag ? { tag: connection.tag } : {}),
    });
  });

  // The original plugin concatenates basedir + "/" + sourceSubdir: an absolute-looking
  // sourceSubdir (`/externals`) is still below the basedir, never the file system's root.
  const holder = path.join(options.basedir, options.sourceSubdir);
  const request = { holder, buildDirectory: options.buildDirectory, freeze: options.sourceFreezeRevision };
  const prepared: PreparedUpdate[] = [];
  if (byProvider.svn.length > 0)
    prepared.push(await services.svn.prepare({ ...request, dependencies: byProvider.svn }));
  if (byProvider.git.length > 0)
    prepared.push(await services.git.prepare({ ...request, dependencies: byProvider.git }));
  if (services.lockSources) {
    const wiring = prepared.flatMap((p) => p.wiring.map((w) => toSourceWiring(w, p.scm, holder, options.basedir)));
    await services.lockSources(wiring, options.dryRun);
  }
  for (const p of prepared) await p.apply(options.dryRun);
  return prepared;
}

/** What a lock pins of one wired dependency: no password in the URL, the directory from the project's base. */
function toSourceWiring(w: PlannedWiring, scm: ScmProvider, holder: string, basedir: string): SourceWiring {
  return {
    ...w.dependency.coordinates,
    scm,
    revision: w.revision,
    url: w.url.replace(/^([A-Za-z][A-Za-z0-9+.-]*:\/\/[^@/:\s]*):[^@/\s]*@/, '$1@').replace(/ /g, '%20'),
    path: path.relative(basedir, path.join(holder, w.dependency.target.dir)).split(path.sep).join('/'),
  };
}

async function readDependencyProject(a: SourceArtifact, services: SourceDependenciesServices): Promise<Project> {
  try {
    return await services.readProject({ groupId: a.groupId, artifactId: a.artifactId, version: a.version });
  } catch (e) {
    if (e instanceof GoalExecutionError) throw e;
    throw new GoalExecutionError(
      `Cannot read the POM of source dependency ${a.groupId}:${a.artifactId}:${a.version}:${a.type}: ${(e as Error).message}`,
      {
        cause: e,
      },
    );
  }
}
