#!/usr/bin/env node
'use strict';
require('reflect-metadata');
const { main } = require('../dist/main');

const argv = process.argv.slice(2);
const showErrors = argv.some((a) => a === '-e' || a === '--errors' || a === '-X' || a === '--debug');

main(argv, { cwd: process.cwd(), env: process.env, out: process.stdout, err: process.stderr }).then(
  (code) => {
    process.exitCode = code;
  },
  (e) => {
    // A bug in goalhost itself: still a clean failure, with the stack only when asked for.
    process.stdout.write(`[ERROR] Internal error: ${e && e.message ? e.message : e}\n`);
    if (showErrors && e && e.stack) process.stdout.write(`[ERROR] ${e.stack}\n`);
    process.exitCode = 1;
  },
);
