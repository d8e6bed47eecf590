import * as os from 'node:os';
import * as path from 'node:path';
import type { ArtifactCoords, RemoteFetcher } from './artifact-resolver';
import type { HttpFetcher } from './http-fetcher';
import type { LocalRepository } from './local-repository';
import type { RemoteRepository } from './remote-repository';
import type { ResolverConfig } from '../resolver-config';

/**
 * The HTTP(S) fetcher for remote repositories, configured from settings. Its module (and
 * node:http/https) loads on first use, so builds served by the local repository never pay for it.
 */
export function createRemoteFetcher(config: ResolverConfig, local: LocalRepository): RemoteFetcher {
  let fetcher: HttpFetcher | undefined;
  const get = (): HttpFetcher => {
    if (!fetcher) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { HttpFetcher: Impl } = require('./http-fetcher') as typeof import('./http-fetcher');
      fetcher = new Impl(local, {
        servers: config.settings.servers,
        proxies: config.settings.proxies ?? [],
        settingsSecurityFile: config.settingsSecurityFile ?? path.join(os.homedir(), '.m2', 'settings-security.xml'),
        updateSnapshots: config.updateSnapshots,
        ...(config.noSnapshotUpdates ? { noSnapshotUpdates: true } : {}),
        ...(config.checksumPolicy ? { checksumPolicy: config.checksumPolicy } : {}),
        threads: config.downloadThreads ?? 5,
        log: config.log,
        quietTransfers: config.noTransferProgress === true,
        ...(config.originGuard ? { originGuard: config.originGuard } : {}),
        ...readTimeout(config.userProperties?.['maven.wagon.rto']),
      });
    }
    return fetcher;
  };
  return {
    fetch: (c: ArtifactCoords, repo: RemoteRepository) => get().fetch(c, repo),
    metadata: (c: ArtifactCoords, repo: RemoteRepository, offline: boolean) => get().metadata(c, repo, offline),
    versionsMetadata: (groupId: string, artifactId: string, repo: RemoteRepository, offline: boolean) =>
      get().versionsMetadata(groupId, artifactId, repo, offline),
  };
}

/** `-Dmaven.wagon.rto=MS` (wagon's read timeout, also the low-speed window), when a positive number. */
function readTimeout(value: string | undefined): { timeoutMs?: number } {
  const n = value === undefined ? NaN : Number(value);
  return Number.isInteger(n) && n > 0 ? { timeoutMs: n } : {};
}
