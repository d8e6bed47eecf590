import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Log } from '@goalhost/api';
import {
  canonicalPath,
  chooseArchiver,
  worthThreads,
  type PlannedEntry,
  type StoredTree,
  type FileFacts,
  type WorkerPool,
} from '@goalhost/archive';
import { SILENT_LOG } from '../silent-log';
import { Unpacker, type UnpackJob, type UnpackSettings } from '../unpacker';
import { archiveDigest, knowsArchiveDigest } from './archive-digest';
import { storeKey } from './store-key';
import type { ManifestFile, StoreManifest } from './store-manifest';
import type { UnpackStore } from './unpack-store';

/** A job whose tree is to be stored: its position in the run, its key and where it is filled. */
export interface TreeToFill {
  readonly index: number;
  readonly key: string;
  readonly temporary: string;
}

/**
 * The run's jobs with their stored trees, found in the store, and the trees to fill: the first
 * job of each key the store lacks extracts its archive from the archive itself, and its files
 * are also written into the tree (see TreeFills). Flatten directories (cxx) are copies made
 * from the output, so a run with them uses no store. A store that cannot be written is used for
 * the trees it has, and the others are extracted as without a store, after one warning per
 * directory and process: the store never fails a build. Returns the keys the run uses (kept by
 * the next prune) and whether the store can be written.
 */
export async function withStoredTrees(
  jobs: readonly UnpackJob[],
  settings: UnpackSettings,
  store: UnpackStore,
  pool: WorkerPool,
  log: Log,
): Promise<{ jobs: UnpackJob[]; keys: Set<string>; writable: boolean; fills: TreeToFill[] }> {
  const keys = new Set<string>();
  if ((settings.flattenDestDirs ?? []).length > 0) return { jobs: [...jobs], keys, writable: false, fills: [] };
  let writable = true;
  const unwritable = (e: unknown): void => {
    writable = false;
    warnUnwritable(store, e, log);
  };
  // The threads hash the archives the store does not know yet, and check the stored trees.
  const unknown = jobs.map((j) => j.artifact.file).filter((f) => !knowsArchiveDigest(f, store.digests));
  if (!pool.started && worthThreads(unknown)) pool.start();
  const keyList = await Promise.all(jobs.map((job) => keyFor(job, settings, store, pool)));
  const keyOf = new Map<number, string>();
  const manifests = new Map<string, { index: number; manifest?: StoreManifest }>();
  keyList.forEach((key, index) => {
    if (key === undefined) return;
    keyOf.set(index, key);
    keys.add(key);
    if (!manifests.has(key)) manifests.set(key, { index, manifest: store.manifest(key) });
  });
  const storedFiles = [...manifests.values()].reduce((n, m) => n + (m.manifest?.files.length ?? 0), 0);
  if (!pool.started && storedFiles >= STORED_FILES_FOR_THREADS) pool.start();
  const checks = [...manifests.values()].map((m) =>
    m.manifest ? store.checked(m.manifest, pool).catch(() => undefined) : Promise.resolve(undefined),
  );
  const found = new Map<string, StoredTree>();
  const missing: TreeToFill[] = [];
  let n = 0;
  for (const [key, { index }] of manifests) {
    const stored = await checks[n++];
    if (stored) found.set(key, stored);
    else if (writable) {
      try {
        missing.push({ index, key, temporary: store.temporary(key) });
      } catch (e) {
        unwritable(e);
      }
    }
  }
  const placed = jobs.map((job, index) => {
    const stored = found.get(keyOf.get(index) ?? '');
    return stored ? { ...job, stored } : job;
  });
  return { jobs: placed, keys, writable, fills: missing };
}

/** Stored files checked or placed on the threads: enough that their start-up (~0.1 s) pays. */
export const STORED_FILES_FOR_THREADS = 4000;

/** The store directories this process has warned about. */
const warned = new Set<string>();

function warnUnwritable(store: UnpackStore, e: unknown, log: Log): void {
  const directory = store.options.directory;
  if (warned.has(directory)) return;
  warned.add(directory);
  const reason = (e as NodeJS.ErrnoException).code ?? (e as Error).message;
  log.warn(
    `The store of unpacked trees ${directory} cannot be written (${reason}): unpacking without it. Give a writable directory with -Dgoalhost.store.dir=DIR, or -Dgoalhost.store=off`,
  );
}

/** The store key of a job's archive, or undefined when it is not an archive the store keeps. */
async function keyFor(
  job: UnpackJob,
  settings: UnpackSettings,
  store: UnpackStore,
  pool: WorkerPool,
): Promise<string | undefined> {
  try {
    if (!fs.statSync(job.artifact.file).isFile()) return undefined;
    const format = chooseArchiver(job.artifact.type, job.artifact.file).format;
    if (format === 'unsupported') return undefined;
    return storeKey(await archiveDigest(job.artifact.file, store.digests, pool), format, settings);
  } catch {
    return undefined;
  }
}

