import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { GoalExecutionError, type Log } from '@goalhost/api';
import { redactUrl } from '@goalhost/model';
import { logChanges } from './change-summary';
import { credentialsHint, UNREACHABLE_HINT } from './credentials';
import { allInOrder } from './in-order';
import { GitCommandError, readGitmodulesFile, type GitClient } from './git-client';
import { planSubmodules, type DesiredSubmodule, type SubmoduleWrite } from './git-submodules-plan';
import { submoduleUrl } from './git-url';
import type { PreparedUpdate, SourceDependency, SourceUpdateRequest } from './source-update';

/** A hint for the git errors users meet most. */
function gitHint(e: GitCommandError, d: SourceDependency): string {
  // The status as git words it ("The requested URL returned error: 403"), never a 401 inside a path.
  if (
    /Authentication failed|could not read (Username|Password)|returned error: 40[13]\b|\b40[13] (Unauthorized|Forbidden)\b/i.test(
      e.detail,
    )
  ) {
    return credentialsHint(d.credentials);
  }
  if (/not found|does not appear to be a git repository|does not exist/i.test(e.detail)) {
    return `The repository does not exist: fix the <scm> connection in ${d.pomFile}.`;
  }
  if (/Could not resolve host|Connection refused|unable to access|timed out/i.test(e.detail)) return UNREACHABLE_HINT;
  return "See git's message above.";
}

/** A failure of git on the superproject itself (not on a dependency's remote), said with its likely fix. */
function workTreeError(e: GitCommandError, where: string): GoalExecutionError {
  let fix = "Check the work tree with 'git status', then run again.";
  let detail = e.detail.replace(/[.\s]+$/, '');
  const lock = /^fatal: Unable to create '[^']+\.lock': File exists/.exec(detail);
  if (lock) {
    detail = lock[0];
    fix =
      'Another git command holds that lock: wait for it to finish or, if none is running (one may have crashed), remove the lock file and run again.';
  } else if (/bad config line|bad config file|invalid section name|invalid key/i.test(e.detail)) {
    fix =
      'Fix that line of the file named above (git config syntax: [submodule "name"] sections of key = value lines) and run again.';
  }
  return new GoalExecutionError(`git failed on the work tree of ${where}: ${detail} (from '${e.command}'). ${fix}`, {
    cause: e,
  });
}

/** Runs one step on the work tree, turning git's own failures into errors that name it and the fix. */
async function onWorkTree<T>(where: string, step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (e) {
    throw e instanceof GitCommandError ? workTreeError(e, where) : e;
  }
}

/**
 * The git counterpart of svn:externals: each source dependency becomes a submodule of the git work
 * tree holding `${basedir}/${sourceSubdir}` (a .gitmodules section with path, url and branch, plus
 * a gitlink in the index), keyed on its path; other submodules are kept. Nothing is fetched: after
 * the goal, `git submodule update --init` checks the sources out. Any failure happens before writing.
 */
export class GitSubmodulesUpdater {
  constructor(
    private readonly git: GitClient,
    private readonly log: Log,
  ) {}

  async prepare(request: SourceUpdateRequest): Promise<PreparedUpdate> {
    const prepared = await onWorkTree(request.holder, () => this.plan(request));
    return { ...prepared, apply: (dryRun) => onWorkTree(request.holder, () => prepared.apply(dryRun)) };
  }

