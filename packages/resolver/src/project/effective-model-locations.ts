import {
  child,
  childrenNamed,
  childText,
  INPUT_KINDS,
  parseXmlFast,
  readInputFile,
  tagEnd,
  type XmlElement,
  type XmlNode,
} from '@goalhost/model';
import { lifecyclePlugins } from './lifecycle-plugins';
import { LIFECYCLE_BINDINGS_ID, REPORTING_CONVERTER_ID, SUPER_POM_ID, superPomLocations } from './super-pom-locations';
import { managementKey, MAVEN_PLUGINS, type WorkingDependency, type WorkingModel } from './working-model';

/**
 * help:effective-pom -Dverbose: where each value of an effective model comes from, as Maven 3.8.7
 * tracks input locations (the declaring model's id and the line of the element's start tag).
 *
 * Worked out on demand, only for verbose output, so that building models carries no
 * bookkeeping: the lineage's POMs are read again and each printed value is looked up where
 * Maven's merges take it from: the project's active profiles (the last one first), the project,
 * then each parent likewise, then the super POM; a dependency where it is declared, then its
 * dependencyManagement entry; a plugin where it is declared in the lineage, then where it is
 * managed; plugin configuration in the execution's, then the plugin's declarations. Interpolated
 * values keep the location of the element holding the expression, as in Maven.
 */

/** A model of a project's lineage: its id, its POM file and the ids of its active profiles. */
export interface LineageSource {
  readonly id: string;
  readonly file?: string;
  readonly profiles: readonly string[];
}

/** An element and the id of the model that declares it. */
interface Located {
  readonly id: string;
  readonly el: XmlElement;
}

/** A lineage model's elements: its active profiles' (the last one injected first), then its own. */
interface SourceTree {
  readonly id: string;
  readonly roots: readonly XmlElement[];
}

/** `tree` (an effective model from effectiveModelXml) with the location of every value it can place. */
export function locateEffectiveModel(tree: XmlNode, model: WorkingModel, lineage: readonly LineageSource[]): XmlNode {
  return new Locator(model, lineage).project(tree);
}

function text(el: XmlElement | undefined): string | undefined {
  return el === undefined ? undefined : el.children.length > 0 ? '' : el.text.trim();
}

function nodeText(node: XmlNode, name: string): string | undefined {
  return node.children?.find((c) => c.name === name)?.text;
}

function at(el: XmlElement | undefined, names: readonly string[]): XmlElement | undefined {
  let e = el;
  for (const n of names) e = child(e, n);
  return e;
}

function format(id: string, el: XmlElement): string {
  return `${id}, line ${el.line}`;
}

function located(node: XmlNode, location: string | undefined): XmlNode {
  return location === undefined ? node : { ...node, location };
}

function mapChildren(node: XmlNode, f: (c: XmlNode, index: number) => XmlNode): XmlNode {
  return node.children ? { ...node, children: node.children.map(f) } : node;
}

/** The location of leaf `name` in the first of `candidates` declaring it. */
function firstChild(candidates: readonly Located[], name: string): string | undefined {
  for (const c of candidates) {
    const e = child(c.el, name);
    if (e) return format(c.id, e);
  }
  return undefined;
}

/** `node` located element by element in `el` (the n-th child of a name in the n-th element of that name). */
function mirror(node: XmlNode, el: XmlElement | undefined, id: string): XmlNode {
  if (!el) return node;
  if (!node.children || node.children.length === 0) return located(node, format(id, el));
  const seen = new Map<string, number>();
  return mapChildren(node, (c) => {
    const n = seen.get(c.name) ?? 0;
    seen.set(c.name, n + 1);
    return mirror(c, childrenNamed(el, c.name)[n], id);
  });
}

/** The element at `path` (names with the occurrence among same-named siblings). */
function atPath(el: XmlElement, path: ReadonlyArray<readonly [string, number]>): XmlElement | undefined {
  let e: XmlElement | undefined = el;
  for (const [name, n] of path) e = e ? childrenNamed(e, name)[n] : undefined;
  return e;
}

