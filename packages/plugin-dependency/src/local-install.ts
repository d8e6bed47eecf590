import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { GoalExecutionError, type Log } from '@goalhost/api';
import { copyPreservingTime } from './copy-file';
import { isSnapshot, type DependencyArtifact } from './dependency-artifact';

/**
 * Installs an artifact into a folder laid out as a local repository, as Maven Resolver's
 * installer does for copy-dependencies' useRepositoryLayout: the file at its repository path
 * (logged `Installing SOURCE to DEST`), its line in `_remote.repositories`, and the versions
 * metadata (`maven-metadata-local.xml`, with the snapshot metadata for a snapshot).
 */
export function installArtifact(repository: string, a: DependencyArtifact, log: Log, now: Date): void {
  const versionDir = path.join(repository, ...a.groupId.split('.'), a.artifactId, a.baseVersion);
  const name = `${a.artifactId}-${a.version}${a.classifier ? `-${a.classifier}` : ''}.${a.extension}`;
  const destination = path.join(versionDir, name);
  log.info(`Installing ${a.file} to ${destination}`);
  try {
    mkdirSync(versionDir, { recursive: true });
    copyPreservingTime(a.file, destination);
    addRemoteRepositoriesLine(versionDir, name, now);
    writeVersionsMetadata(path.dirname(versionDir), a, now);
    if (isSnapshot(a)) writeSnapshotMetadata(versionDir, a, now);
  } catch (e) {
    if (e instanceof GoalExecutionError) throw e;
    throw new GoalExecutionError(
      `Failed to install artifact ${a.groupId}:${a.artifactId}:${a.extension}${a.classifier ? `:${a.classifier}` : ''}:${a.version}: ${(e as Error).message}`,
      { cause: e },
    );
  }
}

/** `NAME>=` (installed, from no repository) in the folder's `_remote.repositories`, a Java properties file. */
function addRemoteRepositoriesLine(versionDir: string, name: string, now: Date): void {
  const file = path.join(versionDir, '_remote.repositories');
  const lines = existsSync(file)
    ? readFileSync(file, 'latin1')
        .split('\n')
        .filter((l) => l !== '' && !l.startsWith('#'))
    : [];
  const entries = new Map(lines.map((l) => [l.slice(0, l.indexOf('>') < 0 ? l.length : l.indexOf('>')), l]));
  entries.set(name, `${name}>=`);
  const header = [
    '#NOTE: This is a Maven Resolver internal implementation file, its format can be changed without prior notice.',
    `#${javaDate(now)}`,
  ];
  writeFileSync(file, `${[...header, ...entries.values()].join('\n')}\n`, 'latin1');
}

/** `g/a/maven-metadata-local.xml`: the versions installed, the newest release as `release`. */
function writeVersionsMetadata(artifactDir: string, a: DependencyArtifact, now: Date): void {
  const file = path.join(artifactDir, 'maven-metadata-local.xml');
  const versions = existsSync(file)
    ? [...readFileSync(file, 'utf8').matchAll(/<version>([^<]*)<\/version>/g)].map((m) => m[1])
    : [];
  if (!versions.includes(a.baseVersion)) versions.push(a.baseVersion);
  const release = isSnapshot(a)
    ? /<release>([^<]*)<\/release>/.exec(existsSync(file) ? readFileSync(file, 'utf8') : '')?.[1]
    : a.baseVersion;
  writeFileSync(
    file,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<metadata>',
      `  <groupId>${a.groupId}</groupId>`,
      `  <artifactId>${a.artifactId}</artifactId>`,
      '  <versioning>',
      ...(release ? [`    <release>${release}</release>`] : []),
      '    <versions>',
      ...versions.map((v) => `      <version>${v}</version>`),
      '    </versions>',
      `    <lastUpdated>${timestamp(now)}</lastUpdated>`,
      '  </versioning>',
      '</metadata>',
      '',
    ].join('\n'),
  );
}

/** `g/a/v/maven-metadata-local.xml` of a snapshot: a local copy, one entry per extension and classifier. */
function writeSnapshotMetadata(versionDir: string, a: DependencyArtifact, now: Date): void {
  const file = path.join(versionDir, 'maven-metadata-local.xml');
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  // Maven Resolver's merge: the installed file's entry first, then the older ones it does not replace.
  const key = `${a.classifier ?? ''}:${a.extension}`;
  const entries = new Map<string, string>([
    [
      key,
      [
        '      <snapshotVersion>',
        ...(a.classifier ? [`        <classifier>${a.classifier}</classifier>`] : []),
        `        <extension>${a.extension}</extension>`,
        `        <value>${a.version}</value>`,
        `        <updated>${timestamp(now)}</updated>`,
        '      </snapshotVersion>',
      ].join('\n'),
    ],
  ]);
  for (const m of previous.matchAll(/<snapshotVersion>([\s\S]*?)<\/snapshotVersion>/g)) {
    const classifier = /<classifier>([^<]*)<\/classifier>/.exec(m[1])?.[1] ?? '';
    const extension = /<extension>([^<]*)<\/extension>/.exec(m[1])?.[1] ?? '';
    const old = `${classifier}:${extension}`;
    if (!entries.has(old)) entries.set(old, `      <snapshotVersion>${m[1]}</snapshotVersion>`);
  }
  writeFileSync(
    file,
    [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<metadata modelVersion="1.1.0">',
      `  <groupId>${a.groupId}</groupId>`,
      `  <artifactId>${a.artifactId}</artifactId>`,
      '  <versioning>',
      `    <lastUpdated>${timestamp(now)}</lastUpdated>`,
      '    <snapshot>',
      '      <localCopy>true</localCopy>',
      '    </snapshot>',
      '    <snapshotVersions>',
      ...entries.values(),
      '    </snapshotVersions>',
      '  </versioning>',
      `  <version>${a.baseVersion}</version>`,
      '</metadata>',
      '',
    ].join('\n'),
  );
}

/** Maven metadata's `yyyyMMddHHmmss` in UTC. */
function timestamp(d: Date): string {
  return d.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

/** java.util.Date.toString() in UTC: `Sat Nov 28 03:31:30 UTC 2026`. */
function javaDate(d: Date): string {
  const [weekday, day, month, year, time] = d.toUTCString().replace(',', '').split(' ');
  return `${weekday} ${month} ${day} ${time} UTC ${year}`;
}