  private async plan(request: SourceUpdateRequest): Promise<PreparedUpdate> {
    const holder = request.holder;
    if (!fs.statSync(holder, { throwIfNoEntry: false })?.isDirectory()) {
      throw new GoalExecutionError(
        `Submodules dir does not exist or is not a directory : ${holder}. ` +
          'sourceSubdir is resolved against the project basedir: create that directory in the git work tree, or set sourceSubdir to an existing one.',
      );
    }
    const top = await this.git.toplevel(holder);
    if (!top) {
      throw new GoalExecutionError(
        `${holder} is not inside a git work tree, so git source dependencies cannot become submodules there: ` +
          'clone the project with git (or git init it), or set sourceSubdir to a directory of a git work tree.',
      );
    }
    const prefix = path.relative(fs.realpathSync(top), fs.realpathSync(holder)).split(path.sep).join('/');
    const remote = await this.git.config(top, 'remote.origin.url');
    this.log.info(
      `Git submodules dir is '${prefix || '.'}' in ${top}${remote ? ` (remote origin ${redactUrl(remote)})` : ''}`,
    );

    const modules = await this.git.readGitmodules(top);
    const desiredPaths = request.dependencies.map((d) => (prefix ? `${prefix}/${d.target.dir}` : d.target.dir));
    const modulePaths = modules.map((m) => m.path).filter((p): p is string => p !== undefined);
    const index = await this.git.indexEntries(top, [...new Set([...modulePaths, ...desiredPaths])]);
    const gitlinks = new Map(index.filter((e) => e.mode === '160000').map((e) => [e.path, e.sha]));
    desiredPaths.forEach((p, i) =>
      checkFreePath(top, p, request.dependencies[i], index, gitlinks.has(p) || modulePaths.includes(p)),
    );

    const remotes = await allInOrder(request.dependencies, (d) => this.remoteCommit(top, d));
    const desired: DesiredSubmodule[] = request.dependencies.map((d, i) => {
      const { branch, commit } = remotes[i];
      const url = submoduleUrl(d.url, remote).url;
      this.log.info(
        `Git remote of dependency : ${d.id} is ${redactUrl(d.url)} ${branch ? `branch ${branch}` : `tag ${d.tag}`} @${commit.slice(0, 12)}`,
      );
      this.log.info(
        `Dependency ${d.id} submodule computed with the ${d.target.because} is : ${desiredPaths[i]} ${url}`,
      );
      return { dependency: d.id, path: desiredPaths[i], url, ...(branch ? { branch } : {}), commit };
    });

    const plan = planSubmodules(modules, gitlinks, desired, request.freeze);
    logChanges(this.log, `git submodules of ${top}`, plan.changes);
    const moves = plan.writes.filter((w) => w.from !== undefined);
    if (moves.length > 0 && (await this.git.hasUnstagedChanges(top, '.gitmodules'))) {
      throw new GoalExecutionError(
        `.gitmodules of ${top} has changes that are not staged, and moving submodule ${moves[0].from} to ${moves[0].path} needs git mv, which refuses them: ` +
          'stage them (git add .gitmodules) or stash them, then run again.',
      );
    }
    return {
      scm: 'git',
      changes: plan.changes,
      changed: plan.changed,
      wiring: request.dependencies.map((dependency, i) => ({
        dependency,
        url: desired[i].url,
        revision: plan.commits[i],
      })),
      apply: async (dryRun) => {
        if (!plan.changed) {
          this.log.info(`git submodules of ${top} are up to date: nothing to write`);
        } else if (dryRun) {
          for (const w of moves) this.log.info(`Dry run (scm.dryRun=true): submodule ${w.from} not moved to ${w.path}`);
          for (const p of await this.initialisedWithNewUrl(top, plan.writes))
            this.log.info(`Dry run (scm.dryRun=true): submodule ${p} not switched to its new URL`);
          this.log.info(`Dry run (scm.dryRun=true): .gitmodules and index of ${top} not written`);
        } else {
          await this.write(top, plan.writes);
          this.log.info(
            `.gitmodules and gitlinks of ${top} staged: run 'git submodule update --init' to fetch the sources, then commit`,
          );
        }
      },
    };
  }

  /** The branch (or tag) to record and the commit the remote has for it now. */
  private async remoteCommit(cwd: string, d: SourceDependency): Promise<{ branch?: string; commit: string }> {
    const refs = d.tag ? [`refs/heads/${d.tag}`, `refs/tags/${d.tag}`, `refs/tags/${d.tag}^{}`] : ['HEAD'];
    // Only http(s) asks for a user name and password; ssh uses its keys and agent.
    const http = /^https?:\/\//i.test(d.url);
    const credentials = {
      ...(http && d.credentials.username !== undefined ? { username: d.credentials.username } : {}),
      ...(http && d.credentials.password !== undefined ? { password: d.credentials.password } : {}),
    };
    let remote;
    try {
      remote = await this.git.lsRemote(cwd, d.url, refs, credentials);
    } catch (e) {
      if (!(e instanceof GitCommandError)) throw e;
      throw new GoalExecutionError(
        `Git remote not available for dependency : ${d.id} at ${redactUrl(d.url)}: ${e.detail.replace(/[.\s]+$/, '')}. ${gitHint(e, d)}`,
        { cause: e },
      );
    }
    if (d.tag) {
      const branch = remote.refs.get(`refs/heads/${d.tag}`);
      if (branch) return { branch: d.tag, commit: branch };
      const tag = remote.refs.get(`refs/tags/${d.tag}^{}`) ?? remote.refs.get(`refs/tags/${d.tag}`);
      if (tag) return { commit: tag };
      throw new GoalExecutionError(
        `Git remote ${redactUrl(d.url)} of dependency ${d.id} has no branch or tag '${d.tag}' (from <scm><tag> of ${d.pomFile}): ` +
          'push that tag, or fix <scm><tag> (HEAD or no tag follows the remote default branch).',
      );
    }
    const head = remote.refs.get('HEAD');
    if (!head || !remote.headTarget?.startsWith('refs/heads/')) {
      throw new GoalExecutionError(
        `Git remote ${redactUrl(d.url)} of dependency ${d.id} has no default branch (empty repository, or HEAD detached): push a branch, or name one in <scm><tag> of ${d.pomFile}.`,
      );
    }
    return { branch: remote.headTarget.slice('refs/heads/'.length), commit: head };
  }

