import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { GoalContext } from '@goalhost/api';
import type { Artifact } from '@goalhost/model';
import { UnpackDependenciesGoal } from '@goalhost/plugin-cxx';
import { RecordingLog } from '../help/recording-log';
import { ROOT } from '../support/paths';
export { treeOf } from '../support/tree';

/** The committed archives made by tools/gen-unpack-fixtures.js. */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'unpack');

// Entry times are DOS local times; the tests, like the oracle, read them in UTC.
process.env.TZ = 'UTC';

export function tempDir(prefix: string): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `goalhost-${prefix}-`)));
}

/** File mtime as an ISO string with milliseconds (as Java would read it). */
export function mtimeOf(file: string): string {
  return new Date(Math.floor(fs.lstatSync(file).mtimeMs)).toISOString();
}

/** A resolved dependency over a file (copied into a repository-like place when `repo` is given). */
export function artifact(file: string, overrides: Partial<Artifact> & { artifactId: string }): Artifact {
  const version = overrides.version ?? '1.0';
  return {
    groupId: 'g',
    version,
    baseVersion: version,
    type: 'zip',
    extension: overrides.type ?? 'zip',
    scope: 'compile',
    optional: false,
    file,
    depth: 1,
    ...overrides,
  };
}

export interface RunResult {
  readonly log: RecordingLog;
  readonly error?: Error;
}

/** Runs the goal as the host would: context, parameters assigned to the fields, execute(). */
export async function runGoal(
  basedir: string,
  artifacts: readonly Artifact[],
  parameters: Partial<UnpackDependenciesGoal> = {},
  resolveArtifact: GoalContext['repository']['resolveArtifact'] = async (r) => {
    throw new Error(`${r.groupId}:${r.artifactId} is not in this test repository`);
  },
  debug = false,
  userProperties: Record<string, string> = {},
): Promise<RunResult> {
  const log = new RecordingLog(debug);
  const context = {
    session: { userProperties },
    project: { basedir, build: { directory: path.join(basedir, 'target') }, properties: {} },
    artifacts,
    repository: { resolveArtifact, readProject: () => Promise.reject(new Error('unused')) },
    log,
  } as unknown as GoalContext;
  const goal = new UnpackDependenciesGoal(context);
  Object.assign(goal, {
    outputDirectory: path.join(basedir, 'target', 'dependency'),
    markersDirectory: path.join(basedir, 'target', 'dependency-maven-plugin-markers'),
    ...parameters,
  });
  try {
    await goal.execute();
    return { log };
  } catch (e) {
    return { log, error: e as Error };
  }
}

export function fixture(name: string): string {
  return path.join(FIXTURES, name);
}

/** Copies fixtures into a directory (so tests can change their mtimes), returning the copies. */
export function copyFixtures(dir: string, names: readonly string[]): string[] {
  fs.mkdirSync(dir, { recursive: true });
  return names.map((n) => {
    const to = path.join(dir, n);
    fs.copyFileSync(fixture(n), to);
    return to;
  });
}

/**
 * Deterministic bytes from xorshift32: incompressible, or with `alphabet` letters only (from
 * `a`), which compress somewhat, as entry contents.
 */
export function xorshiftBytes(seed: number, size: number, alphabet?: number): Buffer {
  const out = Buffer.alloc(size);
  let x = seed * 2654435761 + 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = alphabet === undefined ? x & 0xff : 97 + ((x >>> 0) % alphabet);
  }
  return out;
}
