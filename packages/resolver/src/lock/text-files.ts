import * as fs from 'node:fs';
import { INPUT_KINDS, readInputFileIfPresent } from '@goalhost/model';

/** The lock file's text, undefined when there is none; a file that is not one is refused. */
export function readText(file: string): string | undefined {
  return readInputFileIfPresent(file, 'The lock file', INPUT_KINDS.lock);
}

/** Replaces the file's text in one rename: a reader sees the old text or the new one, never a part. */
export function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(tmp, text);
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
}
