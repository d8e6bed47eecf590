import { GoalExecutionError } from '@goalhost/api';
import type { Project } from '@goalhost/model';
import { isAbsoluteSvnUrl } from './svn-externals';

export type ScmProvider = 'svn' | 'git';

/** A dependency's `scm:<provider>:<url>` connection, validated. */
export interface ScmConnection {
  readonly provider: ScmProvider;
  /** The provider URL (for git: the fetch URL, without embedded credentials). */
  readonly url: string;
  /** Credentials written in the URL itself (`https://user:pass@host/...`), removed from `url`. */
  readonly userInfo?: { readonly username: string; readonly password?: string };
  /** The POM's `<scm><tag>` (git: branch or tag to follow), absent when unset or `HEAD`. */
  readonly tag?: string;
}

export type ConnectionType = 'connection' | 'developerConnection';

/**
 * Reads and validates the connection of a dependency POM. The error texts start as the original
 * plugin's (tests and users may match them) and go on to name the POM and the fix.
 */
export function scmConnectionOf(id: string, project: Pick<Project, 'scm' | 'file' | 'artifactId'>, connectionType: string): ScmConnection {
  const element = connectionType === 'developerConnection' ? 'developerConnection' : 'connection';
  if (!project.scm) {
    throw new GoalExecutionError(
      `No SCM specified for artifact ${id}: its POM ${project.file} has no <scm> section. ` +
        `Add <scm><${element}>scm:svn:URL</${element}></scm> (or scm:git:URL) to it, or leave it out of the selection (e.g. -DexcludeArtifactIds=${project.artifactId}).`,
    );
  }
  const uri = project.scm[element]?.trim();
  if (!uri) {
    throw new GoalExecutionError(
      `No SCM Uri specified for artifact ${id}: <scm><${element}> of ${project.file} is missing or empty. ` +
        `Set it to scm:svn:URL or scm:git:URL${element === 'developerConnection' ? ', or run with -DconnectionType=connection' : ''}.`,
    );
  }
  const invalid = (why: string): never => {
    throw new GoalExecutionError(
      `SCM Uri content invalide : ${uri} (artifact ${id}, <scm><${element}> of ${project.file}): ${why}. ` +
        'Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.',
    );
  };
  // Maven SCM lets `|` replace `:` as the delimiter when the URI starts with `scm|`.
  const delimiter = /^scm\|/i.test(uri) ? '|' : ':';
  const first = uri.indexOf(delimiter);
  const second = first < 0 ? -1 : uri.indexOf(delimiter, first + 1);
  if (first < 0 || second < 0 || uri.slice(0, first).toLowerCase() !== 'scm') invalid("it does not have the form scm:<provider>:<url>");
  const provider = uri.slice(first + 1, second).toLowerCase();
  const url = uri.slice(second + 1).trim();
  if (provider !== 'svn' && provider !== 'git') {
    throw new GoalExecutionError(
      `SCM unsupported yet : ${uri.slice(first + 1, second)} (artifact ${id}, <scm><${element}> of ${project.file}): ` +
        'goalhost handles scm:svn: and scm:git: connections.',
    );
  }
  const tag = project.scm.tag?.trim();
  const withTag = tag && tag !== 'HEAD' ? { tag } : {};
  if (provider === 'svn') {
    if (!isAbsoluteSvnUrl(url)) invalid(`'${url}' is not an absolute svn URL (scheme://host/path)`);
    const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
    if (!SVN_SCHEMES.includes(scheme)) invalid(`svn cannot use '${scheme}://' URLs here (${SVN_SCHEMES.join(', ')} are supported)`);
    if (hostOf(url).startsWith('-')) invalid(`the host of '${url}' starts with '-', which ssh would read as an option`);
    return { provider, url, ...withTag };
  }
  return { provider, ...gitUrl(url, invalid), ...withTag };
}

const SVN_SCHEMES = ['svn', 'svn+ssh', 'http', 'https', 'file'];

/** The host part of `scheme://[user@]host[:port]/path` (what ssh gets as its host argument). */
function hostOf(url: string): string {
  return /^[^:]*:\/\/(?:[^@/]*@)?([^/]*)/.exec(url)?.[1] ?? '';
}

/** git URL forms of Maven SCM: scheme URLs, scp-like `user@host:path`, `[fetch=]URL1[push=]URL2`. */
function gitUrl(raw: string, invalid: (why: string) => never): Pick<ScmConnection, 'url' | 'userInfo'> {
  const fetch = /^\[fetch=\](.*?)(?:\[push=\].*)?$/.exec(raw);
  const url = (fetch ? fetch[1] : raw.replace(/^\[push=\].*$/, '')).trim();
  if (url === '') invalid('no fetch URL');
  // git reads a leading '-' as an option (`--upload-pack=CMD` runs CMD through the shell) and
  // `<transport>::<address>` as a remote helper (`ext::CMD` runs CMD): neither is a URL.
  if (url.startsWith('-')) invalid(`'${url}' starts with '-', which git would read as an option`);
  if (/^[A-Za-z0-9+.-]+::/.test(url)) invalid(`'${url}' names a git remote helper ('<transport>::'), which can run commands`);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:([^@/]*)@)?(.*)$/.exec(url);
  if (scheme) {
    const [, name, userInfo, rest] = scheme;
    if (!['https', 'http', 'ssh', 'git', 'file'].includes(name.toLowerCase())) invalid(`git cannot use '${name}://' URLs here (https, http, ssh, git and file are supported)`);
    if (hostOf(url).startsWith('-')) invalid(`the host of '${url}' starts with '-', which ssh would read as an option`);
    if (userInfo === undefined || name.toLowerCase() === 'ssh') return { url };
    // Credentials written into the URL are taken out: they must never reach .gitmodules or a log.
    const colon = userInfo.indexOf(':');
    const username = decodeURIComponent(colon < 0 ? userInfo : userInfo.slice(0, colon));
    const password = colon < 0 ? undefined : decodeURIComponent(userInfo.slice(colon + 1));
    return { url: `${name}://${rest}`, userInfo: { username, ...(password !== undefined ? { password } : {}) } };
  }
  // scp-like: no slash before the first colon (git's own rule).
  if (/^[^/:]+:/.test(url) && !/^[A-Za-z]:[\\/]/.test(url)) {
    if (/^(?:[^@/:]*@)?-/.test(url)) invalid(`the host of '${url}' starts with '-', which ssh would read as an option`);
    return { url };
  }
  return invalid(`'${url}' is not a git URL (https://, ssh://, git://, file:// or user@host:path)`);
}
