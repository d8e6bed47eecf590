import * as os from 'node:os';
import * as path from 'node:path';
import type { ExecutionInfo, Session } from '@goalhost/api';
import {
  hasOwnKey,
  InterpolationSizeError,
  javaOsProperties,
  MAX_EXPANDED_LENGTH,
  ownValue,
  type Project,
} from '@goalhost/model';

/** What `${...}` expressions can see while a goal's parameters are bound. */
export interface ExpressionScope {
  readonly session: Session;
  readonly project?: Project;
  readonly execution?: ExecutionInfo;
}

const MAX_DEPTH = 32;

/**
 * Evaluates `${...}` like Maven's PluginParameterExpressionEvaluator: build objects first
 * (project, settings, session, env, plugin), then user and system properties, then the
 * project's properties. Nested expressions (`${a.${b}}`) are expanded inside out; a value that
 * itself holds expressions is expanded too.
 */
export class ExpressionEvaluator {
  /** Expanded values by name: a name met again (a chain, `${b}${b}`) costs nothing more. */
  private readonly expanded = new Map<string, string>();
  /** Set when an expansion stopped at MAX_DEPTH: such a partial value is not remembered. */
  private cut = false;

  constructor(private readonly scope: ExpressionScope) {}

  /**
   * Expands every expression in `text`. An unresolvable expression stays as written, except
   * when it is the whole text: then the result is undefined (the parameter stays unset).
   */
  evaluate(text: string): string | undefined {
    const whole = /^\$\{([^}]*)\}$/.exec(text);
    if (whole && !whole[1].includes('${')) {
      const value = this.lookup(whole[1]);
      return value === undefined ? undefined : this.expandValue(whole[1], value, 1);
    }
    return this.expand(text, 0);
  }

  private expand(text: string, depth: number): string {
    if (!text.includes('${')) return text;
    if (depth > MAX_DEPTH) {
      this.cut = true;
      return text;
    }
    let out = '';
    let i = 0;
    while (i < text.length) {
      const start = text.indexOf('${', i);
      if (start < 0) break;
      const end = matchingBrace(text, start + 2);
      if (end < 0) break;
      out += text.slice(i, start);
      const name = this.expand(text.slice(start + 2, end), depth + 1);
      const value = this.lookup(name);
      out += value === undefined ? `\${${name}}` : this.expandValue(name, value, depth + 1);
      if (out.length > MAX_EXPANDED_LENGTH) throw new InterpolationSizeError(name, MAX_EXPANDED_LENGTH);
      i = end + 1;
    }
    return out + text.slice(i);
  }

  /** The value of `name`, its expressions expanded, remembered for the next time. */
  private expandValue(name: string, value: string, depth: number): string {
    const known = this.expanded.get(name);
    if (known !== undefined) return known;
    const outer = this.cut;
    this.cut = false;
    const result = this.expand(value, depth);
    if (!this.cut) this.expanded.set(name, result);
    this.cut ||= outer;
    return result;
  }

  /** The raw value of one expression name, or undefined. */
  lookup(name: string): string | undefined {
    const builtIn = this.buildValue(name);
    if (builtIn !== undefined) return builtIn;
    const { session, project } = this.scope;
    return (
      ownValue(session.userProperties, name) ?? systemProperty(name, session) ?? ownValue(project?.properties, name)
    );
  }

  private buildValue(name: string): string | undefined {
    const { session, project, execution } = this.scope;
    if (name === 'basedir') return project?.basedir ?? session.workingDirectory;
    if (name === 'localRepository' || name === 'settings.localRepository') return session.localRepository;
    if (name === 'settings.offline' || name === 'session.offline') return String(session.offline);
    if (name === 'settings.interactiveMode') return String(!session.batchMode && session.settings.interactiveMode);
    if (name === 'session.executionRootDirectory') return session.workingDirectory;
    if (name.startsWith('env.')) return ownValue(session.env, name.slice(4));
    if (execution && name.startsWith('plugin.')) {
      switch (name.slice(7)) {
        case 'groupId':
          return execution.pluginGroupId;
        case 'artifactId':
          return execution.pluginArtifactId;
        case 'version':
          return execution.pluginVersion;
        case 'goalPrefix':
          return execution.goalPrefix;
        default:
          return undefined;
      }
    }
    if (project && (name.startsWith('project.') || name.startsWith('pom.'))) {
      const field = name.slice(name.indexOf('.') + 1);
      if (field === 'basedir' && project.standalone) return undefined;
      // MavenProject.getName(): the artifactId when the model has no name.
      if (field === 'name') return project.name ?? project.artifactId;
      return navigate(project, field);
    }
    return undefined;
  }
}

function matchingBrace(text: string, from: number): number {
  let depth = 1;
  for (let i = from; i < text.length; i++) {
    if (text.startsWith('${', i)) {
      depth++;
      i++;
    } else if (text[i] === '}' && --depth === 0) return i;
  }
  return -1;
}

/**
 * Follows `a.b[0].c(key)` through the project as Maven's ReflectionValueExtractor does: a list
 * element only by `[index]`, a map entry by `(key)` (the key may hold dots).
 */
function navigate(root: unknown, path: string): string | undefined {
  let node: unknown = root;
  for (const segment of segments(path)) {
    const m = /^([^[(]*)(?:\[(\d+)\]|\((.*)\))?$/.exec(segment);
    if (!m) return undefined;
    const [, name, index, key] = m;
    node = field(node, name);
    if (index !== undefined) node = Array.isArray(node) ? node[Number(index)] : undefined;
    else if (key !== undefined) node = field(node, key);
  }
  if (node === undefined || node === null || typeof node === 'object' || typeof node === 'function') return undefined;
  return String(node);
}

/** A field of a plain data object; inherited members (`constructor`, `__proto__`) are no fields. */
function field(node: unknown, name: string): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return undefined;
  return hasOwnKey(node as Record<string, unknown>, name) ? (node as Record<string, unknown>)[name] : undefined;
}

/** The dot-separated segments of a path; dots inside `(...)` belong to a map key. */
function segments(path: string): string[] {
  const result: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < path.length; i++) {
    if (path[i] === '(') depth++;
    else if (path[i] === ')') depth--;
    else if (path[i] === '.' && depth === 0) {
      result.push(path.slice(start, i));
      start = i + 1;
    }
  }
  result.push(path.slice(start));
  return result;
}

/** The Java system properties Maven users put in POMs. */
function systemProperty(name: string, session: Session): string | undefined {
  const launcher = ownValue(session.launcherProperties, name);
  if (launcher !== undefined) return launcher;
  switch (name) {
    case 'user.home':
      return os.homedir();
    case 'user.dir':
      return session.workingDirectory;
    case 'user.name':
      return os.userInfo().username;
    case 'java.io.tmpdir':
      return os.tmpdir();
    case 'file.separator':
      return path.sep;
    case 'path.separator':
      return path.delimiter;
    case 'line.separator':
      return os.EOL;
    case 'os.name':
    case 'os.arch':
    case 'os.version':
    case 'sun.arch.data.model':
      return javaOsProperties()[name];
    default:
      return undefined;
  }
}
