/**
 * Internal entry point: what this package's tests reach beyond the public front door
 * (`index.ts`). Imported as `@goalhost/resolver/internal`; not part of the public API, may change at any time.
 */
export { formatLockFile, parseLockFile, type LockEntry, type LockFile } from './lock/lock-file';
export { RememberedDigests } from './lock/remembered-digests';
export { lockDifferences } from './lock/lock-diff';
export { runOsDetectExtension, OsDetectionError } from './project/os-detect-extension';
export { toWorkingModel, type WorkingModel } from './project/working-model';
export { classifierLikes, detectOs } from './project/os-detector';
export { readChecksumFile } from './trusted/sparse-directory-source';
export { formatSummaryFile, readSummaryFile } from './trusted/summary-file-source';
export { TransferHold, inTransferOf, transferLine } from './transport/transfer-hold';
export { aggregateRepositories, repositoriesKey, type RemoteRepository } from './transport/remote-repository';
