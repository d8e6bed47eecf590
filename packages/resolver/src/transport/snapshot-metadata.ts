import { statSync } from 'node:fs';
import { child, childrenNamed, childText, INPUT_KINDS, parseXmlFast, readInputFileIfPresent } from '@goalhost/model';

/** What a `maven-metadata.xml` of a snapshot version says. */
export interface SnapshotMetadata {
  /** `yyyyMMddHHmmss` of the last deployment. */
  readonly lastUpdated: string;
  readonly timestamp?: string;
  readonly buildNumber?: number;
  readonly localCopy: boolean;
  readonly versions: ReadonlyArray<{
    readonly classifier: string;
    readonly extension: string;
    readonly value: string;
    readonly updated: string;
  }>;
}

export function parseSnapshotMetadata(text: string, source: string): SnapshotMetadata | undefined {
  let root;
  try {
    root = parseXmlFast(text, source);
  } catch {
    return undefined;
  }
  const versioning = child(root, 'versioning');
  if (!versioning) return undefined;
  const snapshot = child(versioning, 'snapshot');
  const build = childText(snapshot, 'buildNumber');
  return {
    lastUpdated: childText(versioning, 'lastUpdated') ?? '',
    ...(childText(snapshot, 'timestamp') ? { timestamp: childText(snapshot, 'timestamp') } : {}),
    ...(build ? { buildNumber: Number(build) } : {}),
    localCopy: childText(snapshot, 'localCopy') === 'true',
    versions: childrenNamed(child(versioning, 'snapshotVersions'), 'snapshotVersion').map((v) => ({
      classifier: childText(v, 'classifier') ?? '',
      extension: childText(v, 'extension') ?? '',
      value: childText(v, 'value') ?? '',
      updated: childText(v, 'updated') ?? '',
    })),
  };
}

/**
 * The version a `-SNAPSHOT` resolves to with this metadata (and its update time), as Maven's
 * version resolver picks it: the matching `<snapshotVersion>`, else timestamp-buildNumber,
 * else the SNAPSHOT itself (local copy).
 */
export function snapshotVersion(
  m: SnapshotMetadata,
  baseVersion: string,
  classifier: string,
  extension: string,
): { version: string; updated: string } {
  const match = m.versions.find((v) => v.classifier === classifier && v.extension === extension);
  if (match && match.value) return { version: match.value, updated: match.updated || m.lastUpdated };
  if (m.timestamp && m.buildNumber !== undefined && !m.localCopy) {
    return { version: baseVersion.replace(/SNAPSHOT$/, `${m.timestamp}-${m.buildNumber}`), updated: m.lastUpdated };
  }
  return { version: baseVersion, updated: m.lastUpdated };
}

/**
 * Whether a version a snapshot resolved to through metadata has the only shapes Maven deploys:
 * the `-SNAPSHOT` itself or `<base>-yyyyMMdd.HHmmss-<buildNumber>`. Anything else (a `<value>`,
 * `<timestamp>` or `<buildNumber>` carrying `../`, for instance) is refused by the caller.
 */
export function isValidSnapshotVersion(resolved: string, baseVersion: string): boolean {
  if (resolved === baseVersion) return true;
  const stem = baseVersion.slice(0, baseVersion.length - 'SNAPSHOT'.length);
  return (
    baseVersion.endsWith('SNAPSHOT') &&
    resolved.startsWith(stem) &&
    /^\d{8}\.\d{6}-\d+$/.test(resolved.slice(stem.length))
  );
}

export function readSnapshotMetadata(file: string): SnapshotMetadata | undefined {
  const text = readInputFileIfPresent(file, 'The metadata file', INPUT_KINDS.metadata);
  return text === undefined ? undefined : parseSnapshotMetadata(text, file);
}

/**
 * Whether a file checked at `checked` must be checked again under Maven's update policy
 * (`always`, `daily` (default), `interval:N` minutes, `never`).
 */
export function isOutdated(file: string, policy: string | undefined, now = Date.now()): boolean {
  let checked: number;
  try {
    checked = statSync(file).mtimeMs;
  } catch {
    return true;
  }
  return isOutdatedSince(checked, policy, now);
}

/** Whether something checked at `checked` (ms) must be checked again under the update policy. */
export function isOutdatedSince(checked: number, policy: string | undefined, now = Date.now()): boolean {
  const p = policy ?? 'daily';
  if (p === 'always') return true;
  if (p === 'never') return false;
  if (p.startsWith('interval:')) return now - checked >= Number(p.slice('interval:'.length)) * 60_000;
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return checked < midnight.getTime();
}
