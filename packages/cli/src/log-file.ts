import * as fs from 'node:fs';
import * as path from 'node:path';
import type { TextOutput } from './console-log';

/** The file `-l` names, open for the run: all output goes to it. */
export interface LogFile {
  readonly output: TextOutput;
  close(): void;
}

/**
 * Opens (creates or empties) the `-l` file, relative to the working directory, as Maven does for
 * its standard output and error. Maven goes on with the console when the file cannot be opened,
 * without a word; so does this (undefined).
 */
export function openLogFile(file: string, cwd: string): LogFile | undefined {
  let fd: number;
  try {
    fd = fs.openSync(path.resolve(cwd, file), 'w');
  } catch {
    return undefined;
  }
  return {
    output: { write: (text: string) => fs.writeSync(fd, text) },
    close: () => fs.closeSync(fd),
  };
}
