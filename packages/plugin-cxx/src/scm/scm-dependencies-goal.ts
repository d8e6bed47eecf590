import { Goal, inject, Parameter, TOKENS, type GoalContext, type GoalInstance } from '@goalhost/api';
import { SettingsDecrypter } from '@goalhost/model';
import { DependencySelectionParameters } from '../filter/dependency-selection-parameters';
import { SILENT_LOG } from '@goalhost/unpack';
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
export class ScmDependenciesGoal extends DependencySelectionParameters implements GoalInstance {
  @Parameter({
    type: 'java.lang.String',
    property: 'connectionType',
    since: '0.0.6',
    defaultValue: 'connection',
    description: 'Which source-control connection information to use.',
  })
  connectionType = 'connection';

  @Parameter({
    type: 'java.lang.String',
    property: 'password',
    since: '0.0.6',
    description: 'Password for the checkout. May instead be stored encrypted in the settings.',
  })
  password?: string;

  @Parameter({
    type: 'java.lang.String',
    property: 'settingsServerId',
    since: '0.0.6',
    description: 'Server id used to look up credentials in the settings.',
  })
  settingsServerId?: string;

  @Parameter({
    type: 'boolean',
    property: 'sourceFreezeRevision',
    since: '0.0.6',
    defaultValue: 'false',
    description:
      'When true, the externals property of the version-control system uses precise revisions, retrieved from source-control info at execution time.',
  })
  sourceFreezeRevision = false;

  @Parameter({
    type: 'java.lang.String',
    property: 'sourceSubdir',
    since: '0.0.6',
    defaultValue: '.',
    description: 'Optional sub-directory that holds source dependencies.',
  })
  sourceSubdir = '.';

  @Parameter({
    type: 'java.lang.String[]',
    since: '0.0.6',
    description:
      'List of prefixes removed when target directories for dependencies are created. Each entry is a sourceRemoveTargetPrefixe element holding a path prefix.',
  })
  sourceTargetDirRemovePrefixes?: string[];

  @Parameter({
    type: 'org.codehaus.mojo.SourceTarget[]',
    since: '0.0.6',
    description:
      'Explicit target path for each source dependency. Each entry is a sourceTarget element with a dependency (groupId, artifactId) and a targetDir relative directory.',
  })
  sourceTargets?: SourceTarget[];

  @Parameter({
    type: 'java.lang.String',
    property: 'username',
    since: '0.0.6',
    description: "User name for the version-control checkout. May instead be stored in the build tool's settings.",
  })
  username?: string;

  constructor(@inject(TOKENS.GoalContext) private readonly context: GoalContext) {
    super();
  }

  async execute(): Promise<void> {
    const { project, session, repository } = this.context;
    const log = this.silent ? SILENT_LOG : this.context.log;
    if (this.skip) {
      log.info('Skipping plugin execution');
      return;
    }
    // Loaded here, not with the plugin: every run of the plugin's other goal would pay for them.
    /* eslint-disable @typescript-eslint/no-require-imports */
    const { GitClient } = require('./git-client') as typeof import('./git-client');
    const { GitSubmodulesUpdater } = require('./git-submodules-updater') as typeof import('./git-submodules-updater');
    const { selectSourceArtifacts } =
      require('./select-source-artifacts') as typeof import('./select-source-artifacts');
    const { recordSourceDependencies } = require('./source-dependencies') as typeof import('./source-dependencies');
    const { SvnClient } = require('./svn-client') as typeof import('./svn-client');
    const { SvnExternalsUpdater } = require('./svn-externals-updater') as typeof import('./svn-externals-updater');
    /* eslint-enable @typescript-eslint/no-require-imports */
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
        ...(repository.lockSources
          ? { lockSources: (sources, dryRun) => repository.lockSources!(sources, dryRun) }
          : {}),
        servers: session.settings.servers,
        ...(session.settings.file ? { settingsFile: session.settings.file } : {}),
        decrypter: new SettingsDecrypter(session.settingsSecurityFile),
        svn: new SvnExternalsUpdater(new SvnClient({ cwd: project.basedir, env, log }), log),
        git: new GitSubmodulesUpdater(new GitClient({ env, log }), log),
      },
    );
  }
}
