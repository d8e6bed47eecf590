import { Goal, inject, Parameter, TOKENS, type GoalContext, type GoalInstance } from '@goalhost/api';
import { SettingsDecrypter } from '@goalhost/model';
import { SILENT_LOG } from '../unpack/silent-log';
import { GitClient } from './git-client';
import { GitSubmodulesUpdater } from './git-submodules-updater';
import { selectSourceArtifacts } from './select-source-artifacts';
import { recordSourceDependencies } from './source-dependencies';
import { SvnClient } from './svn-client';
import { SvnExternalsUpdater } from './svn-externals-updater';
import type { SourceTarget } from './target-dir';

/** User property that turns on the dry run (a -D switch, not a parameter: the goal's parameters are the spec's). */
export const DRY_RUN_PROPERTY = 'scm.dryRun';

/**
 * `cxx:scm-dependencies`: the original cxx-maven-plugin goal (svn:externals from the `<scm>` of
 * the project's type-pom dependencies), extended to git submodules, with credentials from the
 * parameters or settings.xml (Maven-encrypted passwords included) and a dry run.
 */
@Goal({
  name: 'scm-dependencies',
  description:
    "Records the project's source dependencies (dependencies of type pom whose POM has an <scm> connection) in the project's own " +
    'version control: as svn:externals entries on the sourceSubdir directory of a Subversion working copy, or as git submodules ' +
    '(.gitmodules entry and gitlink) of the git work tree holding that directory. Each target directory comes from sourceTargets, ' +
    'else from the dependency POM property scm.dependencies.source.targetDir, else from groupId.artifactId with dots turned into ' +
    'slashes; sourceTargetDirRemovePrefixes are stripped from it. Origins in the same svn repository are written relative (^/...). ' +
    'With sourceFreezeRevision each entry is pinned to the revision the server reports at execution time. Existing entries of other ' +
    'origins are kept, and the property or .gitmodules is written once, only when it changes. Nothing is checked out or committed: ' +
    'run svn update or git submodule update --init afterwards. With -Dscm.dryRun=true the planned changes are printed and nothing is written.',
  defaultPhase: 'process-sources',
  requiresProject: true,
  requiresDependencyResolution: 'test',
  threadSafe: true,
  since: '0.0.6',
})
export class ScmDependenciesGoal implements GoalInstance {
  @Parameter({ type: 'java.lang.String', property: 'classifier', since: '2.0', description: 'Classifier to look for (for example a sources classifier).' })
  classifier?: string;

  @Parameter({ type: 'java.lang.String', property: 'connectionType', since: '0.0.6', defaultValue: 'connection', description: 'Which source-control connection information to use.' })
  connectionType = 'connection';

  @Parameter({ type: 'java.lang.String', property: 'excludeArtifactIds', since: '2.0', description: 'Comma-separated artifact names to exclude.' })
  excludeArtifactIds?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeClassifiers', since: '2.0', defaultValue: '', description: 'Comma-separated classifiers to exclude.' })
  excludeClassifiers?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeGroupIds', since: '2.0', description: 'Comma-separated group ids to exclude.' })
  excludeGroupIds?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeRegexClassifiers', since: '0.0.6', defaultValue: '', description: 'Comma-separated classifiers to exclude (regular-expression variant).' })
  excludeRegexClassifiers?: string;

  @Parameter({ type: 'java.lang.String', property: 'excludeScope', since: '2.0', defaultValue: '', description: 'Scope to exclude.' })
  excludeScope?: string;

  @Parameter({ type: 'boolean', property: 'excludeTransitive', since: '2.0', defaultValue: 'false', description: 'When true, transitive dependencies are excluded.' })
  excludeTransitive = false;

  @Parameter({ type: 'java.lang.String', property: 'excludeTypes', since: '2.0', defaultValue: '', description: 'Comma-separated types to exclude.' })
  excludeTypes?: string;

  @Parameter({ type: 'boolean', property: 'dependency.ignorePermissions', since: '2.7', defaultValue: 'false', description: 'When true, file permissions are not set when unpacking a dependency.' })
  ignorePermissions = false;

  @Parameter({ type: 'java.lang.String', property: 'includeArtifactIds', since: '2.0', defaultValue: '', description: 'Comma-separated artifact names to include.' })
  includeArtifactIds?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeClassifiers', since: '2.0', defaultValue: '', description: 'Comma-separated classifiers to include.' })
  includeClassifiers?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeGroupIds', since: '2.0', defaultValue: '', description: 'Comma-separated group ids to include.' })
  includeGroupIds?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeRegexClassifiers', since: '0.0.6', defaultValue: '', description: 'Comma-separated classifiers to include (regular-expression variant).' })
  includeRegexClassifiers?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeScope', since: '2.0', defaultValue: '', description: 'Scope to include. Scopes are interpreted as Maven resolves them, not as declared in the pom: runtime selects runtime and compile dependencies; compile selects compile, provided and system; test selects all dependencies; provided selects provided only; system selects system only. Empty means all scopes.' })
  includeScope?: string;

  @Parameter({ type: 'java.lang.String', property: 'includeTypes', since: '2.0', defaultValue: '', description: 'Comma-separated types to include.' })
  includeTypes?: string;

