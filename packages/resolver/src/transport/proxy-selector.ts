import type { Proxy } from '@goalhost/model';
import type { HttpAuth } from './http-auth';

/** The proxy one request goes through. */
export interface ProxyRoute {
  readonly id: string;
  readonly host: string;
  readonly port: number;
  readonly auth?: HttpAuth;
}

/** `|`-separated patterns, `*` any characters, the whole host, any case (as Maven's resolver reads nonProxyHosts). */
function nonProxyPatterns(nonProxyHosts: string | undefined): RegExp[] {
  return (nonProxyHosts ?? '')
    .split('|')
    .filter((p) => p !== '')
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i'));
}

/**
 * Chooses proxies the way Maven's resolver does (DefaultProxySelector): among the active proxies,
 * in settings order, the first one per protocol whose nonProxyHosts do not name the host; a
 * repository takes the one of its own scheme, and an https repository without one takes the
 * http proxy (a CONNECT tunnel). `decrypt` turns a settings password into the real one.
 */
export class ProxySelector {
  private readonly proxies: readonly { proxy: Proxy; skip: RegExp[] }[];
  private readonly routes = new Map<string, ProxyRoute | undefined>();

  constructor(
    proxies: readonly Proxy[],
    private readonly decrypt: (password: string, proxyId: string) => string,
  ) {
    this.proxies = proxies
      .filter((p) => p.active && p.host !== '')
      .map((proxy) => ({ proxy, skip: nonProxyPatterns(proxy.nonProxyHosts) }));
  }

  /** The proxy for `url`, or undefined to connect directly. */
  select(url: string): ProxyRoute | undefined {
    if (this.proxies.length === 0) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    const scheme = parsed.protocol.slice(0, -1).toLowerCase();
    const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    const key = `${scheme}://${host}`;
    if (!this.routes.has(key)) this.routes.set(key, this.choose(scheme, host));
    return this.routes.get(key);
  }

  private choose(scheme: string, host: string): ProxyRoute | undefined {
    const byProtocol = new Map<string, Proxy>();
    for (const { proxy, skip } of this.proxies) {
      const protocol = proxy.protocol.toLowerCase();
      if (!skip.some((p) => p.test(host)) && !byProtocol.has(protocol)) byProtocol.set(protocol, proxy);
    }
    const proxy = byProtocol.get(scheme) ?? (scheme === 'https' ? byProtocol.get('http') : undefined);
    if (!proxy) return undefined;
    return {
      id: proxy.id,
      host: proxy.host,
      port: proxy.port,
      ...(proxy.username !== undefined
        ? { auth: { username: proxy.username, password: this.decrypt(proxy.password ?? '', proxy.id) } }
        : {}),
    };
  }
}
