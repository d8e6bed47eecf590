import type { PomSpec } from '../../resolver/support/fixture-repo';
import type { Scenario, ScenarioArtifact } from './scenario';
import { UNPACK_SCENARIOS } from './unpack-scenarios';

/** maven-dependency-plugin 3.5.0 by its full coordinates (no prefix look-up in either tool). */
const D = 'org.apache.maven.plugins:maven-dependency-plugin:3.5.0:';

/** A small repository: parents two deep, classifiers, a snapshot, a zip, scopes. */
const ARTIFACTS: readonly ScenarioArtifact[] = [
  { gav: 'zz.a:grand:1', packaging: 'pom' },
  { gav: 'zz.a:parent:1', packaging: 'pom', parent: 'zz.a:grand:1', relativePath: '' },
  { gav: 'zz.a:projparent:1', packaging: 'pom' },
  {
    gav: 'zz.a:lib:1.0',
    parent: 'zz.a:parent:1',
    relativePath: '',
    files: ['jar', 'sources:jar', 'tests:jar'],
    dependencies: ['zz.a:trans:2.0', { gav: 'zz.b:other:1.0', scope: 'runtime' }],
  },
  { gav: 'zz.a:trans:2.0', files: ['jar', 'sources:jar'] },
  { gav: 'zz.b:other:1.0' },
  { gav: 'zz.a:snap:1.0-SNAPSHOT' },
  { gav: 'zz.a:zipped:1.0', files: ['zip'] },
  { gav: 'zz.c:prov:1.0' },
];

const PROJECT: PomSpec & { gav: string } = {
  gav: 'zz.p:proj:1',
  parent: 'zz.a:projparent:1',
  relativePath: '',
  dependencies: [
    'zz.a:lib:1.0',
    { gav: 'zz.a:lib:1.0', type: 'test-jar', scope: 'test' },
    'zz.a:snap:1.0-SNAPSHOT',
    { gav: 'zz.a:zipped:1.0', type: 'zip' },
    { gav: 'zz.c:prov:1.0', scope: 'provided' },
  ],
};

/** The project with the plugin configured (plugin level: default-cli executions get it too). */
function configured(configuration: string, executions = ''): PomSpec & { gav: string } {
  return {
    ...PROJECT,
    extra:
      '  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId>' +
      `<version>3.5.0</version><configuration>${configuration}</configuration>${executions ? `<executions>${executions}</executions>` : ''}</plugin></plugins></build>`,
  };
}

function copyDeps(name: string, ...args: string[]): Scenario {
  return {
    name,
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [{ args: ['-o', `${D}copy-dependencies`, ...args] }],
    trees: ['project/target'],
  };
}

/** A pom project with the plugins given (the first depends on zz.a:trans), another with a dependency of its own, and the lifecycle's plugins as stand-ins. */
function pluginScenario(goal: string, plugins: readonly string[]): Scenario {
  return {
    name: goal,
    artifacts: [
      ...ARTIFACTS,
      ...plugins.map((id, i): ScenarioArtifact => ({
        gav: `zz.plugins:${id}:1.0`,
        packaging: 'maven-plugin',
        files: ['jar'],
        ...(i === 0 ? { dependencies: ['zz.a:trans:2.0', { gav: 'zz.c:prov:1.0', scope: 'provided' }] } : {}),
      })),
      { gav: 'zz.plugins:other-maven-plugin:2.0', packaging: 'maven-plugin', files: ['jar'] },
      // Stand-ins for the plugins Maven binds to the pom packaging's lifecycles.
      ...['maven-clean-plugin:2.5', 'maven-install-plugin:2.4', 'maven-deploy-plugin:2.7', 'maven-site-plugin:3.3'].map(
        (p): ScenarioArtifact => ({ gav: `org.apache.maven.plugins:${p}`, packaging: 'maven-plugin', files: ['jar'] }),
      ),
    ],
    project: {
      gav: 'zz.p:plugins:1',
      packaging: 'pom',
      dependencies: ['zz.a:lib:1.0', { gav: 'zz.a:zipped:1.0', type: 'zip', scope: 'test' }],
      extra:
        `  <build><plugins>${plugins.map((id) => `<plugin><groupId>zz.plugins</groupId><artifactId>${id}</artifactId><version>1.0</version></plugin>`).join('')}` +
        '<plugin><groupId>zz.plugins</groupId><artifactId>other-maven-plugin</artifactId><version>2.0</version><dependencies><dependency><groupId>zz.b</groupId><artifactId>other</artifactId><version>1.0</version></dependency></dependencies></plugin></plugins></build>',
    },
    steps: [
      { args: ['-o', `${D}${goal}`] },
      {
        args: [
          '-o',
          `${D}${goal}`,
          '-DexcludeTransitive=true',
          '-DoutputAbsoluteArtifactFilename=true',
          '-DexcludeArtifactIds=other-maven-plugin',
        ],
      },
      { args: ['-o', `${D}${goal}`, '-DoutputFile=target/out.txt', '-DincludeGroupIds=zz.plugins', '-Dsilent=true'] },
    ],
    trees: ['project/target'],
  };
}

