import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { GoalExecutionError, type Log } from '@goalhost/api';
import { ownValue } from '@goalhost/model';

const ENCODINGS: Record<string, BufferEncoding> = {
  'utf-8': 'utf8',
  utf8: 'utf8',
  'iso-8859-1': 'latin1',
  latin1: 'latin1',
  'us-ascii': 'ascii',
  ascii: 'ascii',
  'utf-16le': 'utf16le',
};

/** Writes goal output like maven-dependency-plugin's DependencyUtil.write (parents created, append or replace). */
export function writeOutput(text: string, file: string, append: boolean, encoding: string | undefined): void {
  const enc = ownValue(ENCODINGS, (encoding ?? 'UTF-8').toLowerCase());
  if (!enc)
    throw new GoalExecutionError(`Unsupported outputEncoding '${encoding}': use UTF-8, ISO-8859-1 or US-ASCII.`);
  try {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, Buffer.from(text, enc), { flag: append ? 'a' : 'w' });
  } catch (e) {
    throw new GoalExecutionError(`Cannot write ${file}: ${(e as Error).message}`, { cause: e });
  }
}

/** Logs each line at INFO, like DependencyUtil.log (a trailing line break adds no empty line). */
export function logOutput(text: string, log: Log): void {
  const lines = text.split(/\r\n|\r|\n/);
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) log.info(line);
}
