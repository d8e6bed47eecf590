import type { Log } from '@goalhost/api';
import type { BuildEvent, BuildListener } from '@goalhost/core';
import {
  logBanned,
  logBuildResult,
  logMojoHeader,
  logProjectHeader,
  logReactorBuildOrder,
  logReactorSummary,
} from './build-log';

/**
 * The console's view of a build, as Maven's ExecutionEventLogger: the banners, the reactor's
 * build order and summary and the build result, written to `log` as the build's events come.
 */
export function executionEventLogger(log: Log): BuildListener {
  return (event: BuildEvent) => {
    switch (event.type) {
      case 'ProjectDiscoveryStarted':
        log.info('Scanning for projects...');
        break;
      case 'SessionStarted':
        if (event.projects.length > 1) logReactorBuildOrder(log, event.projects);
        break;
      case 'ProjectStarted':
        logProjectHeader(log, event.project, event.index, event.total);
        break;
      case 'ProjectSkipped':
        logBanned(log, event.project);
        break;
      case 'MojoStarted':
        logMojoHeader(log, event.project, event.execution);
        break;
      case 'SessionEnded':
        if (event.projects.length > 1) logReactorSummary(log, event.projects[0], event.outcomes);
        logBuildResult(log, event.success, event.startTime, event.threads > 1);
        break;
      default:
        break;
    }
  };
}
