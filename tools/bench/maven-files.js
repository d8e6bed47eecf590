'use strict';
/*
 * Local repository and POM files for the benchmark: the repository starts as a copy of Debian's
 * /usr/share/maven-repo (so real `mvn -o` finds maven-dependency-plugin 3.5.0 and everything it
 * needs offline, as ../shared/oracle/unpack/setup.sh does), then the workloads add their own
 * artifacts in the standard layout with fixed mtimes.
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const MAVEN_REPO = process.env.BENCH_MAVEN_REPO || '/usr/share/maven-repo';
const PLUGIN_POM = 'org/apache/maven/plugins/maven-dependency-plugin/3.5.0/maven-dependency-plugin-3.5.0.pom';
/** Artifacts' mtime: markers copy it, so it must not change between runs. */
const ARTIFACT_TIME = new Date(Date.UTC(2020, 0, 1, 0, 0, 0));

function mavenAvailable() {
  return fs.existsSync(path.join(MAVEN_REPO, PLUGIN_POM)) && spawnSync('mvn', ['-v'], { stdio: 'ignore' }).status === 0;
}

/** Seeds `repo` with a dereferenced copy of the Debian Maven repository, once. */
function ensureMavenRepo(repo, log = () => {}) {
  const stamp = path.join(repo, '.bench-maven-repo');
  if (fs.existsSync(stamp)) return true;
  fs.mkdirSync(repo, { recursive: true });
  if (!fs.existsSync(path.join(MAVEN_REPO, PLUGIN_POM))) {
    log(
      `no ${path.join(MAVEN_REPO, PLUGIN_POM)}: mvn columns will be skipped (apt-get install maven libmaven-dependency-plugin-java)`,
    );
    return false;
  }
  log(`copying ${MAVEN_REPO} into ${repo} ...`);
  const r = spawnSync('cp', ['-rL', `${MAVEN_REPO}/.`, repo], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`cp -rL ${MAVEN_REPO} ${repo} failed`);
  fs.writeFileSync(stamp, `${MAVEN_REPO}\n`);
  return true;
}

function artifactDir(repo, a) {
  return path.join(repo, ...a.groupId.split('.'), a.artifactId, a.version);
}

function xmlEscape(s) {
  return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function element(name, value, indent) {
  return value === undefined ? '' : `${indent}<${name}>${xmlEscape(value)}</${name}>\n`;
}

/** `<dependency>` elements; each dep: groupId, artifactId, version?, type?, classifier?, scope?, optional?, exclusions? */
function dependenciesXml(deps, indent) {
  if (!deps || deps.length === 0) return '';
  let out = `${indent}<dependencies>\n`;
  for (const d of deps) {
    const i = `${indent}    `;
    out += `${indent}  <dependency>\n`;
    out += element('groupId', d.groupId, i) + element('artifactId', d.artifactId, i) + element('version', d.version, i);
    out += element('type', d.type, i) + element('classifier', d.classifier, i) + element('scope', d.scope, i);
    if (d.optional) out += `${i}<optional>true</optional>\n`;
    if (d.exclusions && d.exclusions.length > 0) {
      out += `${i}<exclusions>\n`;
      for (const x of d.exclusions) {
        out += `${i}  <exclusion>\n${element('groupId', x.groupId, `${i}    `)}${element('artifactId', x.artifactId, `${i}    `)}${i}  </exclusion>\n`;
      }
      out += `${i}</exclusions>\n`;
    }
    out += `${indent}  </dependency>\n`;
  }
  return `${out}${indent}</dependencies>\n`;
}

/** A whole POM: { groupId, artifactId, version, packaging?, parent?, properties?, dependencies?, managed? } */
function pomXml(m) {
  let out =
    '<?xml version="1.0" encoding="UTF-8"?>\n<project xmlns="http://maven.apache.org/POM/4.0.0">\n  <modelVersion>4.0.0</modelVersion>\n';
  if (m.parent) {
    out += `  <parent>\n${element('groupId', m.parent.groupId, '    ')}${element('artifactId', m.parent.artifactId, '    ')}${element('version', m.parent.version, '    ')}`;
    out += `    <relativePath/>\n  </parent>\n`;
  }
  out +=
    element('groupId', m.groupId, '  ') +
    element('artifactId', m.artifactId, '  ') +
    element('version', m.version, '  ');
  out += element('packaging', m.packaging, '  ');
  if (m.properties) {
    out += '  <properties>\n';
    for (const [k, v] of Object.entries(m.properties)) out += element(k, v, '    ');
    out += '  </properties>\n';
  }
  if (m.managed && m.managed.length > 0) {
    out += `  <dependencyManagement>\n${dependenciesXml(m.managed, '    ')}  </dependencyManagement>\n`;
  }
  out += dependenciesXml(m.dependencies, '  ');
  return `${out}</project>\n`;
}

function writeFixed(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.utimesSync(file, ARTIFACT_TIME, ARTIFACT_TIME);
}

/** The artifact's POM in the repository. */
function writeArtifactPom(repo, m) {
  writeFixed(path.join(artifactDir(repo, m), `${m.artifactId}-${m.version}.pom`), pomXml(m));
}

/** A project's pom.xml (version 1.0, packaging pom: only the goal itself runs). */
function writeProjectPom(dir, m) {
  fs.writeFileSync(path.join(dir, 'pom.xml'), pomXml({ version: '1.0', packaging: 'pom', ...m }));
}

module.exports = {
  ARTIFACT_TIME,
  artifactDir,
  ensureMavenRepo,
  mavenAvailable,
  pomXml,
  writeArtifactPom,
  writeFixed,
  writeProjectPom,
};
