import type { Log } from '@goalhost/api';

/** A Log that keeps every line, debug included, with Maven's level prefixes. */
export class RecordingLog implements Log {
  readonly lines: string[] = [];
  debug(message: string): void {
    this.lines.push(`[DEBUG] ${message}`);
  }
  info(message: string): void {
    this.lines.push(`[INFO] ${message}`);
  }
  warn(message: string): void {
    this.lines.push(`[WARNING] ${message}`);
  }
  error(message: string): void {
    this.lines.push(`[ERROR] ${message}`);
  }
  isDebugEnabled(): boolean {
    return true;
  }
  progress(): void {}
  progressDone(): void {}
  /** The lines without debug ones (what a normal run prints). */
  get visible(): string[] {
    return this.lines.filter((l) => !l.startsWith('[DEBUG]'));
  }
}