function readPom(file: string): XmlElement | undefined {
  try {
    return parseXmlFast(readInputFile(file, 'The POM file', INPUT_KINDS.pom), file);
  } catch {
    return undefined;
  }
}

/** The element named `name` whose start tag ends at line:column (as models record declarations). */
function elementAt(el: XmlElement, name: string, line: number, column: number): XmlElement | undefined {
  if (el.name === name) {
    const end = tagEnd(el);
    if (end.line === line && end.column === column) return el;
  }
  for (const c of el.children) {
    const found = elementAt(c, name, line, column);
    if (found) return found;
  }
  return undefined;
}

function readTree(source: LineageSource): SourceTree | undefined {
  const root = source.file ? readPom(source.file) : undefined;
  if (!root) return undefined;
  const profiles = childrenNamed(child(root, 'profiles'), 'profile');
  const active = source.profiles
    .map((id) => profiles.find((p) => (childText(p, 'id') ?? 'default') === id))
    .filter((p): p is XmlElement => p !== undefined)
    .reverse();
  return { id: source.id, roots: [...active, root] };
}

class Locator {
  private readonly trees: readonly SourceTree[];
  private readonly projectRoot: XmlElement | undefined;
  private readonly lifecycle: ReadonlySet<string>;

  constructor(
    private readonly model: WorkingModel,
    lineage: readonly LineageSource[],
  ) {
    const trees = lineage.map(readTree).filter((t): t is SourceTree => t !== undefined);
    this.projectRoot =
      lineage.length > 0 && trees[0]?.id === lineage[0].id ? trees[0].roots[trees[0].roots.length - 1] : undefined;
    this.trees = [...trees, { id: SUPER_POM_ID, roots: [superPomLocations()] }];
    this.lifecycle = new Set(lifecyclePlugins(model.packaging ?? 'jar').map((p) => p.artifactId));
  }

  /** The first declaration of `path` in the lineage. */
  private first(path: readonly string[]): string | undefined {
    for (const t of this.trees) {
      for (const r of t.roots) {
        const e = at(r, path);
        if (e) return format(t.id, e);
      }
    }
    return undefined;
  }

  /** Every element at `path` in the lineage whose `key` is `value`, in precedence order. */
  private all(
    path: readonly string[],
    item: string,
    key: (e: XmlElement) => string | undefined,
    value: string,
  ): Located[] {
    const found: Located[] = [];
    for (const t of this.trees) {
      for (const r of t.roots)
        for (const e of childrenNamed(at(r, path), item)) if (key(e) === value) found.push({ id: t.id, el: e });
    }
    return found;
  }

  /** Each leaf at its path from the project's root. */
  private byPath(node: XmlNode, path: readonly string[]): XmlNode {
    if (!node.children || node.children.length === 0) return located(node, this.first(path));
    return mapChildren(node, (c) => this.byPath(c, [...path, c.name]));
  }

  project(tree: XmlNode): XmlNode {
    const projectId = this.trees[0].id;
    return mapChildren(tree, (c) => {
      switch (c.name) {
        case 'parent':
          return mirror(c, child(this.projectRoot, 'parent'), projectId);
        case 'modules':
          return this.modules(c, projectId);
        case 'properties':
          return mapChildren(c, (p) => located(p, this.first(['properties', p.name])));
        case 'dependencyManagement':
          return mapChildren(c, (ds) =>
            mapChildren(ds, (d, i) => this.dependency(d, this.model.dependencyManagement[i], undefined)),
          );
        case 'dependencies':
          return mapChildren(c, (d, i) =>
            this.dependency(d, this.model.dependencies[i], this.managementOf(this.model.dependencies[i])),
          );
        case 'repositories':
        case 'pluginRepositories':
          return mapChildren(c, (r) => {
            const [found] = this.all([c.name], r.name, (e) => childText(e, 'id'), nodeText(r, 'id') ?? '');
            return found ? mirror(r, found.el, found.id) : r;
          });
        case 'build':
          return this.build(c);
        case 'profiles':
          return mapChildren(c, (p) => {
            const id = nodeText(p, 'id') ?? 'default';
            const el = childrenNamed(child(this.projectRoot, 'profiles'), 'profile').find(
              (e) => (childText(e, 'id') ?? 'default') === id,
            );
            return mirror(p, el, projectId);
          });
        default:
          return this.byPath(c, [c.name]);
      }
    });
  }

