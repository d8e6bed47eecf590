import type { Log } from '@goalhost/api';
import type { Project } from '@goalhost/model';
import type { BuildListener, ProjectOutcome } from './build-events';
import type { ReactorFailureBehavior } from './build-request';

/** Builds one project: plans and runs its goals, throwing on failure. */
export type ProjectBuild = (project: Project, log: Log) => Promise<void>;

export interface ReactorBuildOptions {
  /** 1: one project after the other; more: independent projects at the same time (`-T`). */
  readonly threads: number;
  /** After a failure: start nothing more, skip only what depends on a failed project, or go on. */
  readonly failureBehavior: ReactorFailureBehavior;
  /** For each project, the projects it waits for (see upstreamProjects). */
  readonly upstream: ReadonlyMap<Project, readonly Project[]>;
  /** Runs a project's work with its log lines held together (parallel builds). */
  readonly group?: <T>(work: () => Promise<T>) => Promise<T>;
  /** Build this project only, the others SKIPPED (aggregator goals, which run once per reactor). */
  readonly only?: Project;
}

/** A project whose build failed, and why. */
export interface ProjectFailure {
  readonly project: Project;
  readonly error: unknown;
}

export interface ReactorBuildResult {
  /** In reactor order. */
  readonly outcomes: readonly ProjectOutcome[];
  /** In the order the projects failed. */
  readonly failures: readonly ProjectFailure[];
}

/**
 * Maven's reactor builders: the single-threaded one builds in reactor order; the multi-threaded
 * one starts a project as soon as every project it depends on succeeded, up to `threads` at once,
 * in reactor order among the ready ones. After a failure, fail-fast starts nothing more;
 * fail-at-end skips only what depends on a failed project (Maven's "banned from the build");
 * fail-never builds every project all the same.
 */
export async function buildReactorProjects(
  projects: readonly Project[],
  options: ReactorBuildOptions,
  log: Log,
  listener: BuildListener,
  build: ProjectBuild,
): Promise<ReactorBuildResult> {
  const outcomes = new Map<Project, ProjectOutcome>();
  const failures: ProjectFailure[] = [];
  let started = 0;
  const broken = (p: Project): boolean =>
    (options.upstream.get(p) ?? []).some((u) => outcomes.get(u)?.status !== 'SUCCESS');
  const waiting = (p: Project): boolean => (options.upstream.get(p) ?? []).some((u) => !outcomes.has(u));

  const run = async (project: Project): Promise<void> => {
    const index = ++started;
    const begin = Date.now();
    const work = async (): Promise<void> => {
      listener({ type: 'ProjectStarted', project, index, total: projects.length });
      try {
        await build(project, log);
      } catch (e) {
        const outcome: ProjectOutcome = { project, status: 'FAILURE', millis: Date.now() - begin };
        outcomes.set(project, outcome);
        listener({ type: 'ProjectFailed', outcome, error: e });
        throw e;
      }
      const outcome: ProjectOutcome = { project, status: 'SUCCESS', millis: Date.now() - begin };
      outcomes.set(project, outcome);
      listener({ type: 'ProjectSucceeded', outcome });
    };
    try {
      await (options.group ? options.group(work) : work());
    } catch (e) {
      if (!outcomes.has(project)) outcomes.set(project, { project, status: 'FAILURE', millis: Date.now() - begin });
      failures.push({ project, error: e });
    } finally {
      log.progressDone();
    }
  };
  /** Settles a project that will not be built; true when it was one. */
  const skip = (project: Project): boolean => {
    if (options.only && project !== options.only) {
      outcomes.set(project, { project, status: 'SKIPPED', millis: 0 });
      return true;
    }
    if (failures.length > 0 && options.failureBehavior === 'fail-fast') {
      outcomes.set(project, { project, status: 'SKIPPED', millis: 0 });
      return true;
    }
    if (failures.length > 0 && options.failureBehavior === 'fail-at-end' && broken(project)) {
      listener({ type: 'ProjectSkipped', project });
      outcomes.set(project, { project, status: 'SKIPPED', millis: 0 });
      return true;
    }
    return false;
  };

  if (options.threads <= 1) {
    for (const project of projects) if (!skip(project)) await run(project);
  } else {
    const pending = [...projects];
    const running = new Set<Promise<void>>();
    while (pending.length > 0 || running.size > 0) {
      for (let i = 0; i < pending.length && running.size < options.threads;) {
        const project = pending[i];
        if (waiting(project)) {
          i++;
          continue;
        }
        pending.splice(i, 1);
        if (skip(project)) continue;
        const task: Promise<void> = run(project).finally(() => running.delete(task));
        running.add(task);
      }
      if (running.size === 0) {
        // Only projects waiting for ones that can no longer finish: settle them.
        for (const project of pending.splice(0))
          if (!skip(project)) outcomes.set(project, { project, status: 'SKIPPED', millis: 0 });
        break;
      }
      await Promise.race(running);
    }
  }
  return { outcomes: projects.map((p) => outcomes.get(p) ?? { project: p, status: 'SKIPPED', millis: 0 }), failures };
}
