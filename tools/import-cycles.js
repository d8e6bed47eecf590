#!/usr/bin/env node
'use strict';
// Finds import circles between the source files of each package, type-only imports included
// (ESLint's no-cycle rule skips those, yet two files that need each other's types are one
// design unit split in two). Exits 1 naming every circle, 0 when there is none.
//   node tools/import-cycles.js [packages-dir]
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const root = path.resolve(process.argv[2] || path.join(__dirname, '..', 'packages'));

function sourceFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveRelative(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith('.'))
      .map(({ fileName }) => resolveRelative(file, fileName))
      .filter((target) => target !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** Tarjan's strongly connected components; every component of two or more files is a circle. */
function circles(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) || []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const packages = fs.readdirSync(root).filter((name) => fs.existsSync(path.join(root, name, 'src')));
const found = packages.flatMap((name) => circles(importGraph(sourceFiles(path.join(root, name, 'src')))));
for (const circle of found) {
  console.error(`import circle (${circle.length} files):`);
  for (const file of circle) console.error(`  ${path.relative(process.cwd(), file)}`);
}
if (found.length > 0) {
  console.error(`${found.length} import circle(s): move what both files need into a file of its own.`);
  process.exit(1);
}
console.log(`no import circle in ${packages.length} packages`);