  @Parameter({ type: 'java.io.File', property: 'markersDirectory', since: '2.0', defaultValue: '${project.build.directory}/dependency-maven-plugin-markers', description: 'Directory where flag (marker) files are stored.' })
  markersDirectory?: string;

  @Parameter({ type: 'boolean', property: 'outputAbsoluteArtifactFilename', since: '2.0', defaultValue: 'false', description: 'Output the absolute file name of resolved artifacts.' })
  outputAbsoluteArtifactFilename = false;

  @Parameter({ type: 'boolean', property: 'overWriteIfNewer', since: '2.0', defaultValue: 'true', description: 'Overwrite artifacts that do not exist or are older than the source.' })
  overWriteIfNewer = true;

  @Parameter({ type: 'boolean', property: 'overWriteReleases', since: '1.0', defaultValue: 'false', description: 'Overwrite release artifacts.' })
  overWriteReleases = false;

  @Parameter({ type: 'boolean', property: 'overWriteSnapshots', since: '1.0', defaultValue: 'false', description: 'Overwrite snapshot artifacts.' })
  overWriteSnapshots = false;

  @Parameter({ type: 'java.lang.String', property: 'password', since: '0.0.6', description: 'Password for the checkout. May instead be stored encrypted in the settings.' })
  password?: string;

  @Parameter({ type: 'boolean', property: 'mdep.prependGroupId', since: '2.2', defaultValue: 'false', description: 'Prepend the group id during copy.' })
  prependGroupId = false;

  @Parameter({ type: 'java.lang.String', property: 'settingsServerId', since: '0.0.6', description: 'Server id used to look up credentials in the settings.' })
  settingsServerId?: string;

  @Parameter({ type: 'boolean', property: 'silent', since: '2.0', defaultValue: 'false', description: 'When true, the plugin is silent.' })
  silent = false;

  @Parameter({ type: 'boolean', property: 'mdep.skip', since: '2.7', defaultValue: 'false', description: 'When true, execution is skipped completely.' })
  skip = false;

  @Parameter({ type: 'boolean', property: 'sourceFreezeRevision', since: '0.0.6', defaultValue: 'false', description: 'When true, the externals property of the version-control system uses precise revisions, retrieved from source-control info at execution time.' })
  sourceFreezeRevision = false;

  @Parameter({ type: 'java.lang.String', property: 'sourceSubdir', since: '0.0.6', defaultValue: '.', description: 'Optional sub-directory that holds source dependencies.' })
  sourceSubdir = '.';

  @Parameter({ type: 'java.lang.String[]', since: '0.0.6', description: 'List of prefixes removed when target directories for dependencies are created. Each entry is a sourceRemoveTargetPrefixe element holding a path prefix.' })
  sourceTargetDirRemovePrefixes?: string[];

  @Parameter({ type: 'org.codehaus.mojo.SourceTarget[]', since: '0.0.6', description: 'Explicit target path for each source dependency. Each entry is a sourceTarget element with a dependency (groupId, artifactId) and a targetDir relative directory.' })
  sourceTargets?: SourceTarget[];

  @Parameter({ type: 'java.lang.String', property: 'type', since: '2.0', description: 'Type to look for when an artifact is built from a classifier (comma-separated examples: a sources type, jar, war).' })
  type?: string;

  @Parameter({ type: 'boolean', property: 'dependency.useJvmChmod', since: '2.5.1', defaultValue: 'true', description: "Use the runtime's own permission-setting; available for user and all levels, the group level is ignored. On by default since 2.6." })
  useJvmChmod = true;

  @Parameter({ type: 'java.lang.String', property: 'username', since: '0.0.6', description: "User name for the version-control checkout. May instead be stored in the build tool's settings." })
  username?: string;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {}

  async execute(): Promise<void> {
    const { project, session, repository } = this.context;
    const log = this.silent ? SILENT_LOG : this.context.log;
    if (this.skip) {
      log.info('Skipping plugin execution');
      return;
    }
    const env = { ...session.env };
    const artifacts = selectSourceArtifacts(this.context.artifacts, this);
    await recordSourceDependencies(
      artifacts,
      {
        basedir: project.basedir,
        buildDirectory: project.build.directory,
        sourceSubdir: this.sourceSubdir ?? '.',
        connectionType: this.connectionType ?? 'connection',
        ...(this.username !== undefined ? { username: this.username } : {}),
        ...(this.password !== undefined ? { password: this.password } : {}),
        ...(this.settingsServerId !== undefined ? { settingsServerId: this.settingsServerId } : {}),
        sourceFreezeRevision: this.sourceFreezeRevision,
        sourceTargets: this.sourceTargets ?? [],
        sourceTargetDirRemovePrefixes: this.sourceTargetDirRemovePrefixes ?? [],
        dryRun: /^true$/i.test(session.userProperties[DRY_RUN_PROPERTY] ?? 'false'),
      },
      {
        log,
        readProject: (c) => repository.readProject(c),
        servers: session.settings.servers,
        ...(session.settings.file ? { settingsFile: session.settings.file } : {}),
        decrypter: new SettingsDecrypter(session.settingsSecurityFile),
        svn: new SvnExternalsUpdater(new SvnClient({ cwd: project.basedir, env, log }), log),
        git: new GitSubmodulesUpdater(new GitClient({ env, log }), log),
      },
    );
  }
}
