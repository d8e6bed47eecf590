/**
 * Internal entry point: what this package's tests reach beyond the public front door
 * (`index.ts`). Imported as `@goalhost/plugin-cxx/internal`; not part of the public API, may change at any time.
 */
export * from './scm';
export { filterArtifacts } from './filter/artifact-filters';
