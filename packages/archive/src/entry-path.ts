import { isWithin, PlanFailure } from './target-tree';

/**
 * Where an entry goes below the output directory `root` (a canonical path), or why it may not.
 * Like plexus-utils' `resolveFile`, `.` and `..` are resolved and doubled separators collapse;
 * backslashes stay literal characters of relative names on Unix. Unlike plexus-archiver, the
 * containment test respects path boundaries: `../dependency-evil/x` is refused, as are absolute
 * names and Windows drive letters.
 */
export function entryTarget(root: string, name: string): string | PlanFailure {
  // No file name can hold a NUL; say so instead of letting the file system call fail obscurely.
  if (name.includes('\0')) {
    return new PlanFailure(
      `Entry ${name.replace(/\0/g, '\\0')} has a NUL character in its name, which no file name can hold; ` +
        'exclude it with mdep.unpack.excludes (? matches the NUL)',
      true,
    );
  }
  // The common case (a plain relative name) needs no segment walk.
  if (root !== '/' && !PLAIN_UNSAFE.test(name))
    return name.endsWith('/') ? `${root}/${name.slice(0, -1)}` : `${root}/${name}`;
  const unified = name.replace(/\\/g, '/');
  if (unified.startsWith('/') || /^[A-Za-z]:/.test(unified)) return outside(name);
  const segments: string[] = [];
  for (const segment of name.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return outside(name);
      segments.pop();
    } else segments.push(segment);
  }
  const target = segments.length === 0 ? root : `${root}/${segments.join('/')}`;
  return isWithin(root, target) ? target : outside(name);
}

/** What makes a name more than `root/name`: dot segments, doubled or leading separators, backslashes, drive letters. */
const PLAIN_UNSAFE = /(^|\/)\.\.?(\/|$)|\/\/|^\/|\\|^[A-Za-z]:|^$/;

function outside(name: string): PlanFailure {
  return new PlanFailure(`Entry is outside of the target directory (${name})`, false);
}

/** Last path segment of an entry name (what a flatten copy is called). */
export function entryBaseName(name: string): string {
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  return segments.length === 0 ? '' : segments[segments.length - 1];
}
