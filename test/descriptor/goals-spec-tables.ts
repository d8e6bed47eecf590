import * as fs from 'node:fs';
import * as path from 'node:path';
import { SHARED } from '../support/paths';

/** One row of a parameter table of shared/spec/goals-spec.md, in descriptor terms. */
export interface SpecParameter {
  readonly goal: string;
  readonly name: string;
  /** Java type as in plugin.xml; `*.SourceTarget[]` is matched by suffix. */
  readonly type: string;
  readonly since: string;
  /** undefined: no default; '' : empty default; else the default expression. `<tool>` stays a placeholder. */
  readonly defaultValue: string | undefined;
  readonly property: string | undefined;
  readonly meaning: string;
}

/** The goals spec, relative to ../shared. */
export const SPEC_RELATIVE = path.join('spec', 'goals-spec.md');
export const SPEC_FILE = path.join(SHARED, SPEC_RELATIVE);

const SECTION_GOALS: Record<string, readonly string[]> = {
  '2.1': ['unpack-dependencies', 'scm-dependencies'],
  '2.2': ['unpack-dependencies'],
  '2.3': ['scm-dependencies'],
};

const TYPES: Record<string, string> = {
  String: 'java.lang.String',
  boolean: 'boolean',
  int: 'int',
  File: 'java.io.File',
  List: 'java.util.List',
  'String[]': 'java.lang.String[]',
};

/** Parameter rows of sections 2.1–2.3, one per goal that has the parameter. */
export function readSpecParameters(file = SPEC_FILE): SpecParameter[] {
  const text = fs.readFileSync(file, 'utf8');
  const rows: SpecParameter[] = [];
  let goals: readonly string[] = [];
  for (const line of text.split('\n')) {
    const heading = /^### (2\.\d)\b/.exec(line);
    if (heading) {
      goals = SECTION_GOALS[heading[1]] ?? [];
      continue;
    }
    if (goals.length === 0 || !line.startsWith('|') || /^\|\s*(Name|---)/.test(line)) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 6) continue;
    const [name, type, since, def, property, meaning] = cells;
    for (const goal of goals) {
      rows.push({
        goal,
        name,
        type: TYPES[type] ?? type,
        since,
        defaultValue: specDefault(def),
        property: property === 'none shown' ? undefined : property,
        meaning,
      });
    }
  }
  return rows;
}

function specDefault(cell: string): string | undefined {
  if (cell === 'none' || cell.startsWith('none;')) return undefined;
  if (cell.startsWith('empty')) return '';
  return cell.replace(/^`(.*)`$/, '$1');
}

/** Whether a descriptor default matches the spec's, where `<tool>` stands for any word. */
export function defaultMatches(spec: string | undefined, actual: string | undefined): boolean {
  if (spec === undefined || actual === undefined) return spec === actual;
  const pattern = spec
    .split('<tool>')
    .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[\\w.-]+');
  return new RegExp(`^${pattern}$`).test(actual);
}
