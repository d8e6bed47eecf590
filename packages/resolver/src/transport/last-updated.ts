import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { INPUT_KINDS, readInputFileIfPresent, redactUrl } from '@goalhost/model';
import { formatProperties, parseProperties } from './java-properties';
import type { RemoteRepository } from './remote-repository';
import { isOutdatedSince } from './snapshot-metadata';

const NOTE =
  'NOTE: This is a Maven Resolver internal implementation file, its format can be changed without prior notice.';

/**
 * The resolver's key of a repository in the record: its URL with one trailing slash, a password
 * in it shown as `***` (the record is a file: no password is ever written).
 */
function urlKey(repo: RemoteRepository): string {
  const url = redactUrl(repo.url);
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * `<artifact file>.lastUpdated`, Maven resolver's memory of failed lookups, per repository:
 * `<url>/.lastUpdated=<millis>` and `<url>/.error=` (empty: not found; else the transfer error,
 * whose time goes under `@default-<id>-<url>/.lastUpdated`). A repository that did not have the
 * file is not asked again until its update policy says so (`-U` asks anyway); transfer errors
 * are recorded but retried, as Maven 3.8.7 does by default. Gone once the file arrives.
 */
export class LastUpdatedRecord {
  private readonly file: string;
  /** Whether the last read found a record (none: nothing to remove when the file arrives). */
  private present = true;

  constructor(artifactFile: string) {
    this.file = `${artifactFile}.lastUpdated`;
  }

  /** Whether `repo` was found not to have the file within its update policy. */
  notFoundRecently(repo: RemoteRepository, policy: string | undefined, now = Date.now()): boolean {
    const entries = this.read();
    const key = urlKey(repo);
    const checked = Number(entries.get(`${key}.lastUpdated`));
    return entries.get(`${key}.error`) === '' && Number.isFinite(checked) && !isOutdatedSince(checked, policy, now);
  }

  notFound(repo: RemoteRepository): void {
    this.update((e) => {
      e.set(`${urlKey(repo)}.lastUpdated`, String(Date.now()));
      e.set(`${urlKey(repo)}.error`, '');
    });
  }

  transferFailed(repo: RemoteRepository, message: string): void {
    this.update((e) => {
      e.set(`@default-${repo.id}-${urlKey(repo)}.lastUpdated`, String(Date.now()));
      e.set(`${urlKey(repo)}.error`, redactUrl(message));
    });
  }

  /** The file arrived: the record has served its purpose. */
  found(): void {
    if (this.present) rmSync(this.file, { force: true });
  }

  /** The record's entries (none when there is no record); a record that is not a regular file is refused. */
  private read(): Map<string, string> {
    const text = readInputFileIfPresent(this.file, 'The record of failed downloads', INPUT_KINDS.repositoryRecord);
    this.present = text !== undefined;
    return text === undefined ? new Map() : parseProperties(text);
  }

  private update(change: (entries: Map<string, string>) => void): void {
    const entries = this.read();
    change(entries);
    // Written aside and renamed: a link in the record's place is replaced, never written through.
    const tmp = `${this.file}.${process.pid}.tmp`;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      writeFileSync(tmp, formatProperties(entries, NOTE));
      renameSync(tmp, this.file);
      this.present = true;
    } catch {
      // A record that cannot be written only costs a lookup next time.
      rmSync(tmp, { force: true });
    }
  }
}
