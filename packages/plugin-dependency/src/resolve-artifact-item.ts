import { GoalExecutionError, pomProblemOf, type GoalContext, type Log } from '@goalhost/api';
import { toSnapshotVersion, type DependencyArtifact } from './dependency-artifact';
import { extensionOf } from './dependency-sets';
import type { ArtifactItem } from './artifact-items';
import { withReason } from './with-reason';

/**
 * AbstractFromConfigurationMojo.getArtifact: a versioned item's file from the project's
 * repositories, by its type's extension. `type` is the item's type; Maven's resolved artifact
 * has the extension as its type, which the caller takes where Maven shows it (unpack's markers).
 */
export async function resolveArtifactItem(
  context: Pick<GoalContext, 'repository'>,
  item: ArtifactItem,
  log: Log,
): Promise<DependencyArtifact> {
  const version = item.version!;
  const extension = extensionOf(item.type);
  await readDescriptor(context, item, version, extension, log);
  try {
    const file = await context.repository.resolveArtifact({
      groupId: item.groupId,
      artifactId: item.artifactId,
      version,
      type: item.type,
      extension,
      ...(item.classifier ? { classifier: item.classifier } : {}),
    });
    return {
      groupId: item.groupId,
      artifactId: item.artifactId,
      version,
      baseVersion: toSnapshotVersion(version),
      type: item.type,
      ...(item.classifier ? { classifier: item.classifier } : {}),
      extension,
      scope: null,
      file,
    };
  } catch (e) {
    if (e instanceof GoalExecutionError) throw e;
    // Maven prints the resolver's reason after the plugin's message.
    throw new GoalExecutionError(withReason('Unable to find/resolve artifact.', e), { cause: e });
  }
}

/**
 * Maven reads the item's POM (and its parents) before resolving the file, downloading them into
 * the local repository: a missing or invalid POM is only a warning, a POM whose parent cannot be
 * resolved fails (Maven's artifact descriptor reader).
 */
async function readDescriptor(
  context: Pick<GoalContext, 'repository'>,
  item: ArtifactItem,
  version: string,
  extension: string,
  log: Log,
): Promise<void> {
  const id = [item.groupId, item.artifactId, extension, ...(item.classifier ? [item.classifier] : []), version].join(
    ':',
  );
  try {
    await context.repository.readProject({ groupId: item.groupId, artifactId: item.artifactId, version });
  } catch (e) {
    if (e instanceof GoalExecutionError) throw e;
    const problem = pomProblemOf(e);
    if (problem === 'missing') log.warn(`The POM for ${id} is missing, no dependency information available`);
    else if (problem === 'invalid')
      log.warn(
        `The POM for ${id} is invalid, transitive dependencies (if any) will not be available, enable debug logging for more details`,
      );
    else {
      const reason = `Failed to read artifact descriptor for ${id}: ${(e as Error).message}`;
      throw new GoalExecutionError(withReason('Unable to find/resolve artifact.', new Error(reason)), { cause: e });
    }
  }
}
