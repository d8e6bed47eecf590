import type { Artifact, Coordinates, PluginDescriptor, Project, Repository, Settings } from '@goalhost/model';

/** What was asked on the command line and what the build runs with. */
export interface Session {
  readonly offline: boolean;
  readonly debug: boolean;
  readonly quiet: boolean;
  readonly batchMode: boolean;
  readonly showErrors: boolean;
  /** `-D` properties, in command-line order. */
  readonly userProperties: Readonly<Record<string, string>>;
  readonly settings: Settings;
  /** Absolute path of the local repository. */
  readonly localRepository: string;
  /** Directory goalhost was started from. */
  readonly workingDirectory: string;
  readonly startTime: Date;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** System properties Maven's launcher sets (`maven.multiModuleProjectDirectory`). */
  readonly launcherProperties?: Readonly<Record<string, string>>;
  /** Path of settings-security.xml (for decrypting server passwords). */
  readonly settingsSecurityFile: string;
}

/** Coordinates of one artifact to fetch from the repositories. */
export interface ArtifactRequest extends Coordinates {
  readonly type?: string;
  readonly classifier?: string;
  readonly extension?: string;
}

/** Repository access for goals: resolve artifact files and read dependency POMs. */
export interface RepositoryService {
  /**
   * Absolute path of the artifact file in the local repository, downloading it when needed.
   * Rejects with a GoalExecutionError when the host refuses the file (a dependency lock that
   * does not list it or whose digest differs): goals let that fail them, never skip it.
   */
  resolveArtifact(request: ArtifactRequest): Promise<string>;
  /** The effective model of a POM from the repositories (parents, properties, scm); refused files as for resolveArtifact. */
  readProject(coordinates: Coordinates): Promise<Project>;
  /**
   * Resolves the project's dependencies afresh and writes its lock file (`dependency:lock`);
   * provided by hosts that lock dependencies.
   */
  writeDependencyLock?(project: Project): Promise<WrittenDependencyLock>;
  /**
   * How a goal is about to wire the project's source dependencies into its working copy: under
   * a lock each must be the locked one, else this rejects with a GoalExecutionError naming the
   * differences (with `-Dgoalhost.lock=update` the lock records them; `dryRun`: logged, not
   * written). Provided by hosts that lock dependencies.
   */
  lockSources?(sources: readonly SourceWiring[], dryRun: boolean): Promise<void>;
  /**
   * Every file the project's lock pins that lies in the local repository, verified, with its
   * path in the repository layout (dependency:bundle); rejects with a GoalExecutionError when the
   * project has no lock. Provided by hosts that lock dependencies.
   */
  lockedFiles?(): Promise<LockedRepositoryFile[]>;
  /**
   * One coordinate from the project's repositories followed by `repositories`, and with
   * `transitive` its compile and runtime dependencies (Maven's dependency:get); provided by the host.
   */
  resolveCoordinate?(request: ArtifactRequest, options: CoordinateRequestOptions): Promise<Artifact[]>;
  /** The project's dependencies of a resolution scope, resolved now (files downloaded when missing); provided by the host. */
  resolveProjectDependencies?(scope: string): Promise<Artifact[]>;
  /** Forgets the files resolved so far, so that the next look-up sees the local repository as it is now; provided by the host. */
  forgetResolvedFiles?(): void;
  /** The remote repositories the project's dependencies are collected from, in Maven's order; provided by the host. */
  collectionRepositories?(): Promise<Repository[]>;
  /**
   * The same repository access with another local repository: files and POMs are looked up in
   * and downloaded into `directory` (Maven's setLocalRepositoryBasedir); provided by the host.
   */
  withLocalRepository?(directory: string): RepositoryService;
}

/** Where resolveCoordinate looks besides the project's repositories. */
export interface CoordinateRequestOptions {
  readonly transitive: boolean;
  /** Extra repositories, after the project's (settings mirrors apply to them). */
  readonly repositories?: ReadonlyArray<{ readonly id: string; readonly url: string; readonly layout?: string }>;
  /** From the project's plugin repositories instead of its repositories (Maven's remotePluginRepositories). */
  readonly pluginRepositories?: boolean;
}

