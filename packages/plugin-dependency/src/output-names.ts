import * as path from 'node:path';
import { toSnapshotVersion, type DependencyArtifact } from './dependency-artifact';

export interface FileNameOptions {
  readonly removeVersion: boolean;
  readonly prependGroupId: boolean;
  readonly useBaseVersion: boolean;
  readonly removeClassifier: boolean;
}

/** DependencyUtil.getFormattedFileName: `[groupId.]artifactId[-version][-classifier].extension`. */
export function formattedFileName(a: DependencyArtifact, o: FileNameOptions): string {
  const group = o.prependGroupId ? `${a.groupId}.` : '';
  const version = o.removeVersion ? '' : `-${o.useBaseVersion ? toSnapshotVersion(a.version) : a.version}`;
  const classifier = !o.removeClassifier && a.classifier ? `-${a.classifier}` : '';
  return `${group}${a.artifactId}${version}${classifier}.${a.extension}`;
}

export interface OutputDirectoryOptions {
  readonly useSubDirectoryPerScope: boolean;
  readonly useSubDirectoryPerType: boolean;
  readonly useSubDirectoryPerArtifact: boolean;
  readonly useRepositoryLayout: boolean;
  readonly removeVersion: boolean;
  readonly removeType: boolean;
}

/** DependencyUtil.getFormattedOutputDirectory: the repository layout, or scope/type/artifact folders. */
export function formattedOutputDirectory(
  outputDirectory: string,
  a: DependencyArtifact,
  o: OutputDirectoryOptions,
): string {
  const parts: string[] = [];
  if (o.useRepositoryLayout) parts.push(...a.groupId.split('.'), a.artifactId, a.baseVersion);
  else {
    // A parent POM or translated artifact has no scope: Java prints it as "null".
    if (o.useSubDirectoryPerScope) parts.push(String(a.scope));
    if (o.useSubDirectoryPerType) parts.push(`${a.type}s`);
    if (o.useSubDirectoryPerArtifact) parts.push(dependencyId(a, o.removeVersion, o.removeType));
  }
  return parts.length === 0 ? outputDirectory : path.join(outputDirectory, ...parts);
}

/** The per-artifact folder name: `artifactId[-version][-classifier][-type]` (the type unless stripped or equal to the classifier). */
function dependencyId(a: DependencyArtifact, removeVersion: boolean, removeType: boolean): string {
  let id = a.artifactId;
  if (!removeVersion) id += `-${a.version}`;
  if (a.classifier) id += `-${a.classifier}`;
  if (!removeType && a.classifier !== a.type) id += `-${a.type}`;
  return id;
}
