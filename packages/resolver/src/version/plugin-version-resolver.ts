import { child, childrenNamed, parseXmlFast, redactUrl } from '@goalhost/model';
import { ArtifactResolutionError } from '../errors';
import { repositoriesKey, type ArtifactResolver, type RemoteFetcher, type RemoteRepository } from '../transport';
import { compareVersions } from './version';
import { artifactMetadata } from './version-listing';

/** A plugin that needs a version no POM gives it (Maven's PluginVersionRequest). */
export interface VersionlessPlugin {
  readonly groupId: string;
  readonly artifactId: string;
}

/** No version of a plugin could be chosen (Maven's PluginVersionResolutionException, same text). */
export class PluginVersionResolutionError extends Error {
  readonly mavenException = 'PluginVersionResolutionException';

  constructor(
    plugin: VersionlessPlugin,
    localBasedir: string,
    repositories: readonly RemoteRepository[],
    reason: string,
  ) {
    const where = [`local (${localBasedir})`, ...repositories.map((r) => `${r.id} (${redactUrl(r.url)})`)].join(', ');
    super(
      `Error resolving version for plugin '${plugin.groupId}:${plugin.artifactId}' from the repositories [${where}]: ${reason}`,
    );
    this.name = 'PluginVersionResolutionError';
  }
}

/** What the metadata of every repository says, merged as Maven's DefaultPluginVersionResolver merges it. */
interface MetadataVersions {
  release?: Listed;
  releaseStamp: string;
  latest?: Listed;
  latestStamp: string;
  /** Every listed version and the first repository listing it. */
  readonly all: Map<string, string>;
}

/** A version and the repository (as Maven's debug log names it) whose metadata gave it. */
interface Listed {
  readonly version: string;
  readonly repository: string;
}

/**
 * Maven 3.8.7's plugin version resolution, for a build plugin (or an extension) that no POM
 * gives a version: the `maven-metadata.xml` of the plugin in the local repository
 * (`maven-metadata-local.xml`) and in each plugin repository (kept as `maven-metadata-<id>.xml`,
 * downloaded under the update policy unless offline); the release (or latest) version of the
 * most recently updated metadata when its jar resolves, else the highest release, else the
 * highest snapshot whose jar resolves. Nothing found fails as Maven fails ("Plugin not found in
 * any plugin repository"). One answer per plugin and repositories for the session, as Maven caches it.
 */
export class PluginVersionResolver {
  private readonly answers = new Map<string, Promise<string>>();

  constructor(
    private readonly localBasedir: string,
    private readonly remote: RemoteFetcher | undefined,
    private readonly offline: boolean,
    private readonly artifacts: ArtifactResolver,
    private readonly debug: (message: string) => void,
  ) {}

  resolve(plugin: VersionlessPlugin, repositories: readonly RemoteRepository[]): Promise<string> {
    const key = `${plugin.groupId}:${plugin.artifactId}@${repositoriesKey(repositories)}`;
    let answer = this.answers.get(key);
    if (!answer) {
      answer = this.fromRepositories(plugin, repositories);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private async fromRepositories(
    plugin: VersionlessPlugin,
    repositories: readonly RemoteRepository[],
  ): Promise<string> {
    const kept = await artifactMetadata(
      this.localBasedir,
      this.remote,
      this.offline,
      plugin.groupId,
      plugin.artifactId,
      repositories,
    );
    const versions: MetadataVersions = { releaseStamp: '', latestStamp: '', all: new Map() };
    const names = [`${this.localBasedir} (enhanced)`, ...repositories.map(describe)];
    kept.forEach(({ text, source }, i) => text !== undefined && mergeMetadata(versions, text, source, names[i]));
    const chosen = await this.select(plugin, versions, repositories);
    if (chosen === undefined) {
      throw new PluginVersionResolutionError(
        plugin,
        this.localBasedir,
        repositories,
        'Plugin not found in any plugin repository',
      );
    }
    this.debug(
      `Resolved plugin version for ${plugin.groupId}:${plugin.artifactId} to ${chosen.version} from repository ${chosen.repository}`,
    );
    return chosen.version;
  }

  private async select(
    plugin: VersionlessPlugin,
    versions: MetadataVersions,
    repositories: readonly RemoteRepository[],
  ): Promise<Listed | undefined> {
    const named = versions.release ?? versions.latest;
    if (named) {
      if (await this.usable(plugin, named.version, repositories)) return named;
      versions.all.delete(named.version);
    }
    const descending = [...versions.all.keys()].sort((a, b) => compareVersions(b, a));
    for (const snapshots of [false, true]) {
      for (const version of descending) {
        if (version.endsWith('-SNAPSHOT') !== snapshots) continue;
        if (await this.usable(plugin, version, repositories))
          return { version, repository: versions.all.get(version)! };
      }
    }
    return undefined;
  }

  /** Maven takes a version only when its plugin jar resolves (reading its descriptor). */
  private async usable(
    plugin: VersionlessPlugin,
    version: string,
    repositories: readonly RemoteRepository[],
  ): Promise<boolean> {
    try {
      await this.artifacts.resolve({ ...plugin, version, classifier: '', extension: 'jar' }, repositories);
      return true;
    } catch (e) {
      if (!(e instanceof ArtifactResolutionError)) throw e;
      this.debug(`Ignoring unresolvable plugin version ${version}`);
      return false;
    }
  }
}

/** A later `lastUpdated` names the release and latest; versions are listed once, first come first. */
function mergeMetadata(versions: MetadataVersions, text: string, source: string, repository: string): void {
  let versioning;
  try {
    versioning = child(parseXmlFast(text, source), 'versioning');
  } catch {
    return; // Maven reports unreadable metadata as invalid and goes on
  }
  if (!versioning) return;
  const stamp = child(versioning, 'lastUpdated')?.text.trim() ?? '';
  const release = child(versioning, 'release')?.text.trim();
  const latest = child(versioning, 'latest')?.text.trim();
  if (release && stamp > versions.releaseStamp) {
    versions.release = { version: release, repository };
    versions.releaseStamp = stamp;
  }
  if (latest && stamp > versions.latestStamp) {
    versions.latest = { version: latest, repository };
    versions.latestStamp = stamp;
  }
  for (const v of childrenNamed(child(versioning, 'versions'), 'version')) {
    const version = v.text.trim();
    if (!versions.all.has(version)) versions.all.set(version, repository);
  }
}

/** A remote repository as Maven resolver's toString() names it. */
function describe(r: RemoteRepository): string {
  const policies = r.releases.enabled
    ? r.snapshots.enabled
      ? 'releases+snapshots'
      : 'releases'
    : r.snapshots.enabled
      ? 'snapshots'
      : 'disabled';
  return `${r.id} (${redactUrl(r.url)}, ${r.layout}, ${policies}${r.blocked ? ', blocked' : ''})`;
}
