#!/usr/bin/env node
'use strict';
// Builds the small Maven repository of the bundled example (examples/cxx-app/repository):
// C++ libraries published as classified zips and tar.gz archives, the way C++ teams share
// binaries in Maven repositories. Deterministic: fixed entry times and owners, so the committed
// bytes only change on purpose. The tar.gz archives are written by GNU tar and gzip.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const os = require('node:os');
const { execFileSync } = require('node:child_process');
const yazl = require('yazl');

const repo = path.resolve(__dirname, '..', 'examples', 'cxx-app', 'repository');
const mtime = new Date('2024-03-01T12:00:00Z');

const libraries = [
  {
    groupId: 'org.example.cxx',
    artifactId: 'mathlib',
    version: '1.2.0',
    classifiers: {
      interface: {
        'include/mathlib/vector.h': '#pragma once\nstruct vec3 { double x, y, z; };\ndouble dot(vec3 a, vec3 b);\n',
        'include/mathlib/version.h': '#pragma once\n#define MATHLIB_VERSION "1.2.0"\n',
      },
      'bin-linux-x86_64': {
        'lib/libmathlib.so': 'ELF placeholder for libmathlib.so (linux x86_64)\n',
        'lib/pkgconfig/mathlib.pc': 'Name: mathlib\nVersion: 1.2.0\nLibs: -lmathlib\n',
      },
      'bin-windows-x64': {
        'bin/mathlib.dll': 'PE placeholder for mathlib.dll (windows x64)\n',
        'lib/mathlib.lib': 'import library placeholder\n',
      },
    },
    dependencies: [
      { groupId: 'org.example.cxx', artifactId: 'corelib', version: '2.0.1', type: 'zip', classifier: 'interface' },
    ],
  },
  {
    groupId: 'org.example.cxx',
    artifactId: 'corelib',
    version: '2.0.1',
    classifiers: {
      interface: { 'include/corelib/core.h': '#pragma once\nnamespace core { int init(); }\n' },
      'bin-linux-x86_64': { 'lib/libcorelib.so': 'ELF placeholder for libcorelib.so (linux x86_64)\n' },
    },
    dependencies: [],
  },
  {
    groupId: 'org.example.cxx',
    artifactId: 'zlib',
    version: '1.3.1',
    type: 'tar.gz',
    classifiers: {
      'bin-linux-x86_64': {
        'include/zlib.h': '#pragma once\n#define ZLIB_VERSION "1.3.1"\n',
        'lib/libz.a': 'ar placeholder for libz.a (linux x86_64)\n',
        'lib/libz.so.1.3.1': 'ELF placeholder for libz.so.1.3.1 (linux x86_64)\n',
      },
    },
    dependencies: [],
  },
];

function pom(lib) {
  const deps = lib.dependencies
    .map(
      (d) => `    <dependency>
      <groupId>${d.groupId}</groupId>
      <artifactId>${d.artifactId}</artifactId>
      <version>${d.version}</version>
      <type>${d.type}</type>
      <classifier>${d.classifier}</classifier>
    </dependency>
`,
    )
    .join('');
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
    for (const [name, content] of Object.entries(files))
      z.addBuffer(Buffer.from(content), name, { mtime, mode: 0o100644 });
    z.end();
    const chunks = [];
    z.outputStream
      .on('data', (c) => chunks.push(c))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });
}

/** A ustar archive of `files`, gzipped; GNU tar with fixed times and owners, gzip without a name or time. */
function tarGz(files) {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'example-tar-'));
  try {
    for (const [name, content] of Object.entries(files)) {
      fs.mkdirSync(path.join(tmp, path.dirname(name)), { recursive: true });
      fs.writeFileSync(path.join(tmp, name), content, { mode: 0o644 });
    }
    const tar = execFileSync('tar', [
      '--format=ustar',
      '--sort=name',
      `--mtime=${mtime.toISOString()}`,
      '--owner=0',
      '--group=0',
      '--numeric-owner',
      '--mode=u=rw,go=r',
      '-C',
      tmp,
      '-cf',
      '-',
      ...Object.keys(files),
    ]);
    return execFileSync('gzip', ['-9', '-n', '-c'], { input: tar });
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
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
    const type = lib.type ?? 'zip';
    for (const [classifier, files] of Object.entries(lib.classifiers)) {
      publish(
        dir,
        `${lib.artifactId}-${lib.version}-${classifier}.${type}`,
        type === 'zip' ? await zip(files) : tarGz(files),
      );
    }
  }
  console.log(`wrote ${repo}`);
})();
