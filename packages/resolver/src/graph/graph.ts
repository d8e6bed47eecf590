import type { RemoteRepository } from '../transport';
import type { VersionRange } from '../version';

/** An exclusion pattern: `*` matches anything. */
export interface ExclusionPattern {
  readonly groupId: string;
  readonly artifactId: string;
}

/** A dependency as the collector handles it (Maven resolver's Dependency + Artifact). */
export interface GraphDependency {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  /** The declared type (artifact handler id). */
  readonly type: string;
  /** '' when none. */
  readonly classifier: string;
  readonly extension: string;
  /** Never empty: Maven injects `compile` for undeclared scopes. */
  readonly scope: string;
  readonly optional: boolean;
  /** Whether `<optional>` was written (managed entries only apply it then). */
  readonly optionalDeclared?: boolean;
  readonly exclusions: readonly ExclusionPattern[];
  /** The system path (Maven's localPath property); such artifacts have no POM to read. */
  readonly systemPath?: string;
  /** Which written `<scope>` the scope string is; absent for a Java literal (defaults, constants). */
  readonly scopeRef?: ScopeOrigin;
}

/**
 * The identity of a scope string written in a POM. Maven's verbose tree compares scope strings
 * by Java reference: equal text from two declarations, or from a declaration and a constant,
 * counts as different there. Left out of JSON (cache keys).
 */
export class ScopeOrigin {
  toJSON(): undefined {
    return undefined;
  }
}

const origins = new WeakMap<object, ScopeOrigin>();

/** The one ScopeOrigin of a parsed declaration. */
export function scopeOrigin(declaration: object): ScopeOrigin {
  let origin = origins.get(declaration);
  if (!origin) origins.set(declaration, (origin = new ScopeOrigin()));
  return origin;
}

export const MANAGED_VERSION = 1;
export const MANAGED_SCOPE = 2;
export const MANAGED_OPTIONAL = 4;
export const MANAGED_PROPERTIES = 8;
export const MANAGED_EXCLUSIONS = 16;

/**
 * A node of the collected graph. Nodes reached with identical context share their `children`
 * array (like Maven resolver's data pool), which matters for conflict resolution.
 */
export interface GraphNode {
  /** undefined for the root (the project). */
  dependency?: GraphDependency;
  children: GraphNode[];
  managedBits: number;
  /** Conflict keys of the artifacts this one was relocated from. */
  relocations: readonly string[];
  /** `g:a:ext[:cls]:v` of those artifacts, oldest first, for messages. */
  relocationIds: readonly string[];
  premanagedVersion: string | undefined;
  premanagedScope: string | undefined;
  /** Repositories the artifact comes from (for the file download). */
  repositories: readonly RemoteRepository[];
  /** Scratch slot for mediation (the node's position in its bookkeeping arrays). */
  mark: number;
  /** The range this node's version was picked from (a hard constraint in conflicts). */
  range?: VersionRange;
  /** Verbose mediation: on a kept loser (no children), the node that won its conflict. */
  winner?: GraphNode;
  /** Verbose mediation: on a winner, the wider item scope not taken (Maven's REDUCED_SCOPE). */
  reducedScope?: string;
}

/** Maven resolver's conflict key: groupId:artifactId:classifier:extension. */
export function conflictKey(d: Pick<GraphDependency, 'groupId' | 'artifactId' | 'classifier' | 'extension'>): string {
  return `${d.groupId}:${d.artifactId}:${d.classifier}:${d.extension}`;
}
