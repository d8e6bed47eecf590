import type { Log } from '@goalhost/api';
import type { Project } from '@goalhost/model';
import type { BuildListener } from './build-events';
import type { BuildServices } from './build-services';
import type { PluginRegistry } from './plugin-registry';

/**
 * Reading the reactor's projects and settling what they build with: what the build needs of the
 * resolver (the front end wires the real one in, as it does for the goals' BuildServices).
 */
export interface ProjectSource {
  /** The effective model of one project on disk (`-N`). */
  buildProject(pomFile: string): Promise<Project>;
  /** The project and its modules, in Maven's reactor order. */
  buildReactor(pomFile: string): Promise<Project[]>;
  /** The session's projects, whose POMs resolution takes from the build from now on (Maven's reactor reader). */
  setWorkspace(projects: readonly Project[]): void;
  /**
   * The build extensions goalhost provides, run over the session's projects once they are read
   * (Maven's afterProjectsRead): the projects as they leave them; a failure is a BuildError.
   */
  applyBuildExtensions(projects: readonly Project[]): Project[];
  /** Maven's plugin version check: every plugin of `project` without a version gets one, or this rejects. */
  resolveMissingPluginVersions(
    project: Project,
    runsOwn: (groupId: string, artifactId: string) => boolean,
  ): Promise<void>;
  /** For each project, the other projects it depends on, inherits from or builds with (Maven's ProjectSorter edges). */
  upstreamProjects(projects: readonly Project[]): ReadonlyMap<Project, readonly Project[]>;
  /** What the goals of a project resolve through, their lines going to `log`. */
  servicesFor(log: Log): BuildServices;
}

/** Where a build's plugins come from: the front end knows which modules may be loaded. */
export interface PluginSupply {
  /** Registers the plugins every build has, before any project is read. */
  registerBuiltIn(registry: PluginRegistry): void;
  /**
   * Registers the plugin modules the user and the reactor's first project name; `fromPom` is
   * false for the stub project of a build without a POM.
   */
  registerNamed(registry: PluginRegistry, first: Project, fromPom: boolean): void;
}

/** What a build runs with besides its request and session. */
export interface BuildComponents {
  readonly log: Log;
  readonly listener: BuildListener;
  readonly projects: ProjectSource;
  readonly plugins: PluginSupply;
  /** Runs a project's work with its log lines held together (parallel builds). */
  readonly group?: <T>(work: () => Promise<T>) => Promise<T>;
}
