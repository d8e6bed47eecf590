import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalFailureError, inject, normalizeList, Parameter, TOKENS, type GoalContext } from '@goalhost/api';
import {
  defaultMarkerName,
  MarkerStore,
  goalUnpackSettings,
  parseFileMappers,
  SYNC_OUTPUT_DIRECTORY_PARAMETER,
  unpackOne,
  type UnpackArtifact,
} from '@goalhost/unpack';
import { artifactItemsOf, fillMissingVersion, artifactItemString, type ArtifactItem } from './artifact-items';
import type { DependencyArtifact } from './dependency-artifact';
import { FromConfigurationParameters } from './from-configuration-parameters';
import { javaStringHash } from './java-hash-order';
import { resolveArtifactItem } from './resolve-artifact-item';

/** An item resolved, and whether its marker asks for it to be unpacked. */
interface ProcessedItem {
  readonly item: ArtifactItem & { readonly outputDirectory: string };
  /** As Maven's resolver returns it: its type is the extension. */
  readonly artifact: UnpackArtifact;
  readonly needed: boolean;
}

/**
 * dependency:unpack — maven-dependency-plugin 3.5.0's UnpackMojo: the configured artifactItems
 * (or `-Dartifact`) resolved, then each unpacked with its own patterns, encoding and mappers
 * unless its marker says it is done.
 */
@Goal({
  name: 'unpack',
  description: 'Goal that retrieves a list of artifacts from the repository and unpacks them in a defined location.',
  defaultPhase: 'process-sources',
  requiresProject: false,
  threadSafe: true,
  since: '1.0',
})
export class UnpackGoal extends FromConfigurationParameters {
  @Parameter({
    type: 'java.lang.String',
    property: 'artifact',
    description:
      'The artifact to unpack from command line. A string of the form <code>groupId:artifactId:version[:packaging[:classifier]]</code>. Use {@link #artifactItems} within the POM configuration.',
  })
  override artifact?: string = undefined;

  @Parameter({
    type: 'java.io.File',
    defaultValue: '${project.build.directory}/dependency-maven-plugin-markers',
    description: 'Directory to store flag files after unpack',
  })
  markersDirectory?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.includes',
    since: '2.0-alpha-5',
    description:
      'A comma separated list of file patterns to include when unpacking the artifact. i.e. <code>**&#47;*.xml,**&#47;*.properties</code> NOTE: Excludes patterns override the includes. (component code = <code>return isIncluded( name ) AND !isExcluded( name );</code>)',
  })
  includes?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.excludes',
    since: '2.0-alpha-5',
    description:
      'A comma separated list of file patterns to exclude when unpacking the artifact. i.e. **\\/*.xml,**\\/*.properties <code>**&#47;*.xml,**&#47;*.properties</code> NOTE: Excludes patterns override the includes. (component code = <code>return isIncluded( name ) AND !isExcluded( name );</code>)',
  })
  excludes?: string;

  /** Declared as in the plugin, which hands it to no artifact: each item's own mappers apply. */
  @Parameter({
    type: 'org.codehaus.plexus.components.io.filemappers.FileMapper[]',
    property: 'mdep.unpack.filemappers',
    since: '3.1.2',
    description:
      '{@link FileMapper} to be used for rewriting each target path, or {@code null} if no rewriting shall happen.',
  })
  fileMappers?: unknown[];

  @Parameter(SYNC_OUTPUT_DIRECTORY_PARAMETER)
  syncOutputDirectory = false;

  constructor(@inject(TOKENS.GoalContext) protected readonly context: GoalContext) {
    super();
  }

  protected async doExecute(): Promise<void> {
    const { project } = this.context;
    const items = artifactItemsOf(this.artifactItems, this.artifact, project.basedir);
    if (items.length === 0) throw new GoalFailureError('Either artifact or artifactItems is required ');
    const { outputDirectory, markersDirectory, maxSize, store } = goalUnpackSettings(this.context, this);
    const repository = this.itemRepository(this.context);
    const processed: ProcessedItem[] = [];
    for (const configured of items) {
      this.log.info(`Configured Artifact: ${artifactItemString(configured)}`);
      const directory = configured.outputDirectory ?? outputDirectory;
      mkdirSync(directory, { recursive: true });
      const versioned = configured.version ? configured : fillMissingVersion(configured, project);
      const item = { ...versioned, outputDirectory: directory };
      const artifact = asResolved(await resolveArtifactItem(repository, item, this.log));
      // The marker is looked for before the goal's patterns fill the item's empty ones.
      const needed =
        (item.overWrite ?? '').toLowerCase() === 'true' ||
        markersFor(markersDirectory, item).needsUnpack(artifact, this);
      processed.push({ item, artifact, needed });
    }
    // Sync mode: every item unpacked into a directory, or kept there by its marker, is selected there.
    const selectedIn = (directory: string): UnpackArtifact[] =>
      processed
        .filter((p) => path.resolve(p.item.outputDirectory) === path.resolve(directory))
        .map((p) => ({ ...p.artifact, type: p.item.type }));
    for (const { item: bare, artifact, needed } of processed) {
      const item = {
        ...bare,
        includes: normalizeList(bare.includes) === '' ? this.includes : bare.includes,
        excludes: normalizeList(bare.excludes) === '' ? this.excludes : bare.excludes,
      };
      if (!needed) {
        this.log.info(`${path.basename(artifact.file)} already unpacked.`);
        continue;
      }
      const markers = markersFor(markersDirectory, item);
      await unpackOne({
        // The archiver is chosen by the item's type (then by the file's name).
        job: { artifact: { ...artifact, type: item.type }, destination: item.outputDirectory },
        settings: {
          includes: item.includes,
          excludes: item.excludes,
          encoding: item.encoding,
          ignorePermissions: this.ignorePermissions,
          maxSize,
          fileMappers: parseFileMappers(item.fileMappers),
        },
        log: this.log,
        // The archivers keep Maven's own log: `silent` does not reach them.
        archiverLog: this.context.log,
        onUnpacked: () => markers.write(artifact),
        store,
        ...(this.syncOutputDirectory ? { sync: { markersDirectory, selected: selectedIn(item.outputDirectory) } } : {}),
      });
    }
  }
}

/** The artifact as Maven's resolver returns it for unpack: its type is its extension. */
function asResolved(a: DependencyArtifact): UnpackArtifact {
  return {
    groupId: a.groupId,
    artifactId: a.artifactId,
    version: a.version,
    baseVersion: a.baseVersion,
    type: a.extension,
    ...(a.classifier ? { classifier: a.classifier } : {}),
    extension: a.extension,
    scope: null,
    file: a.file,
    direct: false,
  };
}

/**
 * UnpackFileMarkerHandler: the default marker when the item has no patterns; otherwise the
 * artifact's id followed by the sum of its patterns' Java hash codes (no `.marker`), so the
 * same artifact unpacked with other patterns has a marker of its own.
 */
function markersFor(directory: string, item: Pick<ArtifactItem, 'includes' | 'excludes'>): MarkerStore {
  const includes = normalizeList(item.includes);
  const excludes = normalizeList(item.excludes);
  if (includes === '' && excludes === '') return new MarkerStore(directory);
  const hash =
    ((includes === '' ? 0 : javaStringHash(includes)) + (excludes === '' ? 0 : javaStringHash(excludes))) | 0;
  return new MarkerStore(directory, (a) => `${defaultMarkerName(a).slice(0, -'.marker'.length)}${hash}`);
}
