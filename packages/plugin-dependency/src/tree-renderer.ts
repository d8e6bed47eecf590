import type { DependencyTreeNode } from '@goalhost/api';

export type TreeFormat = 'text' | 'dot' | 'graphml' | 'tgf';

export interface TreeOptions {
  readonly format: TreeFormat;
  readonly tokens: string;
  readonly scope?: string;
  readonly includes?: string;
  readonly excludes?: string;
}

const TOKENS: Record<string, readonly [string, string, string, string]> = {
  standard: ['+- ', '\\- ', '|  ', '   '],
  whitespace: ['   ', '   ', '   ', '   '],
  extended: ['\u251c\u2500 ', '\u2514\u2500 ', '\u2502  ', '   '],
};

/** Which mediated scopes a `-Dscope` value shows (Maven's ScopeArtifactFilter). */
function scopeShows(filter: string, scope: string | undefined): boolean {
  const table: Record<string, readonly string[]> = {
    compile: ['compile', 'provided', 'system'],
    runtime: ['compile', 'runtime'],
    'compile+runtime': ['compile', 'provided', 'system', 'runtime'],
    'runtime+system': ['compile', 'runtime', 'system'],
    test: ['compile', 'provided', 'system', 'runtime', 'test'],
  };
  if (!scope || !['compile', 'provided', 'system', 'runtime', 'test'].includes(scope)) return true;
  return (table[filter] ?? []).includes(scope);
}

/** Maven's Artifact.toString() for a tree node (base version, scope when set). */
export function nodeString(n: DependencyTreeNode): string {
  const version = n.version.replace(/-\d{8}\.\d{6}-\d+$/, '-SNAPSHOT');
  const id = [n.groupId, n.artifactId, n.type, ...(n.classifier ? [n.classifier] : []), version].join(':');
  return n.scope ? `${id}:${n.scope}` : id;
}

function tokenMatches(token: string, pattern: string): boolean {
  if (pattern === '*' || pattern === '') return true;
  if (pattern.length > 1 && pattern.startsWith('*') && pattern.endsWith('*')) return token.includes(pattern.slice(1, -1));
  if (pattern.startsWith('*')) return token.endsWith(pattern.slice(1));
  if (pattern.endsWith('*')) return token.startsWith(pattern.slice(0, -1));
  return token === pattern;
}

/** maven-common-artifact-filters' strict patterns: `groupId:artifactId:type:version`, `*` wildcards. */
function patternMatches(n: DependencyTreeNode, pattern: string): boolean {
  const tokens = [n.groupId, n.artifactId, n.type, n.version];
  const parts = pattern.split(':');
  return parts.length <= tokens.length && parts.every((p, i) => tokenMatches(tokens[i], p));
}

interface Shown {
  readonly node: DependencyTreeNode;
  readonly children: Shown[];
}

/** Applies -Dscope, then includes/excludes keeping the ancestors of every kept node. */
function select(root: DependencyTreeNode, o: TreeOptions): Shown | undefined {
  const scoped = (n: DependencyTreeNode): Shown => ({
    node: n,
    children: n.children.filter((c) => !o.scope || scopeShows(o.scope, c.scope)).map(scoped),
  });
  const tree = scoped(root);
  const filters: Array<(n: DependencyTreeNode) => boolean> = [];
  if (o.includes !== undefined) {
    const patterns = o.includes.split(',');
    filters.push((n) => patterns.some((p) => patternMatches(n, p)));
  }
  if (o.excludes !== undefined) {
    const patterns = o.excludes.split(',');
    filters.push((n) => !patterns.some((p) => patternMatches(n, p)));
  }
  if (filters.length === 0) return tree;
  const prune = (s: Shown): Shown | undefined => {
    const children = s.children.map(prune).filter((c): c is Shown => c !== undefined);
    const accepted = filters.every((f) => f(s.node));
    return accepted || children.length > 0 ? { node: s.node, children } : undefined;
  };
  return prune(tree);
}

/** The tree as maven-dependency-plugin 3.5.0 serializes it (every line ends with a line break). */
export function renderTree(root: DependencyTreeNode, o: TreeOptions): string {
  const tree = select(root, o);
  if (!tree) return '';
  switch (o.format) {
    case 'dot':
      return renderDot(tree);
    case 'tgf':
      return renderTgf(tree);
    case 'graphml':
      return renderGraphml(tree);
    default:
      return renderText(tree, TOKENS[o.tokens] ?? TOKENS.standard);
  }
}

function renderText(tree: Shown, [branch, lastBranch, pipe, space]: readonly [string, string, string, string]): string {
  let out = '';
  const walk = (s: Shown, prefix: string, last: boolean, depth: number): void => {
    out += depth === 0 ? `${nodeString(s.node)}\n` : `${prefix}${last ? lastBranch : branch}${nodeString(s.node)}\n`;
    const childPrefix = depth === 0 ? '' : prefix + (last ? space : pipe);
    s.children.forEach((c, i) => walk(c, childPrefix, i === s.children.length - 1, depth + 1));
  };
  walk(tree, '', true, 0);
  return out;
}

function renderDot(tree: Shown): string {
  let out = `digraph "${nodeString(tree.node)}" { \n`;
  const walk = (s: Shown): void => {
    for (const c of s.children) out += `\t"${nodeString(s.node)}" -> "${nodeString(c.node)}" ; \n`;
    s.children.forEach(walk);
  };
  walk(tree);
  return `${out} } `;
}

/** Ids for TGF/GraphML nodes (Maven uses identity hash codes, which differ on every run). */
function numbering(): (s: Shown) => number {
  const ids = new Map<Shown, number>();
  return (s) => {
    let v = ids.get(s);
    if (v === undefined) ids.set(s, (v = ids.size + 1));
    return v;
  };
}

/** Nodes in pre-order, then `#`, then each edge when its child's subtree is done (Maven's order). */
function renderTgf(tree: Shown): string {
  const id = numbering();
  const nodes: string[] = [];
  const edges: string[] = [];
  const walk = (s: Shown): void => {
    nodes.push(`${id(s)} ${nodeString(s.node)}\n`);
    for (const c of s.children) {
      walk(c);
      edges.push(`${id(s)} ${id(c)} ${c.node.scope ?? ''}\n`);
    }
  };
  walk(tree);
  return `${nodes.join('')}#\n${edges.join('')}`;
}

function renderGraphml(tree: Shown): string {
  const xml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const id = numbering();
  let out =
    '<?xml version="1.0" encoding="UTF-8"?> <graphml xmlns="http://graphml.graphdrawing.org/xmlns" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:y="http://www.yworks.com/xml/graphml" ' +
    'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n' +
    '  <key for="node" id="d0" yfiles.type="nodegraphics"/> \n  <key for="edge" id="d1" yfiles.type="edgegraphics"/> \n' +
    '<graph id="dependencies" edgedefault="directed">\n';
  const walk = (s: Shown): void => {
    out += `<node id="${id(s)}"><data key="d0"><y:ShapeNode><y:NodeLabel>${xml(nodeString(s.node))}</y:NodeLabel></y:ShapeNode></data></node>\n`;
    for (const c of s.children) {
      walk(c);
      out += `<edge source="${id(s)}" target="${id(c)}"><data key="d1"><y:PolyLineEdge><y:EdgeLabel>${xml(c.node.scope ?? '')}</y:EdgeLabel></y:PolyLineEdge></data></edge>\n`;
    }
  };
  walk(tree);
  return `${out}</graph></graphml>`;
}
