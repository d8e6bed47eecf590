/**
 * Internal entry point: what this package's tests reach beyond the public front door
 * (`index.ts`). Imported as `@goalhost/cli/internal`; not part of the public API, may change at any time.
 */
export { ConsoleLog } from './console-log';
export { readDescriptorCached } from './descriptor-cache';
