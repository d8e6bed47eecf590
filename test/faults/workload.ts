import * as fs from 'node:fs';
import * as path from 'node:path';
import { generator, type TarEntrySpec, type ZipEntrySpec } from '../hostile/fixtures';
import { Sandbox, snapshot, type Coordinates } from '../hostile/sandbox';

/**
 * Many artifacts for the interruption tests: zips and tar.gz in turn (so markers appear one by
 * one as the run goes), each with its own files plus a few paths every artifact writes (the
 * last artifact wins them), symbolic links and private modes, ~20 MB unpacked in all.
 */
export interface Workload {
  readonly deps: readonly Coordinates[];
}

function text(seed: number, size: number): string {
  let out = '';
  let x = seed;
  while (out.length < size) {
    x = (Math.imul(x, 1103515245) + 12345) & 0x7fffffff;
    out += `${x.toString(36)} `;
  }
  return out.slice(0, size);
}

export function installWorkload(sandbox: Sandbox, artifacts = 24, files = 100, size = 8192): Workload {
  const deps: Coordinates[] = [];
  for (let i = 0; i < artifacts; i++) {
    const entries: (ZipEntrySpec & TarEntrySpec)[] = [{ name: `a${i}/`, dir: true, mode: 0o755 }];
    for (let j = 0; j < files; j++)
      entries.push({ name: `a${i}/d${j % 8}/f${j}.txt`, data: text(i * 100_003 + j, size), mode: 0o644 });
    entries.push({ name: 'shared/common.txt', data: `written by a${i}\n`, mode: 0o644 });
    entries.push({ name: `a${i}/private.txt`, data: `private ${i}\n`, mode: 0o600 });
    entries.push({ name: `a${i}/link`, symlink: 'd0/f0.txt' });
    const type = i % 2 === 0 ? 'zip' : 'tar.gz';
    const bytes = type === 'zip' ? generator.zip(entries) : generator.gz(generator.tar(entries));
    const dep = { artifactId: `a${i}`, type };
    sandbox.install(dep, bytes);
    deps.push(dep);
  }
  sandbox.pom(deps);
  return { deps };
}

/** Content snapshot of a project's output and the names in its markers directory. */
export function outcome(proj: string): { output: Map<string, string>; markers: string[] } {
  const out = path.join(proj, 'target', 'dependency');
  const markers = path.join(proj, 'target', 'dependency-maven-plugin-markers');
  return {
    output: fs.existsSync(out) ? snapshot(out) : new Map(),
    markers: fs.existsSync(markers) ? fs.readdirSync(markers).sort() : [],
  };
}

/** Markers present now (for polling while a run goes on). */
export function markerCount(proj: string): number {
  const dir = path.join(proj, 'target', 'dependency-maven-plugin-markers');
  try {
    return fs.readdirSync(dir).filter((n) => n.endsWith('.marker')).length;
  } catch {
    return 0;
  }
}

/** Files below the output directory now (for polling while a run goes on). */
export function outputFileCount(proj: string): number {
  let n = 0;
  const walk = (dir: string): void => {
    let names: fs.Dirent[];
    try {
      names = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const d of names) {
      if (d.isDirectory()) walk(path.join(dir, d.name));
      else n++;
    }
  };
  walk(path.join(proj, 'target', 'dependency'));
  return n;
}
