import { BuildError, type ExecutionPlan } from '@goalhost/core';
import type { Log } from '@goalhost/api';
import type { Project } from '@goalhost/model';

/**
 * `-T`: a thread count (`4`) or a multiple of the CPU cores (`1C`, `1.5C`; at least one thread),
 * as Maven 3.9 reads it. 1 (the default) builds one project after the other.
 */
export function threadCount(value: string | undefined, cores: number): number {
  if (value === undefined) return 1;
  const perCore = /^(\d+(?:\.\d*)?|\.\d+)C$/i.exec(value);
  if (perCore) {
    const factor = Number(perCore[1]);
    if (factor > 0) return Math.max(1, Math.floor(factor * cores));
  } else if (/^\d+$/.test(value) && Number(value) > 0) {
    return Number(value);
  }
  throw new BuildError(
    `Invalid threads value: '${value}' (-T). Supported are positive int and float values ending with C, ` +
      `for instance -T 4 or -T 1C (${cores} thread${cores === 1 ? '' : 's'} on this machine).`,
  );
}

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
  const plugins = [...new Set(unsafe.map((e) => `${e.plugin.descriptor.groupId}:${e.plugin.descriptor.artifactId}:${e.plugin.descriptor.version}`))];
  for (const line of NOT_THREAD_SAFE_BOX) log.warn(line);
  log.warn(`The following plugins are not marked as thread-safe in ${name}:`);
  for (const p of plugins) log.warn(`  ${p}`);
  log.warn('');
  if (log.isDebugEnabled()) {
    log.warn(`The following goals are not marked as thread-safe in ${name}:`);
    for (const g of new Set(unsafe.map((e) => `${e.plugin.descriptor.groupId}:${e.plugin.descriptor.artifactId}:${e.plugin.descriptor.version}:${e.mojo.goal}`))) {
      log.warn(`  ${g}`);
    }
  } else {
    log.warn('Enable debug to see precisely which goals are not marked as thread-safe.');
  }
  log.warn(NOT_THREAD_SAFE_BOX[0]);
}
