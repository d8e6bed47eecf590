import { redactUrl } from '@goalhost/model';

/** The host a request connects to (the repository's, or its proxy's) and the port it uses. */
export interface ConnectTarget {
  readonly hostname: string;
  readonly port: number;
}

/** Java's messages for the socket errors a connection fails with (ConnectException, NoRouteToHostException). */
const CONNECT_MESSAGES: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'Connection refused',
  ETIMEDOUT: 'Connection timed out',
  EHOSTUNREACH: 'No route to host',
  ENETUNREACH: 'Network is unreachable',
};

/** Java's UnknownHostException text for a name the resolver does not find. */
const LOOKUP_MESSAGES: Readonly<Record<string, string>> = {
  ENOTFOUND: 'Name or service not known',
  EAI_AGAIN: 'Temporary failure in name resolution',
};

/**
 * Maven's wording (wagon over Apache HttpClient) for a repository that cannot be connected to:
 * `transfer failed for URL: Connect to host:port [host/address] failed: Connection refused`, or
 * `... Unknown host host: Name or service not known`. Undefined for errors of other kinds.
 */
export function connectionFailure(
  url: string,
  target: ConnectTarget,
  error: NodeJS.ErrnoException,
): string | undefined {
  const prefix = `transfer failed for ${redactUrl(url)}: `;
  const lookup = LOOKUP_MESSAGES[error.code ?? ''];
  if (lookup) return `${prefix}Unknown host ${target.hostname}: ${lookup}`;
  const connect = CONNECT_MESSAGES[error.code ?? ''];
  if (!connect) return undefined;
  // HttpClient's HttpHostConnectException: the host with its port, then every address tried, as Java prints an InetAddress.
  const tried = attempts(error).map((a) => `${isIpLiteral(target.hostname) ? '' : target.hostname}/${javaAddress(a)}`);
  return `${prefix}Connect to ${target.hostname}:${target.port} [${tried.join(', ')}] failed: ${connect}`;
}

/** The addresses a connection tried: Node reports each attempt of its address selection in `errors`. */
function attempts(error: NodeJS.ErrnoException): string[] {
  const each = (error as { errors?: unknown }).errors;
  const list = Array.isArray(each) ? (each as NodeJS.ErrnoException[]) : [error];
  return list.map((e) => (e as { address?: unknown }).address).filter((a): a is string => typeof a === 'string');
}

function isIpLiteral(host: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}

/** An IPv6 address as Java writes it: eight groups, no `::` shortening, no leading zeros. */
function javaAddress(address: string): string {
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return groups.map((g) => parseInt(g, 16).toString(16)).join(':');
}
