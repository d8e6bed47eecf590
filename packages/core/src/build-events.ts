import type { Project } from '@goalhost/model';
import type { GoalExecution } from './goal-execution';

/** How a reactor project ended, with the time its build took. */
export interface ProjectOutcome {
  readonly project: Project;
  readonly status: 'SUCCESS' | 'FAILURE' | 'SKIPPED';
  readonly millis: number;
}

/**
 * What a build reports as it goes, as Maven's ExecutionEvent types: a front end listens and
 * decides what to show (the console prints banners and the reactor summary from them).
 */
export type BuildEvent =
  /** Before the POMs are read. */
  | { readonly type: 'ProjectDiscoveryStarted' }
  /** The projects are read and selected; `projects` in build order. */
  | { readonly type: 'SessionStarted'; readonly projects: readonly Project[] }
  /** A project starts; `index` counts from 1 among the `total` projects of the session. */
  | { readonly type: 'ProjectStarted'; readonly project: Project; readonly index: number; readonly total: number }
  | { readonly type: 'ProjectSucceeded'; readonly outcome: ProjectOutcome }
  | { readonly type: 'ProjectFailed'; readonly outcome: ProjectOutcome; readonly error: unknown }
  /** Not built because a project it needs failed (fail-at-end): Maven's "banned from the build". */
  | { readonly type: 'ProjectSkipped'; readonly project: Project }
  /** A goal is configured and about to run (its project's dependencies resolved). */
  | { readonly type: 'MojoStarted'; readonly project: Project; readonly execution: GoalExecution }
  | { readonly type: 'MojoSucceeded'; readonly project: Project; readonly execution: GoalExecution }
  | {
      readonly type: 'MojoFailed';
      readonly project: Project;
      readonly execution: GoalExecution;
      readonly error: unknown;
    }
  /**
   * The build is over: every project of the session with its outcome, in build order. Only
   * sessions that started end; a failure before (reading the POMs) ends the build without it.
   */
  | {
      readonly type: 'SessionEnded';
      readonly projects: readonly Project[];
      readonly outcomes: readonly ProjectOutcome[];
      readonly success: boolean;
      readonly startTime: Date;
      readonly threads: number;
    };

/** Receives a build's events, in order; events of parallel projects interleave. */
export type BuildListener = (event: BuildEvent) => void;
