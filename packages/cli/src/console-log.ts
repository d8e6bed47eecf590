import { PLAIN_STYLES, type Log, type MessageStyles } from '@goalhost/api';
import { MARKING_STYLES, markedLevel, renderAnsi } from './ansi-styles';

/** Where console text goes: a stream (stdout, stderr) or the file of `-l`. */
export interface TextOutput {
  write(text: string): unknown;
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface ConsoleLogOptions {
  readonly debug: boolean;
  readonly quiet: boolean;
  /** Show a live progress line (stderr is a terminal and not batch mode). */
  readonly progress: boolean;
  /** ANSI colours, as Maven's console on a terminal (see console-color.ts). */
  readonly color?: boolean;
  readonly out?: TextOutput;
  readonly err?: TextOutput;
}

/**
 * Maven-style log lines on stdout (`[INFO] ...`); `-q` keeps only errors, `-X` adds debug.
 * The progress line lives on stderr and is erased before any log line is written.
 */
export class ConsoleLog implements Log {
  private readonly out: TextOutput;
  private readonly err: TextOutput;
  private progressShown = false;
  /** Maven's message styles: marked for colour, or the plain text. */
  readonly styles: MessageStyles;

  constructor(private readonly options: ConsoleLogOptions) {
    this.out = options.out ?? process.stdout;
    this.err = options.err ?? process.stderr;
    this.styles = options.color ? MARKING_STYLES : PLAIN_STYLES;
  }

  debug(message: string): void {
    if (this.options.debug) this.write('DEBUG', message);
  }

  info(message: string): void {
    if (!this.options.quiet) this.write('INFO', message);
  }

  warn(message: string): void {
    if (!this.options.quiet) this.write('WARNING', message);
  }

  error(message: string): void {
    this.write('ERROR', message);
  }

  isDebugEnabled(): boolean {
    return this.options.debug;
  }

  progress(text: string): void {
    if (!this.options.progress || this.options.quiet) return;
    const width = this.lineWidth();
    this.err.write(`\r${text.slice(0, width).padEnd(width)}`);
    this.progressShown = true;
  }

  progressDone(): void {
    if (!this.progressShown) return;
    this.err.write(`\r${' '.repeat(this.lineWidth())}\r`);
    this.progressShown = false;
  }

  /**
   * One less than the terminal's width, so the line never wraps; 80 columns when the terminal
   * reports none or 0 (a pseudo-terminal without a size, as under `script`).
   */
  private lineWidth(): number {
    const columns = this.err.columns;
    return Math.max(20, (columns !== undefined && columns > 0 ? columns : 80) - 1);
  }

  private write(level: string, message: string): void {
    this.progressDone();
    // Like Maven's console: the level prefixes the first line of a message only.
    this.out.write(
      this.options.color ? `${renderAnsi(`${markedLevel(level)}${message}`)}\n` : `[${level}] ${message}\n`,
    );
  }
}
