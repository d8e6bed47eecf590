import * as path from 'node:path';
import { GoalExecutionError } from '@goalhost/api';

/** How unpacked trees are kept and placed (`-Dgoalhost.store=copy|hardlink|off`). */
export type StoreMode = 'copy' | 'hardlink' | 'off';

export interface StoreOptions {
  readonly mode: StoreMode;
  /** Absolute. */
  readonly directory: string;
  /** The most bytes the store keeps; the least recently used trees go first. */
  readonly maxBytes: number;
  /** Check every stored file's SHA-256 before a tree is used (else its size, time and mode). */
  readonly verify: boolean;
}

export const STORE_PROPERTY = 'goalhost.store';
export const STORE_DIR_PROPERTY = 'goalhost.store.dir';
export const STORE_MAX_SIZE_PROPERTY = 'goalhost.store.maxSize';
export const STORE_VERIFY_PROPERTY = 'goalhost.store.verify';
export const DEFAULT_STORE_MAX_SIZE = 20 * 1024 ** 3;

const UNITS: Readonly<Record<string, number>> = { '': 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3, t: 1024 ** 4 };

function parseBytes(text: string, property: string): number {
  const m = /^(\d+)\s*([kmgt]?)b?$/i.exec(text.trim());
  const bytes = m ? Number(m[1]) * UNITS[m[2].toLowerCase()] : NaN;
  if (!Number.isSafeInteger(bytes) || bytes <= 0) {
    throw new GoalExecutionError(
      `Invalid ${property} '${text}': give the most bytes the store may hold, optionally with k, m, g or t (1024-based), e.g. -D${property}=50g`,
    );
  }
  return bytes;
}

/**
 * The store's settings from the build's properties (a -D property first, then the POM's): on in
 * `copy` mode by default, in `goalhost-store` beside the local repository.
 */
export function storeOptions(
  property: (name: string) => string | undefined,
  localRepository: string | undefined,
  basedir: string,
): StoreOptions {
  const modeText = (property(STORE_PROPERTY) ?? '').trim() || 'copy';
  if (modeText !== 'copy' && modeText !== 'hardlink' && modeText !== 'off') {
    throw new GoalExecutionError(
      `Invalid ${STORE_PROPERTY} '${modeText}': give copy (the default), hardlink or off, e.g. -D${STORE_PROPERTY}=off`,
    );
  }
  const dirText = (property(STORE_DIR_PROPERTY) ?? '').trim();
  // Without a local repository (a goal run outside a build) and no directory given: no store.
  const mode = !dirText && !localRepository ? 'off' : modeText;
  const maxText = (property(STORE_MAX_SIZE_PROPERTY) ?? '').trim();
  const verifyText = (property(STORE_VERIFY_PROPERTY) ?? '').trim();
  return {
    mode,
    directory: dirText
      ? path.resolve(basedir, dirText)
      : path.join(path.dirname(path.resolve(localRepository ?? basedir)), 'goalhost-store'),
    maxBytes: maxText ? parseBytes(maxText, STORE_MAX_SIZE_PROPERTY) : DEFAULT_STORE_MAX_SIZE,
    verify: verifyText === 'true',
  };
}
