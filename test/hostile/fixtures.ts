import * as path from 'node:path';
import { ROOT } from '../support/paths';

/** The committed hostile archives (tools/gen-hostile-fixtures.js) and the generator's writers. */
export const HOSTILE = path.join(ROOT, 'test', 'fixtures', 'hostile');

export function hostile(name: string): string {
  return path.join(HOSTILE, name);
}

export interface ZipEntrySpec {
  readonly name: string | Buffer;
  readonly data?: string | Buffer;
  readonly dir?: boolean;
  readonly symlink?: string;
  readonly mode?: number;
  readonly store?: boolean;
}

export interface TarEntrySpec {
  readonly name: string | Buffer;
  readonly data?: string | Buffer;
  readonly dir?: boolean;
  readonly type?: string;
  readonly mode?: number;
  readonly symlink?: string;
  readonly link?: string;
}

interface Generator {
  zip(entries: readonly ZipEntrySpec[]): Buffer;
  tar(entries: readonly TarEntrySpec[]): Buffer;
  gz(tar: Buffer): Buffer;
  readonly ABSOLUTE: string;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const generator = require(path.join(ROOT, 'tools', 'gen-hostile-fixtures.js')) as Generator;
