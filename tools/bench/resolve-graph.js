'use strict';
/*
 * The resolve-inherit workload (the second resolve shape, next to resolve-bench.js's graph of
 * standalone POMs): a deterministic graph of 2,000 artifacts (200 with --quick) in a local
 * repository, and a project depending on its top layer. Shaped like a large enterprise build:
 * 20 group ids, 10 layers, 2 to 5 dependencies per artifact reaching 1 to 3 layers down, a
 * shared parent whose dependencyManagement (every tenth artifact, the "platform") supplies the
 * versions some dependencies leave out,
 * a second version of 15% of the artifacts (so nearest-wins has conflicts to settle), a BOM
 * imported by the project, and test/provided/runtime scopes, optional dependencies and
 * exclusions on a few edges. Every artifact has a small real jar.
 */
const fs = require('node:fs');
const path = require('node:path');
const { prng } = require('./content');
const { ZipWriter } = require('./zip-writer');
const { artifactDir, pomXml, writeFixed, writeProjectPom, ARTIFACT_TIME } = require('./maven-files');

const GENERATOR_VERSION = 3;
const LAYERS = 10;
const GROUPS = 20;
const PARENT = { groupId: 'bench.graph', artifactId: 'graph-parent', version: '1.0' };
const BOM = { groupId: 'bench.graph', artifactId: 'graph-bom', version: '1.0' };

function pad(n, width) {
  return String(n).padStart(width, '0');
}

function buildGraph(count, random, groupPrefix = 'bench.graph') {
  const perLayer = Math.ceil(count / LAYERS);
  const nodes = [];
  for (let i = 0; i < count; i++) {
    nodes.push({
      groupId: `${groupPrefix}.g${pad(i % GROUPS, 2)}`,
      artifactId: `a${pad(i, 4)}`,
      layer: Math.floor(i / perLayer),
      managed: i % 10 === 0 && i >= perLayer,
      versions: random() < 0.15 ? ['1.0', '2.0'] : ['1.0'],
      deps: [],
    });
  }
  const pick = (fromLayer) => {
    const layer = Math.min(LAYERS - 1, fromLayer + 1 + Math.floor(random() * 3));
    const first = layer * perLayer;
    const last = Math.min(count, first + perLayer);
    return nodes[first + Math.floor(random() * (last - first))];
  };
  for (const n of nodes) {
    if (n.layer === LAYERS - 1) continue;
    const k = 2 + Math.floor(random() * 4);
    const seen = new Set();
    for (let j = 0; j < k; j++) {
      const t = pick(n.layer);
      if (seen.has(t)) continue;
      seen.add(t);
      const r = random();
      const dep = {
        target: t,
        version: t.versions[Math.floor(random() * t.versions.length)],
        managedVersion: t.managed && random() < 0.7,
        scope: r < 0.06 ? 'test' : r < 0.09 ? 'provided' : r < 0.14 ? 'runtime' : undefined,
        optional: random() < 0.03,
      };
      if (random() < 0.05) {
        const x = pick(t.layer);
        dep.exclusions = [{ groupId: x.groupId, artifactId: x.artifactId }];
      }
      n.deps.push(dep);
    }
  }
  return { nodes, perLayer };
}

function coords(n, version) {
  return { groupId: n.groupId, artifactId: n.artifactId, version };
}

function writeJar(file, name) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const jar = new ZipWriter(file);
  jar.addDirectory('META-INF/');
  jar.addFile('META-INF/MANIFEST.MF', Buffer.from('Manifest-Version: 1.0\r\nCreated-By: goalhost bench\r\n\r\n'));
  jar.addFile(`bench/${name}/Api.class`, Buffer.from(`placeholder for ${name}\n`.repeat(20)));
  jar.close();
  fs.utimesSync(file, ARTIFACT_TIME, ARTIFACT_TIME);
}

/**
 * Writes the graph of `count` artifacts (group ids under `prefix`) into `repo`: the parent, the
 * BOM, a POM and a jar for each version. Returns every file written and the project's
 * dependencyManagement and dependencies (the top layer, at its newest version).
 */
function writeGraph(count, repo, prefix = 'bench.graph') {
  const parent = { ...PARENT, groupId: prefix };
  const bom = { ...BOM, groupId: prefix };
  const random = prng(2000);
  const { nodes, perLayer } = buildGraph(count, random, prefix);
  const written = [];
  const write = (file, text) => {
    writeFixed(file, text);
    written.push(file);
  };
  // The parent manages the platform artifacts at their first version.
  const managed = nodes.filter((n) => n.managed).map((n) => coords(n, n.versions[0]));
  write(
    path.join(artifactDir(repo, parent), `graph-parent-1.0.pom`),
    pomXml({ ...parent, packaging: 'pom', managed, properties: { 'graph.release': '1.0' } }),
  );
  const bomManaged = nodes.filter((n) => n.versions.length > 1 && n.layer % 2 === 1).map((n) => coords(n, '2.0'));
  write(
    path.join(artifactDir(repo, bom), 'graph-bom-1.0.pom'),
    pomXml({ ...bom, packaging: 'pom', managed: bomManaged }),
  );
  let versions = 0;
  for (const n of nodes) {
    for (const version of n.versions) {
      const dependencies = n.deps.map((d) => ({
        groupId: d.target.groupId,
        artifactId: d.target.artifactId,
        version: d.managedVersion ? undefined : d.version === '1.0' ? '${graph.release}' : d.version,
        scope: d.scope,
        optional: d.optional,
        exclusions: d.exclusions,
      }));
      const dir = artifactDir(repo, coords(n, version));
      write(path.join(dir, `${n.artifactId}-${version}.pom`), pomXml({ parent, ...coords(n, version), dependencies }));
      writeJar(path.join(dir, `${n.artifactId}-${version}.jar`), n.artifactId);
      written.push(path.join(dir, `${n.artifactId}-${version}.jar`));
      versions++;
    }
  }
  return {
    nodes,
    written,
    versions,
    managed: [{ ...bom, type: 'pom', scope: 'import' }],
    dependencies: nodes.slice(0, perLayer).map((n) => coords(n, n.versions[n.versions.length - 1])),
  };
}

/** Generates the graph of `count` artifacts into `repo` and its project into `projectsDir/resolve-inherit`. */
function ensureResolveWorkload(count, repo, projectsDir, log = () => {}) {
  const project = path.join(projectsDir, 'resolve-inherit');
  const stampFile = path.join(projectsDir, 'resolve-inherit.stamp.json');
  const stamp = JSON.stringify({ GENERATOR_VERSION, count, repo });
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) {
    return JSON.parse(fs.readFileSync(path.join(project, 'workload.json'), 'utf8'));
  }
  const t0 = Date.now();
  log(`generating workload resolve-inherit (${count} artifacts) ...`);
  fs.rmSync(path.join(repo, 'bench', 'graph'), { recursive: true, force: true });
  const graph = writeGraph(count, repo);
  fs.rmSync(project, { recursive: true, force: true });
  fs.mkdirSync(project, { recursive: true });
  writeProjectPom(project, {
    groupId: 'bench',
    artifactId: 'bench-resolve-inherit',
    managed: graph.managed,
    dependencies: graph.dependencies,
  });
  const info = { name: 'resolve-inherit', project, artifacts: count, versions: graph.versions };
  fs.writeFileSync(path.join(project, 'workload.json'), JSON.stringify(info, null, 1));
  fs.writeFileSync(stampFile, stamp);
  log(`  ${count} artifacts, ${graph.versions} versions (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return info;
}

module.exports = { ensureResolveWorkload, writeGraph };
