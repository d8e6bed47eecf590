#!/usr/bin/env -S node --max-semi-space-size=8
'use strict';
require('reflect-metadata');
const { main } = require('../dist/main');

const argv = process.argv.slice(2);
const showErrors = argv.some((a) => a === '-e' || a === '--errors' || a === '-X' || a === '--debug');

function internalError(e) {
  // A bug in goalhost itself: still a clean failure, with the stack only when asked for.
  process.stdout.write(`[ERROR] Internal error: ${e && e.message ? e.message : e}\n`);
  if (showErrors && e && e.stack) process.stdout.write(`[ERROR] ${e.stack}\n`);
}

// A reader that stops early (`goalhost ... | head`) loses the rest of the log, not the build:
// as Java's System.out does for mvn, failed writes are dropped and the goals run to the end.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e) => {
    if (e.code !== 'EPIPE') throw e;
  });
}

// Work left running after the build has failed (e.g. parallel reads) may reject unobserved:
// the build's own result stands; a successful build that leaves one behind fails.
let finished = false;
process.on('unhandledRejection', (e) => {
  if (finished && process.exitCode !== 0) return;
  internalError(e);
  process.exitCode = 1;
});

const io = {
  cwd: process.cwd(), env: process.env, out: process.stdout, err: process.stderr,
  // Only -emp/-ep without a value read standard input: it is opened then, not before.
  get in() {
    return process.stdin;
  },
};

main(argv, io).then(
  (code) => {
    finished = true;
    if (process.exitCode !== 1) process.exitCode = code;
  },
  (e) => {
    finished = true;
    internalError(e);
    process.exitCode = 1;
  },
);
