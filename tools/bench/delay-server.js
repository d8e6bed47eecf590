#!/usr/bin/env node
'use strict';
/*
 * A Maven repository over loopback HTTP that answers every request after a fixed delay, as a
 * Nexus or Artifactory across a WAN would: the resolve-remote workloads' server.
 *
 *   node tools/bench/delay-server.js ROOT DELAY_MS LOG_FILE [--no-checksums]
 *
 * Serves the files under ROOT (GET and HEAD; 404 for anything else or outside ROOT; with
 * --no-checksums 404 for every .sha1, .md5, .sha256 and .sha512 too), keep-alive,
 * and appends `METHOD PATH STATUS MS` to LOG_FILE for every request, in the order they are answered
 * (MS: when the request arrived, Unix time in milliseconds)
 * (truncating LOG_FILE between runs starts a new count). Prints `port N` on stdout once listening.
 */
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');

const CHECKSUM = /\.(sha1|md5|sha256|sha512)$/;

function serve(root, delayMs, logFile, checksums = true) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    const arrived = `${req.method} ${req.url}`;
    const at = Date.now();
    setTimeout(() => {
      let status = 404;
      let body;
      const relative = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const file = path.resolve(base, `.${relative}`);
      if (
        (req.method === 'GET' || req.method === 'HEAD') &&
        file.startsWith(`${base}${path.sep}`) &&
        (checksums || !CHECKSUM.test(file))
      ) {
        try {
          body = fs.readFileSync(file);
          status = 200;
        } catch {
          body = undefined;
        }
      }
      fs.appendFileSync(logFile, `${arrived} ${status} ${at}\n`);
      if (status !== 200) {
        res.writeHead(404, { 'Content-Length': 0 });
        res.end();
        return;
      }
      res.writeHead(200, { 'Content-Length': body.length, 'Content-Type': 'application/octet-stream' });
      res.end(req.method === 'HEAD' ? undefined : body);
    }, delayMs);
  });
  server.keepAliveTimeout = 60_000;
  return server;
}

if (require.main === module) {
  const [root, delay, logFile, flag] = process.argv.slice(2);
  if (!root || !delay || !logFile || (flag !== undefined && flag !== '--no-checksums')) {
    process.stderr.write('usage: delay-server.js ROOT DELAY_MS LOG_FILE [--no-checksums]\n');
    process.exit(2);
  }
  const server = serve(root, Number(delay), logFile, flag !== '--no-checksums');
  server.listen(0, '127.0.0.1', () => process.stdout.write(`port ${server.address().port}\n`));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
}

module.exports = { serve };
