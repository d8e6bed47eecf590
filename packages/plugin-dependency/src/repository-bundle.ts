import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { LockedRepositoryFile } from '@goalhost/api';

/** A timestamped snapshot version: `1.0-20200101.120000-3`. */
const TIMESTAMPED = /^(.*)-(\d{8}\.\d{6})-(\d+)$/;

/** What one bundling added. */
export interface BundleResult {
  /** Files copied (checksums and metadata not counted). */
  readonly copied: number;
  /** Files already there with the same content. */
  readonly unchanged: number;
}

/**
 * Copies locked files into `dir` laid out as a Maven repository, as a remote one is served: each
 * file with its `.sha1` and `.md5` (what Maven 3 checks on download), every artifact's
 * `maven-metadata.xml` listing the versions the bundle holds (what a version range reads), and
 * for a timestamped snapshot the version's `maven-metadata.xml` naming its build (what a snapshot
 * is resolved by). Metadata is made from what the directory holds, so bundling several projects
 * into one directory gives one repository. Nothing is read from the remote repositories.
 */
export function writeRepositoryBundle(dir: string, files: readonly LockedRepositoryFile[]): BundleResult {
  let copied = 0;
  let unchanged = 0;
  const artifactDirs = new Set<string>();
  for (const f of files) {
    const target = path.join(dir, ...f.path.split('/'));
    const content = fs.readFileSync(f.file);
    if (sameContent(target, content)) unchanged++;
    else {
      writeWithChecksums(target, content);
      copied++;
    }
    artifactDirs.add(path.dirname(path.dirname(target)));
  }
  for (const artifactDir of artifactDirs) writeMetadata(dir, artifactDir);
  return { copied, unchanged };
}

function sameContent(file: string, content: Buffer): boolean {
  try {
    return fs.readFileSync(file).equals(content) && fs.existsSync(`${file}.sha1`) && fs.existsSync(`${file}.md5`);
  } catch {
    return false;
  }
}

/** The file, then its checksums, each replaced in one rename. */
function writeWithChecksums(file: string, content: Buffer | string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  replace(file, content);
  replace(`${file}.sha1`, createHash('sha1').update(content).digest('hex'));
  replace(`${file}.md5`, createHash('md5').update(content).digest('hex'));
}

function replace(file: string, content: Buffer | string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, content);
  fs.renameSync(tmp, file);
}

/** The artifact's metadata and its snapshot versions' metadata, from the version directories it holds. */
function writeMetadata(root: string, artifactDir: string): void {
  const relative = path.relative(root, artifactDir).split(path.sep);
  const artifactId = relative[relative.length - 1];
  const groupId = relative.slice(0, -1).join('.');
  const versions = fs
    .readdirSync(artifactDir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  let newest = '';
  for (const version of versions) {
    if (!version.endsWith('-SNAPSHOT')) continue;
    const stamp = writeSnapshotMetadata(path.join(artifactDir, version), groupId, artifactId, version);
    if (stamp > newest) newest = stamp;
  }
  const releases = versions.filter((v) => !v.endsWith('-SNAPSHOT'));
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<metadata>',
    `  <groupId>${groupId}</groupId>`,
    `  <artifactId>${artifactId}</artifactId>`,
    '  <versioning>',
    ...(versions.length > 0 ? [`    <latest>${versions[versions.length - 1]}</latest>`] : []),
    ...(releases.length > 0 ? [`    <release>${releases[releases.length - 1]}</release>`] : []),
    '    <versions>',
    ...versions.map((v) => `      <version>${v}</version>`),
    '    </versions>',
    `    <lastUpdated>${newest || BUNDLE_TIME}</lastUpdated>`,
    '  </versioning>',
    '</metadata>',
    '',
  ];
  writeWithChecksums(path.join(artifactDir, 'maven-metadata.xml'), lines.join('\n'));
}

/** A fixed time for metadata without a snapshot: the same bundle gives the same bytes. */
const BUNDLE_TIME = '19700101000000';

/**
 * A snapshot version directory's metadata, naming the newest timestamped build it holds (a
 * lock pins one); that build's POM is the `-SNAPSHOT.pom` when only that one was read. Returns
 * the build's time (yyyyMMddHHmmss), '' when the directory holds no timestamped file.
 */
function writeSnapshotMetadata(dir: string, groupId: string, artifactId: string, version: string): string {
  const base = version.slice(0, -'-SNAPSHOT'.length);
  const builds = new Map<string, Array<{ classifier: string; extension: string }>>();
  for (const name of fs.readdirSync(dir)) {
    if (!name.startsWith(`${artifactId}-${base}-`) || /\.(sha1|md5|tmp)$/.test(name)) continue;
    const rest = name.slice(artifactId.length + 1);
    const m = /^(.*-\d{8}\.\d{6}-\d+)(?:-([^.]+))?\.(.+)$/.exec(rest);
    if (!m || !TIMESTAMPED.test(m[1])) continue;
    const list = builds.get(m[1]) ?? [];
    list.push({ classifier: m[2] ?? '', extension: m[3] });
    builds.set(m[1], list);
  }
  const value = [...builds.keys()].sort().pop();
  if (value === undefined) return '';
  const [, , timestamp, buildNumber] = TIMESTAMPED.exec(value)!;
  const files = builds.get(value)!;
  const snapshotPom = path.join(dir, `${artifactId}-${version}.pom`);
  if (!files.some((f) => f.extension === 'pom' && f.classifier === '') && fs.existsSync(snapshotPom)) {
    writeWithChecksums(path.join(dir, `${artifactId}-${value}.pom`), fs.readFileSync(snapshotPom));
    files.push({ classifier: '', extension: 'pom' });
  }
  const updated = timestamp.replace('.', '');
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<metadata modelVersion="1.1.0">',
    `  <groupId>${groupId}</groupId>`,
    `  <artifactId>${artifactId}</artifactId>`,
    `  <version>${version}</version>`,
    '  <versioning>',
    '    <snapshot>',
    `      <timestamp>${timestamp}</timestamp>`,
    `      <buildNumber>${buildNumber}</buildNumber>`,
    '    </snapshot>',
    `    <lastUpdated>${updated}</lastUpdated>`,
    '    <snapshotVersions>',
    ...files.flatMap((f) => [
      '      <snapshotVersion>',
      ...(f.classifier ? [`        <classifier>${f.classifier}</classifier>`] : []),
      `        <extension>${f.extension}</extension>`,
      `        <value>${value}</value>`,
      `        <updated>${updated}</updated>`,
      '      </snapshotVersion>',
    ]),
    '    </snapshotVersions>',
    '  </versioning>',
    '</metadata>',
    '',
  ];
  writeWithChecksums(path.join(dir, 'maven-metadata.xml'), lines.join('\n'));
  return updated;
}