  /**
   * Moves first (`git mv`, so a checkout moves with its submodule), then the gitlinks (one index
   * write), then .gitmodules replaced atomically and staged, then the URLs of initialised
   * submodules synchronised with it.
   */
  private async write(top: string, writes: readonly SubmoduleWrite[]): Promise<void> {
    for (const w of writes) if (w.from !== undefined) await this.move(top, w.from, w.path);
    const gitmodules = path.join(top, '.gitmodules');
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-gitmodules-'));
    try {
      const draft = path.join(scratch, 'gitmodules');
      fs.writeFileSync(draft, readGitmodulesFile(gitmodules) ?? '');
      for (const w of writes) {
        await this.git.setConfig(top, draft, `submodule.${w.name}.path`, w.path);
        await this.git.setConfig(top, draft, `submodule.${w.name}.url`, w.url);
        await this.git.setConfig(top, draft, `submodule.${w.name}.branch`, w.branch);
      }
      await this.git.setGitlinks(
        top,
        writes.map((w) => ({ path: w.path, sha: w.sha })),
      );
      const next = `${gitmodules}.goalhost-${process.pid}`;
      fs.copyFileSync(draft, next);
      fs.renameSync(next, gitmodules);
      await this.git.add(top, ['.gitmodules']);
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
    const initialised = await this.initialisedWithNewUrl(top, writes);
    await this.git.syncSubmodules(top, initialised);
    for (const p of initialised) this.log.info(`Submodule ${p} now fetches from its new URL (git submodule sync)`);
  }

  /** Paths of the submodules whose URL changes and that this clone initialised (a URL in .git/config). */
  private async initialisedWithNewUrl(top: string, writes: readonly SubmoduleWrite[]): Promise<string[]> {
    const paths: string[] = [];
    for (const w of writes) {
      if (w.syncUrl && (await this.git.config(top, `submodule.${w.name}.url`)) !== undefined) paths.push(w.path);
    }
    return paths;
  }

  /**
   * `git mv` of a submodule. git needs the old directory (goalhost's own additions have none until
   * `git submodule update --init`) and refuses an existing destination, even an empty one.
   */
  private async move(top: string, from: string, to: string): Promise<void> {
    const source = path.join(top, from);
    const destination = path.join(top, to);
    if (!fs.existsSync(source)) fs.mkdirSync(source, { recursive: true });
    if (fs.statSync(destination, { throwIfNoEntry: false })?.isDirectory()) fs.rmdirSync(destination);
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    await this.git.move(top, from, to);
    // As git does when a file goes: the directories it leaves empty go too.
    for (
      let dir = path.dirname(source);
      dir.startsWith(`${top}${path.sep}`) && fs.readdirSync(dir).length === 0;
      dir = path.dirname(dir)
    )
      fs.rmdirSync(dir);
    this.log.info(`Submodule ${from} moved to ${to} (git mv: a checkout moves with it)`);
  }
}

/** A new submodule path must not hold tracked files nor a non-empty directory of other content. */
function checkFreePath(
  top: string,
  p: string,
  d: SourceDependency,
  index: readonly { mode: string; path: string }[],
  isSubmodule: boolean,
): void {
  const tracked = index.find((e) => e.mode !== '160000' && (e.path === p || e.path.startsWith(`${p}/`)));
  if (tracked) {
    throw new GoalExecutionError(
      `Target directory '${p}' of source dependency ${d.id} (from the ${d.target.because}) holds tracked file '${tracked.path}' of the superproject: ` +
        'choose another directory with a <sourceTarget>, or remove those files from git first.',
    );
  }
  const dir = path.join(top, p);
  if (!isSubmodule && fs.existsSync(dir) && (!fs.statSync(dir).isDirectory() || fs.readdirSync(dir).length > 0)) {
    throw new GoalExecutionError(
      `Target directory '${p}' of source dependency ${d.id} (from the ${d.target.because}) already exists in ${top} and is not an empty directory, ` +
        'so git could not check the submodule out there: move it away, or choose another directory with a <sourceTarget>.',
    );
  }
}
