import * as path from 'node:path';
import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import { LockFileGoal } from './lock-file-goal';
import { writeRepositoryBundle } from './repository-bundle';

/**
 * dependency:bundle (goalhost's own goal, no maven-dependency-plugin counterpart): what
 * go-offline means to do, from the lock instead of a guess. Every file the project's lock pins
 * (dependencies, the POMs read, requested files), verified, is copied into a directory laid out
 * as a Maven repository with checksums and the metadata versions and snapshots are resolved by;
 * that directory alone then serves the build offline (as a mirror, or a file:// repository).
 */
@Goal({
  name: 'bundle',
  description:
    "Copies every file the project's goalhost.lock pins (dependencies, the POMs the build reads, requested files), verified against the lock, " +
    'into outputDirectory laid out as a Maven repository, with .sha1 and .md5 checksums and the maven-metadata.xml that version ranges and ' +
    'snapshots need. Several projects may bundle into one directory. Needs a lock (dependency:lock). A goalhost addition.',
  threadSafe: true,
  since: '0.1',
})
export class BundleGoal extends LockFileGoal {
  @Parameter({
    type: 'java.io.File',
    property: 'outputDirectory',
    defaultValue: '${project.build.directory}/bundle',
    since: '0.1',
    description: 'The directory the repository is written to (created when missing; files already there are kept).',
  })
  outputDirectory?: string;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const { log, project, repository } = this.context;
    if (!repository.lockedFiles) {
      throw new GoalExecutionError(
        'Cannot bundle: this host does not lock dependencies (RepositoryService.lockedFiles).',
      );
    }
    const files = await repository.lockedFiles();
    const dir = path.resolve(project.basedir, this.outputDirectory ?? path.join(project.build.directory, 'bundle'));
    const result = writeRepositoryBundle(dir, files);
    log.info(
      `Bundled ${files.length} locked file${files.length === 1 ? '' : 's'} of ${project.groupId}:${project.artifactId}:${project.version} into ${dir} ` +
        `(${result.copied} copied, ${result.unchanged} already there)`,
    );
  }
}
