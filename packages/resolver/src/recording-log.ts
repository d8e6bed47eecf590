import type { LoggedLine } from './resolution-cache';
import type { ResolverLog } from './resolver-config';

/** Passes every line on; while `recording` is set, also keeps it there. */
export class RecordingLog implements ResolverLog {
  recording?: LoggedLine[];

  constructor(private readonly target: ResolverLog) {
    if (target.progress) this.progress = (t) => target.progress!(t);
    if (target.progressDone) this.progressDone = () => target.progressDone!();
  }

  progress?(t: string): void;
  progressDone?(): void;

  debug(message: string): void {
    this.recording?.push({ level: 'debug', message });
    this.target.debug(message);
  }

  info(message: string): void {
    this.recording?.push({ level: 'info', message });
    this.target.info(message);
  }

  warn(message: string): void {
    this.recording?.push({ level: 'warn', message });
    this.target.warn(message);
  }

  isDebugEnabled(): boolean {
    return this.target.isDebugEnabled();
  }
}
