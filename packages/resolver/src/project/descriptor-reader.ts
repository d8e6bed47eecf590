import { InputFileError, XmlSyntaxError } from '@goalhost/model';
import { artifactType } from '../artifact-types';
import {
  MAX_RELOCATIONS,
  relocationChainTooLong,
  scopeOrigin,
  type DescriptorResult,
  type DescriptorSource,
  type GraphDependency,
} from '../graph';
import { ArtifactResolutionError } from '../errors';
import { artifactString, baseVersionOf, fromRaw, type RemoteRepository } from '../transport';
import { ModelBuildingFailure, type BuiltModel } from './model-building';
import type { WorkingDependency } from './working-model';

/** A POM `<dependency>` in the resolver's terms (type decides extension and default classifier). */
export function toGraphDependency(d: WorkingDependency): GraphDependency {
  const type = d.type ?? 'jar';
  const t = artifactType(type);
  return {
    groupId: d.groupId ?? '',
    artifactId: d.artifactId ?? '',
    version: d.version ?? '',
    type,
    classifier: d.classifier ? d.classifier : t.classifier,
    extension: t.extension,
    scope: d.scope ?? '',
    optional: d.optional?.toLowerCase() === 'true',
    ...(d.optional !== undefined ? { optionalDeclared: true } : {}),
    exclusions: d.exclusions.map((x) => ({ groupId: x.groupId ?? '', artifactId: x.artifactId ?? '' })),
    ...(d.systemPath ? { systemPath: d.systemPath } : {}),
    ...(d.scopeFrom ? { scopeRef: scopeOrigin(d.scopeFrom) } : {}),
  };
}

type ModelSource = (
  groupId: string,
  artifactId: string,
  version: string,
  repositories: readonly RemoteRepository[],
) => Promise<BuiltModel>;

/**
 * How Maven's artifact descriptor reader takes a failure to build a POM's model: a POM not
 * found is `missing`, one that does not parse or validate is `invalid` (both only warned
 * about), one whose parent or import cannot be resolved or whose file cannot be read is
 * `unreadable` (the descriptor fails, with `reason`); undefined for any other error.
 */
export function descriptorProblem(
  e: unknown,
): { kind: 'missing' | 'invalid' } | { kind: 'unreadable'; reason: string } | undefined {
  if (e instanceof ArtifactResolutionError)
    return e.notFound ? { kind: 'missing' } : { kind: 'unreadable', reason: e.message };
  if (e instanceof ModelBuildingFailure && e.unresolvable)
    return { kind: 'unreadable', reason: e.unresolvable.message };
  if (e instanceof InputFileError) return { kind: 'unreadable', reason: e.message };
  if (e instanceof ModelBuildingFailure || e instanceof XmlSyntaxError) return { kind: 'invalid' };
  return undefined;
}

/**
 * Maven's artifact descriptor reader: the dependency's effective POM (relocations followed);
 * a missing or invalid POM gives a warning and no dependencies, a POM whose parent or import
 * cannot be found fails the collection.
 */
export class DescriptorReader {
  private readonly cache = new Map<string, Promise<DescriptorResult>>();

  constructor(private readonly model: ModelSource) {}

  read(dependency: GraphDependency, repositories: readonly RemoteRepository[]): Promise<DescriptorResult> {
    const key = `${artifactString(dependency)}|${dependency.type}`;
    let result = this.cache.get(key);
    if (!result) {
      result = this.load(dependency, repositories);
      this.cache.set(key, result);
    }
    return result;
  }

  private async load(
    dependency: GraphDependency,
    repositories: readonly RemoteRepository[],
  ): Promise<DescriptorResult> {
    let a = dependency;
    const relocations: GraphDependency[] = [];
    const visited: string[] = [];
    const sources: DescriptorSource[] = [];
    const empty = (warning: string): DescriptorResult => ({
      dependency: a,
      relocations,
      dependencies: [],
      repositories: [],
      warning,
      sources,
    });
    for (;;) {
      const gav = `${a.groupId}:${a.artifactId}:${baseVersionOf(a.version)}`;
      if (visited.includes(gav)) {
        return empty(
          `The POM for ${artifactString(a)} is invalid, transitive dependencies (if any) will not be available: Artifact relocations form a cycle: [${visited.join(', ')}]`,
        );
      }
      visited.push(gav);
      if (visited.length > MAX_RELOCATIONS) {
        return {
          error: new Error(
            `Failed to read artifact descriptor for ${artifactString(dependency)}: ${relocationChainTooLong(visited)}`,
          ),
        };
      }
      let built: BuiltModel;
      try {
        built = await this.model(a.groupId, a.artifactId, a.version, repositories);
      } catch (e) {
        const problem = descriptorProblem(e);
        if (!problem) throw e;
        if (problem.kind === 'missing')
          return empty(`The POM for ${artifactString(a)} is missing, no dependency information available`);
        if (problem.kind === 'unreadable') {
          return {
            error: new Error(`Failed to read artifact descriptor for ${artifactString(a)}: ${problem.reason}`, {
              cause: e,
            }),
          };
        }
        // An invalid POM decides too (no dependencies): it is pinned like a valid one.
        if (e instanceof ModelBuildingFailure) sources.push({ id: e.modelId, file: e.source });
        return empty(
          `The POM for ${artifactString(a)} is invalid, transitive dependencies (if any) will not be available, enable debug logging for more details`,
        );
      }
      sources.push(...built.sources);
      const m = built.model;
      if (m.relocation) {
        relocations.push(a);
        const r = m.relocation;
        a = {
          ...a,
          groupId: r.groupId || a.groupId,
          artifactId: r.artifactId || a.artifactId,
          version: r.version || a.version,
        };
        continue;
      }
      return {
        dependency: a,
        relocations,
        dependencies: m.dependencies.map(toGraphDependency),
        repositories: m.repositories.map(fromRaw),
        sources,
      };
    }
  }

  /** The relocation message of the POM that relocated to `dependency`, if any. */
  async relocationMessage(
    from: GraphDependency,
    repositories: readonly RemoteRepository[],
  ): Promise<string | undefined> {
    try {
      const built = await this.model(from.groupId, from.artifactId, from.version, repositories);
      return built.model.relocation?.message || undefined;
    } catch {
      return undefined;
    }
  }
}
