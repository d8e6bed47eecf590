import * as path from 'node:path';

/** Repository root (test-dist/support/.. /..). */
export const ROOT = path.resolve(__dirname, '..', '..');
/** The goalhost CLI entry point, as users run it. */
export const GOALHOST_BIN = path.join(ROOT, 'packages', 'cli', 'bin', 'goalhost.js');
/** ../shared beside the checkout (specs and oracles). */
export const SHARED = path.resolve(ROOT, '..', 'shared');
/** test/fixtures in the checkout (data files the compiler does not copy). */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');
