/**
 * What git and svn hand to ssh from a URL: the destination `[user@]host` as one argument, and
 * the port. ssh reads an argument starting with `-` as an option (`-oProxyCommand=CMD` runs
 * CMD), so none of these parts may start with one, in any of the spellings git accepts: a user
 * (`ssh://-oX@host/r`), a bracketed host (`ssh://[-oX]/r`, scp-like `[-oX]:r`), a port
 * (`ssh://host:-oX/r`), or the same `%2D`-escaped in a scheme URL (git decodes those before
 * calling ssh). git refuses them too ("strange hostname"), but goalhost never lets a repository's
 * URL get that far.
 */

/** Why `authority` (`[user@]host[:port]` of `url`) would give ssh an option, or undefined. */
export function sshOptionProblem(url: string, authority: string, escaped: boolean): string | undefined {
  const written = optionLikePart(authority);
  if (written) return `the ${written} of '${url}' starts with '-', which ssh would read as an option`;
  const decoded = escaped ? optionLikePart(percentDecoded(authority)) : undefined;
  if (decoded)
    return `the ${decoded} of '${url}' starts with '-' once its %-escapes are decoded, which ssh would read as an option`;
  return undefined;
}

/** The part of `[user@]host[:port]` that starts with `-`, if any. */
function optionLikePart(authority: string): 'user' | 'host' | 'port' | undefined {
  const at = authority.lastIndexOf('@');
  const user = at < 0 ? undefined : authority.slice(0, at).replace(/^\[/, '');
  const { host, port } = hostAndPort(authority.slice(at + 1));
  if (user?.startsWith('-')) return 'user';
  if (host.startsWith('-')) return 'host';
  return port?.startsWith('-') ? 'port' : undefined;
}

function hostAndPort(text: string): { host: string; port?: string } {
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close < 0) return { host: text.slice(1) };
    const rest = text.slice(close + 1);
    return { host: text.slice(1, close), ...(rest.startsWith(':') ? { port: rest.slice(1) } : {}) };
  }
  const colon = text.indexOf(':');
  return colon < 0 ? { host: text } : { host: text.slice(0, colon), port: text.slice(colon + 1) };
}

function percentDecoded(text: string): string {
  return text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
