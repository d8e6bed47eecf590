import * as path from 'node:path';
import { GoalExecutionError } from '@goalhost/api';
import { artifactIdOf, type UnpackArtifact } from './unpack-artifact';

export interface LayoutOptions {
  readonly useSubDirectoryPerScope?: boolean;
  readonly useSubDirectoryPerType?: boolean;
  readonly useSubDirectoryPerArtifact?: boolean;
  readonly useRepositoryLayout?: boolean;
  readonly stripVersion?: boolean;
  readonly stripType?: boolean;
  /** goalhost honours it in per-artifact directory names (Maven 3.5.0 ignores it here). */
  readonly stripClassifier?: boolean;
  /** goalhost honours it in per-artifact directory names (Maven 3.5.0 ignores it here). */
  readonly prependGroupId?: boolean;
}

/**
 * Per-artifact directory name: `[groupId.]artifactId[-version][-classifier][-type]`; the type is
 * left out when it equals the classifier (no `foo-sources-sources`). `version` is the resolved
 * version, so a timestamped snapshot keeps its timestamp here.
 */
export function dependencyDirectoryName(a: UnpackArtifact, o: LayoutOptions): string {
  const classifier = o.stripClassifier ? undefined : a.classifier;
  let name = o.prependGroupId ? `${a.groupId}.${a.artifactId}` : a.artifactId;
  if (!o.stripVersion) name += `-${a.version}`;
  if (classifier) name += `-${classifier}`;
  if (!o.stripType && classifier !== a.type) name += `-${a.type}`;
  return name;
}

/**
 * Maven's `getFormattedOutputDirectory`: the repository layout (group path/artifactId/baseVersion)
 * overrides everything else; otherwise scope, `<type>s` and the per-artifact name nest in that
 * order. A null scope (classifier-translated artifact) gives a directory literally named `null`.
 */
export function formattedOutputDirectory(outputDirectory: string, a: UnpackArtifact, o: LayoutOptions): string {
  const segments: string[] = [];
  if (o.useRepositoryLayout) {
    segments.push(...a.groupId.split('.'), a.artifactId, a.baseVersion);
  } else {
    if (o.useSubDirectoryPerScope) segments.push(String(a.scope));
    if (o.useSubDirectoryPerType) segments.push(`${a.type}s`);
    if (o.useSubDirectoryPerArtifact) segments.push(dependencyDirectoryName(a, o));
  }
  if (segments.length === 0) return path.resolve(outputDirectory);
  const directory = path.resolve(outputDirectory, ...segments);
  // Coordinates that got this far with a path in them (a system-scope dependency's classifier,
  // say) must not move a whole archive out of the output directory.
  if (!isInside(outputDirectory, directory) || path.resolve(outputDirectory) === directory) {
    throw new GoalExecutionError(
      `${artifactIdOf(a)} would be unpacked to ${directory}, outside its place in the output directory ${path.resolve(outputDirectory)}: its coordinates hold a path, which goalhost refuses`,
    );
  }
  return directory;
}

/** Whether `file` is `directory` itself or below it (both resolved; no file system access). */
export function isInside(directory: string, file: string): boolean {
  const relative = path.relative(path.resolve(directory), path.resolve(file));
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}
