import {
  EXCLUDE_TEST_SCOPE_MESSAGE,
  filterArtifacts,
  GoalExecutionError,
  type GoalContext,
  type Log,
} from '@goalhost/api';
import { ownValue, type Artifact, type Coordinates, type Project } from '@goalhost/model';
import { sameArtifact, toSnapshotVersion, type DependencyArtifact } from './dependency-artifact';
import type { DependencySelectionParameters } from './dependency-selection-parameters';
import { withReason } from './with-reason';

/** What a goal works on (DependencyStatusSets): to process, already done (marked), not found. */
export interface DependencySets {
  readonly resolved: readonly DependencyArtifact[];
  readonly skipped: readonly DependencyArtifact[];
  readonly unresolved: readonly DependencyArtifact[];
}

export interface DependencySetsOptions {
  /** Fail when an artifact translated to `classifier` cannot be resolved (else it is left out). */
  readonly stopOnFailure: boolean;
  /** Add the parent POMs of the dependencies and of the project before filtering. */
  readonly includeParents: boolean;
  /** Whether an artifact still needs the goal's work (the goal's marker filter); none: every one does. */
  readonly needsWork?: (a: DependencyArtifact) => boolean;
}

type Selection = Pick<
  DependencySelectionParameters,
  | 'classifier'
  | 'type'
  | 'excludeTransitive'
  | 'includeScope'
  | 'excludeScope'
  | 'includeTypes'
  | 'excludeTypes'
  | 'includeClassifiers'
  | 'excludeClassifiers'
  | 'includeGroupIds'
  | 'excludeGroupIds'
  | 'includeArtifactIds'
  | 'excludeArtifactIds'
>;

/**
 * AbstractDependencyFilterMojo.getDependencySets: the project's resolved dependencies (and with
 * `includeParents` their parent POMs and the project's), filtered, then split by the goal's
 * marker filter or, with `classifier`, translated to that classifier and resolved.
 */
export async function dependencySets(
  context: GoalContext,
  o: Selection,
  options: DependencySetsOptions,
  log: Log,
): Promise<DependencySets> {
  if (o.excludeScope === 'test') throw new GoalExecutionError(EXCLUDE_TEST_SCOPE_MESSAGE);
  let artifacts: DependencyArtifact[] = context.artifacts.map(fromResolved);
  if (options.includeParents) artifacts = await withParents(context, artifacts);
  const filtered = filterArtifacts(artifacts, o, { isDirect: (a) => a.depth === 1 });
  const needsWork = options.needsWork ?? (() => true);
  const unmarked = filtered.filter(needsWork);
  const skipped = filtered.filter((a) => !unmarked.includes(a));
  if (!o.classifier) return { resolved: unmarked, skipped, unresolved: [] };
  const translated = await translate(context, filtered, o.classifier, o.type, options.stopOnFailure, log);
  // As the plugin: the untranslated artifacts count as unresolved (they never equal their translations).
  return { resolved: translated, skipped, unresolved: unmarked };
}

export function fromResolved(a: Artifact): DependencyArtifact {
  return {
    groupId: a.groupId,
    artifactId: a.artifactId,
    version: a.version,
    baseVersion: a.baseVersion || toSnapshotVersion(a.version),
    type: a.type,
    ...(a.classifier ? { classifier: a.classifier } : {}),
    extension: a.extension,
    scope: a.scope ?? null,
    optional: a.optional,
    file: a.file,
    depth: a.depth,
  };
}

/** The parent POMs of every dependency, then the project's, each chain up to one already in the set. */
async function withParents(context: GoalContext, artifacts: DependencyArtifact[]): Promise<DependencyArtifact[]> {
  const all = [...artifacts];
  const climb = async (parent: Coordinates | undefined): Promise<void> => {
    while (parent) {
      const pom = await resolvePom(context, parent);
      if (all.some((a) => sameArtifact(a, pom))) break;
      all.push(pom);
      parent = (await context.repository.readProject(parent)).parent;
    }
  };
  for (const dependency of artifacts) {
    const project = await context.repository.readProject({
      groupId: dependency.groupId,
      artifactId: dependency.artifactId,
      version: dependency.version,
    });
    await climb(project.parent);
  }
  await climb(parentOf(context.project));
  return all;
}

function parentOf(project: Project): Coordinates | undefined {
  return project.parent
    ? { groupId: project.parent.groupId, artifactId: project.parent.artifactId, version: project.parent.version }
    : undefined;
}

async function resolvePom(context: GoalContext, c: Coordinates): Promise<DependencyArtifact> {
  const file = await context.repository.resolveArtifact({ ...c, type: 'pom', extension: 'pom' });
  return {
    groupId: c.groupId,
    artifactId: c.artifactId,
    version: c.version,
    baseVersion: toSnapshotVersion(c.version),
    type: 'pom',
    extension: 'pom',
    scope: null,
    file,
  };
}

/** ClassifierTypeTranslator then resolution: each artifact as `classifier` (and `type`'s extension). */
async function translate(
  context: GoalContext,
  artifacts: readonly DependencyArtifact[],
  classifier: string,
  type: string | undefined,
  stopOnFailure: boolean,
  log: Log,
): Promise<DependencyArtifact[]> {
  log.debug(`Translating Artifacts using Classifier: ${classifier} and Type: ${type ?? null}`);
  const translated: DependencyArtifact[] = [];
  for (const a of artifacts) {
    const extension = extensionOf(type ? type : a.type);
    const coordinate = `${a.groupId}:${a.artifactId}:${extension}:${classifier}:${a.version}`;
    let file: string;
    try {
      file = await context.repository.resolveArtifact({
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
      log.debug(`error resolving: ${coordinate}`);
      // Maven prints the resolver's reason after the plugin's message.
      if (stopOnFailure) throw new GoalExecutionError(withReason(`error resolving: ${coordinate}`, e), { cause: e });
      continue;
    }
    const artifact: DependencyArtifact = {
      groupId: a.groupId,
      artifactId: a.artifactId,
      version: a.version,
      baseVersion: a.baseVersion,
      type: extension,
      classifier,
      extension,
      scope: null,
      file,
    };
    if (!translated.some((t) => sameArtifact(t, artifact))) translated.push(artifact);
  }
  return translated;
}

/** Maven core's artifact handlers: a type's file extension (an unknown type is its own). */
export function extensionOf(type: string): string {
  return ownValue(EXTENSIONS, type) ?? type;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  pom: 'pom',
  jar: 'jar',
  'test-jar': 'jar',
  'maven-plugin': 'jar',
  ejb: 'jar',
  'ejb-client': 'jar',
  javadoc: 'jar',
  'java-source': 'jar',
  war: 'war',
  ear: 'ear',
  rar: 'rar',
  par: 'par',
};
