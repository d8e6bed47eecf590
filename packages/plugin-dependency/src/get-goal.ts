import {
  Goal,
  GoalExecutionError,
  GoalFailureError,
  inject,
  Parameter,
  TOKENS,
  type ArtifactRequest,
  type GoalContext,
} from '@goalhost/api';
import { extensionOf } from './dependency-sets';
import { withReason } from './with-reason';

/**
 * dependency:get — maven-dependency-plugin 3.5.0's GetMojo: one artifact (and by default its
 * dependencies) into the local repository, from the project's repositories and those named.
 */
@Goal({
  name: 'get',
  description:
    'Resolves a single artifact, eventually transitively, from the specified remote repositories. Caveat: will always check the central repository defined in the super pom. You could use a mirror entry in your <code>settings.xml</code>',
  requiresProject: false,
  threadSafe: true,
})
export class GetGoal {
  @Parameter({
    type: 'java.lang.String',
    property: 'artifact',
    description: 'A string of the form groupId:artifactId:version[:packaging[:classifier]].',
  })
  artifact?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'groupId',
    description: 'The groupId of the artifact to download. Ignored if {@link #artifact} is used.',
  })
  groupId?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'artifactId',
    description: 'The artifactId of the artifact to download. Ignored if {@link #artifact} is used.',
  })
  artifactId?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'version',
    description: 'The version of the artifact to download. Ignored if {@link #artifact} is used.',
  })
  version?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'classifier',
    since: '2.3',
    description: 'The classifier of the artifact to download. Ignored if {@link #artifact} is used.',
  })
  classifier?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'packaging',
    defaultValue: 'jar',
    description: 'The packaging of the artifact to download. Ignored if {@link #artifact} is used.',
  })
  packaging = 'jar';

  @Parameter({
    type: 'java.lang.String',
    property: 'remoteRepositories',
    description:
      'Repositories in the format id::[layout]::url or just url, separated by comma. ie. central::default::https://repo.maven.apache.org/maven2,myrepo::::https://repo.acme.com,https://repo.acme2.com',
  })
  remoteRepositories?: string;

  @Parameter({
    type: 'boolean',
    property: 'transitive',
    defaultValue: 'true',
    description: 'Download transitively, retrieving the specified artifact and all of its dependencies.',
  })
  transitive = true;

  @Parameter({
    type: 'boolean',
    property: 'mdep.skip',
    defaultValue: 'false',
    since: '2.7',
    description: 'Skip plugin execution completely.',
  })
  skip = false;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  async execute(): Promise<void> {
    const { log, repository } = this.context;
    if (this.skip) {
      log.info('Skipping plugin execution');
      return;
    }
    const coordinate = this.coordinate();
    const repositories = (this.remoteRepositories ?? '')
      .split(',')
      .filter((r) => r !== '')
      .map(parseRepository);
    if (!repository.resolveCoordinate)
      throw new GoalExecutionError(
        'This host cannot resolve a coordinate on its own (RepositoryService.resolveCoordinate).',
      );
    const shown = [
      coordinate.groupId,
      coordinate.artifactId,
      coordinate.type,
      ...(coordinate.classifier ? [coordinate.classifier] : []),
      coordinate.version,
    ].join(':');
    log.info(this.transitive ? `Resolving ${shown} with transitive dependencies` : `Resolving ${shown}`);
    try {
      await repository.resolveCoordinate(coordinate, { transitive: this.transitive, repositories });
    } catch (e) {
      if (e instanceof GoalExecutionError) throw e;
      throw new GoalExecutionError(withReason("Couldn't download artifact", e), { cause: e });
    }
  }

  /** `-Dartifact` (`g:a:v[:packaging[:classifier]]`) over groupId, artifactId, version, packaging and classifier. */
  private coordinate(): ArtifactRequest {
    if (this.artifactId === undefined && this.artifact === undefined) {
      throw new GoalFailureError(
        'You must specify an artifact, e.g. -Dartifact=org.apache.maven.plugins:maven-downloader-plugin:1.0',
      );
    }
    let c = {
      groupId: this.groupId ?? '',
      artifactId: this.artifactId ?? '',
      version: this.version ?? '',
      type: this.packaging,
      classifier: this.classifier,
    };
    if (this.artifact !== undefined) {
      // StringUtils.split: empty tokens do not count.
      const tokens = this.artifact.split(':').filter((t) => t !== '');
      if (tokens.length < 3 || tokens.length > 5) {
        throw new GoalFailureError(
          `Invalid artifact, you must specify groupId:artifactId:version[:packaging[:classifier]] ${this.artifact}`,
        );
      }
      c = {
        groupId: tokens[0],
        artifactId: tokens[1],
        version: tokens[2],
        type: tokens[3] ?? c.type,
        classifier: tokens[4] ?? c.classifier,
      };
    }
    const extension = extensionOf(c.type);
    return {
      groupId: c.groupId,
      artifactId: c.artifactId,
      version: c.version,
      type: c.type,
      extension,
      ...(c.classifier ? { classifier: c.classifier } : {}),
    };
  }
}

/** `id::layout::url` (an empty layout is `default`) or a bare URL (id `temp`). */
function parseRepository(text: string): { id: string; url: string; layout: string } {
  if (!text.includes('::')) return { id: 'temp', url: text, layout: 'default' };
  const m = /^(.+)::(.*)::(.+)$/.exec(text);
  // MojoFailureException(source, short, long): Maven prints the short message then the long one.
  if (!m) throw new GoalFailureError(`Invalid syntax for repository: ${text}: Invalid syntax for repository: ${text}:`);
  const layout = m[2].trim() || 'default';
  if (layout !== 'default')
    throw new GoalFailureError(`Invalid repository layout: Invalid repository layout: ${layout}`);
  return { id: m[1].trim(), url: m[3].trim(), layout };
}
