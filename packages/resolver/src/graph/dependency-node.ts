import type { Artifact } from '@goalhost/model';

/**
 * A node of a resolved dependency tree, as dependency:tree prints it: the root is the project
 * (`scope` undefined), children in declaration order, losers of mediation removed.
 */
export interface DependencyNode {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly type: string;
  readonly classifier?: string;
  readonly extension: string;
  /** Effective scope after mediation; undefined for the root. */
  readonly scope?: string;
  readonly optional: boolean;
  readonly children: readonly DependencyNode[];
  /** The resolved artifact, when its file was resolved (undefined for the root). */
  readonly artifact?: Artifact;
  /** Relocations followed to reach this artifact (`g:a:ext:v`), oldest first. */
  readonly relocations: readonly string[];
  /** Version before dependencyManagement applied, when it changed it. */
  readonly premanagedVersion?: string;
  /** Scope before dependencyManagement applied, when it changed it. */
  readonly premanagedScope?: string;
  /** Verbose trees: on an omitted node, the (base) version of the node that won its conflict. */
  readonly winnerVersion?: string;
  /** Verbose trees: on a winner, the wider scope it was not updated to. */
  readonly ignoredScope?: string;
}
