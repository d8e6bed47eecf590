import type { Artifact } from '@goalhost/model';

/**
 * A dependency as the unpack goal sees it. Like Maven's artifact after classifier translation,
 * `scope` can be null (translated artifacts have none) and `type` is then the extension.
 */
export interface UnpackArtifact {
  readonly groupId: string;
  readonly artifactId: string;
  /** Resolved version (timestamped for a resolved remote snapshot). */
  readonly version: string;
  readonly baseVersion: string;
  readonly type: string;
  readonly classifier?: string;
  readonly extension: string;
  readonly scope: string | null;
  /** Absolute path of the artifact file. */
  readonly file: string;
  /** A direct dependency of the project (what `excludeTransitive` keeps). */
  readonly direct: boolean;
}

export function fromResolved(a: Artifact): UnpackArtifact {
  return {
    groupId: a.groupId,
    artifactId: a.artifactId,
    version: a.version,
    baseVersion: a.baseVersion || baseVersionOf(a.version),
    type: a.type,
    // Maven turns an empty classifier into none.
    classifier: a.classifier ? a.classifier : undefined,
    extension: a.extension,
    scope: a.scope ?? null,
    file: a.file,
    direct: a.depth === 1,
  };
}

const TIMESTAMPED = /^(.*)-(\d{8}\.\d{6})-(\d+)$/;

/** `1.0-20200101.120000-3` -> `1.0-SNAPSHOT`; anything else unchanged. */
export function baseVersionOf(version: string): string {
  const m = TIMESTAMPED.exec(version);
  return m ? `${m[1]}-SNAPSHOT` : version;
}

export function isSnapshot(a: Pick<UnpackArtifact, 'baseVersion'>): boolean {
  return a.baseVersion.endsWith('SNAPSHOT') || a.baseVersion === 'LATEST';
}

/** Maven's `Artifact.getId()`: `groupId:artifactId:type[:classifier]:baseVersion`. */
export function artifactIdOf(
  a: Pick<UnpackArtifact, 'groupId' | 'artifactId' | 'type' | 'classifier' | 'baseVersion'>,
): string {
  return [a.groupId, a.artifactId, a.type, ...(a.classifier ? [a.classifier] : []), a.baseVersion].join(':');
}

/** Maven core's artifact handlers: type -> file extension (any other type is its own extension). */
const EXTENSIONS: Readonly<Record<string, string>> = {
  pom: 'pom',
  jar: 'jar',
  ejb: 'jar',
  'ejb-client': 'jar',
  'test-jar': 'jar',
  'maven-plugin': 'jar',
  'java-source': 'jar',
  javadoc: 'jar',
  war: 'war',
  ear: 'ear',
  rar: 'rar',
};

export function extensionOfType(type: string): string {
  return Object.prototype.hasOwnProperty.call(EXTENSIONS, type) ? EXTENSIONS[type] : type;
}
