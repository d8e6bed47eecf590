import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { InterpolationSizeError, MAX_EXPANDED_LENGTH, ownValue } from '@goalhost/model';
import { BUILD_TEXT_FIELDS, type WorkingDependency, type WorkingModel } from './working-model';

/** A `${...}` expression that refers back to itself (Maven's InterpolationCycleException). */
export class InterpolationCycleError extends Error {
  /** `expression`: as written, met again while expanding; `cycle`: the expressions since its first expansion. */
  constructor(
    readonly expression: string,
    readonly cycle: readonly string[],
  ) {
    super(`Detected the following recursive expression cycle in '${expression}': [${cycle.join(', ')}]`);
    this.name = 'InterpolationCycleError';
  }
}

export type Lookup = (expression: string) => string | undefined;

/**
 * Expanded values by expression, per lookup (one interpolation pass over one model): each
 * property of a chain `${p0}` -> `${p1}` -> ... is expanded once, not once per property that
 * reaches it, which made a chain quadratic (and `<a>${b}${b}</a>` exponential).
 */
const expandedBy = new WeakMap<Lookup, Map<string, string>>();

function expandedValues(lookup: Lookup): Map<string, string> {
  let values = expandedBy.get(lookup);
  if (!values) expandedBy.set(lookup, (values = new Map()));
  return values;
}

interface Frame {
  readonly value: string;
  pos: number;
  out: string;
  /** The expression this frame expands (undefined for the text being interpolated). */
  readonly expression?: string;
}

/** Appends an expanded value to a frame, within MAX_EXPANDED_LENGTH. */
function append(frame: Frame, text: string, expression: string): void {
  if (frame.out.length + text.length > MAX_EXPANDED_LENGTH)
    throw new InterpolationSizeError(frame.expression ?? expression, MAX_EXPANDED_LENGTH);
  frame.out += text;
}

const PREFIXES = ['project.', 'pom.'];

/** The expression without a `project.`/`pom.` prefix: Maven treats both forms as one for cycles. */
function realExpression(expr: string): string {
  for (const p of PREFIXES) if (expr.startsWith(p)) return expr.slice(p.length);
  return expr;
}

/**
 * Replaces `${expr}` by looked-up values, recursively (a value may contain expressions);
 * unknown expressions stay as written, like Maven's string-search interpolator. The values
 * being expanded are kept on an explicit stack, not the call stack: Maven follows a chain of
 * thousands of properties (`${a}` -> `${b}` -> ...), which recursion here could not. Expanded
 * values are remembered per lookup, so a chain costs its length once.
 */
export function interpolate(value: string, lookup: Lookup, stack: string[] = []): string {
  if (value.indexOf('${') < 0) return value;
  const expanded = expandedValues(lookup);
  const base = stack.length;
  const active = new Set(stack);
  const frames: Frame[] = [{ value, pos: 0, out: '' }];
  try {
    for (;;) {
      const f = frames[frames.length - 1];
      const start = f.value.indexOf('${', f.pos);
      const end = start < 0 ? -1 : f.value.indexOf('}', start + 2);
      if (end < 0) {
        const done = f.out + f.value.slice(f.pos);
        frames.pop();
        if (frames.length === 0) return done;
        active.delete(stack.pop() as string);
        const expression = f.expression as string;
        expanded.set(expression, done);
        append(frames[frames.length - 1], done, expression);
        continue;
      }
      f.out += f.value.slice(f.pos, start);
      f.pos = end + 1;
      const expr = f.value.slice(start + 2, end);
      const known = expanded.get(expr);
      if (known !== undefined) {
        append(f, known, expr);
        continue;
      }
      const real = realExpression(expr);
      if (active.has(real)) throw new InterpolationCycleError(expr, stack.slice(stack.indexOf(real)));
      const found = lookup(expr);
      if (found === undefined) f.out += f.value.slice(start, end + 1);
      else {
        stack.push(real);
        active.add(real);
        frames.push({ value: found, pos: 0, out: '', expression: expr });
      }
    }
  } finally {
    stack.length = base;
  }
}

const PATH_EXPRESSIONS = new Set([
  'build.directory',
  'build.outputDirectory',
  'build.testOutputDirectory',
  'build.sourceDirectory',
  'build.testSourceDirectory',
  'build.scriptSourceDirectory',
  'reporting.outputDirectory',
]);

