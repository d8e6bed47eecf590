export {
  ArtifactResolver,
  artifactString,
  type ArtifactCoords,
  type RemoteFetcher,
  type ResolvedFile,
  type WorkspaceReader,
} from './artifact-resolver';
export { baseVersionOf, isFile, LocalRepository, readKept } from './local-repository';
export { aggregateRepositories, fromRaw, repositoriesKey, type RemoteRepository } from './remote-repository';
export { createRemoteFetcher } from './transport-factory';
