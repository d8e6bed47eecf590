import { artifactString, aggregateRepositories, repositoriesKey, type RemoteRepository } from '../transport';
import { TransferHold } from '../transport/transfer-hold';
import {
  conflictKey,
  MANAGED_EXCLUSIONS,
  MANAGED_OPTIONAL,
  MANAGED_PROPERTIES,
  MANAGED_SCOPE,
  MANAGED_VERSION,
  type ExclusionPattern,
  type GraphDependency,
  type GraphNode,
  type ScopeOrigin,
} from './graph';
import { artifactType } from '../artifact-types';
import {
  MAX_RELOCATIONS,
  relocationChainTooLong,
  type Descriptor,
  type DescriptorResult,
  type ReadDescriptor,
} from './descriptor';
import { inOrderReadAhead, rangeProgress } from './read-ahead';
import type { Mirror } from '@goalhost/model';
import {
  compareVersions,
  InvalidVersionRangeError,
  isVersionRange,
  parseVersionRange,
  rangeContains,
  type VersionRange,
} from '../version';

/** Every version the repositories' metadata lists for a dependency's groupId:artifactId. */
export type ListVersions = (
  dependency: GraphDependency,
  repositories: readonly RemoteRepository[],
) => Promise<readonly string[]>;

/** Scope strings of the dependencies collected so far, by everything Java's Dependency.equals compares. */
export type DependencyPool = Map<string, ScopeOrigin | undefined>;

/** The root project's management, applied like Maven's ClassicDependencyManager. */
class Management {
  readonly versions = new Map<string, string>();
  readonly scopes = new Map<string, string>();
  readonly scopeRefs = new Map<string, GraphDependency['scopeRef']>();
  readonly optionals = new Map<string, boolean>();
  readonly localPaths = new Map<string, string>();
  readonly exclusions = new Map<string, ExclusionPattern[]>();
  /** Every key with some management, to skip the rest quickly. */
  readonly keys = new Set<string>();
  readonly empty: boolean;

  constructor(managed: readonly GraphDependency[]) {
    this.empty = managed.length === 0;
    for (const m of managed) {
      const key = managementKey(m);
      this.keys.add(key);
      if (m.version !== '' && !this.versions.has(key)) this.versions.set(key, m.version);
      if (m.scope !== '' && !this.scopes.has(key)) {
        this.scopes.set(key, m.scope);
        this.scopeRefs.set(key, m.scopeRef);
      }
      if (m.optionalDeclared && !this.optionals.has(key)) this.optionals.set(key, m.optional);
      if (m.systemPath !== undefined && !this.localPaths.has(key)) this.localPaths.set(key, m.systemPath);
      if (m.exclusions.length > 0) this.exclusions.set(key, [...(this.exclusions.get(key) ?? []), ...m.exclusions]);
    }
  }
}

const NONE: readonly string[] = Object.freeze([]) as readonly string[];
const NO_RELOCATIONS: readonly GraphDependency[] = Object.freeze([]) as readonly GraphDependency[];

interface Prepared {
  readonly managed: { dependency: GraphDependency; bits: number; premanagedVersion?: string; premanagedScope?: string };
  readonly descriptor?: ReturnType<ReadDescriptor>;
  /** For a version range: the range and the versions the metadata lists (or why there are none). */
  readonly range?: VersionRange;
  readonly versions?: Promise<readonly string[] | Error>;
  /** Whose transfer lines the range's metadata lookup logged (see TransferHold). */
  readonly listing?: object;
}

const managementKey = (d: Pick<GraphDependency, 'groupId' | 'artifactId' | 'extension' | 'classifier'>): string =>
  `${d.groupId}:${d.artifactId}:${d.extension}:${d.classifier}`;

interface Context {
  /** 1 for the project's own dependencies, 2 below (Maven's selectors stop counting there). */
  readonly level: 1 | 2;
  readonly exclusions: readonly ExclusionPattern[];
  readonly exclusionsKey: string;
  readonly repositories: readonly RemoteRepository[];
}

export interface CollectResult {
  readonly root: GraphNode;
  /** Problems that fail the collection (unusable POMs), with the path to them. */
  readonly errors: ReadonlyArray<{ readonly path: string; readonly error: Error }>;
}

/**
 * Maven resolver 1.6's depth-first dependency collector: selection (transitive test/provided
 * and optional dependencies dropped, exclusions), management by the root's
 * dependencyManagement, relocations, cycles, and children shared between nodes reached with the
 * same context.
 */
