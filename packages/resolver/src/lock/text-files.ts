import * as fs from 'node:fs';

/** The file's text, or undefined when it cannot be read. */
export function readText(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
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
