'use strict';
/*
 * Reads V8 .cpuprofile files (node --cpu-prof writes one per thread) and sums where the time
 * went: self and inclusive time per function, and self time per source file grouped as the
 * project is (packages/<name>/dist/<file>, node_modules/<package>, node: internals, GC, idle).
 */
const fs = require('node:fs');
const path = require('node:path');
const { ROOT } = require('./commands');

/** Where a call frame's code lives, as a short label. */
function sourceOf(url) {
  if (!url) return '(native)';
  let p = url.replace(/^file:\/\//, '');
  if (p.startsWith('node:')) return 'node:internals';
  if (p.startsWith(ROOT)) p = path.relative(ROOT, p);
  else if (p.includes('/packages/') && !p.includes('node_modules/')) p = p.slice(p.lastIndexOf('/packages/') + 1);
  const nm = p.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = p.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    // Workspace packages are reached through node_modules symlinks only when not resolved.
    return pkg.startsWith('@goalhost/')
      ? `packages/${pkg.slice(10)}/${rest.slice(2).join('/')}`
      : `node_modules/${pkg}`;
  }
  return p;
}

function frameKey(cf) {
  return `${cf.functionName || '(anonymous)'} ${sourceOf(cf.url)}:${cf.lineNumber + 1}`;
}

/** Analysis of one profile: { totalMs, self: Map<key, ms>, inclusive: Map<key, ms>, files: Map<file, ms> }. */
function analyze(file) {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
  const byId = new Map();
  const parent = new Map();
  for (const n of profile.nodes) {
    byId.set(n.id, n);
    for (const c of n.children ?? []) parent.set(c, n.id);
  }
  const self = new Map();
  const inclusive = new Map();
  const files = new Map();
  /** First and last sample time (ms from the start) of each package's code, a rough timeline. */
  const spans = new Map();
  let totalMs = 0;
  let now = 0;
  const add = (map, key, ms) => map.set(key, (map.get(key) ?? 0) + ms);
  for (let i = 0; i < profile.samples.length; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    now += (profile.timeDeltas[i] ?? 0) / 1000;
    totalMs += ms;
    const node = byId.get(profile.samples[i]);
    const cf = node.callFrame;
    add(self, frameKey(cf), ms);
    const name = cf.functionName;
    add(
      files,
      name === '(idle)' || name === '(garbage collector)' || name === '(program)' ? name : sourceOf(cf.url),
      ms,
    );
    const seen = new Set();
    for (let id = node.id; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id).callFrame;
      const pkg = /^packages\/[^/]+/.exec(sourceOf(frame.url))?.[0];
      if (pkg) {
        const span = spans.get(pkg) ?? { first: now, last: now };
        span.last = now;
        spans.set(pkg, span);
      }
      const key = frameKey(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      add(inclusive, key, ms);
    }
  }
  return { file, totalMs, self, inclusive, files, spans, wallMs: (profile.endTime - profile.startTime) / 1000 };
}

function top(map, n, filter = () => true) {
  return [...map.entries()]
    .filter(([k]) => filter(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n);
}

/** A text summary of one thread's profile. */
function formatProfile(a, n = 25) {
  const lines = [];
  const busy = a.totalMs - (a.files.get('(idle)') ?? 0);
  lines.push(`${path.basename(a.file)}: ${a.wallMs.toFixed(0)} ms profiled, ${busy.toFixed(0)} ms busy`);
  const spans = [...a.spans.entries()].sort((x, y) => x[1].first - y[1].first);
  if (spans.length > 0) {
    lines.push('  timeline (first-last sample in each package, ms from start):');
    for (const [pkg, s] of spans)
      lines.push(`    ${s.first.toFixed(0).padStart(6)} - ${s.last.toFixed(0).padEnd(6)} ${pkg}`);
  }
  lines.push('  self time by source:');
  for (const [k, ms] of top(a.files, 15))
    lines.push(`    ${ms.toFixed(0).padStart(6)} ms  ${((100 * ms) / a.totalMs).toFixed(1).padStart(5)}%  ${k}`);
  lines.push('  self time by function:');
  for (const [k, ms] of top(a.self, n))
    lines.push(`    ${ms.toFixed(0).padStart(6)} ms  ${((100 * ms) / a.totalMs).toFixed(1).padStart(5)}%  ${k}`);
  lines.push('  inclusive time, project functions:');
  const ours = (k) => / packages\//.test(k);
  for (const [k, ms] of top(a.inclusive, n, ours))
    lines.push(`    ${ms.toFixed(0).padStart(6)} ms  ${((100 * ms) / a.totalMs).toFixed(1).padStart(5)}%  ${k}`);
  return lines.join('\n');
}

module.exports = { analyze, formatProfile };
