import * as fs from 'node:fs';
import * as path from 'node:path';
import { Goal, GoalExecutionError, inject, Parameter, TOKENS, type GoalContext, type GoalInstance, type Log } from '@goalhost/api';
import { filterArtifacts } from '../filter/artifact-filters';
import { DependencySelectionParameters } from '../filter/dependency-selection-parameters';
import { artifactIdOf, fromResolved } from '@goalhost/unpack/dist/unpack-artifact';
import { selectArtifacts } from '@goalhost/unpack/dist/artifact-selection';
import { lockOutputDirectory } from '@goalhost/unpack/dist/output-lock';
import { MarkerStore } from '@goalhost/unpack/dist/marker-store';
import { formattedOutputDirectory } from '@goalhost/unpack/dist/output-layout';
import type { FileMapper } from '@goalhost/archive/dist/file-mappers';
import { parseFileMappers } from '@goalhost/unpack/dist/file-mapper-config';
import { SILENT_LOG } from '@goalhost/unpack/dist/silent-log';
import { MAX_SIZE_PROPERTY, parseMaxSize } from '@goalhost/unpack/dist/size-limit';
import type { UnpackJob } from '@goalhost/unpack/dist/unpacker';

/**
 * `cxx:unpack-dependencies`: maven-dependency-plugin 3.5.0's unpack-dependencies (same
 * parameters, `-D` names, selection, layout, markers and archive handling), plus the cxx
 * additions (regex classifier filters, flatten directories, stripClassifier/prependGroupId).
 */
@Goal({
  name: 'unpack-dependencies',
  description: "Unpacks the project's dependencies from the repository into a chosen directory.",
  defaultPhase: 'process-sources',
  requiresProject: true,
  requiresDependencyResolution: 'test',
  threadSafe: true,
  since: '0.0.6',
})
export class UnpackDependenciesGoal extends DependencySelectionParameters implements GoalInstance {
  @Parameter({ type: 'java.lang.String', property: 'mdep.unpack.excludes', since: '2.0', description: 'Comma-separated file patterns (for example **/*.xml,**/*.properties) to exclude when unpacking. Excludes override includes.' })
  excludes?: string;

  @Parameter({ type: 'boolean', property: 'mdep.failOnMissingClassifierArtifact', since: '2.0-alpha-2', defaultValue: 'false', description: 'Applies only when classifier is used: when true, a dependency whose artifact with that classifier is missing fails the build; when false it is skipped.' })
  failOnMissingClassifierArtifact = false;

  @Parameter({ type: 'java.util.List', property: 'mdep.unpack.flattenDestDirs', since: '0.0.6', description: 'Directory (or directories) where dependencies are flattened.' })
  flattenDestDirs?: string[];

  @Parameter({ type: 'java.lang.String', property: 'mdep.unpack.includes', since: '2.0', description: 'Comma-separated file patterns to include when unpacking. Excludes override includes.' })
  includes?: string;

  @Parameter({ type: 'java.io.File', property: 'outputDirectory', since: '1.0', defaultValue: '${project.build.directory}/dependency', description: 'Output location.' })
  outputDirectory?: string;

  @Parameter({ type: 'boolean', property: 'mdep.stripClassifier', since: '0.0.6', defaultValue: 'false', description: 'Strip the artifact classifier during copy.' })
  stripClassifier = false;

  @Parameter({ type: 'boolean', property: 'mdep.stripVersion', since: '0.0.6', defaultValue: 'false', description: 'Strip the artifact version during copy.' })
  stripVersion = false;

  @Parameter({ type: 'boolean', property: 'mdep.useRepositoryLayout', since: '2.0-alpha-2', defaultValue: 'false', description: 'Place each artifact in the same directory layout as a default repository (shape: <outputDirectory>/<group path>/<artifact_id>/<version>/<artifact_id>-<version>.<ext>).' })
  useRepositoryLayout = false;

  @Parameter({ type: 'boolean', property: 'mdep.useSubDirectoryPerArtifact', since: '2.0-alpha-1', defaultValue: 'false', description: 'Place each file in its own sub-directory (shape: <outputDirectory>/<artifact_id>-<version>-<type>).' })
  useSubDirectoryPerArtifact = false;

  @Parameter({ type: 'boolean', property: 'mdep.useSubDirectoryPerScope', since: '2.2', defaultValue: 'false', description: "Place each scope's files in a separate sub-directory named after the scope (runtime, provided, and so on)." })
  useSubDirectoryPerScope = false;

  @Parameter({ type: 'boolean', property: 'mdep.useSubDirectoryPerType', since: '2.0-alpha-1', defaultValue: 'false', description: "Place each type's files in a separate sub-directory (jars, wars, and so on)." })
  useSubDirectoryPerType = false;

  @Parameter({ type: 'java.lang.String', property: 'mdep.unpack.encoding', since: '3.0', description: 'Encoding of the entry names of zip-family archives (UTF-8 when not set).' })
  encoding?: string;

