import { stylesOf, type Log } from '@goalhost/api';
import type { GoalExecution, ProjectOutcome } from '@goalhost/core';
import type { Project } from '@goalhost/model';

const LINE = 72;
const RULE = '-'.repeat(LINE);
const NAME_COLUMN = 52;

/** The project banner Maven prints before building each project. */
export function logProjectHeader(log: Log, project: Project, index: number, total: number): void {
  const style = stylesOf(log);
  const key = `${project.groupId}:${project.artifactId}`;
  const title = `< ${key} >`;
  const left = Math.max(0, Math.floor((LINE - title.length) / 2));
  const right = Math.max(0, LINE - title.length - left);
  log.info('');
  log.info(style.strong(`${'-'.repeat(left)}< ${style.project(key)} >${'-'.repeat(right)}`));
  const building = `Building ${project.name ?? project.artifactId} ${project.version}`;
  log.info(style.strong(total > 1 ? rightAligned(building, `[${index}/${total}]`) : building));
  const packaging = `[ ${project.packaging} ]`;
  const pl = Math.max(0, Math.floor((LINE - packaging.length) / 2));
  log.info(style.strong(`${'-'.repeat(pl)}${packaging}${'-'.repeat(Math.max(0, LINE - packaging.length - pl))}`));
}

/**
 * The line before each goal runs, as Maven 3.8 prints it: `--- artifactId:version:goal (id) @
 * projectArtifactId ---`, the plugin named by its artifactId (Maven 3.9 changed this to the prefix).
 */
export function logMojoHeader(log: Log, project: Project, execution: GoalExecution): void {
  const style = stylesOf(log);
  const d = execution.plugin.descriptor;
  log.info('');
  log.info(
    `${style.strong('--- ')}${style.mojo(`${d.artifactId}:${d.version}:${execution.mojo.goal}`)} ${style.strong(`(${execution.executionId})`)} @ ${style.project(project.artifactId)}${style.strong(' ---')}`,
  );
}

/** Maven's lines for a project skipped under fail-at-end because a project it needs failed. */
export function logBanned(log: Log, project: Project): void {
  log.info('');
  log.info(RULE);
  log.info(`Skipping ${project.name ?? project.artifactId}`);
  log.info('This project has been banned from the build due to previous failures.');
  log.info(RULE);
}

/** The reactor's projects in build order, as Maven lists them before building. */
export function logReactorBuildOrder(log: Log, projects: readonly Project[]): void {
  const style = stylesOf(log);
  log.info(style.strong(RULE));
  log.info(style.strong('Reactor Build Order:'));
  log.info('');
  for (const p of projects) log.info(rightAligned(p.name ?? p.artifactId, `[${p.packaging}]`));
}

/** `left` and `right` on one line of Maven's width, at least one space apart. */
function rightAligned(left: string, right: string): string {
  return `${left}${' '.repeat(Math.max(1, LINE - left.length - right.length))}${right}`;
}

/** The reactor summary of a multi-module build. */
export function logReactorSummary(log: Log, root: Project, outcomes: readonly ProjectOutcome[]): void {
  const style = stylesOf(log);
  log.info(style.strong(RULE));
  log.info(style.strong(`Reactor Summary for ${root.name ?? root.artifactId} ${root.version}:`));
  log.info('');
  for (const o of outcomes) {
    // Maven's columns: the name and a space, dotted out to 52 characters and a space when it
    // fits (a longer name is followed by the status at once); the time right-aligned in 9.
    let name = `${o.project.name ?? o.project.artifactId} `;
    if (name.length <= NAME_COLUMN) name = `${name.padEnd(NAME_COLUMN, '.')} `;
    const time = o.status === 'SKIPPED' ? '' : ` [${formatDuration(o.millis).padStart(9)}]`;
    const status =
      o.status === 'SUCCESS'
        ? style.success(o.status)
        : o.status === 'FAILURE'
          ? style.failure(o.status)
          : style.warning(o.status);
    log.info(`${name}${status}${time}`);
  }
}

/** BUILD SUCCESS / BUILD FAILURE with total time and finish time, as Maven prints them. */
export function logBuildResult(log: Log, success: boolean, started: Date, wallClock = false): void {
  const millis = Date.now() - started.getTime();
  const style = stylesOf(log);
  log.info(style.strong(RULE));
  log.info(success ? style.success('BUILD SUCCESS') : style.failure('BUILD FAILURE'));
  log.info(style.strong(RULE));
  log.info(`Total time:  ${formatDuration(millis)}${wallClock ? ' (Wall Clock)' : ''}`);
  log.info(`Finished at: ${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}`);
  log.info(style.strong(RULE));
}

function formatDuration(millis: number): string {
  return millis >= 60_000 ? formatMinutes(millis) : formatSeconds(millis);
}

function formatSeconds(millis: number): string {
  return `${(millis / 1000).toFixed(3)} s`;
}

function formatMinutes(millis: number): string {
  const s = Math.floor(millis / 1000);
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')} min`;
}
