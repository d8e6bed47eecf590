import { existsSync, rmSync, statSync, unlinkSync } from 'node:fs';
import * as path from 'node:path';
import {
  Goal,
  GoalExecutionError,
  GoalFailureError,
  inject,
  Parameter,
  stylesOf,
  TOKENS,
  type GoalContext,
} from '@goalhost/api';
import { isSnapshotVersion, type Artifact, type Project } from '@goalhost/model';
import { extensionOf } from './dependency-sets';
import { matchesPattern } from './gav-patterns';

/**
 * dependency:purge-local-repository — maven-dependency-plugin 3.5.0's PurgeLocalRepositoryMojo:
 * deletes the project's dependencies (or manually named folders) from the local repository and
 * by default resolves them again.
 */
@Goal({
  name: 'purge-local-repository',
  description:
    'When run on a project, remove the project dependencies from the local repository, and optionally re-resolve them. Outside of a project, remove the manually given dependencies.',
  requiresProject: false,
  threadSafe: true,
  since: '2.0',
})
export class PurgeLocalRepositoryGoal {
  @Parameter({
    type: 'java.util.List',
    since: '2.6',
    description:
      'The list of dependencies in the form of groupId:artifactId which should BE deleted/purged from the local repository. Note that using this parameter will deactivate the normal process for purging the current project dependency tree. If this parameter is used, only the included artifacts will be purged. The manualIncludes parameter should not be used in combination with the includes/excludes parameters.',
  })
  manualIncludes?: string[];

  @Parameter({
    type: 'java.lang.String',
    property: 'manualInclude',
    since: '2.6',
    description:
      'Comma-separated list of groupId:artifactId entries, which should be used to manually include artifacts for deletion. This is a command-line alternative to the <code>manualIncludes</code> parameter, since List parameters are not currently compatible with CLI specification.',
  })
  manualInclude?: string;

  @Parameter({
    type: 'java.util.List',
    since: '2.6',
    description: 'The list of dependencies in the form of groupId:artifactId which should BE deleted/refreshed.',
  })
  includes?: string[];

  @Parameter({
    type: 'java.lang.String',
    property: 'include',
    since: '2.6',
    description:
      'Comma-separated list of groupId:artifactId entries, which should be used to include artifacts for deletion/refresh. This is a command-line alternative to the <code>includes</code> parameter, since List parameters are not currently compatible with CLI specification.',
  })
  include?: string;

  @Parameter({
    type: 'java.util.List',
    description: 'The list of dependencies in the form of groupId:artifactId which should NOT be deleted/refreshed.',
  })
  excludes?: string[];

  @Parameter({
    type: 'java.lang.String',
    property: 'exclude',
    description:
      'Comma-separated list of groupId:artifactId entries, which should be used to exclude artifacts from deletion/refresh. This is a command-line alternative to the <code>excludes</code> parameter, since List parameters are not currently compatible with CLI specification.',
  })
  exclude?: string;

  @Parameter({
    type: 'boolean',
    property: 'reResolve',
    defaultValue: 'true',
    description:
      'Whether to re-resolve the artifacts once they have been deleted from the local repository. If you are running this mojo from the command-line, you may want to disable this. By default, artifacts will be re-resolved.',
  })
  reResolve = true;

  @Parameter({
    type: 'java.lang.String',
    property: 'resolutionFuzziness',
    defaultValue: 'version',
    description:
      "Determines how liberally the plugin will delete an artifact from the local repository. Values are: <br/> <ul> <li><b>file</b> - Eliminate only the artifact's file.</li> <li><b>version</b> <i>(default)</i> - Eliminate all files associated with the version of the artifact.</li> <li><b>artifactId</b> - Eliminate all files associated with the artifact's artifactId.</li> <li><b>groupId</b> - Eliminate all files associated with the artifact's groupId.</li> </ul>",
  })
  resolutionFuzziness = 'version';

  @Parameter({
    type: 'boolean',
    property: 'actTransitively',
    defaultValue: 'true',
    description: 'Whether this mojo should act on all transitive dependencies. Default value is true.',
  })
  actTransitively = true;

  @Parameter({
    type: 'boolean',
    property: 'verbose',
    defaultValue: 'false',
    description: 'Whether this plugin should output verbose messages. Default is false.',
  })
  verbose = false;

  @Parameter({
    type: 'boolean',
    property: 'snapshotsOnly',
    defaultValue: 'false',
    since: '2.4',
    description: 'Whether to purge only snapshot artifacts.',
  })
  snapshotsOnly = false;

