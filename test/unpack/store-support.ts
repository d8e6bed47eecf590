import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ROOT } from '../support/paths';

// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { zipBuffer } = require(path.join(ROOT, 'tools', 'gen-unpack-archives.js')) as {
  zipBuffer: (entries: object[]) => Buffer;
};

/**
 * Every path below `root` with its type, mode, content digest or link target, and its mtime
 * (ms; directories only when an entry set it, i.e. before `since`, else "now"): what the store
 * must leave exactly as a plain extraction does.
 */
export function snapshot(root: string, since: number): string[] {
  const out: string[] = [];
  const walk = (rel: string): void => {
    for (const name of fs.readdirSync(path.join(root, rel)).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      const full = path.join(root, r);
      const st = fs.lstatSync(full, { bigint: true });
      const mode = (st.mode & 0o7777n).toString(8);
      const mtime = Number(st.mtimeNs / 1_000_000n);
      if (st.isSymbolicLink()) out.push(`l ${r} -> ${fs.readlinkSync(full)}`);
      else if (st.isDirectory()) {
        out.push(`d ${mode} ${r}/ ${mtime < since ? new Date(mtime).toISOString() : 'now'}`);
        walk(r);
      } else {
        const digest = createHash('sha256').update(fs.readFileSync(full)).digest('hex').slice(0, 16);
        out.push(`f ${mode} ${r} ${new Date(mtime).toISOString()} ${digest}`);
      }
    }
  };
  if (fs.existsSync(root)) walk('');
  return out;
}

/** The keys of the store's entries. */
export function storeEntries(store: string): string[] {
  const entries = path.join(store, 'entries');
  return fs.existsSync(entries) ? fs.readdirSync(entries).sort() : [];
}

/** What is left in the store's temporary directory. */
export function storeTemporaries(store: string): string[] {
  const tmp = path.join(store, 'tmp');
  return fs.existsSync(tmp) ? fs.readdirSync(tmp).sort() : [];
}

/** The only stored tree (fails when there is not exactly one). */
export function onlyTree(store: string): string {
  const keys = storeEntries(store);
  if (keys.length !== 1) throw new Error(`expected one store entry, found ${keys.length}`);
  return path.join(store, 'entries', keys[0], 'tree');
}

/** A project whose dependencies are the given archives (system scope), unpacking with cxx:unpack-dependencies. */
export function writeProject(
  dir: string,
  dependencies: readonly { id: string; file: string; type: string; version?: string }[],
  configuration = '',
): void {
  const deps = dependencies
    .map(
      (d) =>
        `<dependency><groupId>g</groupId><artifactId>${d.id}</artifactId><version>${d.version ?? '1.0'}</version><type>${d.type}</type>` +
        `<scope>system</scope><systemPath>${d.file}</systemPath></dependency>`,
    )
    .join('');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'pom.xml'),
    `<project xmlns="http://maven.apache.org/POM/4.0.0"><modelVersion>4.0.0</modelVersion>
<groupId>t</groupId><artifactId>t</artifactId><version>1</version>
<dependencies>${deps}</dependencies>
<build><plugins><plugin><groupId>org.codehaus.mojo</groupId><artifactId>cxx-maven-plugin</artifactId><version>0.0.6-SNAPSHOT</version>
<executions><execution><id>u</id><phase>process-sources</phase><goals><goal>unpack-dependencies</goal></goals>
<configuration>${configuration}</configuration>
</execution></executions></plugin></plugins></build></project>`,
  );
}

/** A zip of `count` files of a few KB each in nested directories (deterministic). */
export function manyFilesZip(file: string, count: number, prefix = 'many'): void {
  const entries = [];
  for (let i = 0; i < count; i++) {
    const content = Buffer.from(`${prefix} file ${i}\n`.repeat(40 + (i % 50)));
    entries.push({ name: `${prefix}/d${i % 40}/f${i}.txt`, content, mtime: new Date(Date.UTC(2019, 0, 1 + (i % 28))) });
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, zipBuffer(entries));
}

/** Regular files below `dir` (0 when it does not exist). */
export function fileCount(dir: string): number {
  try {
    return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;
  } catch {
    return 0;
  }
}

/**
 * Resolves once `probe` holds (polled every few milliseconds), or with false once `done`
 * settles first: a kill point that follows the run's progress, not the clock.
 */
export async function reached(probe: () => boolean, done: Promise<unknown>): Promise<boolean> {
  let finished = false;
  void done.then(
    () => (finished = true),
    () => (finished = true),
  );
  while (!finished) {
    if (probe()) return true;
    await new Promise((r) => setTimeout(r, 2));
  }
  return false;
}
