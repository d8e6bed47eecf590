#!/usr/bin/env node
'use strict';
// Removes compiled files whose TypeScript source is gone. `tsc -b` never deletes outputs, and a
// stale `dist/x.js` left after `src/x.ts` became the folder `src/x/` would shadow `dist/x/index.js`
// for `require('./x')`, and mocha would run a compiled test whose source is gone. Runs before every
// build; vendored files (dist/vendor) are left alone.
const fs = require('node:fs');
const path = require('node:path');

const PACKAGES = path.join(__dirname, '..', 'packages');
const OUTPUT = /\.(d\.ts\.map|d\.ts|js\.map|js)$/;

function prune(dist, src) {
  let removed = 0;
  for (const entry of fs.readdirSync(dist, { withFileTypes: true })) {
    const full = path.join(dist, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'vendor' && dist.endsWith(`${path.sep}dist`)) continue;
      removed += prune(full, path.join(src, entry.name));
      if (fs.readdirSync(full).length === 0) fs.rmdirSync(full);
    } else if (OUTPUT.test(entry.name) && !fs.existsSync(path.join(src, entry.name.replace(OUTPUT, '.ts')))) {
      fs.unlinkSync(full);
      removed++;
    }
  }
  return removed;
}

const pairs = fs
  .readdirSync(PACKAGES)
  .map((name) => [path.join(PACKAGES, name, 'dist'), path.join(PACKAGES, name, 'src')]);
// Compiled tests too: mocha would run a test whose source was moved or deleted.
pairs.push([path.join(__dirname, '..', 'test-dist'), path.join(__dirname, '..', 'test')]);
let removed = 0;
for (const [dist, src] of pairs) if (fs.existsSync(dist) && fs.existsSync(src)) removed += prune(dist, src);
if (removed > 0) console.log(`prune-stale-dist: removed ${removed} compiled file(s) whose source is gone`);
