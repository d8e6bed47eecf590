import * as path from 'node:path';
import { checksumAlgorithms, type ChecksumAlgorithm } from './checksum-algorithms';

/** The post-processor's keys (maven-resolver's TrustedChecksumsArtifactResolverPostProcessor). */
export const POST_PROCESSOR_KEY = 'aether.artifactResolver.postProcessor.trustedChecksums';
/** The sources' keys (maven-resolver's FileTrustedChecksumsSourceSupport): `<prefix><name>[.basedir|.originAware]`. */
export const SOURCE_KEY_PREFIX = 'aether.trustedChecksumsSource.';

export type TrustedSourceName = 'sparseDirectory' | 'summaryFile';

/** One enabled source of trusted checksums. */
export interface TrustedSourceConfig {
  readonly name: TrustedSourceName;
  /** Absolute; relative values resolve against the local repository, `.checksums` when unset. */
  readonly basedir: string;
  /** Whether the origin repository's id is part of the place (default true). */
  readonly originAware: boolean;
}

export interface TrustedChecksumsConfig {
  /** Whether resolved artifacts are verified or recorded at all. */
  readonly enabled: boolean;
  readonly algorithms: readonly ChecksumAlgorithm[];
  readonly failIfMissing: boolean;
  readonly snapshots: boolean;
  readonly record: boolean;
  /** The sources enabled, in the order they are asked. */
  readonly sources: readonly TrustedSourceConfig[];
  /** Settings read but not followed, to warn about. */
  readonly warnings: readonly string[];
}

/** A trusted checksums setting with a value maven-resolver refuses. */
export class TrustedChecksumsConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TrustedChecksumsConfigError';
  }
}

/**
 * The trusted checksums configuration from Maven's session configuration (the `-D` properties,
 * `.mvn/maven.config` and MAVEN_ARGS included), read with maven-resolver 1.9's keys and defaults.
 * Booleans are Java's Boolean.parseBoolean (only `true`, any case, is true). Maven 3.9 expands
 * `${session.rootDirectory}` (the nearest directory holding `.mvn`) in the command line and
 * maven.config; goalhost does so in the values of these keys, where teams use it for `.mvn/checksums`.
 */
export function trustedChecksumsConfig(
  properties: Readonly<Record<string, string>>,
  localRepository: string,
  rootDirectory: string | undefined,
): TrustedChecksumsConfig {
  const get = (key: string): string | undefined =>
    Object.hasOwn(properties, key) ? expand(properties[key], key, rootDirectory) : undefined;
  const flag = (key: string, fallback: boolean): boolean => {
    const v = get(key);
    return v === undefined ? fallback : v.toLowerCase() === 'true';
  };
  const algorithmsKey = `${POST_PROCESSOR_KEY}.checksumAlgorithms`;
  const enabled = flag(POST_PROCESSOR_KEY, false);
  const scopeKey = `${POST_PROCESSOR_KEY}.scope`;
  const warnings =
    enabled && get(scopeKey) !== undefined && get(scopeKey) !== 'all'
      ? [
          `-D${scopeKey}=${get(scopeKey)} is not followed: goalhost checks the trusted checksums of every artifact it resolves (scope all)`,
        ]
      : [];
  const sources: TrustedSourceConfig[] = [];
  for (const name of ['sparseDirectory', 'summaryFile'] as const) {
    const key = `${SOURCE_KEY_PREFIX}${name}`;
    if (!flag(key, false)) continue;
    sources.push({
      name,
      basedir: path.resolve(localRepository, get(`${key}.basedir`) ?? '.checksums'),
      originAware: flag(`${key}.originAware`, true),
    });
  }
  return {
    enabled,
    algorithms: enabled ? checksumAlgorithms(get(algorithmsKey) ?? 'SHA-1', algorithmsKey) : [],
    failIfMissing: flag(`${POST_PROCESSOR_KEY}.failIfMissing`, false),
    snapshots: flag(`${POST_PROCESSOR_KEY}.snapshots`, false),
    record: flag(`${POST_PROCESSOR_KEY}.record`, false),
    sources,
    warnings,
  };
}

function expand(value: string, key: string, rootDirectory: string | undefined): string {
  return value.replace(/\$\{session\.rootDirectory\}/g, () => {
    if (rootDirectory === undefined)
      throw new TrustedChecksumsConfigError(
        `Illegal use of undefined property: session.rootDirectory (in -D${key}: no directory from the build's up holds a .mvn directory; create one at the project's root)`,
      );
    return rootDirectory;
  });
}
