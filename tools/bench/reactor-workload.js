'use strict';
/*
 * The `reactor` workload: a multi-module project whose modules unpack the `many` workload's zips
 * between them (each module its own share), built with `-T 1` and `-T 2C` by goalhost and by
 * mvn (maven-dependency-plugin's unpack-dependencies is thread-safe), to show what -T gains.
 */
const fs = require('node:fs');
const path = require('node:path');
const { writeProjectPom } = require('./maven-files');

const MODULES = 8;

/** Writes the reactor's POMs (root aggregator + modules) beside the `many` workload's project. */
function ensureReactorWorkload(many, projectsDir) {
  const project = path.join(projectsDir, 'reactor');
  fs.rmSync(project, { recursive: true, force: true });
  fs.mkdirSync(project, { recursive: true });
  const deps = readDependencies(path.join(many.project, 'pom.xml'));
  const count = Math.min(MODULES, deps.length);
  const modules = [];
  for (let m = 0; m < count; m++) {
    const name = `module-${String(m + 1).padStart(2, '0')}`;
    fs.mkdirSync(path.join(project, name));
    writeProjectPom(path.join(project, name), {
      groupId: 'bench',
      artifactId: name,
      dependencies: deps.filter((_, i) => i % count === m),
    });
    modules.push(name);
  }
  writeProjectPom(project, { groupId: 'bench', artifactId: 'bench-reactor' });
  const root = path.join(project, 'pom.xml');
  fs.writeFileSync(
    root,
    fs
      .readFileSync(root, 'utf8')
      .replace(
        '</project>',
        `  <modules>\n${modules.map((m) => `    <module>${m}</module>\n`).join('')}  </modules>\n</project>`,
      ),
  );
  return { ...many, name: 'reactor', project, modules };
}

/** The zip dependencies of the `many` project, back as objects. */
function readDependencies(pom) {
  const text = fs.readFileSync(pom, 'utf8');
  return [...text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)].map(([, d]) => {
    const field = (n) => new RegExp(`<${n}>([^<]*)</${n}>`).exec(d)?.[1];
    return {
      groupId: field('groupId'),
      artifactId: field('artifactId'),
      version: field('version'),
      type: field('type'),
    };
  });
}

/** A clean copy of the reactor's POMs in `dir`. */
function freshReactor(dir, info) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  fs.copyFileSync(path.join(info.project, 'pom.xml'), path.join(dir, 'pom.xml'));
  for (const m of info.modules) {
    fs.mkdirSync(path.join(dir, m));
    fs.copyFileSync(path.join(info.project, m, 'pom.xml'), path.join(dir, m, 'pom.xml'));
  }
}

module.exports = { ensureReactorWorkload, freshReactor };
