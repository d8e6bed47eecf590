import { GoalExecutionError } from '@goalhost/api';
import { redactUrl, type Project } from '@goalhost/model';
import { sshOptionProblem } from './ssh-destination';
import { isAbsoluteSvnUrl } from './svn-externals';

export type ScmProvider = 'svn' | 'git';

/** A dependency's `scm:<provider>:<url>` connection, validated. */
export interface ScmConnection {
  readonly provider: ScmProvider;
  /**
   * The provider URL (for git: the fetch URL), without a password: it is written into
   * .gitmodules or svn:externals and printed. An ssh login (`ssh://user@host`) stays in it.
   */
  readonly url: string;
  /** Credentials written in the URL itself (`https://user:pass@host/...`), removed from `url`. */
  readonly userInfo?: { readonly username: string; readonly password?: string };
  /** Said when a password in an ssh URL is dropped (ssh authenticates with keys or an agent). */
  readonly warning?: string;
  /** The POM's `<scm><tag>` (git: branch or tag to follow), absent when unset or `HEAD`. */
  readonly tag?: string;
}

export type ConnectionType = 'connection' | 'developerConnection';

/**
 * Reads and validates the connection of a dependency POM. The error texts start as the original
 * plugin's (tests and users may match them) and go on to name the POM and the fix.
 */
export function scmConnectionOf(
  id: string,
  project: Pick<Project, 'scm' | 'file' | 'artifactId'>,
  connectionType: string,
): ScmConnection {
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
      redactUrl(
        `SCM Uri content invalide : ${uri} (artifact ${id}, <scm><${element}> of ${project.file}): ${why}. ` +
          'Expected scm:svn:<absolute svn URL> or scm:git:<git URL>.',
      ),
    );
  };
  // Maven SCM lets `|` replace `:` as the delimiter when the URI starts with `scm|`.
  const delimiter = /^scm\|/i.test(uri) ? '|' : ':';
  const first = uri.indexOf(delimiter);
  const second = first < 0 ? -1 : uri.indexOf(delimiter, first + 1);
  if (first < 0 || second < 0 || uri.slice(0, first).toLowerCase() !== 'scm')
    invalid('it does not have the form scm:<provider>:<url>');
  const provider = uri.slice(first + 1, second).toLowerCase();
  const url = uri.slice(second + 1).trim();
  if (provider !== 'svn' && provider !== 'git') {
    throw new GoalExecutionError(
      `SCM unsupported yet : ${redactUrl(uri.slice(first + 1, second))} (artifact ${id}, <scm><${element}> of ${project.file}): ` +
        'goalhost handles scm:svn: and scm:git: connections.',
    );
  }
  const tag = project.scm.tag?.trim();
  const withTag = tag && tag !== 'HEAD' ? { tag } : {};
  if (provider === 'svn') {
    if (!isAbsoluteSvnUrl(url)) invalid(`'${url}' is not an absolute svn URL (scheme://host/path)`);
    const scheme = url.slice(0, url.indexOf(':')).toLowerCase();
    if (!SVN_SCHEMES.includes(scheme))
      invalid(`svn cannot use '${scheme}://' URLs here (${SVN_SCHEMES.join(', ')} are supported)`);
    if (hostOf(url).startsWith('-')) invalid(`the host of '${url}' starts with '-', which ssh would read as an option`);
    const problem = scheme === 'svn+ssh' ? sshOptionProblem(url, authorityOf(url), true) : undefined;
    if (problem) invalid(problem);
    return { provider, ...withoutPassword(url, 'svn+ssh', id, element), ...withTag };
  }
  return { provider, ...gitUrl(url, invalid, id, element), ...withTag };
}

/**
 * A scheme URL's `user[:password]@` taken out into credentials (given to git through its askpass
 * helper, to svn on standard input), as Maven SCM reads them from the URL. An ssh login stays in
 * the URL (ssh needs it) but its password goes: ssh authenticates with keys or an agent.
 */