/** What writing a lock file did. */
/** A locked file of the local repository. */
export interface LockedRepositoryFile {
  readonly file: string;
  /** `/`-separated path in the repository layout (`org/example/a/1.0/a-1.0.jar`). */
  readonly path: string;
}

/** One source dependency as a goal wires it into the project's working copy. */
export interface SourceWiring extends Coordinates {
  readonly scm: 'svn' | 'git';
  /** The svn revision its sources last changed in, or the git commit of the gitlink. */
  readonly revision: string;
  /** As written into the working copy (svn:externals, .gitmodules), without a password. */
  readonly url: string;
  /** The checkout directory relative to the project's base directory, `/`-separated. */
  readonly path: string;
}

export interface WrittenDependencyLock {
  readonly file: string;
  readonly artifacts: number;
  /** The POMs read to build the model and collect the dependencies, locked by digest. */
  readonly poms?: number;
  /** False when the file already had this content (left untouched). */
  readonly changed: boolean;
}

/** The execution a goal runs as: `prefix:goal (id) @ artifactId`. */
export interface ExecutionInfo {
  readonly id: string;
  readonly goal: string;
  readonly goalPrefix: string;
  readonly pluginGroupId: string;
  readonly pluginArtifactId: string;
  readonly pluginVersion: string;
  readonly phase?: string;
}

/** The descriptors of the plugins the host knows, for goals that describe other plugins (help:describe). */
export interface PluginDescriptors {
  /** By goal prefix (`cxx`) or `groupId:artifactId[:version]`; undefined when unknown. */
  find(prefixOrKey: string): PluginDescriptor | undefined;
  all(): PluginDescriptor[];
}

/** Everything the host hands a goal besides its parameters. */
export interface GoalContext {
  readonly session: Session;
  readonly project: Project;
  /** Resolved dependencies in Maven's order; empty unless the goal requires resolution. */
  readonly artifacts: readonly Artifact[];
  readonly execution: ExecutionInfo;
  readonly repository: RepositoryService;
  readonly log: import('./log').Log;
  /** The registered plugins' descriptors; provided by the host, absent in bare test contexts. */
  readonly plugins?: PluginDescriptors;
  /**
   * The project's mediated dependency tree (collection only, files not downloaded), for goals
   * that print it (dependency:tree); provided by the host, absent in bare test contexts.
   */
  readonly dependencyTree?: (options?: DependencyTreeOptions) => Promise<DependencyTreeNode>;
  /** The projects of the reactor in build order (Maven's `${reactorProjects}`); provided by the host. */
  readonly reactorProjects?: readonly Project[];
  /**
   * Evaluates `${...}` expressions as the goal's parameters are (help:evaluate): undefined when
   * the whole text is one expression that has no value; provided by the host.
   */
  readonly evaluate?: (text: string) => string | undefined;
}

export interface DependencyTreeOptions {
  /** Keep the losers of mediation as Maven's verbose tree does (maven-dependency-tree 3.2.1), with what management and mediation did. */
  readonly verbose?: boolean;
}

/** One node of a dependency tree: the root is the project (no scope), losers of mediation removed (kept in verbose trees). */
export interface DependencyTreeNode {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version: string;
  readonly type: string;
  readonly classifier?: string;
  /** Mediated scope; undefined for the root. */
  readonly scope?: string;
  readonly optional: boolean;
  readonly children: readonly DependencyTreeNode[];
  /** Verbose trees: the version before dependencyManagement set it. */
  readonly premanagedVersion?: string;
  /** Verbose trees: the scope before dependencyManagement set it. */
  readonly premanagedScope?: string;
  /** Verbose trees: on a node omitted by mediation (no children), the version that won. */
  readonly winnerVersion?: string;
  /** Verbose trees: on a kept node, the wider scope mediation did not update it to. */
  readonly ignoredScope?: string;
}
