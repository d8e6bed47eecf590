/**
 * @goalhost/unpack: maven-dependency-plugin 3.5.0's unpack rules, shared by every goal that
 * unpacks dependencies: which artifacts (the filter chain, classifier translation), where to
 * (useSubDirectoryPerX, useRepositoryLayout, stripVersion...), when again (marker files and the
 * overWrite rules), one run at a time per output directory, and the unpacker that drives the
 * archive engine (@goalhost/archive) with Maven's log lines and error wording.
 */
export { selectArtifacts, type ArtifactFilter, type Selection, type SelectionOptions } from './artifact-selection';
export { describePatterns, entrySelector } from './entry-patterns';
export { parseFileMappers } from './file-mapper-config';
export { goalUnpackSettings, type GoalUnpackSettings } from './goal-unpack-settings';
export { defaultMarkerName, MarkerStore, type OverwriteOptions } from './marker-store';
export { dependencyDirectoryName, formattedOutputDirectory, isInside, type LayoutOptions } from './output-layout';
export { lockOutputDirectory, type OutputLock } from './output-lock';
export { SILENT_LOG } from './silent-log';
export {
  DEFAULT_STORE_MAX_SIZE,
  STORE_DIR_PROPERTY,
  STORE_MAX_SIZE_PROPERTY,
  STORE_PROPERTY,
  STORE_VERIFY_PROPERTY,
  storeOptions,
  type StoreMode,
  type StoreOptions,
} from './store/store-options';
export { UnpackStore } from './store/unpack-store';
export { SYNC_OUTPUT_DIRECTORY_PARAMETER, SYNC_PROPERTY } from './sync/sync-journal';
export { DEFAULT_MAX_SIZE, MAX_SIZE_PROPERTY, parseMaxSize, sizeLimitRefusal } from './size-limit';
export {
  artifactIdOf,
  baseVersionOf,
  extensionOfType,
  fromResolved,
  isSnapshot,
  type UnpackArtifact,
} from './unpack-artifact';
export { unpackDependencies, type UnpackDependenciesRequest } from './unpack-dependencies';
export { unpackOne, type UnpackOneRequest } from './unpack-one';
export { MDEP_98, Unpacker, type UnpackJob, type UnpackSettings } from './unpacker';