export class DependencyCollector {
  /** Shared children by descriptor, then by repositories and exclusions (Maven's data pool key). */
  private readonly pool = new Map<object, Map<string, GraphNode[]>>();
  private readonly repositoryKeys = new Map<readonly RemoteRepository[], string>();
  private readonly stack: GraphNode[] = [];
  private readonly errors: Array<{ path: string; error: Error }> = [];
  private readonly management: Management;
  private readonly warned = new Set<string>();
  /** Contexts whose children are being read ahead, by descriptor (see readAhead). */
  private readonly readingAhead = new Map<object, Set<string>>();
  /** The transfer lines of POMs read ahead, printed when the walk reaches them as Maven's serial walk prints them. */
  private readonly transfers = new TransferHold();
  /** The read that logs each descriptor's downloads (the first to ask for it). */
  private readonly owners = new WeakMap<Promise<DescriptorResult>, object>();

  constructor(
    private readonly readDescriptor: ReadDescriptor,
    private readonly mirrors: readonly Mirror[],
    managed: readonly GraphDependency[],
    private readonly warn: (message: string) => void,
    private readonly listVersions?: ListVersions,
    private readonly interned?: DependencyPool,
    /** Shows how far the POM reads of a range with many versions are. */
    private readonly progress?: (text: string) => void,
  ) {
    this.management = new Management(managed);
  }

  /**
   * `rootDependency`: the root is a dependency (a plugin), not a project: maven-resolver derives
   * its scope selector once for it, so its own test and provided dependencies are left out too.
   */
  async collect(
    rootId: GraphDependency,
    dependencies: readonly GraphDependency[],
    repositories: readonly RemoteRepository[],
    options: { readonly rootDependency?: boolean } = {},
  ): Promise<CollectResult> {
    const root: GraphNode = {
      children: [],
      managedBits: 0,
      relocations: [],
      relocationIds: [],
      premanagedVersion: undefined,
      premanagedScope: undefined,
      repositories,
      mark: -1,
    };
    this.rootArtifact = rootId;
    this.rootDependency = options.rootDependency === true;
    this.stack.push(root);
    try {
      await this.process(dependencies, { level: 1, exclusions: [], exclusionsKey: '', repositories });
    } finally {
      // Reads the walk never reached (it stopped, or read-ahead went further) still show their downloads.
      this.transfers.releaseAll();
    }
    this.stack.pop();
    return { root, errors: this.errors };
  }

  private rootArtifact?: GraphDependency;
  private rootDependency = false;

  private async process(dependencies: readonly GraphDependency[], ctx: Context): Promise<void> {
    // Start reading every POM of this level at once; they are consumed in declaration order.
    const prepared = dependencies.map((d) => this.prepare(d, ctx, false));
    for (const p of prepared) if (p) await this.processDependency(p, ctx, NO_RELOCATIONS);
  }

  /** Selection and management (in Maven's order), and the descriptor read started. */
  private prepare(dependency: GraphDependency, ctx: Context, disableVersion: boolean): Prepared | undefined {
    if (!this.select(dependency, ctx)) return undefined;
    const managed = this.manage(dependency, ctx.level, disableVersion);
    const d = managed.dependency;
    if (isVersionRange(d.version)) return this.prepareRange(managed, ctx);
    const descriptor = d.systemPath === undefined ? this.read(d, ctx.repositories) : undefined;
    // Read ahead: if collection stops before this one is used, its failure must not go unobserved.
    descriptor?.catch(() => undefined);
    if (descriptor) this.readAhead(d, descriptor, ctx, this.path());
    return { managed, descriptor };
  }

