import type { RemoteFetcher } from './artifact-resolver';
import type { LocalRepository } from './local-repository';
import type { ResolverConfig } from './resolver-config';

/** The HTTP(S) fetcher for remote repositories (not available yet: local repository only). */
export function createRemoteFetcher(_config: ResolverConfig, _local: LocalRepository): RemoteFetcher | undefined {
  return undefined;
}
