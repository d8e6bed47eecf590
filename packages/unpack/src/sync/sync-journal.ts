import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { GoalExecutionError, type Log, type ParameterOptions } from '@goalhost/api';
import { canonicalPath } from '@goalhost/archive';
import { isInside } from '../output-layout';
import type { UnpackArtifact } from '../unpack-artifact';

/**
 * Sync mode (`syncOutputDirectory`): per output directory, a journal of what each artifact
 * placed there (files, links, directories, relative to the output directory). When an artifact
 * is unpacked, what the journal records for it, or for another version, classifier or type of
 * the same groupId:artifactId that the run no longer selects, and that nothing still recorded or
 * placed in this run holds, is removed: only paths an artifact placed, never anything else.
 * Removal comes first and the journal is then replaced whole (temporary name, rename), before
 * the artifact's marker: a run killed on the way leaves the old journal and no marker, so the
 * next run unpacks the artifact again and removes the rest.
 */
interface Journal {
  readonly format: typeof JOURNAL_FORMAT;
  readonly outputDirectory: string;
  /** By artifact (`groupId:artifactId:type:classifier:version`), the paths it placed. */
  readonly artifacts: Record<string, readonly string[]>;
}

const JOURNAL_FORMAT = 'goalhost-sync-1';

/** The user property of the `syncOutputDirectory` parameter. */
export const SYNC_PROPERTY = 'goalhost.sync';

/** The `syncOutputDirectory` parameter as every unpack goal declares it. */
export const SYNC_OUTPUT_DIRECTORY_PARAMETER: ParameterOptions = {
  type: 'boolean',
  property: SYNC_PROPERTY,
  since: '0.1.0',
  defaultValue: 'false',
  description:
    'Sync mode: records which files each artifact placed in the output directory, and when an artifact is unpacked again (another version, classifier or settings) removes the files it placed before and no longer places, never files it did not place.',
};

/** The journal's identity of an artifact: every coordinate, the exact version. */
export function syncId(a: UnpackArtifact): string {
  return [a.groupId, a.artifactId, a.type, a.classifier ?? '', a.version].join(':');
}

function groupAndArtifact(id: string): string {
  return id.split(':').slice(0, 2).join(':');
}

/** An artifact of the run and the absolute paths it placed (or plans to place). */
interface Unpacked {
  readonly artifact: UnpackArtifact;
  readonly placed: Iterable<string>;
}

export class SyncJournal {
  private readonly output: string;
  readonly file: string;
  private readonly journal: Journal;
  private readonly placedInRun = new Set<string>();
  private readonly relativeOf = new WeakMap<Iterable<string>, Set<string>>();
  /** Paths removed by this run (not looked at again). */
  private readonly removed = new Set<string>();

  constructor(
    outputDirectory: string,
    markersDirectory: string,
    /** Every artifact the run selected (unpacked or kept by its marker). */
    private readonly selected: ReadonlySet<string>,
    private readonly log: Log,
  ) {
    this.output = canonicalPath(outputDirectory);
    const name = createHash('sha256').update(this.output).digest('hex').slice(0, 16);
    this.file = path.join(markersDirectory, `goalhost-sync-${name}.json`);
    this.journal = this.read();
  }

  private read(): Journal {
    const empty: Journal = { format: JOURNAL_FORMAT, outputDirectory: this.output, artifacts: {} };
    let text: string;
    try {
      text = fs.readFileSync(this.file, 'utf8');
    } catch {
      return empty;
    }
    try {
      const j = JSON.parse(text) as Journal;
      const valid =
        j.format === JOURNAL_FORMAT &&
        typeof j.artifacts === 'object' &&
        j.artifacts !== null &&
        Object.values(j.artifacts).every((paths) => Array.isArray(paths) && paths.every((p) => typeof p === 'string'));
      if (valid) return { ...j, artifacts: { ...j.artifacts } };
    } catch {
      // reported below
    }
    throw new GoalExecutionError(
      `The sync journal ${this.file} cannot be read: remove it (the next run records the output directory ${this.output} again; files placed before are then left alone)`,
    );
  }

