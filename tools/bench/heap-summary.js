'use strict';
/*
 * What fills a V8 heap snapshot: self size and count per constructor (objects), per kind
 * (strings, arrays, closures, code), largest first.
 *   node tools/bench/heap-summary.js FILE.heapsnapshot [TOP]
 */
const fs = require('node:fs');

function summarize(file, topN = 25) {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8'));
  const meta = snap.snapshot.meta;
  const fields = meta.node_fields;
  const width = fields.length;
  const types = meta.node_types[0];
  const iType = fields.indexOf('type');
  const iName = fields.indexOf('name');
  const iSize = fields.indexOf('self_size');
  const groups = new Map();
  let total = 0;
  for (let i = 0; i < snap.nodes.length; i += width) {
    const type = types[snap.nodes[i + iType]];
    const size = snap.nodes[i + iSize];
    total += size;
    const key = type === 'object' || type === 'native' ? `${type} ${snap.strings[snap.nodes[i + iName]]}` : `(${type})`;
    const g = groups.get(key) ?? { count: 0, size: 0 };
    g.count++;
    g.size += size;
    groups.set(key, g);
  }
  const lines = [`${file}: ${(total / 1048576).toFixed(1)} MB in ${snap.nodes.length / width} nodes`];
  for (const [k, g] of [...groups].sort((a, b) => b[1].size - a[1].size).slice(0, topN)) {
    lines.push(`  ${(g.size / 1048576).toFixed(1).padStart(7)} MB  ${String(g.count).padStart(8)}  ${k}`);
  }
  return lines.join('\n');
}

module.exports = { summarize };

if (require.main === module) {
  process.stdout.write(`${summarize(process.argv[2], Number(process.argv[3] || 25))}\n`);
}