/**
 * Fills the trees of `missing` by extracting their archives each into its empty directory (with
 * the run's settings), then taking the files' facts there: for the trees the run's own writes
 * could not fill. An archive whose extraction there fails in any way is not stored.
 */
export async function fillTrees(
  jobs: readonly UnpackJob[],
  missing: readonly TreeToFill[],
  settings: UnpackSettings,
  store: UnpackStore,
  pool: WorkerPool,
  log: Log,
): Promise<void> {
  const planned: PlannedEntry[][] = missing.map(() => []);
  const fillJobs: UnpackJob[] = missing.map((m) => ({
    artifact: jobs[m.index].artifact,
    destination: path.join(m.temporary, 'tree'),
  }));
  const fillSettings: UnpackSettings = {
    ...settings,
    flattenDestDirs: undefined,
    storeFilling: undefined,
    onPlanned: (e) => planned[e.job].push(e),
  };
  const committed = new Set<number>();
  const commits: Promise<void>[] = [];
  const unpacker = new Unpacker(fillSettings, SILENT_LOG, SILENT_LOG, pool, (unpacked) => {
    for (const job of unpacked) {
      const i = fillJobs.indexOf(job);
      const m = missing[i];
      const notStored = (e: unknown): void => log.debug(`Not stored: ${job.artifact.file}: ${(e as Error).message}`);
      commits.push(
        manifestOf(m.key, canonicalPath(job.destination), planned[i], (root, files) => factsOnDisk(root, files, pool))
          .then(({ manifest, digests }) => store.commit(m.temporary, manifest, digests, pool))
          .then(() => {
            committed.add(i);
          }, notStored),
      );
    }
  });
  try {
    await unpacker.run(fillJobs);
  } catch (e) {
    // The run itself extracts it and reports its failure as Maven would.
    log.debug(`Not stored: ${(e as Error).message}`);
  }
  await Promise.all(commits);
  missing.forEach((m, i) => {
    if (!committed.has(i)) fs.rmSync(m.temporary, { recursive: true, force: true });
  });
}

/** A stored file's size, whole-millisecond mtime and mode bits, and its SHA-256 in hex. */
export interface FilledFile {
  readonly size: number;
  readonly mtimeMs: number;
  readonly mode: number;
  readonly sha256: string;
}

/**
 * The manifest of a tree of the archive extracted at `root` (canonical): the entries as
 * planned, the files' sizes, times, modes and digests as `facts` tells them (the root and the
 * paths below it in, one each out, in order; it throws for a file not in the tree).
 */
export async function manifestOf(
  key: string,
  root: string,
  planned: readonly PlannedEntry[],
  facts: (root: string, files: readonly string[]) => Promise<FilledFile[]>,
): Promise<{ manifest: StoreManifest; digests: string[] }> {
  const relative = (target: string): string => (target === root ? '' : target.slice(root.length + 1));
  const index = new Map<string, number>();
  const paths: string[] = [];
  const entries = planned.map((e) => {
    const p = relative(e.target);
    let file: number | undefined;
    if (e.kind === 'file') {
      file = index.get(p);
      if (file === undefined) {
        file = paths.length;
        index.set(p, file);
        paths.push(p);
      }
    }
    return {
      name: e.name,
      path: p,
      kind: e.kind,
      mtimeMs: e.mtimeMs,
      ...(e.chmod === undefined ? {} : { chmod: e.chmod }),
      ...(e.linkTarget === undefined ? {} : { linkTarget: e.linkTarget }),
      ...(file === undefined ? {} : { file }),
    };
  });
  const files: ManifestFile[] = [];
  const digests: string[] = [];
  let bytes = 0;
  (await facts(root, paths)).forEach((f, i) => {
    files.push({ path: paths[i], size: f.size, mtimeMs: f.mtimeMs, mode: f.mode });
    digests.push(f.sha256);
    bytes += f.size;
  });
  return { manifest: { key, bytes, entries, files }, digests };
}

/** The facts of files below `root` on disk, as the threads find them (a slice per request). */
async function factsOnDisk(root: string, below: readonly string[], pool: WorkerPool): Promise<FilledFile[]> {
  const files = below.map((p) => path.join(root, p));
  const slices: Promise<FileFacts>[] = [];
  for (let from = 0; from < files.length; from += FACTS_SLICE)
    slices.push(pool.facts(files.slice(from, from + FACTS_SLICE), true));
  const out: FilledFile[] = [];
  (await Promise.all(slices)).forEach((facts, s) => {
    for (let at = 0; at < facts.stats.length; at += 3) {
      const i = s * FACTS_SLICE + at / 3;
      const size = facts.stats[at];
      if (size < 0) throw new Error(`${files[i]} is not a regular file once extracted`);
      const sha256 = facts.digests.slice((at / 3) * 64, (at / 3 + 1) * 64);
      out.push({ size, mtimeMs: facts.stats[at + 1], mode: facts.stats[at + 2], sha256 });
    }
  });
  return out;
}

/** Files per thread request when a filled tree's facts are taken. */
const FACTS_SLICE = 2048;
