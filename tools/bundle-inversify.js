#!/usr/bin/env node
'use strict';
/*
 * Bundles inversify (about 80 CommonJS modules with @inversifyjs/*) into one file,
 * packages/api/dist/vendor/inversify.js, which @goalhost/api loads instead of the package:
 * every goalhost run needs the container, and loading one file costs about a third of
 * resolving, reading and compiling eighty (see packages/api/src/inversify.ts). reflect-metadata
 * stays external: its global Reflect is shared with everything else. Run by `npm run prepare`.
 */
const path = require('node:path');
const esbuild = require('esbuild');

const ROOT = path.resolve(__dirname, '..');
const out = path.join(ROOT, 'packages', 'api', 'dist', 'vendor', 'inversify.js');

esbuild.buildSync({
  stdin: {
    contents: "module.exports = require('inversify');",
    resolveDir: path.join(ROOT, 'packages', 'api'),
    loader: 'js',
  },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  external: ['reflect-metadata'],
  legalComments: 'inline',
  outfile: out,
  logLevel: 'warning',
});
