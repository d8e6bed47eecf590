import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * Writes `data` to `target` through a temporary file beside it, so no reader sees half a file
 * (maven-resolver's FileUtils.writeFile); with `backup`, an existing target is first copied to
 * `<target>.bak` (its writeFileWithBackup). Parent directories are created.
 */
export function writeAtomically(target: string, data: string, backup: boolean): void {
  const dir = path.dirname(target);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = path.join(dir, `.${path.basename(target)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, data, 'utf8');
    if (backup && fs.statSync(target, { throwIfNoEntry: false })?.isFile()) fs.copyFileSync(target, `${target}.bak`);
    fs.renameSync(tmp, target);
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}
