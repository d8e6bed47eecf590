export type { ArtifactRequest } from './artifact-request';
export { createRepositorySystem, type RepositorySystem } from './repository-system';
export type { ResolverConfig, ResolverLog } from './resolver-config';
export {
  ProjectBuildingError,
  ResolutionError,
  ArtifactResolutionError,
  formatProblem,
  problemLocation,
  type ModelProblem,
} from './errors';
export type { DependencyNode } from './graph';
export { artifactType, fileCoordinates, type ArtifactType } from './artifact-types';
export { compareVersions } from './version';
export { upstreamProjects, OsDetectionError, descriptorProblem } from './project';
export { InterpolationSizeError, javaOsProperties, MAX_EXPANDED_LENGTH, readSettings } from '@goalhost/model';
export {
  DependencyLocks,
  LOCK_FILE_NAME,
  LOCK_MODES,
  LockError,
  LockOrigins,
  type LockMode,
  type SourceEntry,
  type WrittenLock,
} from './lock';
export { isInside, realPath } from './real-path';
