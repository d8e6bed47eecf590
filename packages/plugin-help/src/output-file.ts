import * as fs from 'node:fs';
import * as path from 'node:path';
import { GoalExecutionError } from '@goalhost/api';

/** Writes a help goal's report to `file` (its directory made first); `what` names the report in the error. */
export function writeReport(file: string, text: string, what: string): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  } catch (e) {
    throw new GoalExecutionError(`Cannot write ${what} to output: ${file} (${(e as Error).message})`, { cause: e });
  }
}

/** Maven's project id: `groupId:artifactId:packaging:version`. */
export function projectId(p: { groupId: string; artifactId: string; packaging: string; version: string }): string {
  return `${p.groupId}:${p.artifactId}:${p.packaging}:${p.version}`;
}
