import * as os from 'node:os';
import * as path from 'node:path';
import { javaOsProperties, type RawProfile, type RawRepository, type Repository, type Settings } from '@goalhost/model';
import { findJavaRuntime } from './java-runtime';

/** What the host gives the resolver. */
export interface ResolverConfig {
  /** Absolute path of the local repository. */
  localRepository: string;
  offline: boolean;
  /** `-U`: check remote repositories for newer snapshots and metadata now. */
  updateSnapshots: boolean;
  /** `-nsu`: every repository's update policy is `never` (what the local repository has is used). */
  noSnapshotUpdates?: boolean;
  /** `-C` (fail) / `-c` (warn): the checksum policy of every repository, whatever it declares. */
  checksumPolicy?: 'fail' | 'warn';
  /** `-llr`: Maven 2's local repository: any file there counts, no `_remote.repositories` are kept. */
  legacyLocalRepository?: boolean;
  settings: Settings;
  /** `-D` properties. */
  userProperties: Record<string, string>;
  env: Record<string, string | undefined>;
  /** System properties Maven's launcher sets (`maven.multiModuleProjectDirectory`). */
  launcherProperties?: Record<string, string>;
  /** `-P a,!b`: a is in activeProfiles, b in inactiveProfiles. */
  activeProfiles: string[];
  inactiveProfiles: string[];
  log: ResolverLog;
  /** settings-security.xml, to decrypt `{...}` server passwords (default ~/.m2/settings-security.xml). */
  settingsSecurityFile?: string;
  /** Simultaneous downloads (default 5, like Maven). */
  downloadThreads?: number;
  /** `-ntp`/`--no-transfer-progress`: no "Downloading from"/"Downloaded from" lines, no progress line. */
  noTransferProgress?: boolean;
  /**
   * Where results of `resolveDependencies` are kept to be reused while their inputs are
   * unchanged (see resolution-cache.ts); no cache without it.
   */
  resolutionCacheDirectory?: string;
  /**
   * Called before every download (artifact, POM, metadata) with the repository (after mirrors)
   * and the URL; throwing refuses it (a lock's origins, see lock/lock-origins.ts).
   */
  originGuard?: (repositoryId: string, url: string) => void;
}

export interface ResolverLog {
  debug(m: string): void;
  info(m: string): void;
  warn(m: string): void;
  isDebugEnabled(): boolean;
  progress?(t: string): void;
  progressDone?(): void;
}

/**
 * The Java system properties Maven would see (what POM interpolation and profile activation can
 * use), plus `env.NAME` for each environment variable and the `-D` properties, as Maven's CLI
 * also sets those as system properties.
 */
export function systemProperties(
  env: Record<string, string | undefined>,
  user: Record<string, string>,
  launcher: Record<string, string> = {},
): Record<string, string> {
  // The runtime mvn would run on (JAVA_HOME or PATH): system-scope paths use ${java.home}.
  const java = findJavaRuntime(env);
  const props: Record<string, string> = {
    'java.version': java?.version ?? '17.0.0',
    'java.vendor': java?.vendor ?? 'goalhost',
    'java.home': java?.home ?? '',
    ...javaOsProperties(),
    'user.home': os.homedir(),
    'user.dir': process.cwd(),
    'user.name': safeUserName(),
    'file.separator': path.sep,
    'path.separator': path.delimiter,
    'line.separator': os.EOL,
    'java.io.tmpdir': os.tmpdir(),
    'file.encoding': 'UTF-8',
    'maven.version': '3.8.7',
    'maven.build.version': 'Apache Maven 3.8.7',
  };
  for (const [k, v] of Object.entries(env)) if (v !== undefined) props[`env.${k}`] = v;
  return { ...props, ...launcher, ...user };
}

function safeUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return '';
  }
}

function toRaw(r: Repository): RawRepository {
  const p = (x: Repository['releases']) => ({
    enabled: String(x.enabled),
    ...(x.updatePolicy ? { updatePolicy: x.updatePolicy } : {}),
    ...(x.checksumPolicy ? { checksumPolicy: x.checksumPolicy } : {}),
  });
  return {
    id: r.id,
    url: r.url,
    ...(r.layout ? { layout: r.layout } : {}),
    releases: p(r.releases),
    snapshots: p(r.snapshots),
  };
}

/** settings.xml profiles in the POM profile shape, so one activation/injection path serves both. */
export function settingsProfiles(settings: Settings): RawProfile[] {
  return settings.profiles.map((p) => ({
    id: p.id,
    ...(p.activation
      ? { activation: p.activation }
      : p.activeByDefault
        ? { activation: { activeByDefault: 'true' } }
        : {}),
    base: {
      properties: Object.entries(p.properties),
      dependencies: [],
      dependencyManagement: [],
      repositories: p.repositories.map(toRaw),
      pluginRepositories: (p.pluginRepositories ?? []).map(toRaw),
      modules: [],
    },
  }));
}
