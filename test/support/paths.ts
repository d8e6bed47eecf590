import * as fs from 'node:fs';
import * as path from 'node:path';

/** Repository root (test-dist/support/.. /..). */
export const ROOT = path.resolve(__dirname, '..', '..');
/** The goalhost CLI entry point, as users run it. */
export const GOALHOST_BIN = path.join(ROOT, 'packages', 'cli', 'bin', 'goalhost.js');
/** ../shared beside the checkout (specs and oracles). */
export const SHARED = path.resolve(ROOT, '..', 'shared');
/** test/fixtures in the checkout (data files the compiler does not copy). */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');

/** Whether `relative` (a file or folder of ../shared) is beside this checkout. */
export function hasShared(relative: string): boolean {
  return fs.existsSync(path.join(SHARED, relative));
}

/**
 * Skips the calling suite (from a `before` hook) when `relative` of ../shared is absent, as on a
 * fresh clone: the specs and real-Maven oracles live beside the project, not in it. Prints one
 * line saying what is skipped and why, so a green run never hides what it did not check.
 */
export function skipWithoutShared(context: Mocha.Context, relative: string, what: string): void {
  if (hasShared(relative)) return;
  console.log(`    skipped: ${what}: needs ${path.join(SHARED, relative)}, which is not beside this checkout`);
  context.skip();
}
