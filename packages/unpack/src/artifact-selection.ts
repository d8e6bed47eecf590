import {
  EXCLUDE_TEST_SCOPE_MESSAGE,
  filterArtifacts,
  GoalExecutionError,
  type ArtifactFilterOptions,
  type Log,
  type RepositoryService,
} from '@goalhost/api';
import { baseVersionOf, extensionOfType, type UnpackArtifact } from './unpack-artifact';
import type { MarkerStore, OverwriteOptions } from './marker-store';

/** The artifacts a goal keeps of the project's resolved ones, in order. */
export type ArtifactFilter = (artifacts: readonly UnpackArtifact[]) => UnpackArtifact[];

export interface SelectionOptions extends ArtifactFilterOptions, OverwriteOptions {
  readonly classifier?: string;
  readonly type?: string;
  readonly failOnMissingClassifierArtifact?: boolean;
}

export interface Selection {
  /** To unpack, in order. */
  readonly unpack: readonly UnpackArtifact[];
  /** Marked and up to date: logged as "already exists in destination." after the run. */
  readonly skipped: readonly UnpackArtifact[];
}

function sameArtifact(a: UnpackArtifact, b: UnpackArtifact): boolean {
  return (
    a.groupId === b.groupId &&
    a.artifactId === b.artifactId &&
    a.version === b.version &&
    a.type === b.type &&
    a.classifier === b.classifier
  );
}

/**
 * maven-dependency-plugin 3.5.0's `getDependencySets`: the early `excludeScope=test` check, the
 * filter chain, the marker decision and, with `classifier`, the translation to classified
 * artifacts (resolved before anything is unpacked; markers then only decide the log).
 * `filter` is the chain (maven-dependency-plugin's by default; a plugin may add stages to it).
 */
export async function selectArtifacts(
  artifacts: readonly UnpackArtifact[],
  o: SelectionOptions,
  markers: MarkerStore,
  repository: Pick<RepositoryService, 'resolveArtifact'>,
  log: Log,
  filter: ArtifactFilter = (list) => filterArtifacts(list, o, { isDirect: (a) => a.direct }),
): Promise<Selection> {
  if (o.excludeScope === 'test') throw new GoalExecutionError(EXCLUDE_TEST_SCOPE_MESSAGE);
  const filtered = filter(artifacts);
  const unmarked = new Set(filtered.filter((a) => markers.needsUnpack(a, o)));
  const skipped = filtered.filter((a) => !unmarked.has(a));
  if (!o.classifier) return { unpack: filtered.filter((a) => unmarked.has(a)), skipped };

  const classifier = o.classifier;
  log.debug(`Translating Artifacts using Classifier: ${classifier} and Type: ${o.type ?? null}`);
  const translated: UnpackArtifact[] = [];
  for (const a of filtered) {
    const extension = extensionOfType(o.type ? o.type : a.type);
    const coordinates = `${a.groupId}:${a.artifactId}:${extension}:${classifier}:${a.version}`;
    let file: string;
    try {
      file = await repository.resolveArtifact({
        groupId: a.groupId,
        artifactId: a.artifactId,
        version: a.version,
        classifier,
        extension,
        type: extension,
      });
    } catch (e) {
      // The host refused the file (a dependency lock): not a missing artifact to skip.
      if (e instanceof GoalExecutionError) throw e;
      log.debug(`error resolving: ${coordinates}`);
      if (o.failOnMissingClassifierArtifact) {
        throw new GoalExecutionError(`error resolving: ${coordinates}: ${(e as Error).message}`, { cause: e });
      }
      continue;
    }
    // Maven's translated artifact: the extension as its type, and no scope.
    const artifact: UnpackArtifact = {
      groupId: a.groupId,
      artifactId: a.artifactId,
      version: a.version,
      baseVersion: baseVersionOf(a.version),
      type: extension,
      classifier,
      extension,
      scope: null,
      file,
      direct: a.direct,
    };
    if (!translated.some((t) => sameArtifact(t, artifact))) translated.push(artifact);
  }
  return { unpack: translated, skipped };
}