  @Parameter({ type: 'org.codehaus.plexus.components.io.filemappers.FileMapper[]', property: 'mdep.unpack.filemappers', since: '3.1.2', description: 'FileMappers that rewrite the path of each unpacked entry, in order (plexus-io: RegExpFileMapper with pattern and replacement, FlattenFileMapper, MergeFileMapper, PrefixFileMapper, SuffixFileMapper, IdentityMapper, FileExtensionMapper), each an element named by its class, e.g. <org.codehaus.plexus.components.io.filemappers.PrefixFileMapper><prefix>mapped/</prefix></org.codehaus.plexus.components.io.filemappers.PrefixFileMapper>. Includes and excludes match the names before mapping.' })
  fileMappers?: unknown[];

  @Parameter({ type: 'boolean', property: 'mdep.stripType', since: '3.4.0', defaultValue: 'false', description: 'Strip the artifact type from per-artifact directory names.' })
  stripType = false;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {
    super();
  }

  async execute(): Promise<void> {
    const { project, log } = this.context;
    const pluginLog = this.silent ? SILENT_LOG : log;
    if (this.skip) {
      pluginLog.info('Skipping plugin execution');
      return;
    }
    const fileMappers = parseFileMappers(this.fileMappers);
    const basedir = project.basedir;
    const outputDirectory = path.resolve(basedir, this.outputDirectory ?? path.join(project.build.directory, 'dependency'));
    const markers = new MarkerStore(
      path.resolve(basedir, this.markersDirectory ?? path.join(project.build.directory, 'dependency-maven-plugin-markers')),
    );
    // A -D property first, then the POM's <properties> (the zip-bomb guard has no parameter).
    const maxSize = parseMaxSize(this.context.session.userProperties[MAX_SIZE_PROPERTY] ?? project.properties[MAX_SIZE_PROPERTY]);
    const selection = await selectArtifacts(this.context.artifacts.map(fromResolved), this, markers, this.context.repository, pluginLog, (list) =>
      filterArtifacts(list, this),
    );
    const jobs: UnpackJob[] = selection.unpack.map((artifact) => ({
      artifact,
      destination: formattedOutputDirectory(outputDirectory, artifact, this),
    }));
    const skipped = [...selection.skipped];
    if (jobs.length > 0) {
      const unmarked = new Set(jobs.filter((j) => !fs.existsSync(markers.markerFile(j.artifact))));
      const lock = await lockOutputDirectory(outputDirectory, pluginLog);
      try {
        // What another run marked meanwhile (this one may have waited for it) is done; markers
        // that were there already decided the selection (with classifier, they do not skip).
        const remaining = jobs.filter((j) => !unmarked.has(j) || markers.needsUnpack(j.artifact, this));
        skipped.push(...jobs.filter((j) => !remaining.includes(j)).map((j) => j.artifact));
        if (remaining.length > 0) await this.unpack(remaining, markers, maxSize, fileMappers, pluginLog);
      } finally {
        await lock.release();
      }
    }
    for (const a of skipped) {
      pluginLog.info(`${artifactIdOf(a)} already exists in destination.`);
    }
  }

  /**
   * The unpacking machinery (archive readers, worker threads) is loaded only when there is
   * something to unpack: a re-run with every marker in place never pays for it.
   */
  private async unpack(jobs: readonly UnpackJob[], markers: MarkerStore, maxSize: number, fileMappers: readonly FileMapper[], pluginLog: Log): Promise<void> {
    const { project, log } = this.context;
    const { acquireWorkerPool, releaseWorkerPool, worthThreads } = await import('@goalhost/archive/dist/write/worker-pool');
    const pool = acquireWorkerPool();
    try {
      // The threads boot while the rest of the unpacking code loads (Unpacker.run would start them too).
      if (worthThreads(jobs.map((j) => j.artifact.file))) pool.start();
      const { Unpacker } = await import('@goalhost/unpack/dist/unpacker');
      const unpacker = new Unpacker(
        {
          includes: this.includes,
          excludes: this.excludes,
          encoding: this.encoding,
          ignorePermissions: this.ignorePermissions,
          flattenDestDirs: this.flattenDirectories(project.basedir),
          umask: process.umask(),
          maxSize,
          fileMappers,
        },
        pluginLog,
        log,
        pool,
        (job) => markers.write(job.artifact),
      );
      await unpacker.run(jobs);
    } finally {
      await releaseWorkerPool(pool);
    }
  }

  /** `<flattenDestDir>` elements (or a comma list from the property), trimmed, against the basedir. */
  private flattenDirectories(basedir: string): string[] {
    const raw = this.flattenDestDirs as unknown;
    const list = Array.isArray(raw) ? (raw as unknown[]).map(String) : typeof raw === 'string' ? raw.split(',') : [];
    const dirs = list.map((d) => d.trim()).filter((d) => d !== '');
    for (const d of dirs) {
      if (d.includes('\0')) throw new GoalExecutionError(`Invalid flattenDestDir '${d}': it contains a NUL character`);
    }
    return dirs.map((d) => path.resolve(basedir, d));
  }
}
