import type { Log } from '@goalhost/api';

/** What `silent=true` gives the plugin's own lines: nothing (errors still fail the build). */
export const SILENT_LOG: Log = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  isDebugEnabled: () => false,
  progress: () => undefined,
  progressDone: () => undefined,
};