export interface InterpolationContext {
  readonly userProperties: Readonly<Record<string, string>>;
  /** Java-like system properties, including `env.NAME` entries. */
  readonly systemProperties: Readonly<Record<string, string>>;
  readonly buildStartTime?: Date;
}

/** Reads a model value by a dotted path, as Maven's reflection value source does. */
function reflect(model: WorkingModel, expr: string): string | undefined {
  const parts = expr.split('.');
  const [head, ...rest] = parts;
  const one = (v: unknown): string | undefined => (rest.length === 0 && typeof v === 'string' ? v : undefined);
  switch (head) {
    case 'groupId':
    case 'artifactId':
    case 'version':
    case 'packaging':
    case 'name':
    case 'description':
    case 'url':
    case 'modelVersion':
      return one(model[head]);
    case 'id':
      return rest.length === 0
        ? `${model.groupId}:${model.artifactId}:${model.packaging ?? 'jar'}:${model.version}`
        : undefined;
    case 'parent':
    case 'build':
    case 'scm': {
      const obj = head === 'parent' ? model.parent : head === 'build' ? model.build : model.scm;
      if (!obj || rest.length !== 1) return undefined;
      const v = (obj as unknown as Record<string, unknown>)[rest[0]];
      return typeof v === 'string' ? v : undefined;
    }
    default:
      return undefined;
  }
}

/** Maven's value sources for POM interpolation, in Maven's order. */
export function modelLookup(model: WorkingModel, ctx: InterpolationContext): Lookup {
  const dir = model.projectDir;
  const timestamp = (): string =>
    formatTimestamp(
      ctx.buildStartTime ?? new Date(),
      model.properties.get('maven.build.timestamp.format') ?? 'yyyyMMdd-HHmm',
    );
  const lookup: Lookup = (expr) => {
    let prefixed: string | undefined;
    for (const p of PREFIXES) if (expr.startsWith(p)) prefixed = expr.slice(p.length);
    if (dir !== undefined) {
      if (expr === 'basedir' || prefixed === 'basedir') return dir;
      if (prefixed === 'baseUri') return pathToFileURL(dir + path.sep).href;
      if (expr === 'maven.build.timestamp') return timestamp();
    }
    if (prefixed !== undefined) {
      const v = reflect(model, prefixed);
      if (v !== undefined) return postProcess(prefixed, v);
    }
    const user = ownValue(ctx.userProperties, expr);
    if (user !== undefined) return user;
    const prop = model.properties.get(expr);
    if (prop !== undefined) return prop;
    const sys = ownValue(ctx.systemProperties, expr);
    if (sys !== undefined) return sys;
    const env = ownValue(ctx.systemProperties, `env.${expr}`);
    if (env !== undefined) return env;
    const unprefixed = reflect(model, expr);
    return unprefixed !== undefined ? postProcess(expr, unprefixed) : undefined;
  };
  // Directory expressions resolve against the project directory, like Maven's path post-processor;
  // the directory's own expression counts as being expanded (a directory naming itself is a cycle).
  const postProcess = (expr: string, raw: string): string => {
    if (dir === undefined || !PATH_EXPRESSIONS.has(expr)) return raw;
    return alignToBase(interpolate(raw, lookup, [expr]), dir);
  };
  return lookup;
}

export function alignToBase(value: string, dir: string): string {
  if (value === '' || path.isAbsolute(value)) return value;
  if (/^[A-Za-z]:/.test(value)) return value;
  return path.resolve(dir, value);
}

/**
 * Interpolates the strings of the model in place; the build section (directories, plugins)
 * only with `withBuild` (projects), as nothing reads it from repository POMs.
 */
