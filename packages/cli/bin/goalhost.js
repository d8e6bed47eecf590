#!/usr/bin/env node
'use strict';
require('reflect-metadata');
const { main } = require('../dist/main');

main(process.argv.slice(2), { cwd: process.cwd(), env: process.env, out: process.stdout, err: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    process.stdout.write(`[ERROR] Internal error: ${e && e.stack ? e.stack : e}\n`);
    process.exitCode = 1;
  },
);
