import * as fs from 'node:fs';
import * as path from 'node:path';
import { GoalExecutionError, type Log } from '@goalhost/api';
import { redactUrl } from '@goalhost/model';
import { logChanges } from './change-summary';
import { allInOrder } from './in-order';
import { credentialsHint, UNREACHABLE_HINT, type ResolvedCredentials } from './credentials';
import type { PreparedUpdate, SourceDependency, SourceUpdateRequest } from './source-update';
import { TARGET_DIR_PROPERTY } from './target-dir';
import { SvnCommandError, type SvnClient, type SvnInfo } from './svn-client';
import { formatExternal, parseExternals } from './svn-externals';
import { planExternals } from './svn-externals-plan';

/** Checks that the externals directory exists (the first thing the original plugin checked). */
export function requireHolderDirectory(holder: string): void {
  if (!fs.statSync(holder, { throwIfNoEntry: false })?.isDirectory()) {
    throw new GoalExecutionError(
      `Svn externals dir does not exists or is not a directory : ${holder}. ` +
        'sourceSubdir is resolved against the project basedir: create that directory in the working copy, or set sourceSubdir to an existing one.',
    );
  }
}

/** The original plugin's info lines for one computed entry, word for word (spelling included). */
function originalEntryLines(d: SourceDependency, entry: string): string[] {
  switch (d.target.rule) {
    case 'sourceTargets':
      return [`Dependency ${d.id} external entry computed with plugin config is : ${entry}`];
    case 'property':
      return [`Dependency ${d.id} external entry computed with '${TARGET_DIR_PROPERTY}' property is : ${entry}`];
    case 'default':
      return [
        `Maven project of dependency ${d.id} do not define property '${TARGET_DIR_PROPERTY}'`,
        `Dependency ${d.id} defaut computed external entry is : ${entry}`,
      ];
  }
}

/** A hint for the svn errors users meet most, keyed by svn's error codes. */
function svnHint(e: SvnCommandError, credentials: ResolvedCredentials): string {
  const has = (...codes: string[]): boolean => codes.some((c) => e.codes.includes(c));
  if (has('E170001', 'E215004', 'E170013') && /authori[sz]|password|username|credentials/i.test(e.detail)) {
    return credentialsHint(credentials);
  }
  // No repository at that path (file://: on this disk; svn://: under the server's root), not a server down.
  if (has('E180001', 'E210005')) {
    return "No Subversion repository at that URL: fix the dependency POM's <scm> connection (a file:// URL names a repository directory made with svnadmin create, on this machine).";
  }
  if (has('E000111', 'E670002', 'E670008', 'E170013')) return UNREACHABLE_HINT;
  if (has('E170000', 'W170000', 'E200009', 'E160013'))
    return "The URL does not exist in the repository: fix the dependency POM's <scm> connection.";
  return "See svn's message above.";
}

/**
 * The svn half of the goal, as the original plugin: reads the holder's svn info and svn:externals,
 * asks svn about each dependency URL (with its credentials), computes each entry (relative `^/`
 * origin in the same repository, `-rN` when frozen), merges, prints the summary and writes the
 * property once, only when it changed and not in a dry run. Any failure happens before writing.
 */
export class SvnExternalsUpdater {
  constructor(
    private readonly svn: SvnClient,
    private readonly log: Log,
  ) {}

  async prepare(request: SourceUpdateRequest): Promise<PreparedUpdate> {
    const { holder } = request;
    requireHolderDirectory(holder);
    let holderInfo: SvnInfo;
    try {
      holderInfo = await this.svn.info(holder);
    } catch (e) {
      if (!(e instanceof SvnCommandError)) throw e;
      throw new GoalExecutionError(
        `Svn info not available for externals dir : ${holder}: ${e.detail.replace(/[.\s]+$/, '')}. ` +
          'sourceSubdir must be a committed directory of a Subversion working copy (svn checkout, or svn add + svn commit).',
        { cause: e },
      );
    }
    this.log.info(`Svn externals dir is 'r${holderInfo.revision} ${holderInfo.root} ${holderInfo.relativeUrl}'`);
    const existing = await this.svn.propget('svn:externals', holder);
    const initial = parseExternals(existing ?? '')
      .filter((l) => l.kind !== 'blank')
      .map((l) => l.raw.trim());
    this.log.info(redactUrl(`Svn initial externals are '[${initial.join(', ')}]'`));

    // Dependency URLs are independent: ask svn about them together, report in order.
    const infos = await allInOrder(request.dependencies, (d) => this.dependencyInfo(d));
    const desired = request.dependencies.map((d, i) => {
      const info = infos[i];
      this.log.info(`Svn info for dependency : ${d.id} are r${info.revision} ${info.root} ${info.relativeUrl}`);
      const definition = {
        // The last revision that changed the dependency, not HEAD: committing the pinned
        // property moves HEAD (same repository), and a pin to HEAD would never settle.
        ...(request.freeze ? { revision: String(info.lastChangedRevision ?? info.revision) } : {}),
        url: info.root === holderInfo.root ? info.relativeUrl : info.url,
        target: d.target.dir,
      };
      for (const line of originalEntryLines(d, formatExternal(definition))) this.log.info(line);
      this.log.debug(`Target directory of ${d.id} is '${d.target.dir}', from the ${d.target.because}`);
      return { dependency: d.id, definition };
    });

    const plan = planExternals(existing, desired);
    for (const w of plan.warnings)
      this.log.warn(redactUrl(`unrecognized svn:externals entry of ${holder} line content : ${w}; kept as it is`));
    logChanges(this.log, `svn:externals of ${holder}`, plan.changes);
    return {
      scm: 'svn',
      changes: plan.changes,
      changed: plan.changed,
      wiring: request.dependencies.map((dependency, i) => ({
        dependency,
        url: desired[i].definition.url,
        revision: String(infos[i].lastChangedRevision ?? infos[i].revision),
      })),
      apply: async (dryRun) => {
        if (!plan.changed) {
          this.log.info(`svn:externals of ${holder} is up to date: nothing to write`);
        } else if (dryRun) {
          this.log.info(`Dry run (scm.dryRun=true): svn:externals of ${holder} not written`);
        } else {
          await this.write(holder, request.buildDirectory, plan.value);
          this.log.info(
            `svn:externals of ${holder} written: run 'svn update' there to fetch the sources, then commit the property`,
          );
        }
      },
    };
  }

  private async dependencyInfo(d: SourceDependency): Promise<SvnInfo> {
    try {
      return await this.svn.info(d.url, d.credentials);
    } catch (e) {
      if (!(e instanceof SvnCommandError)) throw e;
      throw new GoalExecutionError(
        `Svn info not available for dependency : ${d.id} at ${redactUrl(d.url)}: ${e.detail.replace(/[.\s]+$/, '')}. ${svnHint(e, d.credentials)}`,
        { cause: e },
      );
    }
  }

  private async write(holder: string, buildDirectory: string, value: string): Promise<void> {
    const file = path.join(buildDirectory, 'svn.externals');
    try {
      fs.mkdirSync(buildDirectory, { recursive: true });
      fs.writeFileSync(file, value);
    } catch (e) {
      throw new GoalExecutionError(`Error writing intermediate properties file ${file} : ${(e as Error).message}`, {
        cause: e,
      });
    }
    try {
      await this.svn.propset('svn:externals', holder, file);
    } catch (e) {
      if (!(e instanceof SvnCommandError)) throw e;
      throw new GoalExecutionError(
        `svn refused the new svn:externals of ${holder} (kept unchanged; the value is in ${file}): ${e.detail}`,
        {
          cause: e,
        },
      );
    }
  }
}
