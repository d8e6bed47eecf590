import * as fs from 'node:fs';
import * as path from 'node:path';
import { INPUT_KINDS, readInputFile } from '@goalhost/model';
import type { ChecksumAlgorithm } from './checksum-algorithms';
import { writeAtomically } from './atomic-write';
import { artifactId, checkOriginId, remotePath, type TrustedArtifact } from './trusted-artifact';
import type { TrustedChecksumsSource } from './trusted-checksums-source';

export interface SummaryFileLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * One file per algorithm (and per origin repository when origin-aware) in the base directory,
 * `checksums[-<repository id>].<ext>`, each line `<checksum>  <path in the repository layout>`
 * (GNU coreutils' format; `#` comments and empty lines skipped): maven-resolver's
 * SummaryFileTrustedChecksumsSource. A file is read once per session; recorded checksums are
 * written at the session's end, merged with the file as it is then, sorted as maven-resolver
 * sorts them (by checksum), the old file kept as `.bak`.
 */
export class SummaryFileSource implements TrustedChecksumsSource {
  readonly name = 'summaryFile';
  /** Summary file -> path -> checksum, as loaded and recorded. */
  private readonly files = new Map<string, Map<string, string>>();
  private readonly changed = new Set<string>();

  constructor(
    private readonly basedir: string,
    private readonly originAware: boolean,
    private readonly log: SummaryFileLog,
  ) {}

  checksums(
    artifact: TrustedArtifact,
    repositoryId: string,
    algorithms: readonly ChecksumAlgorithm[],
  ): Map<string, string> {
    const found = new Map<string, string>();
    if (!fs.statSync(this.basedir, { throwIfNoEntry: false })?.isDirectory()) return found;
    const key = remotePath(artifact);
    for (const algorithm of algorithms) {
      const checksum = this.loaded(this.location(artifact, repositoryId, algorithm)).get(key);
      if (checksum !== undefined) found.set(algorithm.name, checksum);
    }
    return found;
  }

  location(artifact: TrustedArtifact, repositoryId: string, algorithm: ChecksumAlgorithm): string {
    if (this.originAware) checkOriginId(repositoryId, this.basedir, artifact);
    return path.join(this.basedir, `checksums${this.originAware ? `-${repositoryId}` : ''}.${algorithm.extension}`);
  }

  record(
    artifact: TrustedArtifact,
    repositoryId: string,
    algorithms: readonly ChecksumAlgorithm[],
    checksums: ReadonlyMap<string, string>,
  ): void {
    const key = remotePath(artifact);
    for (const algorithm of algorithms) {
      const file = this.location(artifact, repositoryId, algorithm);
      const checksum = checksums.get(algorithm.name)!;
      const lines = this.loaded(file);
      const old = lines.get(key);
      lines.set(key, checksum);
      if (old === undefined) this.changed.add(file);
      else if (old !== checksum) {
        this.changed.add(file);
        this.log.info(`Trusted checksum for artifact ${artifactId(artifact)} replaced: old ${old}, new ${checksum}`);
      }
    }
  }

  save(): void {
    const failures: string[] = [];
    for (const [file, recorded] of this.files) {
      if (!this.changed.has(file) || recorded.size === 0) continue;
      try {
        const merged = new Map([...readSummaryFile(file, this.log), ...recorded]);
        this.log.info(`Saving ${merged.size} checksums to '${file}'`);
        writeAtomically(file, formatSummaryFile(merged), true);
        this.changed.delete(file);
      } catch (e) {
        failures.push(`${file}: ${(e as Error).message}`);
      }
    }
    if (failures.length > 0)
      throw new Error(
        `Could not save the recorded trusted checksums (session save checksums failure):\n  ${failures.join('\n  ')}\n` +
          'Make the files and their directory writable and record again.',
      );
  }

  private loaded(file: string): Map<string, string> {
    let lines = this.files.get(file);
    if (!lines) {
      lines = readSummaryFile(file, this.log);
      this.files.set(file, lines);
    }
    return lines;
  }
}

/** The lines of a summary file, path -> checksum; empty when there is none. */
export function readSummaryFile(file: string, log: SummaryFileLog): Map<string, string> {
  const result = new Map<string, string>();
  if (!fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return result;
  const text = readInputFile(file, 'The trusted checksums file', INPUT_KINDS.lock);
  const lines = text.split(/\r\n|\r|\n/);
  // A last line end does not start another line (Java's readLine).
  if (lines[lines.length - 1] === '') lines.pop();
  for (const line of lines) {
    if (line.startsWith('#') || line === '') continue;
    const at = line.indexOf('  ');
    if (at < 0) {
      log.warn(`Checksums file '${file}' ignored malformed line '${line}'`);
      continue;
    }
    const checksum = line.slice(0, at);
    const artifactPath = line.slice(at + 2);
    const old = result.get(artifactPath);
    result.set(artifactPath, checksum);
    if (old === checksum)
      log.warn(`Checksums file '${file}' contains duplicate checksums for artifact ${artifactPath}: ${old}`);
    else if (old !== undefined)
      log.warn(
        `Checksums file '${file}' contains different checksums for artifact ${artifactPath}: old '${old}' replaced by new '${checksum}'`,
      );
  }
  log.info(`Loaded ${result.size} trusted checksums from ${file}`);
  return result;
}

/**
 * The text maven-resolver writes: one `<checksum>  <path>` line per entry, each ending with a
 * line feed, ordered by checksum (its save sorts the entries by value; entries with the same
 * checksum follow by path here, where Java's order would follow its hash map).
 */
export function formatSummaryFile(entries: ReadonlyMap<string, string>): string {
  const sorted = [...entries].sort(([pa, ca], [pb, cb]) => compareUtf16(ca, cb) || compareUtf16(pa, pb));
  return sorted.map(([p, c]) => `${c}  ${p}\n`).join('');
}

/** Java's String.compareTo: by UTF-16 code units. */
function compareUtf16(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
