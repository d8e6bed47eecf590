export { createRepositorySystem, type RepositorySystem, type ArtifactRequest } from './repository-system';
export type { ResolverConfig, ResolverLog } from './resolver-config';
export { ProjectBuildingError, ResolutionError, ArtifactResolutionError, formatProblem, type ModelProblem } from './errors';
export type { DependencyNode } from './dependency-node';
export { artifactType, fileCoordinates, type ArtifactType } from './artifact-types';
export { compareVersions } from './version';
export { upstreamProjects } from './reactor';
export { readSettings } from '@goalhost/model';
