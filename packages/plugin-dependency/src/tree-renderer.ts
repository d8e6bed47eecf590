import { ownValue } from '@goalhost/model';
import type { DependencyTreeNode } from '@goalhost/api';

export type TreeFormat = 'text' | 'dot' | 'graphml' | 'tgf';

export interface TreeOptions {
  readonly format: TreeFormat;
  readonly tokens: string;
  readonly scope?: string;
  readonly includes?: string;
  readonly excludes?: string;
  /** Node strings of maven-dependency-tree 3.2.1's verbose nodes (omitted nodes, management, scopes). */
  readonly verbose?: boolean;
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
  return (ownValue(table, filter) ?? []).includes(scope);
}

/** Maven's Artifact.toString() for a tree node (base version, scope when set). */
export function nodeString(n: DependencyTreeNode): string {
  const version = n.version.replace(/-\d{8}\.\d{6}-\d+$/, '-SNAPSHOT');
  const id = [n.groupId, n.artifactId, n.type, ...(n.classifier ? [n.classifier] : []), version].join(':');
  return n.scope ? `${id}:${n.scope}` : id;
}

/**
 * A verbose tree's node string (maven-dependency-tree 3.2.1's VerboseDependencyNode): an omitted
 * node in parentheses with ` - ` before its notes, a kept one with its notes in ` (...)`.
 */
export function verboseNodeString(n: DependencyTreeNode): string {
  const notes: string[] = [];
  if (n.premanagedVersion !== undefined) notes.push(`version managed from ${n.premanagedVersion}`);
  if (n.premanagedScope !== undefined) notes.push(`scope managed from ${n.premanagedScope}`);
  if (n.ignoredScope !== undefined) notes.push(`scope not updated to ${n.ignoredScope}`);
  const omitted = n.winnerVersion !== undefined;
  if (omitted)
    notes.push(
      n.winnerVersion === n.version ? 'omitted for duplicate' : `omitted for conflict with ${n.winnerVersion}`,
    );
  if (!omitted) return notes.length > 0 ? `${nodeString(n)} (${notes.join('; ')})` : nodeString(n);
  return `(${nodeString(n)} - ${notes.join('; ')})`;
}

function tokenMatches(token: string, pattern: string): boolean {
  if (pattern === '*' || pattern === '') return true;
  if (pattern.length > 1 && pattern.startsWith('*') && pattern.endsWith('*'))
    return token.includes(pattern.slice(1, -1));
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
  // Everything here walks without recursion: a dependency chain thousands deep is legal.
  const tree: Shown = { node: root, children: [] };
  for (const work = [tree]; work.length > 0;) {
    const s = work.pop() as Shown;
    for (const c of s.node.children) {
      if (o.scope && !scopeShows(o.scope, c.scope)) continue;
      const shown: Shown = { node: c, children: [] };
      s.children.push(shown);
      work.push(shown);
    }
  }
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
  // Children before parents (reverse pre-order): a node stays if it is accepted or keeps a child.
  const order: Shown[] = [];
  walkTree(tree, (s) => order.push(s));
  const kept = new Map<Shown, Shown>();
  for (let i = order.length - 1; i >= 0; i--) {
    const s = order[i];
    const children = s.children.map((c) => kept.get(c)).filter((c): c is Shown => c !== undefined);
    if (filters.every((f) => f(s.node)) || children.length > 0) kept.set(s, { node: s.node, children });
  }
  return kept.get(tree);
}

/**
 * Depth-first over a tree without recursion: `enter` for each node in pre-order (with its
 * parent and its index among the parent's children), `left` once a child's subtree is done.
 */
function walkTree(
  root: Shown,
  enter: (s: Shown, parent: Shown | undefined, index: number) => void,
  left?: (parent: Shown, child: Shown) => void,
): void {
  enter(root, undefined, 0);
  const stack: { s: Shown; next: number }[] = [{ s: root, next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next < top.s.children.length) {
      const child = top.s.children[top.next];
      enter(child, top.s, top.next++);
      stack.push({ s: child, next: 0 });
    } else {
      stack.pop();
      if (left && stack.length > 0) left(stack[stack.length - 1].s, top.s);
    }
  }
}

/** The tree as maven-dependency-plugin 3.5.0 serializes it (every line ends with a line break). */
export function renderTree(root: DependencyTreeNode, o: TreeOptions): string {
  const tree = select(root, o);
  if (!tree) return '';
  const label = o.verbose ? verboseNodeString : nodeString;
  switch (o.format) {
    case 'dot':
      return renderDot(tree, label);
    case 'tgf':
      return renderTgf(tree, label);
    case 'graphml':
      return renderGraphml(tree, label);
    default:
      return renderText(tree, ownValue(TOKENS, o.tokens) ?? TOKENS.standard, label);
  }
}

type Label = (n: DependencyTreeNode) => string;

function renderText(
  tree: Shown,
  [branch, lastBranch, pipe, space]: readonly [string, string, string, string],
  nodeString: Label,
): string {
  let out = '';
  const childPrefix = new Map<Shown, string>();
  walkTree(tree, (s, parent, index) => {
    if (!parent) {
      out += `${nodeString(s.node)}\n`;
      childPrefix.set(s, '');
      return;
    }
    const prefix = childPrefix.get(parent) as string;
    const last = index === parent.children.length - 1;
    out += `${prefix}${last ? lastBranch : branch}${nodeString(s.node)}\n`;
    if (s.children.length > 0) childPrefix.set(s, prefix + (last ? space : pipe));
  });
  return out;
}

function renderDot(tree: Shown, nodeString: Label): string {
  let out = `digraph "${nodeString(tree.node)}" { \n`;
  walkTree(tree, (s) => {
    for (const c of s.children) out += `\t"${nodeString(s.node)}" -> "${nodeString(c.node)}" ; \n`;
  });
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
function renderTgf(tree: Shown, nodeString: Label): string {
  const id = numbering();
  const nodes: string[] = [];
  const edges: string[] = [];
  walkTree(
    tree,
    (s) => nodes.push(`${id(s)} ${nodeString(s.node)}\n`),
    (s, c) => edges.push(`${id(s)} ${id(c)} ${c.node.scope ?? ''}\n`),
  );
  return `${nodes.join('')}#\n${edges.join('')}`;
}

function renderGraphml(tree: Shown, nodeString: Label): string {
  const xml = (s: string): string =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const id = numbering();
  let out =
    '<?xml version="1.0" encoding="UTF-8"?> <graphml xmlns="http://graphml.graphdrawing.org/xmlns" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:y="http://www.yworks.com/xml/graphml" ' +
    'xsi:schemaLocation="http://graphml.graphdrawing.org/xmlns http://graphml.graphdrawing.org/xmlns/1.0/graphml.xsd">\n' +
    '  <key for="node" id="d0" yfiles.type="nodegraphics"/> \n  <key for="edge" id="d1" yfiles.type="edgegraphics"/> \n' +
    '<graph id="dependencies" edgedefault="directed">\n';
  walkTree(
    tree,
    (s) =>
      (out += `<node id="${id(s)}"><data key="d0"><y:ShapeNode><y:NodeLabel>${xml(nodeString(s.node))}</y:NodeLabel></y:ShapeNode></data></node>\n`),
    (s, c) =>
      (out += `<edge source="${id(s)}" target="${id(c)}"><data key="d1"><y:PolyLineEdge><y:EdgeLabel>${xml(c.node.scope ?? '')}</y:EdgeLabel></y:PolyLineEdge></data></edge>\n`),
  );
  return `${out}</graph></graphml>`;
}
