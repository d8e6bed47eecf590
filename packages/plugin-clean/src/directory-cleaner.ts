import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Log } from '@goalhost/api';

export interface CleanerOptions {
  readonly log: Log;
  /** Log every file and directory deleted at info level (else at debug level). */
  readonly verbose: boolean;
  readonly followSymlinks: boolean;
  readonly failOnError: boolean;
  readonly retryOnError: boolean;
}

/** A deletion that could not be done; the goal reports it as `Failed to clean project: <message>`. */
export class CleanError extends Error {}

const RETRY_DELAYS_MS = [50, 250, 750];

/**
 * Deletes directory trees as maven-clean-plugin's Cleaner does: children before their parent,
 * symbolic links deleted as links and never followed (unless asked), a failed deletion retried
 * after short delays, then either an error or a warning.
 */
export class DirectoryCleaner {
  constructor(private readonly options: CleanerOptions) {}

  /** Deletes `basedir` and everything below it; a missing directory is skipped. */
  async delete(basedir: string): Promise<void> {
    const { log } = this.options;
    if (!isDirectory(basedir)) {
      if (!exists(basedir)) {
        log.debug(`Skipping non-existing directory ${basedir}`);
        return;
      }
      throw new CleanError(`Invalid base directory ${basedir}`);
    }
    log.info(`Deleting ${basedir}`);
    // Without following links the base itself is taken at its real location, so a link as the
    // base directory empties and removes the real directory, as Maven does.
    const file = this.options.followSymlinks ? basedir : fs.realpathSync(basedir);
    await this.deleteTree(file);
  }

  private async deleteTree(file: string): Promise<void> {
    const { log, followSymlinks } = this.options;
    const directory = isDirectory(file);
    if (directory) {
      const link = isSymbolicLink(file);
      if (followSymlinks || !link) {
        const dir = followSymlinks ? file : fs.realpathSync(file);
        const names = listInDirectoryOrder(dir);
        for (let i = names.length - 1; i >= 0; i--) await this.deleteTree(path.join(dir, names[i]));
      } else {
        log.debug(`Not recursing into symlink ${file}`);
      }
    }
    const what = directory ? 'directory' : exists(file) ? 'file' : 'dangling symlink';
    const message = `Deleting ${what} ${file}`;
    if (this.options.verbose) log.info(message);
    else log.debug(message);
    await this.deleteOne(file);
  }

  private async deleteOne(file: string): Promise<void> {
    if (removeEntry(file)) return;
    let deleted = false;
    if (this.options.retryOnError) {
      for (const delay of RETRY_DELAYS_MS) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        deleted = removeEntry(file) || !lexists(file);
        if (deleted) break;
      }
    } else {
      deleted = !lexists(file);
    }
    if (deleted) return;
    if (this.options.failOnError) throw new CleanError(`Failed to delete ${file}`);
    this.options.log.warn(`Failed to delete ${file}`);
  }
}

/**
 * Entry names in the order the file system returns them, as Java's File.list() does
 * (fs.readdirSync sorts them), so deletions happen and are logged in Maven's order.
 * An unreadable directory gives none: its own deletion then reports the failure.
 */
function listInDirectoryOrder(dir: string): string[] {
  const names: string[] = [];
  let handle: fs.Dir | undefined;
  try {
    handle = fs.opendirSync(dir);
    for (let entry = handle.readSync(); entry; entry = handle.readSync()) names.push(entry.name);
  } catch {
    // keep what was read
  } finally {
    handle?.closeSync();
  }
  return names;
}

/** Removes one file, link or empty directory; false when it could not. */
function removeEntry(file: string): boolean {
  try {
    const stat = fs.lstatSync(file);
    if (stat.isDirectory()) fs.rmdirSync(file);
    else fs.unlinkSync(file);
    return true;
  } catch {
    return false;
  }
}

function isDirectory(file: string): boolean {
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false;
  }
}

/** Exists, following links (a dangling link does not exist). */
function exists(file: string): boolean {
  return fs.existsSync(file);
}

/** Exists as an entry, even as a dangling link. */
function lexists(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function isSymbolicLink(file: string): boolean {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
