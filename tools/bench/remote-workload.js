'use strict';
/*
 * The resolve-remote workloads: a cold `dependency:list` of a generated graph (100 or 400
 * artifacts, shaped as resolve-inherit's: parent, imported BOM, conflicts, scopes) downloaded
 * from a loopback repository (delay-server.js) that answers every request after 20 ms, with a
 * `.sha1` beside every file or none at all. goalhost and mvn get the same settings.xml, whose
 * mirror sends every repository to that server; the graph's part of the local repository is
 * deleted before each run (the rest, maven-dependency-plugin for mvn, stays).
 *
 * The floor is what any client needs against this server: the longest chain of POMs that must
 * be read one after another (the BOM, then the parent, then each dependency level) at one round
 * trip each, plus every other request at the connection limit (5, Maven's default
 * aether.connector.basic.threads).
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { spawn } = require('node:child_process');
const { writeGraph } = require('./resolve-graph');
const { writeProjectPom } = require('./maven-files');

const GENERATOR_VERSION = 1;
const PREFIX = 'bench.remote';
const DELAY_MS = 20;
const CONNECTIONS = 5;

/** `resolve-remote-400` or `resolve-remote-400-nosha1`: the graph's size and whether checksums are served. */
function parseRemoteName(name) {
  const m = /^resolve-remote-(\d+)(-nosha1)?$/.exec(name);
  return m ? { count: Number(m[1]), checksums: !m[2] } : undefined;
}

/**
 * The longest chain of POM reads: the BOM and the parent come before any dependency's model can
 * be built; then a node's dependencies are known only once its POM is read. Test, provided and
 * optional dependencies below the first level are not followed (Maven's selectors).
 */
function longestChain(nodes, direct) {
  const byId = new Map(nodes.map((n) => [n.artifactId, n]));
  const depth = new Map();
  const walk = (n) => {
    if (depth.has(n)) return depth.get(n);
    let deepest = 0;
    for (const d of n.deps) {
      if (d.optional || d.scope === 'test' || d.scope === 'provided') continue;
      deepest = Math.max(deepest, walk(d.target));
    }
    depth.set(n, 1 + deepest);
    return 1 + deepest;
  };
  const levels = Math.max(...direct.map((d) => walk(byId.get(d.artifactId))));
  return 2 + levels;
}

/** The repository served (POMs, jars and a `.sha1` of each) and the project, generated once per size. */
function ensureRemoteWorkload(name, work, log = () => {}) {
  const { count, checksums } = parseRemoteName(name);
  const root = path.join(work, 'remote', String(count));
  const repo = path.join(root, 'repository');
  const project = path.join(root, `project`);
  const stampFile = path.join(root, 'stamp.json');
  const stamp = JSON.stringify({ GENERATOR_VERSION, count });
  let graph;
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    graph = JSON.parse(fs.readFileSync(path.join(root, 'graph.json'), 'utf8'));
  } else {
    const t0 = Date.now();
    log(`generating the remote repository of ${count} artifacts ...`);
    fs.rmSync(root, { recursive: true, force: true });
    const g = writeGraph(count, repo, PREFIX);
    for (const file of g.written)
      fs.writeFileSync(`${file}.sha1`, crypto.createHash('sha1').update(fs.readFileSync(file)).digest('hex'));
    fs.mkdirSync(project, { recursive: true });
    writeProjectPom(project, {
      groupId: 'bench',
      artifactId: 'bench-resolve-remote',
      managed: g.managed,
      dependencies: g.dependencies,
    });
    graph = { versions: g.versions, files: g.written.length, chain: longestChain(g.nodes, g.dependencies) };
    fs.writeFileSync(path.join(root, 'graph.json'), JSON.stringify(graph));
    fs.writeFileSync(stampFile, stamp);
    log(`  ${count} artifacts, ${g.versions} versions (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  }
  return {
    name,
    project,
    repository: repo,
    artifacts: count,
    versions: graph.versions,
    chain: graph.chain,
    checksums,
    delayMs: DELAY_MS,
    connections: CONNECTIONS,
  };
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Starts delay-server.js on the workload's repository; returns { port, requests(), reset(), stop() }:
 * requests() reads the log of requests since the last reset().
 */
function startServer(info, logFile) {
  const portFile = `${logFile}.port`;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.rmSync(portFile, { force: true });
  fs.writeFileSync(logFile, '');
  const out = fs.openSync(portFile, 'w');
  const args = [path.join(__dirname, 'delay-server.js'), info.repository, String(info.delayMs), logFile];
  if (!info.checksums) args.push('--no-checksums');
  const child = spawn(process.execPath, args, { stdio: ['ignore', out, 'inherit'], detached: false });
  fs.closeSync(out);
  let port;
  for (let waited = 0; port === undefined; waited += 20) {
    if (waited > 10_000) {
      child.kill();
      throw new Error(`delay-server.js did not start within 10 s (see ${portFile})`);
    }
    sleep(20);
    port = /^port (\d+)$/m.exec(fs.readFileSync(portFile, 'utf8'))?.[1];
  }
  return {
    port: Number(port),
    requests: () => fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean),
    reset: () => fs.writeFileSync(logFile, ''),
    stop: () => child.kill('SIGTERM'),
  };
}

/** A settings.xml whose mirror sends every repository to the server. */
function writeSettings(file, port) {
  fs.writeFileSync(
    file,
    `<settings>
  <mirrors>
    <mirror>
      <id>bench-remote</id>
      <mirrorOf>*</mirrorOf>
      <url>http://127.0.0.1:${port}/</url>
    </mirror>
  </mirrors>
</settings>
`,
  );
}

/** Seconds the floor takes for `requests` requests (see the header). */
function floorSeconds(info, requests) {
  const rtt = info.delayMs / 1000;
  return info.chain * rtt + (Math.max(requests - info.chain, 0) * rtt) / info.connections;
}

module.exports = { ensureRemoteWorkload, floorSeconds, parseRemoteName, startServer, writeSettings, PREFIX };