  private modules(node: XmlNode, projectId: string): XmlNode {
    const tree = this.trees[0];
    const declared = tree.roots.flatMap((r) => childrenNamed(child(r, 'modules'), 'module'));
    const used = new Set<XmlElement>();
    return mapChildren(node, (m) => {
      const el = declared.find((e) => !used.has(e) && text(e) === m.text);
      if (!el) return m;
      used.add(el);
      return located(m, format(projectId, el));
    });
  }

  private managementOf(d: WorkingDependency | undefined): WorkingDependency | undefined {
    if (!d) return undefined;
    const key = managementKey(d);
    return this.model.dependencyManagement.find((m) => managementKey(m) === key);
  }

  private dependency(node: XmlNode, d: WorkingDependency | undefined, managed: WorkingDependency | undefined): XmlNode {
    const candidates = [d, managed].flatMap((x): Located[] => {
      const el = x && this.declaration(x);
      return x && el ? [{ id: x.origin.id, el }] : [];
    });
    return this.dependencyIn(node, candidates);
  }

  private readonly poms = new Map<string, XmlElement | undefined>();

  /** A dependency's element: kept by project POMs, found again in a repository POM (read without its elements). */
  private declaration(d: WorkingDependency): XmlElement | undefined {
    if (d.element || !d.origin.file) return d.element;
    const file = d.origin.file;
    if (!this.poms.has(file)) this.poms.set(file, readPom(file));
    const root = this.poms.get(file);
    return root && elementAt(root, 'dependency', d.line, d.column);
  }

  private dependencyIn(node: XmlNode, candidates: readonly Located[]): XmlNode {
    return mapChildren(node, (c) => {
      if (c.name !== 'exclusions') return located(c, firstChild(candidates, c.name));
      const from = candidates.find((x) => child(x.el, 'exclusions'));
      return from ? mirror(c, child(from.el, 'exclusions'), from.id) : c;
    });
  }

  private build(node: XmlNode): XmlNode {
    return mapChildren(node, (c) => {
      if (c.name === 'pluginManagement') {
        return mapChildren(c, (ps) => mapChildren(ps, (p) => this.plugin(p, this.managedPlugins(p), false)));
      }
      if (c.name === 'extensions') {
        return mapChildren(c, (x) => {
          const key = `${nodeText(x, 'groupId')}:${nodeText(x, 'artifactId')}`;
          const [found] = this.all(
            ['build', 'extensions'],
            'extension',
            (e) => `${childText(e, 'groupId')?.trim()}:${childText(e, 'artifactId')?.trim()}`,
            key,
          );
          return found ? mirror(x, found.el, found.id) : x;
        });
      }
      if (c.name === 'plugins') {
        return mapChildren(c, (p) => {
          const lifecycle =
            (nodeText(p, 'groupId') ?? MAVEN_PLUGINS) === MAVEN_PLUGINS &&
            this.lifecycle.has(nodeText(p, 'artifactId') ?? '');
          return this.plugin(p, [...this.pluginsAt(['build', 'plugins'], p), ...this.managedPlugins(p)], lifecycle);
        });
      }
      return this.byPath(c, ['build', c.name]);
    });
  }

  private managedPlugins(p: XmlNode): Located[] {
    return this.pluginsAt(['build', 'pluginManagement', 'plugins'], p);
  }

