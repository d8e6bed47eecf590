import * as path from 'node:path';

/** A git URL split into the part naming the server (`https://host:port`, `git@host:`) and a path. */
function split(url: string): { base: string; path: string } | undefined {
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)(?:[^@/]*@)?([^/]*)(\/.*)?$/.exec(url);
  if (scheme) return { base: `${scheme[1].toLowerCase()}${scheme[2]}`, path: scheme[3] ?? '/' };
  const scp = /^((?:[^@/:]+@)?[^/:]+:)(.*)$/.exec(url);
  return scp ? { base: scp[1], path: scp[2] } : undefined;
}

const trimSlashes = (p: string): string => p.replace(/\/+$/, '');

/**
 * The submodule URL to write for `url` in a superproject whose remote is `remote`: relative
 * (`../lib.git`) when both live on the same server, so clones over another protocol or from a
 * moved server still find the submodule (git resolves it against the superproject's remote, like
 * svn resolves `^/`); otherwise `url` itself.
 */
export function submoduleUrl(url: string, remote: string | undefined): { url: string; relative: boolean } {
  const target = split(url);
  const from = remote === undefined ? undefined : split(remote);
  if (!target || !from || target.base !== from.base) return { url, relative: false };
  const a = trimSlashes(from.path);
  const b = trimSlashes(target.path);
  // Both absolute or both relative to the login directory (scp-like), else they cannot be compared.
  if (a === '' || b === '' || a.startsWith('/') !== b.startsWith('/') || a === b) return { url, relative: false };
  const rel = path.posix.relative(`/${a}`, `/${b}`);
  return { url: rel.startsWith('../') ? rel : `./${rel}`, relative: true };
}
