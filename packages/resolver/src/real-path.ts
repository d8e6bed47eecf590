import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The absolute path with every symbolic link resolved; for a path that does not exist (yet),
 * its nearest existing ancestor's real path followed by the rest.
 */
export function realPath(p: string): string {
  const absolute = path.resolve(p);
  const rest: string[] = [];
  for (let dir = absolute; ; dir = path.dirname(dir)) {
    try {
      return path.join(fs.realpathSync(dir), ...rest);
    } catch {
      if (path.dirname(dir) === dir) return absolute;
      rest.unshift(path.basename(dir));
    }
  }
}

/** Whether `file` is `dir` or below it once symbolic links are resolved on both sides. */
export function isInside(file: string, dir: string): boolean {
  const relative = path.relative(realPath(dir), realPath(file));
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
