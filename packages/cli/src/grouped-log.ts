import { AsyncLocalStorage } from 'node:async_hooks';
import type { Log, MessageStyles } from '@goalhost/api';
import type { ConsoleLog } from './console-log';

type Level = 'debug' | 'info' | 'warn' | 'error';

/**
 * The console log of a parallel build: what is logged while a project builds (by its goals, and
 * by the resolver on its behalf, followed through async calls) is held and written in one piece
 * when the project is done, so each project's lines stay together. Anything else goes straight out.
 */
export class GroupedLog implements Log {
  private readonly current = new AsyncLocalStorage<[Level, string][]>();

  constructor(private readonly console: ConsoleLog) {}

  get styles(): MessageStyles {
    return this.console.styles;
  }

  /** Runs `work` with its lines held, then writes them (whether it succeeded or failed). */
  async group<T>(work: () => Promise<T>): Promise<T> {
    const lines: [Level, string][] = [];
    try {
      return await this.current.run(lines, work);
    } finally {
      for (const [level, message] of lines) this.console[level](message);
    }
  }

  debug(message: string): void {
    this.write('debug', message);
  }

  info(message: string): void {
    this.write('info', message);
  }

  warn(message: string): void {
    this.write('warn', message);
  }

  error(message: string): void {
    this.write('error', message);
  }

  isDebugEnabled(): boolean {
    return this.console.isDebugEnabled();
  }

  progress(text: string): void {
    this.console.progress(text);
  }

  progressDone(): void {
    this.console.progressDone();
  }

  private write(level: Level, message: string): void {
    if (level === 'debug' && !this.console.isDebugEnabled()) return;
    const held = this.current.getStore();
    if (held) held.push([level, message]);
    else this.console[level](message);
  }
}