  /**
   * Records what each of `unpacked` placed (absolute paths) and removes what they and their old
   * versions placed and no longer do, then replaces the journal once. Nothing placed in this run
   * is removed, whichever artifact placed it.
   */
  complete(unpacked: readonly Unpacked[]): void {
    if (unpacked.length === 0) return;
    const recorded = this.recorded(unpacked);
    for (const { paths } of recorded) for (const p of paths) this.placedInRun.add(p);
    const { replaced, stale } = this.stale(recorded, this.placedInRun);
    this.remove(stale);
    for (const other of replaced) delete this.journal.artifacts[other];
    for (const { id, paths } of recorded) this.journal.artifacts[id] = [...paths].sort();
    this.write();
  }

  /**
   * Removes ahead what `complete` will remove once every one of `planned` (the whole run) is
   * unpacked: called when the run is planned, so the removal overlaps the last writes. Nothing
   * the run plans is touched; `complete` still decides what the journal records.
   */
  removeReplaced(planned: readonly Unpacked[]): void {
    const recorded = this.recorded(planned);
    const inRun = new Set(this.placedInRun);
    for (const { paths } of recorded) for (const p of paths) inRun.add(p);
    this.remove(this.stale(recorded, inRun).stale);
  }

  /** Each artifact's id and relative paths (those of one `placed` list worked out once). */
  private recorded(unpacked: readonly Unpacked[]): { id: string; paths: Set<string> }[] {
    return unpacked.map(({ artifact, placed }) => {
      let paths = this.relativeOf.get(placed);
      if (!paths) this.relativeOf.set(placed, (paths = this.relativePaths(placed)));
      return { id: syncId(artifact), paths };
    });
  }

  /**
   * The journal's entries that `recorded` replace (the same artifact, or another version,
   * classifier or type of it the run no longer selects), and their paths that neither `placed`
   * nor an entry kept holds.
   */
  private stale(
    recorded: readonly { readonly id: string }[],
    placed: ReadonlySet<string>,
  ): { replaced: Set<string>; stale: Set<string> } {
    const replaced = new Set<string>();
    for (const { id } of recorded) {
      const ga = groupAndArtifact(id);
      for (const other of Object.keys(this.journal.artifacts))
        if (groupAndArtifact(other) === ga && (other === id || !this.selected.has(other))) replaced.add(other);
    }
    const kept = new Set<string>();
    for (const [other, otherPaths] of Object.entries(this.journal.artifacts)) {
      if (!replaced.has(other)) for (const p of otherPaths) kept.add(p);
    }
    const stale = new Set<string>();
    for (const other of replaced)
      for (const p of this.journal.artifacts[other]) if (!placed.has(p) && !kept.has(p)) stale.add(p);
    return { replaced, stale };
  }

  /** `placed` and every directory above it up to the output directory, relative to it. */
  private relativePaths(placed: Iterable<string>): Set<string> {
    const paths = new Set<string>();
    const prefix = `${this.output}${path.sep}`;
    for (const target of placed) {
      let p: string;
      if (target.startsWith(prefix) && path.normalize(target) === target) p = target.slice(prefix.length);
      else if (isInside(this.output, target) && path.resolve(target) !== this.output)
        p = path.relative(this.output, target);
      else continue;
      for (; !paths.has(p); p = p.slice(0, p.lastIndexOf(path.sep))) {
        paths.add(p);
        if (!p.includes(path.sep)) break;
      }
    }
    return paths;
  }

  /** Files and links first, then directories left empty, deepest first. */
  private remove(stale: ReadonlySet<string>): void {
    const directories: string[] = [];
    const canonical = new Map<string, boolean>();
    for (const p of stale) {
      if (this.removed.has(p)) continue;
      const file = path.join(this.output, p);
      if (!isInside(this.output, file) || file === this.output) continue;
      // Never through a link: the parent must be where the journal says.
      const parent = path.dirname(file);
      let direct = canonical.get(parent);
      if (direct === undefined) canonical.set(parent, (direct = canonicalPath(parent) === parent));
      if (!direct) continue;
      const st = fs.lstatSync(file, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) directories.push(p);
      else {
        fs.rmSync(file, { force: true });
        this.removed.add(p);
        this.log.debug(`Removed ${file}, no longer placed by the artifact that placed it`);
      }
    }
    for (const dir of directories.sort((a, b) => b.length - a.length)) {
      try {
        fs.rmdirSync(path.join(this.output, dir));
        this.removed.add(dir);
      } catch {
        // Not empty: something else is in it.
      }
    }
  }

  private write(): void {
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, `${JSON.stringify(this.journal, null, 1)}\n`);
    fs.renameSync(temp, this.file);
  }
}