export function interpolateModel(model: WorkingModel, ctx: InterpolationContext, withBuild = true): void {
  const lookup = modelLookup(model, ctx);
  const s = <T extends string | undefined>(v: T): T =>
    v === undefined || v.indexOf('${') < 0 ? v : (interpolate(v, lookup) as T);
  model.modelVersion = s(model.modelVersion);
  model.groupId = s(model.groupId);
  model.artifactId = s(model.artifactId);
  model.version = s(model.version);
  model.packaging = s(model.packaging);
  model.name = s(model.name);
  model.description = s(model.description);
  model.url = s(model.url);
  if (model.parent) {
    model.parent = {
      ...model.parent,
      groupId: s(model.parent.groupId),
      artifactId: s(model.parent.artifactId),
      version: s(model.parent.version),
    };
  }
  for (const [k, v] of model.properties) if (v.indexOf('${') >= 0) model.properties.set(k, s(v));
  const has = (v: string | undefined): boolean => v !== undefined && v.indexOf('${') >= 0;
  const dep = (d: WorkingDependency): void => {
    if (has(d.groupId)) d.groupId = s(d.groupId);
    if (has(d.artifactId)) d.artifactId = s(d.artifactId);
    if (has(d.version)) d.version = s(d.version);
    if (has(d.type)) d.type = s(d.type);
    if (has(d.classifier)) d.classifier = s(d.classifier);
    if (has(d.scope)) {
      d.scope = s(d.scope);
      d.scopeFrom = {}; // Maven's interpolator makes a new string
    }
    if (has(d.optional)) d.optional = s(d.optional);
    if (has(d.systemPath)) d.systemPath = s(d.systemPath);
    for (const x of d.exclusions) {
      if (has(x.groupId)) x.groupId = s(x.groupId);
      if (has(x.artifactId)) x.artifactId = s(x.artifactId);
    }
  };
  model.dependencies.forEach(dep);
  model.dependencyManagement.forEach(dep);
  const repo = (r: WorkingModel['repositories'][number]) =>
    has(r.id) || has(r.url) || has(r.layout) ? { ...r, id: s(r.id), url: s(r.url), layout: s(r.layout) } : r;
  model.repositories = model.repositories.map(repo);
  model.pluginRepositories = model.pluginRepositories.map(repo);
  model.modules = model.modules.map((m) => s(m));
  if (model.scm) {
    model.scm.connection = s(model.scm.connection);
    model.scm.developerConnection = s(model.scm.developerConnection);
    model.scm.url = s(model.scm.url);
    model.scm.tag = s(model.scm.tag);
  }
  if (model.relocation) {
    const r = model.relocation;
    model.relocation = {
      groupId: s(r.groupId),
      artifactId: s(r.artifactId),
      version: s(r.version),
      message: s(r.message),
    };
  }
  if (!withBuild) return;
  const b = model.build;
  for (const f of BUILD_TEXT_FIELDS) {
    b[f] = s(b[f]);
  }
  for (const p of [...b.plugins, ...b.pluginManagement]) {
    p.groupId = s(p.groupId);
    p.artifactId = s(p.artifactId);
    p.version = s(p.version);
    p.inherited = s(p.inherited);
    p.extensions = s(p.extensions);
    for (const x of p.executions) {
      x.id = s(x.id);
      x.phase = s(x.phase);
      x.goals = x.goals.map((g) => s(g));
    }
    p.dependencies.forEach(dep);
  }
  for (const x of b.extensions) {
    x.groupId = s(x.groupId);
    x.artifactId = s(x.artifactId);
    x.version = s(x.version);
  }
}

/** Java SimpleDateFormat subset used for maven.build.timestamp (UTC, as Maven does). */
export function formatTimestamp(date: Date, format: string): string {
  const pad = (n: number, w: number): string => String(n).padStart(w, '0');
  const fields: Record<string, (w: number) => string> = {
    y: (w) => (w === 2 ? pad(date.getUTCFullYear() % 100, 2) : pad(date.getUTCFullYear(), w)),
    M: (w) => pad(date.getUTCMonth() + 1, w),
    d: (w) => pad(date.getUTCDate(), w),
    H: (w) => pad(date.getUTCHours(), w),
    m: (w) => pad(date.getUTCMinutes(), w),
    s: (w) => pad(date.getUTCSeconds(), w),
    S: (w) => pad(date.getUTCMilliseconds(), w),
  };
  let out = '';
  for (let i = 0; i < format.length;) {
    const c = format[i];
    if (c === "'") {
      const close = format.indexOf("'", i + 1);
      out += close < 0 ? format.slice(i + 1) : format.slice(i + 1, close) || "'";
      i = close < 0 ? format.length : close + 1;
      continue;
    }
    let j = i;
    while (format[j] === c) j++;
    out += fields[c] ? fields[c](j - i) : c === 'Z' ? '+0000' : c === 'X' ? 'Z' : format.slice(i, j);
    i = j;
  }
  return out;
}
