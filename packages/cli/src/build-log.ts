import type { Log } from '@goalhost/api';
import type { Project } from '@goalhost/model';

const LINE = 72;
const RULE = '-'.repeat(LINE);

/** The project banner Maven prints before building each project. */
export function logProjectHeader(log: Log, project: Project, index: number, total: number): void {
  const key = `${project.groupId}:${project.artifactId}`;
  const title = `< ${key} >`;
  const left = Math.max(0, Math.floor((LINE - title.length) / 2));
  log.info('');
  log.info(`${'-'.repeat(left)}${title}${'-'.repeat(Math.max(0, LINE - title.length - left))}`);
  log.info(`Building ${project.name ?? project.artifactId} ${project.version}${total > 1 ? ` [${index}/${total}]` : ''}`);
  const packaging = `[ ${project.packaging} ]`;
  const pl = Math.max(0, Math.floor((LINE - packaging.length) / 2));
  log.info(`${'-'.repeat(pl)}${packaging}${'-'.repeat(Math.max(0, LINE - packaging.length - pl))}`);
}

export type ProjectOutcome = { project: Project; status: 'SUCCESS' | 'FAILURE' | 'SKIPPED'; millis: number };

/** The reactor summary of a multi-module build. */
export function logReactorSummary(log: Log, root: Project, outcomes: readonly ProjectOutcome[]): void {
  log.info(RULE);
  log.info(`Reactor Summary for ${root.name ?? root.artifactId} ${root.version}:`);
  log.info('');
  for (const o of outcomes) {
    const name = `${o.project.name ?? o.project.artifactId} `;
    const time = o.status === 'SKIPPED' ? '' : ` [${formatSeconds(o.millis).padStart(7)}]`;
    log.info(`${name.padEnd(54, '.')} ${o.status}${time}`);
  }
}

/** BUILD SUCCESS / BUILD FAILURE with total time and finish time, as Maven prints them. */
export function logBuildResult(log: Log, success: boolean, started: Date): void {
  const millis = Date.now() - started.getTime();
  log.info(RULE);
  log.info(success ? 'BUILD SUCCESS' : 'BUILD FAILURE');
  log.info(RULE);
  log.info(`Total time:  ${millis >= 60_000 ? formatMinutes(millis) : formatSeconds(millis)}`);
  log.info(`Finished at: ${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
  log.info(RULE);
}

function formatSeconds(millis: number): string {
  return `${(millis / 1000).toFixed(3)} s`;
}

function formatMinutes(millis: number): string {
  const s = Math.floor(millis / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')} min`;
}
