/** Maven-style logger handed to goals: lines come out as `[INFO] ...`, `[WARNING] ...`. */
export interface Log {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
  isDebugEnabled(): boolean;
  /** A live progress line on a terminal; a no-op in batch mode or when not a TTY. */
  progress(text: string): void;
  /** Clears the progress line, if any. */
  progressDone(): void;
}
