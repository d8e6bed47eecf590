import * as http from 'node:http';
import * as https from 'node:https';
import type { Duplex } from 'node:stream';
import * as tls from 'node:tls';
import { basicAuthorization, type HttpAuth } from './http-auth';
import type { ProxyRoute } from './proxy-selector';

function proxyAuthorization(auth: HttpAuth | undefined): Record<string, string> {
  return auth ? { 'Proxy-Authorization': basicAuthorization(auth) } : {};
}

/**
 * An https agent whose connections are CONNECT tunnels through an http proxy (with the proxy's
 * credentials, sent to the proxy only), TLS to the repository inside; kept alive like direct ones.
 */
class TunnelAgent extends https.Agent {
  constructor(private readonly route: ProxyRoute) {
    super({ keepAlive: true, maxSockets: 8 });
  }

  createConnection(
    options: tls.ConnectionOptions & { host?: string; port?: number },
    callback: (err: Error | null, socket?: Duplex) => void,
  ): undefined {
    const target = `${options.host}:${options.port ?? 443}`;
    const connect = http.request({
      host: this.route.host,
      port: this.route.port,
      method: 'CONNECT',
      path: target,
      headers: { Host: target, ...proxyAuthorization(this.route.auth) },
    });
    connect.once('connect', (res, socket) => {
      if (res.statusCode !== 200) {
        socket.destroy();
        callback(
          new Error(
            `proxy ${this.route.host}:${this.route.port} (settings.xml proxy '${this.route.id}') refused the tunnel to ${target}: ${res.statusCode} ${res.statusMessage ?? ''}`.trim(),
          ),
        );
        return;
      }
      callback(null, tls.connect({ ...options, socket, servername: options.servername ?? options.host ?? '' }));
    });
    connect.once('error', (e) =>
      callback(
        new Error(
          `proxy ${this.route.host}:${this.route.port} (settings.xml proxy '${this.route.id}') unreachable: ${e.message}`,
        ),
      ),
    );
    connect.end();
    return undefined;
  }
}

const tunnels = new Map<string, TunnelAgent>();
const forwarders = new Map<string, http.Agent>();
const keyOf = (r: ProxyRoute) => `${r.host}:${r.port}:${r.auth?.username ?? ''}`;

/**
 * How a request reaches `url` through `route`: https through a tunnel agent; http as an
 * absolute-URI request to the proxy itself (the classic forward proxy), its credentials in
 * Proxy-Authorization.
 */
export function proxiedRequest(url: URL, route: ProxyRoute): { target: string | URL; options: https.RequestOptions } {
  if (url.protocol === 'https:') {
    let agent = tunnels.get(keyOf(route));
    if (!agent) tunnels.set(keyOf(route), (agent = new TunnelAgent(route)));
    return { target: url, options: { agent } };
  }
  let agent = forwarders.get(keyOf(route));
  if (!agent) forwarders.set(keyOf(route), (agent = new http.Agent({ keepAlive: true, maxSockets: 8 })));
  const absolute = new URL(url.href);
  absolute.username = '';
  absolute.password = '';
  return {
    target: `http://${route.host.includes(':') ? `[${route.host}]` : route.host}:${route.port}`,
    options: { agent, path: absolute.href, headers: { Host: url.host, ...proxyAuthorization(route.auth) } },
  };
}