function withoutPassword(
  url: string,
  sshScheme: string,
  id: string,
  element: string,
): Pick<ScmConnection, 'url' | 'userInfo' | 'warning'> {
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/(?:([^@/]*)@)?(.*)$/.exec(url);
  if (!m || m[2] === undefined) return { url };
  const [, name, userInfo, rest] = m;
  const colon = userInfo.indexOf(':');
  if (name.toLowerCase() === sshScheme) {
    if (colon < 0) return { url };
    return {
      url: `${name}://${userInfo.slice(0, colon)}@${rest}`,
      warning:
        `The password in <scm><${element}> of ${id} (${redactUrl(url)}) is not used: ${sshScheme} authenticates with ssh keys or an agent. ` +
        'Remove it from the URL.',
    };
  }
  const username = decoded(colon < 0 ? userInfo : userInfo.slice(0, colon));
  const password = colon < 0 ? undefined : decoded(userInfo.slice(colon + 1));
  return { url: `${name}://${rest}`, userInfo: { username, ...(password !== undefined ? { password } : {}) } };
}

/** Percent-decoded, or as written when it is not valid percent-encoding (`50%off`). */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const SVN_SCHEMES = ['svn', 'svn+ssh', 'http', 'https', 'file'];

/** The host part of `scheme://[user@]host[:port]/path` (what ssh gets as its host argument). */
function hostOf(url: string): string {
  return /^[^:]*:\/\/(?:[^@/]*@)?([^/]*)/.exec(url)?.[1] ?? '';
}

/** `[user@]host[:port]` of `scheme://[user@]host[:port]/path`. */
function authorityOf(url: string): string {
  return /^[^:]*:\/\/([^/]*)/.exec(url)?.[1] ?? '';
}

/** `[user@]host` of an scp-like `[user@]host:path`, where git looks for the colon after a `[...]` host. */
function scpAuthorityOf(url: string): string {
  const close = url.startsWith('[') ? url.indexOf(']') : -1;
  return url.slice(0, url.indexOf(':', close + 1));
}

/** git URL forms of Maven SCM: scheme URLs, scp-like `user@host:path`, `[fetch=]URL1[push=]URL2`. */
function gitUrl(
  raw: string,
  invalid: (why: string) => never,
  id: string,
  element: string,
): Pick<ScmConnection, 'url' | 'userInfo' | 'warning'> {
  const fetch = /^\[fetch=\](.*?)(?:\[push=\].*)?$/.exec(raw);
  const url = (fetch ? fetch[1] : raw.replace(/^\[push=\].*$/, '')).trim();
  if (url === '') invalid('no fetch URL');
  // git reads a leading '-' as an option (`--upload-pack=CMD` runs CMD through the shell) and
  // `<transport>::<address>` as a remote helper (`ext::CMD` runs CMD): neither is a URL.
  if (url.startsWith('-')) invalid(`'${url}' starts with '-', which git would read as an option`);
  if (/^[A-Za-z0-9+.-]+::/.test(url))
    invalid(`'${url}' names a git remote helper ('<transport>::'), which can run commands`);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(url);
  if (scheme) {
    const name = scheme[1];
    if (!['https', 'http', 'ssh', 'git', 'file'].includes(name.toLowerCase()))
      invalid(`git cannot use '${name}://' URLs here (https, http, ssh, git and file are supported)`);
    if (hostOf(url).startsWith('-')) invalid(`the host of '${url}' starts with '-', which ssh would read as an option`);
    const problem = name.toLowerCase() === 'ssh' ? sshOptionProblem(url, authorityOf(url), true) : undefined;
    if (problem) invalid(problem);
    // Credentials written into the URL are taken out: they must never reach .gitmodules or a log.
    return withoutPassword(url, 'ssh', id, element);
  }
  // scp-like: no slash before the first colon (git's own rule).
  if (/^[^/:]+:/.test(url) && !/^[A-Za-z]:[\\/]/.test(url)) {
    const problem = sshOptionProblem(url, scpAuthorityOf(url), false);
    if (problem) invalid(problem);
    return { url };
  }
  return invalid(`'${url}' is not a git URL (https://, ssh://, git://, file:// or user@host:path)`);
}
