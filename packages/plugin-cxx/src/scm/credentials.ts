import { GoalExecutionError } from '@goalhost/api';
import { MavenPasswordError, type Server } from '@goalhost/model';
import type { ScmCredentials } from './svn-client';

/** Decrypts a settings.xml value (`{...}` Maven-encrypted or plain); `what` names it in errors. */
export interface PasswordDecrypter {
  /** `onPlainText` hears of a `{...}` that holds no encrypted value (then used as written). */
  decryptOrPlain(value: string, what: string, onPlainText: (message: string) => void): string;
}

export interface CredentialSources {
  /** The `username` / `password` parameters. */
  readonly username?: string;
  readonly password?: string;
  /** The `settingsServerId` parameter. */
  readonly settingsServerId?: string;
  readonly servers: readonly Server[];
  /** Path of the settings.xml the servers came from, for messages. */
  readonly settingsFile?: string;
  readonly decrypter: PasswordDecrypter;
  /** Warnings (a settings password taken as plain text), as the original plugin logs them. */
  readonly warn?: (message: string) => void;
}

export interface ResolvedCredentials extends ScmCredentials {
  /** The settings.xml server id looked up (whether or not it was found). */
  readonly serverId?: string;
  /** Where the credentials came from, for the log (never the password itself). */
  readonly source: string;
}

/**
 * `hostname[:port]` of an SCM URL, the default settings.xml server id: the port only when the URL
 * states one (Java's URL.getHost/getPort, but for any scheme, svn:// and svn+ssh:// included, and
 * for git's scp-like `user@host:path`).
 */
export function serverIdOfUrl(url: string): string | undefined {
  const scheme = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/([^/?#]*)/.exec(url);
  if (scheme) {
    const authority = scheme[1].slice(scheme[1].lastIndexOf('@') + 1);
    return authority === '' ? undefined : authority;
  }
  const scp = /^(?:[^@/:]+@)?([^/:]+):/.exec(url);
  return scp ? scp[1] : undefined;
}

/**
 * The credentials for one SCM URL, as the original plugin chose them: both parameters when both
 * are set; otherwise the settings.xml server `settingsServerId` (or the URL's `hostname[:port]`)
 * fills what is missing, its password decrypted like Maven does. An undecryptable password is an
 * error (the original went on with the encrypted text, which only failed later, obscurely).
 */
export function resolveCredentials(url: string, sources: CredentialSources): ResolvedCredentials {
  const { username, password } = sources;
  if (username !== undefined && password !== undefined)
    return { username, password, source: 'the username and password parameters' };
  const serverId = sources.settingsServerId?.trim() || serverIdOfUrl(url);
  const server = serverId === undefined ? undefined : sources.servers.find((s) => s.id === serverId);
  const explicit =
    username !== undefined ? 'the username parameter' : password !== undefined ? 'the password parameter' : undefined;
  if (!server) {
    return {
      ...(username !== undefined ? { username } : {}),
      ...(password !== undefined ? { password } : {}),
      ...(serverId !== undefined ? { serverId } : {}),
      source: explicit ?? `none (no server '${serverId ?? ''}' in settings.xml)`,
    };
  }
  const where = sources.settingsFile ? ` in ${sources.settingsFile}` : ' in settings.xml';
  let serverPassword: string | undefined;
  if (password === undefined && server.password !== undefined) {
    try {
      serverPassword = sources.decrypter.decryptOrPlain(
        server.password,
        `the password of server '${server.id}'${where}`,
        sources.warn ?? (() => undefined),
      );
    } catch (e) {
      if (e instanceof MavenPasswordError) throw new GoalExecutionError(e.message, { cause: e });
      throw e;
    }
  }
  const resolvedUsername = username ?? server.username;
  const resolvedPassword = password ?? serverPassword;
  return {
    ...(resolvedUsername !== undefined ? { username: resolvedUsername } : {}),
    ...(resolvedPassword !== undefined ? { password: resolvedPassword } : {}),
    serverId: server.id,
    source: `${explicit ? `${explicit} and ` : ''}server '${server.id}'${where}`,
  };
}

/** The fix to suggest when a server refused the credentials: where they came from, where to set them. */
export function credentialsHint(credentials: Pick<ResolvedCredentials, 'source'>): string {
  return `Check the credentials: they came from ${credentials.source}; set the username/password parameters or a <server> in settings.xml (id = settingsServerId, or the URL's host[:port]).`;
}

/** The fix to suggest when the server could not be reached. */
export const UNREACHABLE_HINT = 'Check that the server is running and reachable from here.';