/**
 * A pom project whose one plugin (depending on zz.a:trans) is only in a plugin repository: the
 * goal must find it there (its dependencies come from wherever the goal takes them).
 */
function pluginRepositoryScenario(goal: string): Scenario {
  return {
    name: `${goal}-plugin-repository`,
    artifacts: [
      ...ARTIFACTS,
      ...['maven-clean-plugin:2.5', 'maven-install-plugin:2.4', 'maven-deploy-plugin:2.7', 'maven-site-plugin:3.3'].map(
        (p): ScenarioArtifact => ({ gav: `org.apache.maven.plugins:${p}`, packaging: 'maven-plugin', files: ['jar'] }),
      ),
    ],
    remote: [
      {
        gav: 'zz.plugins:remote-maven-plugin:1.0',
        packaging: 'maven-plugin',
        files: ['jar'],
        dependencies: ['zz.a:trans:2.0'],
      },
    ],
    project: {
      gav: 'zz.p:plugins:1',
      packaging: 'pom',
      dependencies: ['zz.b:other:1.0'],
      extra:
        '  <pluginRepositories><pluginRepository><id>plugins</id><url>{remote}</url></pluginRepository></pluginRepositories>\n' +
        '  <build><plugins><plugin><groupId>zz.plugins</groupId><artifactId>remote-maven-plugin</artifactId><version>1.0</version></plugin></plugins></build>',
    },
    steps: [{ args: [`${D}${goal}`] }],
    trees: ['repo/zz/plugins'],
  };
}

/** `<repositories>` of [id, url, policies]. */
function repositories(...repos: ReadonlyArray<readonly string[]>): string {
  return `  <repositories>${repos.map(([id, url, policies = '']) => `<repository><id>${id}</id><url>${url}</url>${policies}</repository>`).join('')}</repositories>`;
}

/** A base for repository URLs that are never read (offline runs). */
const FIXED = 'file:///nonexistent/mdep';

/**
 * Maven gathers go-offline's artifacts in a HashSet filled in an order of identity hashes: these
 * plugins fall in distinct buckets, so the order Maven prints does not depend on that.
 */
const GO_OFFLINE_PLUGINS = [
  'p0-maven-plugin',
  'p1-maven-plugin',
  'p3-maven-plugin',
  'p5-maven-plugin',
  'p6-maven-plugin',
  'p7-maven-plugin',
  'p9-maven-plugin',
];

/** The artifacts and project of pluginScenario. */
function pluginProject(plugins: readonly string[]): Pick<Scenario, 'artifacts' | 'project'> {
  const { artifacts, project } = pluginScenario('', plugins);
  return { artifacts, project };
}

const LATER = '2030-01-01T00:00:00Z';
const EARLIER = '2010-01-01T00:00:00Z';
const DEST = 'project/target/dependency';

