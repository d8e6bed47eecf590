export { DependencyLocks, LOCK_MODES, type LockMode, type WrittenLock } from './dependency-locks';
export { LockError } from './lock-errors';
export { LOCK_FILE_NAME } from './lock-file';
export type { SourceEntry } from './lock-file';
export { LockOrigins } from './lock-origins';
