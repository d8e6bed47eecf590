#!/usr/bin/env node
'use strict';
/*
 * Copies the committed plugin-descriptor.xml (the cxx plugin's descriptor, which
 * tools/generate-descriptor.js writes and the tests check) into packages/plugin-cxx/plugin.xml,
 * where the package reads it: a packed or installed @goalhost/plugin-cxx has nothing outside its
 * own directory. The copy is a build output (git ignores it), so the repository keeps one
 * descriptor. Run by `npm run build`, `npm run prepare`, `npm test` and generate-descriptor.
 */
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const SOURCE = path.join(ROOT, 'plugin-descriptor.xml');
const COPY = path.join(ROOT, 'packages', 'plugin-cxx', 'plugin.xml');

/** Writes the copy when it is missing or differs; returns whether it wrote. */
function copyCxxDescriptor() {
  const xml = fs.readFileSync(SOURCE);
  if (fs.existsSync(COPY) && fs.readFileSync(COPY).equals(xml)) return false;
  fs.writeFileSync(COPY, xml);
  return true;
}

module.exports = { copyCxxDescriptor, SOURCE, COPY };

if (require.main === module) copyCxxDescriptor();