export const SCENARIOS: readonly Scenario[] = [
  // copy-dependencies
  copyDeps('copy-dependencies-default'),
  copyDeps(
    'copy-dependencies-names',
    '-Dmdep.stripVersion=true',
    '-Dmdep.stripClassifier=true',
    '-Dmdep.prependGroupId=true',
  ),
  copyDeps(
    'copy-dependencies-subdirectories',
    '-Dmdep.useSubDirectoryPerScope=true',
    '-Dmdep.useSubDirectoryPerType=true',
    '-Dmdep.useSubDirectoryPerArtifact=true',
  ),
  copyDeps(
    'copy-dependencies-artifact-dirs-stripped',
    '-Dmdep.useSubDirectoryPerArtifact=true',
    '-Dmdep.stripVersion=true',
    '-Dmdep.stripType=true',
  ),
  copyDeps('copy-dependencies-repository-layout', '-Dmdep.useRepositoryLayout=true'),
  copyDeps('copy-dependencies-repository-layout-poms', '-Dmdep.useRepositoryLayout=true', '-Dmdep.copyPom=true'),
  copyDeps('copy-dependencies-poms', '-Dmdep.copyPom=true', '-Dmdep.stripVersion=true'),
  copyDeps('copy-dependencies-parent-poms', '-Dmdep.addParentPoms=true', '-Dmdep.copyPom=true'),
  copyDeps('copy-dependencies-scope-type', '-DincludeScope=runtime', '-DexcludeTypes=zip'),
  copyDeps(
    'copy-dependencies-direct-group-artifact',
    '-DexcludeTransitive=true',
    '-DincludeGroupIds=zz.a',
    '-DexcludeArtifactIds=snap',
  ),
  copyDeps('copy-dependencies-include-types-classifiers', '-DincludeTypes=jar,test-jar', '-DincludeClassifiers=tests'),
  copyDeps(
    'copy-dependencies-exclude-classifiers-scope',
    '-DexcludeClassifiers=tests',
    '-DexcludeScope=provided',
    '-DincludeArtifactIds=lib,trans,prov,snap',
  ),
  copyDeps('copy-dependencies-exclude-test-scope', '-DexcludeScope=test'),
  copyDeps('copy-dependencies-classifier', '-Dclassifier=sources'),
  copyDeps(
    'copy-dependencies-classifier-type',
    '-Dclassifier=sources',
    '-Dtype=java-source',
    '-DincludeArtifactIds=trans',
  ),
  copyDeps(
    'copy-dependencies-classifier-missing-fails',
    '-Dclassifier=sources',
    '-Dmdep.failOnMissingClassifierArtifact=true',
  ),
  copyDeps('copy-dependencies-silent', '-Dsilent=true'),
  copyDeps(
    'copy-dependencies-absolute-names',
    '-DoutputAbsoluteArtifactFilename=true',
    '-DoutputDirectory=out',
    '-DincludeArtifactIds=trans',
  ),
  copyDeps('copy-dependencies-skip', '-Dmdep.skip=true'),
  copyDeps('copy-dependencies-exclude-groups', '-DexcludeGroupIds=zz.b,zz.c', '-DexcludeTypes=test-jar'),
  copyDeps(
    'copy-dependencies-parent-poms-per-scope',
    '-Dmdep.addParentPoms=true',
    '-Dmdep.useSubDirectoryPerScope=true',
    '-Dmdep.useSubDirectoryPerType=true',
  ),
  copyDeps('copy-dependencies-base-version', '-Dmdep.useBaseVersion=false', '-DincludeArtifactIds=snap'),
  {
    name: 'copy-dependencies-overwrite',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      { args: ['-o', `${D}copy-dependencies`, '-DincludeArtifactIds=lib,snap,trans'] },
      // Older copies are replaced (overWriteIfNewer), newer ones kept; then every rule in turn.
      {
        args: ['-o', `${D}copy-dependencies`, '-DincludeArtifactIds=lib,snap,trans'],
        before: [
          { path: `${DEST}/lib-1.0.jar`, content: 'old lib\n', mtime: EARLIER },
          { path: `${DEST}/trans-2.0.jar`, content: 'newer trans\n', mtime: LATER },
          { path: `${DEST}/snap-1.0-SNAPSHOT.jar`, content: 'newer snap\n', mtime: LATER },
        ],
      },
      { args: ['-o', `${D}copy-dependencies`, '-DincludeArtifactIds=lib,snap,trans', '-DoverWriteSnapshots=true'] },
      {
        args: ['-o', `${D}copy-dependencies`, '-DincludeArtifactIds=lib,snap,trans', '-DoverWriteIfNewer=false'],
        before: [{ path: `${DEST}/lib-1.0.jar`, content: 'old lib again\n', mtime: EARLIER }],
      },
      {
        args: [
          '-o',
          `${D}copy-dependencies`,
          '-DincludeArtifactIds=lib,snap,trans',
          '-DoverWriteReleases=true',
          '-Dmdep.copyPom=true',
        ],
      },
    ],
    trees: ['project/target'],
  },
  // copy
  {
    name: 'copy-artifact-property',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:lib:1.0'] },
      {
        args: [
          '-o',
          `${D}copy`,
          '-Dartifact=zz.a:lib:1.0:jar:sources',
          '-Dmdep.stripVersion=true',
          '-Dmdep.prependGroupId=true',
        ],
      },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:lib:1.0'] },
      {
        args: [
          '-o',
          `${D}copy`,
          '-Dartifact=zz.a:zipped:1.0:zip',
          '-DoutputDirectory=zips',
          '-DoutputAbsoluteArtifactFilename=true',
        ],
      },
    ],
    trees: ['project/target', 'project/zips'],
  },
  {
    name: 'copy-artifact-items',
    artifacts: ARTIFACTS,
    project: {
      ...configured(
        '<stripClassifier>true</stripClassifier><artifactItems>' +
          '<artifactItem><groupId>zz.a</groupId><artifactId>lib</artifactId><classifier>tests</classifier></artifactItem>' +
          '<artifactItem><groupId>zz.a</groupId><artifactId>trans</artifactId><version>2.0</version><destFileName>renamed.jar</destFileName></artifactItem>' +
          '<artifactItem><groupId>zz.a</groupId><artifactId>zipped</artifactId><type>zip</type><outputDirectory>${project.build.directory}/own</outputDirectory></artifactItem>' +
          '<artifactItem><groupId>zz.b</groupId><artifactId>other</artifactId><overWrite>true</overWrite></artifactItem>' +
          '<artifactItem><groupId>zz.a</groupId><artifactId>snap</artifactId><version>1.0-SNAPSHOT</version></artifactItem>' +
          '</artifactItems>',
      ),
      managed: ['zz.b:other:1.0'],
    },
    steps: [
      { args: ['-o', `${D}copy`] },
      { args: ['-o', `${D}copy`, '-Dmdep.overWriteSnapshots=true'] },
      { args: ['-o', `${D}copy`, '-Dmdep.overWriteReleases=true', '-Dsilent=true'] },
    ],
    trees: ['project/target'],
  },
  {
    name: 'copy-overwrite-if-newer',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:trans:2.0'] },
      {
        args: ['-o', `${D}copy`, '-Dartifact=zz.a:trans:2.0'],
        before: [{ path: `${DEST}/trans-2.0.jar`, content: 'old\n', mtime: EARLIER }],
      },
      {
        args: ['-o', `${D}copy`, '-Dartifact=zz.a:trans:2.0', '-Dmdep.overIfNewer=false'],
        before: [{ path: `${DEST}/trans-2.0.jar`, content: 'old again\n', mtime: EARLIER }],
      },
    ],
    trees: ['project/target'],
  },
  {
    name: 'copy-failures',
    artifacts: ARTIFACTS,
    project: configured(
      '<artifactItems><artifactItem><groupId>zz.a</groupId><artifactId>unknown</artifactId></artifactItem></artifactItems>',
    ),
    steps: [
      { args: ['-o', `${D}copy`] },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:lib'] },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:missing:1.0'] },
    ],
    trees: ['project/target'],
  },
  {
    name: 'copy-artifact-failures',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:lib'] },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:missing:1.0'] },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:lib:1.0:jar:sources:extra'] },
    ],
    trees: ['project/target'],
  },
  {
    name: 'copy-skip',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [{ args: ['-o', `${D}copy`, '-Dartifact=zz.a:lib:1.0', '-Dmdep.skip=true'] }],
    trees: ['project/target'],
  },
  {
    // A silent goal skips without a word (AbstractDependencyMojo's log is the silent one);
    // the goals outside that class hierarchy still say they skip.
    name: 'copy-skip-silent',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      ...[
        'copy',
        'unpack',
        'copy-dependencies',
        'unpack-dependencies',
        'build-classpath',
        'list',
        'resolve',
        'sources',
        'resolve-plugins',
        'go-offline',
        'list-repositories',
        'properties',
        'get',
      ].map((goal) => ({
        args: ['-o', `${D}${goal}`, '-Dartifact=zz.a:lib:1.0', '-Dsilent=true', '-Dmdep.skip=true'],
      })),
      { args: ['-o', `${D}purge-local-repository`, '-Dsilent=true', '-Dskip=true'] },
      { args: ['-o', `${D}tree`, '-Dsilent=true', '-Dskip=true'] },
    ],
    trees: ['project/target'],
  },
  {
    // Items whose POM is malformed, invalid (a dependency without a version) or has a missing
    // parent: the file is still copied or unpacked, after Maven's warning.
    name: 'copy-artifact-invalid-poms',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      {
        before: [
          { path: 'repo/zz/b/other/1.0/other-1.0.pom', content: '<project><modelVersion>4.0.0</model', mtime: EARLIER },
        ],
        args: ['-o', `${D}copy`, '-Dartifact=zz.b:other:1.0'],
      },
      {
        before: [
          {
            path: 'repo/zz/a/trans/2.0/trans-2.0.pom',
            content:
              '<project><modelVersion>4.0.0</modelVersion><groupId>zz.a</groupId><artifactId>trans</artifactId><version>2.0</version>' +
              '<dependencies><dependency><groupId>zz.b</groupId><artifactId>other</artifactId></dependency></dependencies></project>',
            mtime: EARLIER,
          },
        ],
        args: ['-o', `${D}copy`, '-Dartifact=zz.a:trans:2.0'],
      },
      {
        before: [
          {
            path: 'repo/zz/a/grand/1/grand-1.pom',
            content:
              '<project><modelVersion>4.0.0</modelVersion><groupId>zz.a</groupId><artifactId>grand</artifactId><version>1</version><packaging>pom</packaging><parent><groupId>zz.none</groupId><artifactId>none</artifactId><version>1</version></parent></project>',
            mtime: EARLIER,
          },
        ],
        args: ['-o', `${D}unpack`, '-Dartifact=zz.a:zipped:1.0:zip', '-Dmdep.unpack.includes=**/*.txt'],
      },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:lib:1.0'] },
    ],
    trees: ['project/target'],
  },
  {
    name: 'copy-nothing-configured',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [{ args: ['-o', `${D}copy`] }],
    trees: ['project/target'],
  },
  {
    name: 'copy-without-project',
    artifacts: ARTIFACTS,
    // Not the default outputDirectory: Maven's stub project leaves ${project.basedir} unexpanded in it.
    steps: [
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:trans:2.0', '-Dmdep.useBaseVersion=true', '-DoutputDirectory=out'] },
    ],
    trees: ['project'],
  },
  {
    name: 'copy-without-project-default-directory',
    artifacts: ARTIFACTS,
    steps: [{ args: ['-o', `${D}copy`, '-Dartifact=zz.a:trans:2.0'] }],
    trees: ['project'],
  },
  // From a remote repository into the local one (what the resolution writes beside the files).
  {
    name: 'copy-artifact-remote',
    remote: ARTIFACTS,
    project: { gav: 'zz.p:proj:1', extra: repositories(['fixture', '{remote}']) },
    steps: [
      { args: [`${D}copy`, '-Dartifact=zz.a:lib:1.0:jar:sources'] },
      { args: [`${D}copy`, '-Dartifact=zz.a:trans:2.0'] },
    ],
    trees: ['project/target', 'repo/zz'],
  },
  // localRepositoryDirectory: the items are resolved into (and looked up in) that repository only.
  {
    name: 'copy-local-repository-directory',
    remote: ARTIFACTS,
    project: {
      gav: 'zz.p:proj:1',
      managed: ['zz.b:other:1.0'],
      extra:
        `${repositories(['fixture', '{remote}'])}\n` +
        '  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId><version>3.5.0</version>' +
        '<configuration><localRepositoryDirectory>${project.build.directory}/local-repo</localRepositoryDirectory><artifactItems>' +
        '<artifactItem><groupId>zz.a</groupId><artifactId>trans</artifactId><version>2.0</version></artifactItem>' +
        '<artifactItem><groupId>zz.b</groupId><artifactId>other</artifactId></artifactItem>' +
        '<artifactItem><groupId>zz.a</groupId><artifactId>lib</artifactId><version>1.0</version><classifier>sources</classifier></artifactItem>' +
        '</artifactItems></configuration></plugin></plugins></build>',
    },
    steps: [
      { args: [`${D}copy`] },
      { args: [`${D}copy`, '-Dartifact=zz.a:zipped:1.0:zip', '-DoutputDirectory=target/zips'] },
      { args: ['-o', `${D}copy`, '-Dmdep.overWriteReleases=true'] },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:snap:1.0-SNAPSHOT'] },
    ],
    trees: ['project/target', 'repo/zz'],
  },
  // Parameters these goals have but do not use (Maven's texts say so; an incremental build is an IDE's).
  {
    name: 'copy-goals-unused-parameters',
    artifacts: ARTIFACTS,
    project: configured(
      '<skipDuringIncrementalBuild>true</skipDuringIncrementalBuild><ignorePermissions>true</ignorePermissions><useJvmChmod>false</useJvmChmod>',
    ),
    steps: [
      { args: ['-o', `${D}copy-dependencies`, '-DincludeArtifactIds=trans,snap', '-DmarkersDirectory=target/marks'] },
      { args: ['-o', `${D}copy`, '-Dartifact=zz.a:trans:2.0', '-DoutputDirectory=target/copied'] },
      {
        args: [
          '-o',
          `${D}build-classpath`,
          '-DmarkersDirectory=target/marks',
          '-DoverWriteReleases=true',
          '-Dsilent=true',
        ],
      },
      { args: ['-o', `${D}list-repositories`, '-Dsilent=true', '-DoutputAbsoluteArtifactFilename=true'] },
    ],
    trees: ['project/target'],
  },
  // build-classpath
  {
    name: 'build-classpath-log',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      { args: ['-o', `${D}build-classpath`] },
      {
        args: [
          '-o',
          `${D}build-classpath`,
          '-DincludeScope=runtime',
          '-Dmdep.prefix=lib',
          '-Dmdep.stripVersion=true',
          '-Dmdep.pathSeparator=;',
        ],
      },
      { args: ['-o', `${D}build-classpath`, '-DincludeArtifactIds=nothing'] },
      {
        args: [
          '-o',
          `${D}build-classpath`,
          '-Dmdep.prefix=lib',
          '-Dmdep.prependGroupId=true',
          '-Dmdep.stripClassifier=true',
          '-Dmdep.fileSeparator=\\',
        ],
      },
    ],
    trees: ['project/target'],
  },
  {
    name: 'build-classpath-file',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      { args: ['-o', `${D}build-classpath`, '-Dmdep.outputFile=target/cp.txt', '-Dmdep.localRepoProperty=$M2'] },
      { args: ['-o', `${D}build-classpath`, '-Dmdep.outputFile=target/cp.txt', '-Dmdep.localRepoProperty=$M2'] },
      {
        args: [
          '-o',
          `${D}build-classpath`,
          '-Dmdep.outputFile=target/cp.txt',
          '-Dmdep.localRepoProperty=$M2',
          '-Dmdep.regenerateFile=true',
        ],
      },
      {
        args: [
          '-o',
          `${D}build-classpath`,
          '-Dmdep.outputFile=target/filter.properties',
          '-Dmdep.outputFilterFile=true',
          '-Dmdep.prefix=x',
          '-DexcludeTransitive=true',
        ],
      },
    ],
    trees: ['project/target'],
  },
  {
    name: 'build-classpath-property-and-properties',
    artifacts: ARTIFACTS,
    project: configured(
      '',
      '<execution><id>props</id><phase>validate</phase><goals><goal>properties</goal></goals></execution>' +
        '<execution><id>cp</id><phase>validate</phase><goals><goal>build-classpath</goal></goals><configuration><outputProperty>cp.value</outputProperty><prefix>P</prefix><includeArtifactIds>trans,other</includeArtifactIds></configuration></execution>' +
        '<execution><id>show</id><phase>validate</phase><goals><goal>build-classpath</goal></goals><configuration><prefix>${cp.value}|${zz.a:lib:jar}|${zz.a:lib:test-jar:tests}</prefix><includeArtifactIds>snap</includeArtifactIds></configuration></execution>',
    ),
    steps: [{ args: ['-o', 'validate'] }, { args: ['-o', 'validate', '-Dmdep.skip=true'] }],
    trees: ['project/target'],
  },
  {
    name: 'build-classpath-attach-encoding',
    artifacts: ARTIFACTS,
    project: configured(
      '<attach>true</attach><prefix>dépôt</prefix><includeArtifactIds>trans,other</includeArtifactIds>',
    ),
    steps: [
      { args: ['-o', `${D}build-classpath`, '-DoutputEncoding=ISO-8859-1'] },
      { args: ['-o', `${D}build-classpath`, '-Dmdep.outputFile=target/cp.txt', '-DoutputEncoding=ISO-8859-1'] },
    ],
    trees: ['project/target'],
  },
  // sources
  {
    name: 'sources',
    artifacts: ARTIFACTS,
    project: PROJECT,
    steps: [
      { args: ['-o', `${D}sources`] },
      {
        args: [
          '-o',
          `${D}sources`,
          '-Dclassifier=tests',
          '-DoutputFile=target/sources.txt',
          '-Dmdep.outputScope=false',
          '-Dsort=true',
        ],
      },
      {
        args: [
          '-o',
          `${D}sources`,
          '-DincludeParents=true',
          '-DexcludeTransitive=true',
          '-DoutputAbsoluteArtifactFilename=true',
        ],
      },
    ],
    trees: ['project/target'],
  },
  // list-repositories, resolve-plugins, go-offline
  // Maven prints the repositories from a HashSet ordered by their hash codes, URLs included: fixed
  // URLs (nothing is downloaded offline) give the same order in every run.
  {
    name: 'list-repositories',
    artifacts: ARTIFACTS,
    project: {
      ...PROJECT,
      extra:
        `  <repositories><repository><id>fixture</id><url>${FIXED}/fixture</url><snapshots><enabled>false</enabled></snapshots></repository></repositories>\n` +
        `  <pluginRepositories><pluginRepository><id>plugins</id><url>${FIXED}/plugins</url></pluginRepository></pluginRepositories>`,
    },
    centralMirror: `${FIXED}/central`,
    steps: [{ args: ['-o', `${D}list-repositories`] }],
    trees: ['project/target'],
  },
  {
    name: 'list-repositories-dependency-poms',
    artifacts: [
      { gav: 'zz.r:rparent:1', packaging: 'pom', extra: repositories(['from-parent', `${FIXED}/parent`]) },
      {
        gav: 'zz.r:dep:1.0',
        parent: 'zz.r:rparent:1',
        relativePath: '',
        dependencies: ['zz.r:trans:1.0', { gav: 'zz.r:tested:1.0', scope: 'test' }],
        extra: repositories(['from-dep', `${FIXED}/dep`, '<releases><updatePolicy>always</updatePolicy></releases>']),
      },
      {
        gav: 'zz.r:trans:1.0',
        dependencies: ['zz.r:leaf:1.0'],
        extra: repositories(['from-trans', `${FIXED}/trans`, '<snapshots><enabled>false</enabled></snapshots>']),
      },
      // The id the project already has: the project's repository wins, this one is not listed.
      {
        gav: 'zz.r:leaf:1.0',
        dependencies: ['zz.r:end:1.0'],
        extra: repositories(['fixture', `${FIXED}/leaf-fixture`], ['from-leaf', `${FIXED}/leaf`]),
      },
      { gav: 'zz.r:end:1.0' },
      { gav: 'zz.r:tested:1.0', extra: repositories(['from-tested', `${FIXED}/tested`]) },
      { gav: 'zz.r:prov:1.0', extra: repositories(['from-provided', `${FIXED}/provided`]) },
    ],
    project: {
      gav: 'zz.p:repos:1',
      dependencies: ['zz.r:dep:1.0', { gav: 'zz.r:prov:1.0', scope: 'provided' }],
      extra: repositories(['fixture', `${FIXED}/fixture`]),
    },
    centralMirror: `${FIXED}/central`,
    steps: [{ args: ['-o', `${D}list-repositories`] }, { args: ['-o', `${D}list-repositories`, '-Dmdep.skip=true'] }],
    trees: ['project/target'],
  },
  pluginScenario('resolve-plugins', ['zz-maven-plugin']),
  pluginScenario('go-offline', GO_OFFLINE_PLUGINS),
  ...['resolve-plugins', 'go-offline', 'sources'].map((goal): Scenario => ({
    name: `${goal}-append-skip`,
    ...pluginProject(goal === 'go-offline' ? GO_OFFLINE_PLUGINS : ['zz-maven-plugin']),
    steps: [
      { args: ['-o', `${D}${goal}`, '-DoutputFile=target/out.txt', '-DexcludeReactor=false'] },
      { args: ['-o', `${D}${goal}`, '-DoutputFile=target/out.txt', '-DappendOutput=true', '-DexcludeScope=test'] },
      { args: ['-o', `${D}${goal}`, '-DoutputFile=target/out.txt', '-Dmdep.skip=true'] },
      {
        args: [
          '-o',
          `${D}${goal}`,
          '-DexcludeGroupIds=zz.b',
          '-DincludeArtifactIds=lib,trans,zz-maven-plugin,p0-maven-plugin,zipped',
          '-DexcludeTypes=zip',
          '-Dmdep.prependGroupId=true',
        ],
      },
      // Silent: the goal's own lines (plugins, dependencies resolved) are not printed.
      { args: ['-o', `${D}${goal}`, '-Dsilent=true'] },
    ],
    trees: ['project/target'],
  })),
  pluginRepositoryScenario('resolve-plugins'),
  pluginRepositoryScenario('go-offline'),
  // get
  {
    name: 'get-transitive',
    remote: ARTIFACTS,
    steps: [{ args: [`${D}get`, '-Dartifact=zz.a:lib:1.0', '-DremoteRepositories={remote}'] }],
    trees: ['repo/zz'],
  },
  {
    name: 'get-single',
    remote: ARTIFACTS,
    steps: [
      {
        args: [
          `${D}get`,
          '-Dartifact=zz.a:lib:1.0:jar:sources',
          '-Dtransitive=false',
          '-DremoteRepositories=own::default::{remote}',
        ],
      },
      {
        args: [
          `${D}get`,
          '-DgroupId=zz.a',
          '-DartifactId=zipped',
          '-Dversion=1.0',
          '-Dpackaging=zip',
          '-Dtransitive=false',
          '-DremoteRepositories=own::::{remote}',
        ],
      },
    ],
    trees: ['repo/zz'],
  },
  {
    name: 'get-classifier',
    remote: ARTIFACTS,
    steps: [
      {
        args: [
          `${D}get`,
          '-DgroupId=zz.a',
          '-DartifactId=lib',
          '-Dversion=1.0',
          '-Dclassifier=sources',
          '-Dtransitive=false',
          '-DremoteRepositories={remote}',
        ],
      },
      { args: [`${D}get`, '-Dartifact=zz.a:trans:2.0', '-Dclassifier=sources', '-DremoteRepositories={remote}'] },
    ],
    trees: ['repo/zz'],
  },
  {
    name: 'get-failures',
    remote: ARTIFACTS,
    steps: [
      { args: [`${D}get`] },
      { args: [`${D}get`, '-Dartifact=zz.a:lib'] },
      { args: [`${D}get`, '-Dartifact=zz.a:lib:1.0', '-DremoteRepositories=a::b'] },
      { args: [`${D}get`, '-Dartifact=zz.a:lib:1.0', '-DremoteRepositories=a::legacy::{remote}'] },
      { args: [`${D}get`, '-Dartifact=zz.a:missing:1.0', '-Dtransitive=false', '-DremoteRepositories={remote}'] },
      { args: [`${D}get`, '-Dartifact=zz.a:lib:1.0', '-Dmdep.skip=true'] },
    ],
    trees: ['repo/zz'],
  },
  // purge-local-repository
  ...[
    ['purge-default'],
    ['purge-no-reresolve', '-DreResolve=false'],
    ['purge-direct-only', '-DactTransitively=false', '-DreResolve=false'],
    ['purge-artifact-fuzziness', '-DresolutionFuzziness=artifactId', '-DreResolve=false', '-Dverbose=true'],
    ['purge-group-fuzziness', '-DresolutionFuzziness=groupId', '-DreResolve=false'],
    ['purge-include-exclude', '-Dinclude=zz.a', '-Dexclude=zz.a:trans', '-DreResolve=false'],
    ['purge-snapshots-only', '-DsnapshotsOnly=true', '-DreResolve=false'],
    ['purge-manual', '-DmanualInclude=zz.a:lib,zz.b', '-DreResolve=false'],
    ['purge-skip', '-Dskip=true'],
  ].map(([name, ...args]): Scenario => ({
    name,
    artifacts: ARTIFACTS,
    remote: ARTIFACTS,
    project: {
      ...PROJECT,
      extra: '  <repositories><repository><id>fixture</id><url>{remote}</url></repository></repositories>',
    },
    steps: [{ args: [`${D}purge-local-repository`, ...args] }],
    trees: ['repo/zz'],
  })),
  ...UNPACK_SCENARIOS,
];
