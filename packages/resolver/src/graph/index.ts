export { DependencyCollector, type DependencyPool, type ListVersions } from './collector';
export { describeConflict, resolveConflicts } from './conflict-resolver';
export type { DependencyNode } from './dependency-node';
export { MAX_RELOCATIONS, relocationChainTooLong, type DescriptorResult, type DescriptorSource } from './descriptor';
export { scopeOrigin, type GraphDependency, type GraphNode } from './graph';
export { VersionConflictError } from './nearest-version-selector';
export { SCOPES, takenBy } from './resolution-scopes';
export { resolveConflictsVerbose } from './verbose-conflicts';
export { dependencyTree } from './dependency-tree';
