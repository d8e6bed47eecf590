import * as os from 'node:os';
import * as path from 'node:path';
import type { RemoteFetcher } from './artifact-resolver';
import { HttpFetcher } from './http-fetcher';
import type { LocalRepository } from './local-repository';
import type { ResolverConfig } from './resolver-config';

/** The HTTP(S) fetcher for remote repositories, configured from settings. */
export function createRemoteFetcher(config: ResolverConfig, local: LocalRepository): RemoteFetcher {
  return new HttpFetcher(local, {
    servers: config.settings.servers,
    settingsSecurityFile: config.settingsSecurityFile ?? path.join(os.homedir(), '.m2', 'settings-security.xml'),
    updateSnapshots: config.updateSnapshots,
    threads: config.downloadThreads ?? 5,
    log: config.log,
  });
}
