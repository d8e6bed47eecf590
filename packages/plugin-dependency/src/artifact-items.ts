import * as path from 'node:path';
import { GoalExecutionError, IMPLEMENTATION_KEY } from '@goalhost/api';
import type { Dependency, Project } from '@goalhost/model';

/** One `<artifactItem>` of maven-dependency-plugin's copy goal (fromConfiguration.ArtifactItem). */
export interface ArtifactItem {
  readonly groupId: string;
  readonly artifactId: string;
  readonly version?: string;
  readonly type: string;
  readonly classifier?: string;
  /** Absolute; the goal's outputDirectory when not given. */
  readonly outputDirectory?: string;
  readonly destFileName?: string;
  /** `true` (any case) copies whatever the overwrite rules say. */
  readonly overWrite?: string;
  /** unpack: the item's own patterns, as configured (the goal's when empty). */
  readonly includes?: string;
  readonly excludes?: string;
  /** unpack: the names' encoding of a zip-family archive. */
  readonly encoding?: string;
  /** unpack: the item's FileMappers, in the form @goalhost/unpack's parseFileMappers reads. */
  readonly fileMappers?: unknown[];
}

/**
 * The configured items, else the one `-Dartifact` names (`g:a:v[:packaging[:classifier]]`), else
 * none. A malformed `artifact` counts as none: the plugin refuses it in its setter, whose failure
 * Maven's configurator drops, so the goal then finds no item.
 */
export function artifactItemsOf(
  configured: unknown[] | undefined,
  artifact: string | undefined,
  basedir: string,
): ArtifactItem[] {
  if (configured && configured.length > 0) return configured.map((c, i) => fromConfiguration(c, i, basedir));
  if (artifact === undefined) return [];
  // StringUtils.split: empty tokens do not count.
  const tokens = artifact.split(':').filter((t) => t !== '');
  if (tokens.length < 3 || tokens.length > 5) return [];
  return [
    {
      groupId: tokens[0],
      artifactId: tokens[1],
      version: tokens[2],
      type: tokens[3] ?? 'jar',
      ...(tokens[4] ? { classifier: tokens[4] } : {}),
    },
  ];
}

function fromConfiguration(value: unknown, index: number, basedir: string): ArtifactItem {
  if (typeof value !== 'object' || value === null) {
    throw new GoalExecutionError(
      `artifactItems: item ${index + 1} must be an <artifactItem> with <groupId>, <artifactId> and the other fields as elements`,
    );
  }
  const fields = value as Record<string, unknown>;
  const text = (name: string): string | undefined => {
    const v = Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
    // ArtifactItem.filterEmptyString: an empty element is no value.
    return typeof v === 'string' && v !== '' ? v : undefined;
  };
  const outputDirectory = text('outputDirectory');
  return {
    groupId: text('groupId') ?? '',
    artifactId: text('artifactId') ?? '',
    ...(text('version') ? { version: text('version') } : {}),
    type: text('type') ?? 'jar',
    ...(text('classifier') ? { classifier: text('classifier') } : {}),
    ...(outputDirectory ? { outputDirectory: path.resolve(basedir, outputDirectory) } : {}),
    ...(text('destFileName') ? { destFileName: text('destFileName') } : {}),
    ...(text('overWrite') ? { overWrite: text('overWrite') } : {}),
    ...(text('includes') ? { includes: text('includes') } : {}),
    ...(text('excludes') ? { excludes: text('excludes') } : {}),
    ...(text('encoding') ? { encoding: text('encoding') } : {}),
    ...(own(fields, 'fileMappers') !== undefined ? { fileMappers: fileMappersOf(own(fields, 'fileMappers')) } : {}),
  };
}

function own(fields: Record<string, unknown>, name: string): unknown {
  return Object.prototype.hasOwnProperty.call(fields, name) ? fields[name] : undefined;
}

/**
 * An item's `<fileMappers>` arrives as an object keyed by each mapper's element (its class):
 * turned into the list of class-named mappers the goal-level parameter gives.
 */
function fileMappersOf(value: unknown): unknown[] {
  if (value === '' || value === undefined) return [];
  if (typeof value !== 'object' || value === null) return [value];
  return Object.entries(value as Record<string, unknown>).map(([element, fields]) => ({
    [IMPLEMENTATION_KEY]: element,
    ...(typeof fields === 'object' && fields !== null ? (fields as Record<string, unknown>) : {}),
  }));
}

/** ArtifactItem.toString: `g:a[:classifier]:version|?:type`. */
export function artifactItemString(item: ArtifactItem): string {
  return [
    item.groupId,
    item.artifactId,
    ...(item.classifier ? [item.classifier] : []),
    item.version ?? '?',
    item.type,
  ].join(':');
}

/**
 * fillMissingArtifactVersion: the version of the project's dependency, else its managed one, with
 * the same type and classifier; then of any with the same groupId and artifactId.
 */
export function fillMissingVersion(item: ArtifactItem, project: Project): ArtifactItem {
  const exact = (d: Dependency): boolean => (d.classifier || undefined) === item.classifier && d.type === item.type;
  const same = (d: Dependency): boolean => d.groupId === item.groupId && d.artifactId === item.artifactId;
  const found =
    project.dependencies.find((d) => same(d) && exact(d)) ??
    project.dependencyManagement.find((d) => same(d) && exact(d)) ??
    project.dependencies.find(same) ??
    project.dependencyManagement.find(same);
  if (!found) {
    throw new GoalExecutionError(
      `Unable to find artifact version of ${item.groupId}:${item.artifactId} in either dependency list or in project's dependency management.`,
    );
  }
  return { ...item, ...(found.version ? { version: found.version } : {}) };
}
