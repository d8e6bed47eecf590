#!/usr/bin/env node
'use strict';
/*
 * The files archived by tools/gen-zip-method-fixtures.sh, written below the given directory:
 * far.bin repeats 40,000 bytes (matches 40,000 back: Deflate64's distance codes 30 and 31),
 * runs.bin has a 70,000-byte run (lengths past 258: Deflate64's 16-bit length code 285),
 * text/lines.txt is plain text. The test (test/unpack/zip-methods.test.ts) rebuilds them.
 */
const fs = require('node:fs');
const path = require('node:path');

function contents() {
  const block = Buffer.alloc(40000);
  let x = 12345;
  for (let i = 0; i < block.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    block[i] = 97 + ((x >>> 0) % 16);
  }
  const lines = [];
  for (let i = 0; i < 3000; i++) lines.push(`line ${i}: the quick brown fox jumps over the lazy dog ${i * i}\n`);
  return {
    'far.bin': Buffer.concat([block, block]),
    'runs.bin': Buffer.concat([Buffer.from('start\n'), Buffer.alloc(70000, 'z'), Buffer.from('\nend\n')]),
    'text/lines.txt': Buffer.from(lines.join('')),
  };
}

module.exports = { contents };

if (require.main === module) {
  const dir = process.argv[2];
  for (const [name, data] of Object.entries(contents())) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), data);
  }
}