  /** A range: the versions the repositories list are looked up now, each becomes a node of its own. */
  private prepareRange(managed: Prepared['managed'], ctx: Context): Prepared {
    const d = managed.dependency;
    let range: VersionRange;
    try {
      range = parseVersionRange(d.version);
    } catch (e) {
      if (!(e instanceof InvalidVersionRangeError)) throw e;
      return { managed, versions: Promise.resolve(e) };
    }
    const listing = {};
    const listed = this.listVersions
      ? this.transfers.run(listing, () => this.listVersions!(d, ctx.repositories))
      : Promise.resolve([]);
    const versions = listed.then(
      (all) => {
        const matching = [...new Set(all)].filter((v) => rangeContains(range, v)).sort(compareVersions);
        return matching.length > 0
          ? matching
          : new Error(`No versions available for ${artifactString(d)} within specified range`);
      },
      (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
    );
    return { managed, range, versions, listing };
  }

  private select(d: GraphDependency, ctx: Context): boolean {
    if (ctx.level >= 2 || this.rootDependency) {
      if (d.scope === 'test' || d.scope === 'provided') return false;
    }
    if (ctx.level >= 2 && d.optional) return false;
    for (const x of ctx.exclusions) {
      if ((x.artifactId === '*' || x.artifactId === d.artifactId) && (x.groupId === '*' || x.groupId === d.groupId))
        return false;
    }
    return true;
  }

  private manage(
    d: GraphDependency,
    level: number,
    disableVersion: boolean,
  ): { dependency: GraphDependency; bits: number; premanagedVersion?: string; premanagedScope?: string } {
    const m = this.management;
    if (m.empty) return { dependency: d, bits: 0 };
    const key = managementKey(d);
    if (!m.keys.has(key)) return { dependency: d, bits: 0 };
    let result: { -readonly [K in keyof GraphDependency]: GraphDependency[K] } = { ...d };
    let bits = 0;
    let premanagedVersion: string | undefined;
    let premanagedScope: string | undefined;
    if (level >= 2) {
      const version = m.versions.get(key);
      if (version !== undefined && !disableVersion) {
        premanagedVersion = d.version;
        result.version = version;
        bits |= MANAGED_VERSION;
      }
      const scope = m.scopes.get(key);
      if (scope !== undefined) {
        if (scope !== 'system' && result.systemPath !== undefined) {
          delete result.systemPath;
          bits |= MANAGED_PROPERTIES;
        }
        premanagedScope = d.scope;
        // Like Java's Dependency.setScope: an equal scope keeps the string it had.
        if (scope !== d.scope) {
          result.scope = scope;
          const ref = m.scopeRefs.get(key);
          if (ref) result.scopeRef = ref;
          else delete result.scopeRef;
        }
        bits |= MANAGED_SCOPE;
      }
      if (scope === 'system' || (scope === undefined && d.scope === 'system')) {
        const localPath = m.localPaths.get(key);
        if (localPath !== undefined) {
          result.systemPath = localPath;
          bits |= MANAGED_PROPERTIES;
        }
      }
      const optional = m.optionals.get(key);
      if (optional !== undefined) {
        result.optional = optional;
        bits |= MANAGED_OPTIONAL;
      }
    }
    const exclusions = m.exclusions.get(key);
    if (exclusions) {
      const merged = [...d.exclusions];
      for (const x of exclusions)
        if (!merged.some((y) => y.groupId === x.groupId && y.artifactId === x.artifactId)) merged.push(x);
      result = { ...result, exclusions: merged };
      bits |= MANAGED_EXCLUSIONS;
    }
    return {
      dependency: result,
      bits,
      ...(premanagedVersion !== undefined ? { premanagedVersion } : {}),
      ...(premanagedScope !== undefined ? { premanagedScope } : {}),
    };
  }

  private async processDependency(
    prepared: Prepared,
    ctx: Context,
    relocations: readonly GraphDependency[],
    walk: readonly string[] = NONE,
  ): Promise<void> {
    const managed = prepared.managed;
    const d = managed.dependency;
    if (prepared.versions && !prepared.descriptor) {
      // Maven's collector: one child per version of the range, in ascending order.
      const versions = await prepared.versions;
      if (prepared.listing) this.transfers.release(prepared.listing, NONE);
      if (versions instanceof Error) {
        this.errors.push({ path: this.pathTo(d), error: versions });
        return;
      }
      const start = (version: string): Prepared => {
        const dependency = { ...d, version };
        const descriptor = this.read(dependency, ctx.repositories);
        descriptor.catch(() => undefined);
        return { managed: { ...managed, dependency }, descriptor, range: prepared.range!, versions: prepared.versions };
      };
      const progress = rangeProgress(
        this.progress,
        `${d.groupId}:${d.artifactId}:${prepared.range!.spec}`,
        versions.length,
      );
      await inOrderReadAhead(versions, start, async (p, done) => {
        await this.processDependency(p, ctx, relocations, walk);
        progress(done);
      });
      return;
    }
    const noDescriptor = d.systemPath !== undefined;
    const traverse = !noDescriptor && !artifactType(d.type).includesDependencies;
    const parent = this.stack[this.stack.length - 1];
    const relocationKeys = relocations.length === 0 ? NONE : relocations.map(conflictKey);
    const relocationIds = relocations.length === 0 ? NONE : relocations.map(artifactString);
    const node = (dep: GraphDependency): GraphNode => ({
      dependency: dep,
      children: [],
      managedBits: managed.bits,
      relocations: relocationKeys,
      relocationIds,
      premanagedVersion: managed.premanagedVersion,
      premanagedScope: managed.premanagedScope,
      repositories: ctx.repositories,
      mark: -1,
      ...(prepared.range ? { range: prepared.range } : {}),
    });
    if (noDescriptor) {
      parent.children.push(node(this.intern(d, managed.bits)));
      return;
    }
    const descriptor = await prepared.descriptor!;
    this.transfers.release(this.owners.get(prepared.descriptor!), descriptor.sources?.map((s) => s.file) ?? NONE);
    if (descriptor.warning && !this.warned.has(descriptor.warning)) {
      this.warned.add(descriptor.warning);
      this.warn(descriptor.warning);
    }
    if ('error' in descriptor) {
      this.errors.push({ path: this.pathTo(d), error: descriptor.error });
      parent.children.push(node(d));
      return;
    }
    // Descriptors are shared by every occurrence: take only the (relocated) coordinates from it.
    const r = descriptor.dependency;
    const target =
      descriptor.relocations.length > 0
        ? { ...d, groupId: r.groupId, artifactId: r.artifactId, version: r.version }
        : d;
    const cycleAt = this.findCycle(target);
    if (cycleAt >= 0) {
      const cycleNode = this.stack[cycleAt];
      if (cycleNode.dependency) {
        const child = node(target);
        child.children = cycleNode.children;
        child.repositories = cycleNode.repositories;
        parent.children.push(child);
        return;
      }
    }
    if (descriptor.relocations.length > 0) {
      // The walk so far: a relocation back to any artifact of it (directly, or after version
      // management sent the target elsewhere) would go round forever (Maven overflows its stack).
      const seen = [...walk];
      let cycle = false;
      for (const id of descriptor.relocations.map(relocationId)) {
        if ((cycle = seen.includes(id))) break;
        seen.push(id);
      }
      cycle ||= seen.includes(relocationId(target));
      const problem = cycle
        ? `Artifact relocations form a cycle: [${seen.join(', ')}]`
        : seen.length > MAX_RELOCATIONS
          ? relocationChainTooLong(seen)
          : undefined;
      if (problem) {
        this.errors.push({
          path: this.pathTo(d),
          error: new Error(`Failed to read artifact descriptor for ${artifactString(d)}: ${problem}`),
        });
        parent.children.push(node(d));
        return;
      }
      const sameGa = d.groupId === target.groupId && d.artifactId === target.artifactId;
      const next = this.prepare(target, ctx, sameGa);
      if (next) await this.processDependency(next, ctx, descriptor.relocations, seen);
      return;
    }
    const child = node(this.intern(target, managed.bits));
    parent.children.push(child);
    if (traverse && descriptor.dependencies.length > 0) await this.recurse(target, descriptor, child, ctx);
  }

  /** Maven's DataPool.intern: an equal dependency seen before (in this session) lends its scope string. */
  private intern(d: GraphDependency, bits: number): GraphDependency {
    const pool = this.interned;
    if (!pool) return d;
    const optional = d.optionalDeclared || (bits & MANAGED_OPTIONAL) !== 0 ? String(d.optional) : 'null';
    const exclusions = d.exclusions
      .map((x) => `${x.groupId}:${x.artifactId}`)
      .sort()
      .join(',');
    const key = `${artifactString(d)}|${d.type}|${d.systemPath ?? ''}|${d.scope}|${optional}|${exclusions}`;
    if (!pool.has(key)) {
      pool.set(key, d.scopeRef);
      return d;
    }
    const ref = pool.get(key);
    if (ref === d.scopeRef) return d;
    const { scopeRef: _old, ...rest } = d;
    return ref ? { ...rest, scopeRef: ref } : rest;
  }

  /** The context of d's children: d's exclusions added to the path's, the POM's repositories added. */
  private childContext(d: GraphDependency, descriptor: Descriptor, ctx: Context): { ctx: Context; key: string } {
    let exclusions = ctx.exclusions;
    let exclusionsKey = ctx.exclusionsKey;
    if (d.exclusions.length > 0) {
      const merged = [...ctx.exclusions];
      for (const x of d.exclusions)
        if (!merged.some((y) => y.groupId === x.groupId && y.artifactId === x.artifactId)) merged.push(x);
      merged.sort((a, b) =>
        a.artifactId < b.artifactId
          ? -1
          : a.artifactId > b.artifactId
            ? 1
            : a.groupId < b.groupId
              ? -1
              : a.groupId > b.groupId
                ? 1
                : 0,
      );
      exclusions = merged;
      exclusionsKey = merged.map((x) => `${x.groupId}:${x.artifactId}`).join(',');
    }
    const repositories = aggregateRepositories(ctx.repositories, descriptor.repositories, this.mirrors, true);
    let repositoriesId = this.repositoryKeys.get(repositories);
    if (repositoriesId === undefined) {
      repositoriesId = repositoriesKey(repositories);
      this.repositoryKeys.set(repositories, repositoriesId);
    }
    return { ctx: { level: 2, exclusions, exclusionsKey, repositories }, key: `${repositoriesId}|${exclusionsKey}` };
  }

  private async recurse(d: GraphDependency, descriptor: Descriptor, node: GraphNode, ctx: Context): Promise<void> {
    const child = this.childContext(d, descriptor, ctx);
    // The descriptor stands for the artifact (coordinates and type): one per artifact.
    let byContext = this.pool.get(descriptor);
    if (!byContext) this.pool.set(descriptor, (byContext = new Map()));
    const shared = byContext.get(child.key);
    if (shared) {
      node.children = shared;
      return;
    }
    byContext.set(child.key, node.children);
    this.stack.push(node);
    await this.process(descriptor.dependencies, child.ctx);
    this.stack.pop();
  }

  /**
   * Reads ahead of the depth-first walk: once d's POM is read, the POMs of the children the walk
   * will take below it (the same selection, management and context) are started, and so on down,
   * each descriptor and context once. The walk still consumes them in Maven's order; only the
   * downloads start earlier (bounded by the transfer threads), so a deep graph costs about its
   * longest chain of round trips rather than one per POM. Ranges, relocations and cycles are left
   * to the walk.
   */
  private readAhead(
    d: GraphDependency,
    descriptor: Promise<DescriptorResult>,
    ctx: Context,
    path: readonly GraphDependency[],
  ): void {
    if (artifactType(d.type).includesDependencies) return;
    descriptor.then(
      (result) => {
        if ('error' in result || result.relocations.length > 0 || result.dependencies.length === 0) return;
        const child = this.childContext(d, result, ctx);
        let contexts = this.readingAhead.get(result);
        if (!contexts) this.readingAhead.set(result, (contexts = new Set()));
        if (contexts.has(child.key)) return;
        contexts.add(child.key);
        const below = [...path, d];
        for (const dependency of result.dependencies) {
          if (!this.select(dependency, child.ctx)) continue;
          const next = this.manage(dependency, 2, false).dependency;
          if (next.systemPath !== undefined || isVersionRange(next.version)) continue;
          if (below.some((a) => sameArtifact(a, next)) || (this.rootArtifact && sameArtifact(this.rootArtifact, next)))
            continue;
          const read = this.read(next, child.ctx.repositories);
          read.catch(() => undefined);
          this.readAhead(next, read, child.ctx, below);
        }
      },
      () => undefined,
    );
  }

  /** Reads d's descriptor, holding the transfer lines of what it downloads for the walk to print. */
  private read(d: GraphDependency, repositories: readonly RemoteRepository[]): Promise<DescriptorResult> {
    const owner = {};
    const read = this.transfers.run(owner, () => this.readDescriptor(d, repositories));
    if (!this.owners.has(read)) this.owners.set(read, owner);
    return read;
  }

  /** Index in the current path of an artifact with the same coordinates (a dependency cycle). */
  private findCycle(d: GraphDependency): number {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const a = i === 0 ? this.rootArtifact : this.stack[i].dependency;
      if (!a) break;
      if (sameArtifact(a, d)) return i;
    }
    return -1;
  }

  /** The dependencies from the root down to the node being processed. */
  private path(): GraphDependency[] {
    const out: GraphDependency[] = [];
    for (let i = 1; i < this.stack.length; i++) out.push(this.stack[i].dependency!);
    return out;
  }

  private pathTo(d: GraphDependency): string {
    const parts = this.stack.slice(1).map((n) => artifactString(n.dependency!));
    return [...parts, artifactString(d)].join(' -> ');
  }
}

/** The same artifact, snapshots by their base version (what makes a dependency cycle). */
function sameArtifact(a: GraphDependency, d: GraphDependency): boolean {
  return (
    a.artifactId === d.artifactId &&
    a.groupId === d.groupId &&
    a.extension === d.extension &&
    a.classifier === d.classifier &&
    baseVersion(a.version) === baseVersion(d.version)
  );
}

/** `g:a:baseVersion`, as relocation chains are named. */
function relocationId(d: GraphDependency): string {
  return `${d.groupId}:${d.artifactId}:${baseVersion(d.version)}`;
}

function baseVersion(v: string): string {
  const m = /^(.*)-(\d{8}\.\d{6})-(\d+)$/.exec(v);
  return m ? `${m[1]}-SNAPSHOT` : v;
}