  @Parameter({
    type: 'boolean',
    property: 'skip',
    defaultValue: 'false',
    since: '2.7',
    description: 'Skip plugin execution completely.',
  })
  skip = false;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  private get localRepository(): string {
    return this.context.session.localRepository;
  }

  async execute(): Promise<void> {
    const { log } = this.context;
    if (this.skip) {
      log.info('Skipping plugin execution');
      return;
    }
    const manual = this.manualInclude ? this.manualInclude.split(',') : this.manualIncludes;
    if (manual && manual.length > 0) {
      this.manualPurge(manual);
      return;
    }
    await this.purge(this.context.project);
  }

  /** manualPurge: each `groupId[:artifactId[:version]]` as a folder of the local repository. */
  private manualPurge(patterns: readonly string[]): void {
    const style = stylesOf(this.context.log);
    const n = patterns.length;
    this.context.log.info(
      `Deleting ${style.strong(String(n))} manual ${n !== 1 ? 'dependencies' : 'dependency'} from ${style.strong(this.localRepository)}`,
    );
    for (const pattern of patterns) {
      if (pattern === '') continue;
      const [group, ...rest] = pattern.split(':');
      const relative = [group.replace(/\./g, '/'), ...rest].join('/');
      const directory = path.join(this.localRepository, relative);
      // Repository content never chooses where goalhost deletes: the folder stays inside the local repository.
      if (!isBelow(directory, this.localRepository))
        throw new GoalExecutionError(
          `Unable to purge directory: ${directory} (outside the local repository ${this.localRepository})`,
        );
      if (!existsSync(directory)) {
        this.context.log.debug(`Directory: ${directory} doesn't exist`);
        continue;
      }
      this.context.log.debug(`Deleting directory: ${directory}`);
      try {
        rmSync(directory, { recursive: true, force: true });
      } catch (e) {
        throw new GoalExecutionError(`Unable to purge directory: ${directory}`, { cause: e });
      }
    }
  }

  private async purge(project: Project): Promise<void> {
    const toPurge = (await this.resolved(project)).filter((a) => this.selected(project, a));
    if (toPurge.length === 0) {
      this.context.log.info(`No artifacts included for purge for project: ${project.artifactId}`);
      return;
    }
    this.purgeArtifacts(project, toPurge);
    if (!this.reResolve) return;
    this.context.log.info('Re-resolving dependencies');
    await this.reResolveArtifacts(project, toPurge);
  }

  /** The project's runtime dependencies, resolved (Maven's resolution of the project model); the direct ones alone when that fails. */
  private async resolved(project: Project): Promise<Artifact[]> {
    const { repository, log } = this.context;
    try {
      if (!repository.resolveProjectDependencies)
        throw new GoalExecutionError(
          'This host cannot resolve project dependencies (RepositoryService.resolveProjectDependencies).',
        );
      return await repository.resolveProjectDependencies('runtime');
    } catch (e) {
      if (e instanceof GoalExecutionError) throw e;
      log.info(
        `Unable to resolve all dependencies for: ${project.artifactId}. Falling back to non-transitive mode for initial artifact resolution.`,
      );
    }
    const direct: Artifact[] = [];
    for (const d of project.dependencies) {
      const extension = extensionOf(d.type);
      const coordinate = {
        groupId: d.groupId,
        artifactId: d.artifactId,
        version: d.version ?? '',
        extension,
        type: d.type,
      };
      try {
        const file = await repository.resolveArtifact(coordinate);
        direct.push({
          ...coordinate,
          baseVersion: coordinate.version,
          scope: d.scope ?? 'compile',
          optional: false,
          file,
          depth: 1,
        });
      } catch (e) {
        if (e instanceof GoalExecutionError) throw e;
        log.debug(`Unable to resolve artifact: ${d.groupId}:${d.artifactId}:${extension}:${d.version}`);
      }
    }
    return direct;
  }

