export { legacyRangeText } from './legacy-version-range';
export { PluginVersionResolutionError, PluginVersionResolver, type VersionlessPlugin } from './plugin-version-resolver';
export { listVersions } from './version-listing';
export {
  InvalidVersionRangeError,
  isVersionRange,
  parseVersionRange,
  rangeContains,
  rangeText,
  type VersionRange,
} from './version-range';
export { compareVersions } from './version';
