export { ArtifactResolver, artifactString, type RemoteFetcher, type ResolvedFile } from './artifact-resolver';
export { baseVersionOf, isFile, LocalRepository, readKept } from './local-repository';
export { aggregateRepositories, fromRaw, fromRepository, type RemoteRepository, repositoriesKey } from './remote-repository';
export { createRemoteFetcher } from './transport-factory';
