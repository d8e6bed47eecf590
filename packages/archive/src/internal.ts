/**
 * Internal entry point: what this package's tests reach beyond the public front door
 * (`index.ts`). Imported as `@goalhost/archive/internal`; not part of the public API, may change at any time.
 */
export type { ZipEntryData } from './archive-entry';
export { rawInflater } from './zip/raw-inflater';
export { readEntrySync, readWindow, WINDOW_SLACK } from './zip/zip-entry-data';
export { TarReader } from './tar/tar-reader';
export { gunzipInto } from './tar/gunzip-into';
export { ContentSlabs } from './write/content-slabs';