  private pluginsAt(path: readonly string[], p: XmlNode): Located[] {
    const key = `${nodeText(p, 'groupId') ?? MAVEN_PLUGINS}:${nodeText(p, 'artifactId')}`;
    return this.all(
      path,
      'plugin',
      (e) => `${childText(e, 'groupId')?.trim() ?? MAVEN_PLUGINS}:${childText(e, 'artifactId')?.trim()}`,
      key,
    );
  }

  /** A plugin from its declarations (`candidates`, in precedence order); `lifecycle`: bound by the packaging. */
  private plugin(node: XmlNode, candidates: readonly Located[], lifecycle: boolean): XmlNode {
    const bindings = lifecycle ? LIFECYCLE_BINDINGS_ID : undefined;
    const site = lifecycle && nodeText(node, 'artifactId') === 'maven-site-plugin';
    const configurations = (of: readonly Located[]): Located[] =>
      of.flatMap((x) => {
        const e = child(x.el, 'configuration');
        return e ? [{ id: x.id, el: e }] : [];
      });
    return mapChildren(node, (c) => {
      switch (c.name) {
        case 'executions':
          return mapChildren(c, (x) => {
            const id = nodeText(x, 'id') ?? 'default';
            const executions = candidates.flatMap((p) =>
              childrenNamed(child(p.el, 'executions'), 'execution')
                .filter((e) => (childText(e, 'id')?.trim() ?? 'default') === id)
                .map((el) => ({ id: p.id, el })),
            );
            return this.execution(
              x,
              executions,
              [...configurations(executions), ...configurations(candidates)],
              bindings,
              site,
            );
          });
        case 'dependencies':
          return mapChildren(c, (d) => {
            const key = `${nodeText(d, 'groupId')}:${nodeText(d, 'artifactId')}`;
            const declared = candidates.flatMap((p) =>
              childrenNamed(child(p.el, 'dependencies'), 'dependency')
                .filter((e) => `${childText(e, 'groupId')?.trim()}:${childText(e, 'artifactId')?.trim()}` === key)
                .map((el) => ({ id: p.id, el })),
            );
            return this.dependencyIn(d, declared);
          });
        case 'configuration':
          return this.configuration(c, [], configurations(candidates), site);
        default:
          return located(c, firstChild(candidates, c.name) ?? bindings);
      }
    });
  }

  private execution(
    node: XmlNode,
    executions: readonly Located[],
    configurations: readonly Located[],
    bindings: string | undefined,
    site: boolean,
  ): XmlNode {
    return mapChildren(node, (c) => {
      if (c.name === 'goals') {
        // Merging executions, Maven appends the other declarations' goals without their locations.
        const [dominant] = executions;
        const goals = dominant ? childrenNamed(child(dominant.el, 'goals'), 'goal') : [];
        return mapChildren(c, (g, i) => {
          if (!dominant) return located(g, bindings);
          return goals[i] && text(goals[i]) === g.text ? located(g, format(dominant.id, goals[i])) : g;
        });
      }
      if (c.name === 'configuration') return this.configuration(c, [], configurations, site);
      return located(c, firstChild(executions, c.name) ?? bindings);
    });
  }

  /** Configuration leaves at their path in the first configuration declaring them (the site plugin's defaults otherwise). */
  private configuration(
    node: XmlNode,
    path: ReadonlyArray<readonly [string, number]>,
    configurations: readonly Located[],
    site: boolean,
  ): XmlNode {
    if (!node.children || node.children.length === 0) {
      for (const x of configurations) {
        const el = atPath(x.el, path);
        if (el) return located(node, format(x.id, el));
      }
      if (!site || path.length === 0) return node;
      if (path[0][0] === 'reportPlugins') return located(node, REPORTING_CONVERTER_ID);
      return path.length === 1 && path[0][0] === 'outputDirectory'
        ? located(node, this.first(['reporting', 'outputDirectory']))
        : node;
    }
    const seen = new Map<string, number>();
    return mapChildren(node, (c) => {
      const n = seen.get(c.name) ?? 0;
      seen.set(c.name, n + 1);
      return this.configuration(c, [...path, [c.name, n]], configurations, site);
    });
  }
}
