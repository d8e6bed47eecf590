import * as path from 'node:path';
import {
  Goal,
  GoalExecutionError,
  inject,
  Parameter,
  TOKENS,
  type GoalContext,
  type GoalInstance,
} from '@goalhost/api';
import {
  fromResolved,
  goalUnpackSettings,
  parseFileMappers,
  SILENT_LOG,
  SYNC_OUTPUT_DIRECTORY_PARAMETER,
  unpackDependencies,
} from '@goalhost/unpack';
import { filterArtifacts } from '../filter/artifact-filters';
import { DependencySelectionParameters } from '../filter/dependency-selection-parameters';

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
  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.excludes',
    since: '2.0',
    description:
      'Comma-separated file patterns (for example **/*.xml,**/*.properties) to exclude when unpacking. Excludes override includes.',
  })
  excludes?: string;

  @Parameter({
    type: 'boolean',
    property: 'mdep.failOnMissingClassifierArtifact',
    since: '2.0-alpha-2',
    defaultValue: 'false',
    description:
      'Applies only when classifier is used: when true, a dependency whose artifact with that classifier is missing fails the build; when false it is skipped.',
  })
  failOnMissingClassifierArtifact = false;

  @Parameter({
    type: 'java.util.List',
    property: 'mdep.unpack.flattenDestDirs',
    since: '0.0.6',
    description: 'Directory (or directories) where dependencies are flattened.',
  })
  flattenDestDirs?: string[];

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.includes',
    since: '2.0',
    description: 'Comma-separated file patterns to include when unpacking. Excludes override includes.',
  })
  includes?: string;

  @Parameter({
    type: 'java.io.File',
    property: 'outputDirectory',
    since: '1.0',
    defaultValue: '${project.build.directory}/dependency',
    description: 'Output location.',
  })
  outputDirectory?: string;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripClassifier',
    since: '0.0.6',
    defaultValue: 'false',
    description: 'Strip the artifact classifier during copy.',
  })
  stripClassifier = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripVersion',
    since: '0.0.6',
    defaultValue: 'false',
    description: 'Strip the artifact version during copy.',
  })
  stripVersion = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useRepositoryLayout',
    since: '2.0-alpha-2',
    defaultValue: 'false',
    description:
      'Place each artifact in the same directory layout as a default repository (shape: <outputDirectory>/<group path>/<artifact_id>/<version>/<artifact_id>-<version>.<ext>).',
  })
  useRepositoryLayout = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useSubDirectoryPerArtifact',
    since: '2.0-alpha-1',
    defaultValue: 'false',
    description: 'Place each file in its own sub-directory (shape: <outputDirectory>/<artifact_id>-<version>-<type>).',
  })
  useSubDirectoryPerArtifact = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useSubDirectoryPerScope',
    since: '2.2',
    defaultValue: 'false',
    description:
      "Place each scope's files in a separate sub-directory named after the scope (runtime, provided, and so on).",
  })
  useSubDirectoryPerScope = false;

  @Parameter({
    type: 'boolean',
    property: 'mdep.useSubDirectoryPerType',
    since: '2.0-alpha-1',
    defaultValue: 'false',
    description: "Place each type's files in a separate sub-directory (jars, wars, and so on).",
  })
  useSubDirectoryPerType = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'mdep.unpack.encoding',
    since: '3.0',
    description: 'Encoding of the entry names of zip-family archives (UTF-8 when not set).',
  })
  encoding?: string;

  @Parameter({
    type: 'org.codehaus.plexus.components.io.filemappers.FileMapper[]',
    property: 'mdep.unpack.filemappers',
    since: '3.1.2',
    description:
      'FileMappers that rewrite the path of each unpacked entry, in order (plexus-io: RegExpFileMapper with pattern and replacement, FlattenFileMapper, MergeFileMapper, PrefixFileMapper, SuffixFileMapper, IdentityMapper, FileExtensionMapper), each an element named by its class, e.g. <org.codehaus.plexus.components.io.filemappers.PrefixFileMapper><prefix>mapped/</prefix></org.codehaus.plexus.components.io.filemappers.PrefixFileMapper>. Includes and excludes match the names before mapping.',
  })
  fileMappers?: unknown[];

  @Parameter({
    type: 'boolean',
    property: 'mdep.stripType',
    since: '3.4.0',
    defaultValue: 'false',
    description: 'Strip the artifact type from per-artifact directory names.',
  })
  stripType = false;

  @Parameter(SYNC_OUTPUT_DIRECTORY_PARAMETER)
  syncOutputDirectory = false;

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
    const { outputDirectory, markersDirectory, maxSize, store } = goalUnpackSettings(this.context, this);
    await unpackDependencies({
      artifacts: this.context.artifacts.map(fromResolved),
      options: this,
      filter: (list) => filterArtifacts(list, this),
      outputDirectory,
      markersDirectory,
      repository: this.context.repository,
      log: pluginLog,
      archiverLog: log,
      settings: () => ({
        includes: this.includes,
        excludes: this.excludes,
        encoding: this.encoding,
        ignorePermissions: this.ignorePermissions,
        flattenDestDirs: this.flattenDirectories(basedir),
        umask: process.umask(),
        maxSize,
        fileMappers,
      }),
      store,
      sync: this.syncOutputDirectory,
    });
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
