#!/usr/bin/env node
'use strict';
// Builds the small Maven repository of the bundled example (examples/cxx-app/repository):
// a C++ library published as classified zips, the way C++ teams share binaries in Maven
// repositories. Deterministic: fixed entry times, so the committed bytes only change on purpose.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const yazl = require('yazl');

const repo = path.resolve(__dirname, '..', 'examples', 'cxx-app', 'repository');
const mtime = new Date('2024-03-01T12:00:00Z');

const libraries = [
  {
    groupId: 'org.example.cxx', artifactId: 'mathlib', version: '1.2.0',
    classifiers: {
      interface: { 'include/mathlib/vector.h': '#pragma once\nstruct vec3 { double x, y, z; };\ndouble dot(vec3 a, vec3 b);\n', 'include/mathlib/version.h': '#pragma once\n#define MATHLIB_VERSION "1.2.0"\n' },
      'bin-linux-x86_64': { 'lib/libmathlib.so': 'ELF placeholder for libmathlib.so (linux x86_64)\n', 'lib/pkgconfig/mathlib.pc': 'Name: mathlib\nVersion: 1.2.0\nLibs: -lmathlib\n' },
      'bin-windows-x64': { 'bin/mathlib.dll': 'PE placeholder for mathlib.dll (windows x64)\n', 'lib/mathlib.lib': 'import library placeholder\n' },
    },
    dependencies: [{ groupId: 'org.example.cxx', artifactId: 'corelib', version: '2.0.1', type: 'zip', classifier: 'interface' }],
  },
  {
    groupId: 'org.example.cxx', artifactId: 'corelib', version: '2.0.1',
    classifiers: {
      interface: { 'include/corelib/core.h': '#pragma once\nnamespace core { int init(); }\n' },
      'bin-linux-x86_64': { 'lib/libcorelib.so': 'ELF placeholder for libcorelib.so (linux x86_64)\n' },
    },
    dependencies: [],
  },
];

function pom(lib) {
  const deps = lib.dependencies.map((d) => `    <dependency>
      <groupId>${d.groupId}</groupId>
      <artifactId>${d.artifactId}</artifactId>
      <version>${d.version}</version>
      <type>${d.type}</type>
      <classifier>${d.classifier}</classifier>
    </dependency>
`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>${lib.groupId}</groupId>
  <artifactId>${lib.artifactId}</artifactId>
  <version>${lib.version}</version>
  <packaging>pom</packaging>
${deps ? `  <dependencies>\n${deps}  </dependencies>\n` : ''}</project>
`;
}

function zip(files) {
  return new Promise((resolve, reject) => {
    const z = new yazl.ZipFile();
    for (const [name, content] of Object.entries(files)) z.addBuffer(Buffer.from(content), name, { mtime, mode: 0o100644 });
    z.end();
    const chunks = [];
    z.outputStream.on('data', (c) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks))).on('error', reject);
  });
}

function publish(dir, name, bytes) {
  fs.writeFileSync(path.join(dir, name), bytes);
  fs.writeFileSync(path.join(dir, `${name}.sha1`), crypto.createHash('sha1').update(bytes).digest('hex'));
}

(async () => {
  fs.rmSync(repo, { recursive: true, force: true });
  for (const lib of libraries) {
    const dir = path.join(repo, ...lib.groupId.split('.'), lib.artifactId, lib.version);
    fs.mkdirSync(dir, { recursive: true });
    publish(dir, `${lib.artifactId}-${lib.version}.pom`, Buffer.from(pom(lib)));
    for (const [classifier, files] of Object.entries(lib.classifiers)) {
      publish(dir, `${lib.artifactId}-${lib.version}-${classifier}.zip`, await zip(files));
    }
  }
  console.log(`wrote ${repo}`);
})();
