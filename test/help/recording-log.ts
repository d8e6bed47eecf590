import type { Log } from '@goalhost/api';

/** A Log that keeps `[LEVEL] message` entries, for asserting a goal's whole output. */
export class RecordingLog implements Log {
  readonly entries: string[] = [];
  constructor(private readonly debugEnabled = false) {}
  debug(message: string): void {
    if (this.debugEnabled) this.entries.push(`[DEBUG] ${message}`);
  }
  info(message: string): void {
    this.entries.push(`[INFO] ${message}`);
  }
  warn(message: string): void {
    this.entries.push(`[WARNING] ${message}`);
  }
  error(message: string): void {
    this.entries.push(`[ERROR] ${message}`);
  }
  isDebugEnabled(): boolean {
    return this.debugEnabled;
  }
  progress(): void {}
  progressDone(): void {}
}
