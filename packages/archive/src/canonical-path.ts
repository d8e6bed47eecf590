import * as fs from 'node:fs';
import * as path from 'node:path';

/** The canonical form of a path that may not exist yet: its existing part with links resolved. */
export function canonicalPath(p: string): string {
  const absolute = path.resolve(p);
  const rest: string[] = [];
  for (let q = absolute; ; q = path.dirname(q)) {
    try {
      return path.join(fs.realpathSync(q), ...rest.reverse());
    } catch {
      if (path.dirname(q) === q) return absolute;
      rest.push(path.basename(q));
    }
  }
}