  /** createPurgeArtifactsFilter: not system scope, snapshots only, includes, excludes, direct only, never a reactor project. */
  private selected(project: Project, a: Artifact): boolean {
    const gav = { groupId: a.groupId, artifactId: a.artifactId, extension: a.extension, version: a.version };
    if (a.scope === 'system') return false;
    if (this.snapshotsOnly && !isSnapshotVersion(a.version)) return false;
    const includes = this.include ? this.include.split(',') : this.includes;
    if (includes && !includes.some((p) => matchesPattern(gav, p))) return false;
    const excludes = this.exclude ? this.exclude.split(',') : this.excludes;
    if (excludes && excludes.some((p) => matchesPattern(gav, p))) return false;
    if (!this.actTransitively) {
      const direct = [{ groupId: project.groupId, artifactId: project.artifactId }, ...project.dependencies];
      if (!direct.some((d) => d.groupId === a.groupId && d.artifactId === a.artifactId)) return false;
    }
    const reactor = this.context.reactorProjects ?? [project];
    return !reactor.some((p) =>
      matchesPattern(gav, `${p.groupId}:${p.artifactId}:${extensionOf(p.packaging)}:${p.version}`),
    );
  }

  private purgeArtifacts(project: Project, artifacts: readonly Artifact[]): void {
    const { log } = this.context;
    const style = stylesOf(log);
    const n = artifacts.length;
    log.info(
      `Deleting ${style.strong(String(n))} ${style.strong(this.actTransitively ? 'transitive' : 'direct')}${n !== 1 ? ' dependencies' : ' dependency'} ` +
        `for project ${style.strong(project.artifactId)} from ${style.strong(this.localRepository)} with artifact ${style.strong(this.resolutionFuzziness)} resolution fuzziness`,
    );
    for (const a of artifacts) {
      this.verboseInfo(`Purging artifact: ${artifactId(a)}`);
      const target = this.deleteTarget(a);
      this.verboseInfo(`Deleting: ${target}`);
      if (!isBelow(target, this.localRepository)) {
        log.warn(
          `Unable to purge local repository location: ${target} (outside the local repository ${this.localRepository})`,
        );
        continue;
      }
      if (isDirectory(target)) {
        try {
          rmSync(target, { recursive: true, force: true });
        } catch (e) {
          log.warn(`Unable to purge local repository location: ${target}: ${(e as Error).message}`);
        }
        continue;
      }
      try {
        unlinkSync(target);
      } catch {
        log.warn(`Unable to purge local repository location immediately: ${target}`);
      }
    }
  }

  /** findDeleteTarget: the file, or its version, artifactId or groupId folder by resolutionFuzziness. */
  private deleteTarget(a: Artifact): string {
    const file = path.join(
      this.localRepository,
      ...a.groupId.split('.'),
      a.artifactId,
      a.baseVersion,
      path.basename(a.file),
    );
    const up =
      this.resolutionFuzziness === 'groupId'
        ? 3
        : this.resolutionFuzziness === 'artifactId'
          ? 2
          : this.resolutionFuzziness === 'version'
            ? 1
            : 0;
    let target = file;
    for (let i = 0; i < up; i++) target = path.dirname(target);
    return target;
  }

  /** reResolveArtifacts: each purged artifact and its POM again; what stays missing fails the goal. */
  private async reResolveArtifacts(project: Project, artifacts: readonly Artifact[]): Promise<void> {
    const { repository } = this.context;
    repository.forgetResolvedFiles?.();
    const missing: Artifact[] = [];
    for (const a of artifacts) {
      this.verboseInfo(`Resolving artifact: ${artifactId(a)}`);
      try {
        const coordinates = { groupId: a.groupId, artifactId: a.artifactId, version: a.version };
        await repository.resolveArtifact({ ...coordinates, type: 'pom', extension: 'pom' });
        await repository.resolveArtifact({
          ...coordinates,
          type: a.type,
          extension: a.extension,
          ...(a.classifier ? { classifier: a.classifier } : {}),
        });
      } catch (e) {
        if (e instanceof GoalExecutionError) throw e;
        this.verboseInfo((e as Error).message);
        missing.push(a);
      }
    }
    if (missing.length === 0) return;
    const list = missing.map((a) => `  ${artifactId(a)}\n`).join('');
    throw new GoalFailureError(
      `Failed to refresh project dependencies for: ${project.groupId}:${project.artifactId}:${project.packaging}:${project.version}: ` +
        `required artifacts missing:\n${list}\nfor the artifact:`,
    );
  }

  private verboseInfo(message: string): void {
    if (this.verbose || this.context.log.isDebugEnabled()) this.context.log.info(message);
  }
}

/** Maven's Artifact.getId(): `g:a:type[:classifier]:baseVersion`. */
function artifactId(a: Artifact): string {
  return [a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : []), a.baseVersion].join(':');
}

function isBelow(target: string, directory: string): boolean {
  const relative = path.relative(directory, target);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
}

function isDirectory(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
