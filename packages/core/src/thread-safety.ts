import type { Log } from '@goalhost/api';
import type { Project } from '@goalhost/model';
import type { ExecutionPlan } from './goal-execution';

/** The box Maven 3.8.7 prints in a parallel build for a project whose goals are not all thread-safe. */
const NOT_THREAD_SAFE_BOX = [
  '*****************************************************************',
  '* Your build is requesting parallel execution, but this         *',
  '* project contains the following plugin(s) that have goals not  *',
  '* marked as thread-safe to support parallel execution.          *',
  '* While this /may/ work fine, please look for plugin updates    *',
  '* and/or request plugins be made thread-safe.                   *',
  '* If reporting an issue, report it against the plugin in        *',
  '* question, not against Apache Maven.                           *',
  '*****************************************************************',
];

/** Maven's warning for the plugins (with -X, the goals) of a plan that are not thread-safe. */
export function warnNotThreadSafe(log: Log, project: Project, plan: ExecutionPlan): void {
  const unsafe = plan.executions.filter((e) => !e.mojo.threadSafe);
  if (unsafe.length === 0) return;
  const name = project.name ?? project.artifactId;
  const plugins = [
    ...new Set(
      unsafe.map(
        (e) => `${e.plugin.descriptor.groupId}:${e.plugin.descriptor.artifactId}:${e.plugin.descriptor.version}`,
      ),
    ),
  ];
  for (const line of NOT_THREAD_SAFE_BOX) log.warn(line);
  log.warn(`The following plugins are not marked as thread-safe in ${name}:`);
  for (const p of plugins) log.warn(`  ${p}`);
  log.warn('');
  if (log.isDebugEnabled()) {
    log.warn(`The following goals are not marked as thread-safe in ${name}:`);
    for (const g of new Set(
      unsafe.map(
        (e) =>
          `${e.plugin.descriptor.groupId}:${e.plugin.descriptor.artifactId}:${e.plugin.descriptor.version}:${e.mojo.goal}`,
      ),
    )) {
      log.warn(`  ${g}`);
    }
  } else {
    log.warn('Enable debug to see precisely which goals are not marked as thread-safe.');
  }
  log.warn(NOT_THREAD_SAFE_BOX[0]);
}
