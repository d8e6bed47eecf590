import {
  redactUrl,
  toRepository,
  type Mirror,
  type RawRepository,
  type Repository,
  type RepositoryPolicy,
} from '@goalhost/model';

/** A repository as the resolver uses it: mirrors applied, policies with defaults. */
export interface RemoteRepository {
  readonly id: string;
  readonly url: string;
  readonly layout: string;
  readonly releases: RepositoryPolicy;
  readonly snapshots: RepositoryPolicy;
  /** For a mirror: the repositories it stands for. */
  readonly mirrored: readonly RemoteRepository[];
  readonly blocked: boolean;
}

const converted = new WeakMap<RawRepository, RemoteRepository>();

/** The resolver's view of a POM repository (cached per declaration: POMs share the super POM's central). */
export function fromRaw(raw: RawRepository): RemoteRepository {
  let r = converted.get(raw);
  if (!r) {
    r = fromRepository(toRepository(raw));
    converted.set(raw, r);
  }
  return r;
}

export function fromRepository(r: Repository): RemoteRepository {
  return {
    id: r.id,
    url: r.url,
    layout: r.layout ?? 'default',
    releases: r.releases,
    snapshots: r.snapshots,
    mirrored: [],
    blocked: false,
  };
}

/** `central (https://repo.maven.apache.org/maven2, default, releases)` as Maven prints repositories. */
export function describeRepository(r: RemoteRepository): string {
  const kinds = [r.releases.enabled ? 'releases' : '', r.snapshots.enabled ? 'snapshots' : '']
    .filter(Boolean)
    .join('+');
  return `${r.id} (${redactUrl(r.url)}, ${r.layout}${kinds ? `, ${kinds}` : ''})`;
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

function isExternal(r: RemoteRepository): boolean {
  const host = hostOf(r.url);
  return !(host === 'localhost' || host === '127.0.0.1' || r.url.toLowerCase().startsWith('file:'));
}

/** Maven's `mirrorOf` matching: `*`, `external:*`, `external:http:*`, ids, comma lists, `!id`. */
export function mirrorMatches(r: RemoteRepository, pattern: string): boolean {
  if (pattern === '*' || pattern === r.id) return true;
  let result = false;
  for (const raw of pattern.split(',')) {
    const p = raw.trim();
    if (p.length > 1 && p.startsWith('!')) {
      if (p.slice(1) === r.id) return false;
    } else if (p === r.id) return true;
    else if (p === 'external:*' && isExternal(r)) result = true;
    else if (p === 'external:http:*' && isExternal(r) && r.url.toLowerCase().startsWith('http:')) result = true;
    else if (p === '*') result = true;
  }
  return result;
}

function layoutMatches(r: RemoteRepository, layouts: string | undefined): boolean {
  const spec = layouts ?? 'default,legacy';
  if (spec === '*') return true;
  return spec
    .split(',')
    .map((s) => s.trim())
    .some((l) => l === r.layout || l === '*');
}

/** The mirror standing in for `r`, if any (exact id matches first, then patterns). */
export function selectMirror(r: RemoteRepository, mirrors: readonly Mirror[]): RemoteRepository | undefined {
  const m =
    mirrors.find((x) => x.mirrorOf === r.id && layoutMatches(r, x.mirrorOfLayouts)) ??
    mirrors.find((x) => mirrorMatches(r, x.mirrorOf) && layoutMatches(r, x.mirrorOfLayouts));
  if (!m) return undefined;
  return {
    id: m.id,
    url: m.url,
    layout: m.layout ?? 'default',
    releases: { ...r.releases, enabled: r.releases.enabled },
    snapshots: { ...r.snapshots, enabled: r.snapshots.enabled },
    mirrored: [r],
    blocked: m.blocked === true,
  };
}

/**
 * Maven's repository aggregation: the dominant list as is, then each recessive repository
 * (mirrored when `raw`) unless one with the same id is already there (mirrors of the same id
 * merge what they stand for).
 */
export function aggregateRepositories(
  dominant: readonly RemoteRepository[],
  recessive: readonly RemoteRepository[],
  mirrors: readonly Mirror[],
  raw: boolean,
): RemoteRepository[] {
  if (recessive.length === 0) return dominant as RemoteRepository[];
  // Usually every recessive repository (central) is already there: keep the same array then.
  if (recessive.every((r) => dominant.some((d) => d.id === r.id)) && mirrors.length === 0)
    return dominant as RemoteRepository[];
  const result = [...dominant];
  let changed = false;
  for (const rec of recessive) {
    const repo = (raw ? selectMirror(rec, mirrors) : undefined) ?? rec;
    const at = result.findIndex((d) => d.id === repo.id);
    if (at >= 0) {
      const d = result[at];
      if (d.mirrored.length > 0 && repo.mirrored.length > 0) {
        const extra = repo.mirrored.filter((x) => !d.mirrored.some((y) => y.id === x.id));
        if (extra.length > 0) {
          changed = true;
          result[at] = {
            ...d,
            mirrored: [...d.mirrored, ...extra],
            releases: { ...d.releases, enabled: d.releases.enabled || repo.releases.enabled },
            snapshots: { ...d.snapshots, enabled: d.snapshots.enabled || repo.snapshots.enabled },
          };
        }
      }
      continue;
    }
    changed = true;
    result.push(repo);
  }
  // The same list when the recessive ones were all there (through their mirror): keys and pools
  // cached by the list then keep applying.
  return changed ? result : (dominant as RemoteRepository[]);
}

const keys = new WeakMap<readonly RemoteRepository[], string>();

/** A stable text key of a repository list (part of the collector's sharing key); cached per list. */
export function repositoriesKey(repos: readonly RemoteRepository[]): string {
  let key = keys.get(repos);
  if (key === undefined) {
    key = repos.map((r) => `${r.id}|${r.url}|${r.releases.enabled}|${r.snapshots.enabled}`).join(',');
    keys.set(repos, key);
  }
  return key;
}
