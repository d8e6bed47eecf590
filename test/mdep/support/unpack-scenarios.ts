import type { PomSpec } from '../../resolver/support/fixture-repo';
import type { Scenario, ScenarioArtifact } from './scenario';

/** maven-dependency-plugin 3.5.0 by its full coordinates (no prefix look-up in either tool). */
const D = 'org.apache.maven.plugins:maven-dependency-plugin:3.5.0:';

/** Archives (copies of test/fixtures/unpack) with overlapping paths, a transitive one, a snapshot, a tar.gz, scopes. */
const ARCHIVES: readonly ScenarioArtifact[] = [
  {
    gav: 'zz.u:basic:1.0',
    files: ['jar', 'sources:jar', 'tests:jar'],
    archives: { jar: 'basic.zip', 'sources:jar': 'other.zip', 'tests:jar': 'flat.zip' },
    dependencies: ['zz.u:deep:1.0'],
  },
  { gav: 'zz.u:deep:1.0', archives: { jar: 'scm.zip' } },
  { gav: 'zz.u:snap:1.0-SNAPSHOT', archives: { jar: 'flat.zip' } },
  { gav: 'zz.u:tgz:1.0', files: ['tar.gz'], archives: { 'tar.gz': 'tree.tar.gz' } },
  { gav: 'zz.u:other:1.0', files: ['zip'], archives: { zip: 'other.zip' } },
  { gav: 'zz.u:prov:1.0', archives: { jar: 'entry-times.zip' } },
  // Entries with unusual permission bits (setuid, sticky, read-only, none).
  { gav: 'zz.u:modes:1.0', archives: { jar: 'modes.jar' } },
  // Not an archive: the file holds its coordinates as text.
  { gav: 'zz.u:text:1.0' },
];

const PROJECT: PomSpec & { gav: string } = {
  gav: 'zz.p:unpacking:1',
  dependencies: [
    'zz.u:basic:1.0',
    { gav: 'zz.u:basic:1.0', type: 'test-jar', scope: 'test' },
    'zz.u:snap:1.0-SNAPSHOT',
    { gav: 'zz.u:tgz:1.0', type: 'tar.gz' },
    { gav: 'zz.u:other:1.0', type: 'zip', scope: 'runtime' },
    { gav: 'zz.u:prov:1.0', scope: 'provided' },
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

function scenario(name: string, steps: Scenario['steps'], project = PROJECT, trees = ['project/target']): Scenario {
  return { name, artifacts: ARCHIVES, project, steps, trees };
}

const UD = `${D}unpack-dependencies`;
const UNPACK = `${D}unpack`;
const LATER = '2030-01-01T00:00:00Z';
const LATEST = '2031-01-01T00:00:00Z';
const BASIC_JAR = 'repo/zz/u/basic/1.0/basic-1.0.jar';
const PREFIX_MAPPER =
  '<fileMappers><org.codehaus.plexus.components.io.filemappers.PrefixFileMapper><prefix>mapped/</prefix></org.codehaus.plexus.components.io.filemappers.PrefixFileMapper></fileMappers>';

export const UNPACK_SCENARIOS: readonly Scenario[] = [
  // unpack-dependencies
  scenario('unpack-dependencies-default', [{ args: ['-o', UD] }, { args: ['-o', UD] }]),
  scenario('unpack-dependencies-patterns', [
    {
      args: [
        '-o',
        UD,
        '-Dmdep.unpack.includes= **/*.h , README.txt,pkg/**',
        '-Dmdep.unpack.excludes=**/deep.h',
        '-DmarkersDirectory=target/marks',
        '-Dmdep.unpack.encoding=UTF-8',
      ],
    },
  ]),
  scenario('unpack-dependencies-subdirectories', [
    {
      args: [
        '-o',
        UD,
        '-Dmdep.useSubDirectoryPerScope=true',
        '-Dmdep.useSubDirectoryPerType=true',
        '-Dmdep.useSubDirectoryPerArtifact=true',
        '-Dmdep.stripClassifier=true',
        '-Dmdep.prependGroupId=true',
      ],
    },
    {
      args: [
        '-o',
        UD,
        '-Dmdep.useSubDirectoryPerArtifact=true',
        '-Dmdep.stripVersion=true',
        '-Dmdep.stripType=true',
        '-DoutputDirectory=target/stripped',
        '-DmarkersDirectory=target/m2',
        '-DoutputAbsoluteArtifactFilename=true',
      ],
    },
  ]),
  scenario('unpack-dependencies-repository-layout', [
    { args: ['-o', UD, '-Dmdep.useRepositoryLayout=true', '-DexcludeTransitive=true', '-DincludeScope=runtime'] },
  ]),
  scenario('unpack-dependencies-overwrite', [
    { args: ['-o', UD, '-DincludeArtifactIds=basic,snap'] },
    // A newer artifact than its marker is unpacked again (overWriteIfNewer), then every rule in turn.
    { args: ['-o', UD, '-DincludeArtifactIds=basic,snap'], before: [{ path: BASIC_JAR, mtime: LATER }] },
    { args: ['-o', UD, '-DincludeArtifactIds=basic,snap', '-DoverWriteSnapshots=true'] },
    { args: ['-o', UD, '-DincludeArtifactIds=basic,snap', '-DoverWriteReleases=true', '-DoverWriteIfNewer=false'] },
    {
      args: ['-o', UD, '-DincludeArtifactIds=basic,snap', '-DoverWriteIfNewer=false'],
      before: [{ path: BASIC_JAR, mtime: LATEST }],
    },
  ]),
  scenario('unpack-dependencies-classifier', [
    { args: ['-o', UD, '-Dclassifier=sources'] },
    { args: ['-o', UD, '-Dclassifier=sources', '-Dmdep.failOnMissingClassifierArtifact=true'] },
    {
      args: ['-o', UD, '-Dclassifier=tests', '-Dtype=test-jar', '-DincludeArtifactIds=basic', '-DoutputDirectory=t'],
    },
  ]),
  scenario(
    'unpack-dependencies-skip-silent',
    [
      { args: ['-o', UD, '-Dmdep.skip=true'] },
      { args: ['-o', UD, '-Dsilent=true', '-DincludeTypes=tar.gz,zip'] },
      { args: ['-o', UD, '-DexcludeScope=test'] },
    ],
    PROJECT,
  ),
  // The POM binds the goal in an execution of its own, with the parameters only a POM can give.
  scenario(
    'unpack-dependencies-execution',
    [{ args: ['-o', 'process-sources'] }, { args: ['-o', 'process-sources'] }],
    configured(
      '',
      '<execution><id>unpack-deps</id><phase>process-sources</phase><goals><goal>unpack-dependencies</goal></goals>' +
        '<configuration><includeArtifactIds>basic,other</includeArtifactIds><outputDirectory>${project.build.directory}/deps</outputDirectory>' +
        `<excludes>docs/**</excludes>${PREFIX_MAPPER}</configuration></execution>`,
    ),
  ),
  // The filters copy-dependencies shares, on unpack-dependencies.
  scenario('unpack-dependencies-filters', [
    {
      args: [
        '-o',
        UD,
        '-DexcludeGroupIds=zz.x',
        '-DexcludeArtifactIds=snap',
        '-DexcludeTypes=tar.gz,zip',
        '-DoutputDirectory=target/a',
      ],
    },
    { args: ['-o', UD, '-DincludeGroupIds=zz.u', '-DincludeClassifiers=tests', '-DoutputDirectory=target/b'] },
    {
      args: [
        '-o',
        UD,
        '-DexcludeClassifiers=tests',
        '-DincludeTypes=jar',
        '-DincludeArtifactIds=basic,deep',
        '-DoutputDirectory=target/c',
      ],
    },
  ]),
  // Permission bits from the archive, then ignorePermissions and useJvmChmod.
  {
    name: 'unpack-permissions',
    artifacts: ARCHIVES,
    project: { ...PROJECT, dependencies: ['zz.u:modes:1.0'] },
    modes: true,
    steps: [
      { args: ['-o', UNPACK, '-Dartifact=zz.u:modes:1.0', '-DoutputDirectory=target/kept'] },
      {
        args: [
          '-o',
          UNPACK,
          '-Dartifact=zz.u:modes:1.0',
          '-DoutputDirectory=target/ignored',
          '-Ddependency.ignorePermissions=true',
        ],
      },
      {
        args: [
          '-o',
          UNPACK,
          '-Dartifact=zz.u:modes:1.0',
          '-DoutputDirectory=target/plexus',
          '-Ddependency.useJvmChmod=false',
        ],
      },
      {
        args: [
          '-o',
          UD,
          '-DoutputDirectory=target/deps',
          '-Ddependency.ignorePermissions=true',
          '-DmarkersDirectory=target/m2',
        ],
      },
    ],
    trees: ['project/target/kept', 'project/target/ignored', 'project/target/plexus', 'project/target/deps'],
  },
  // unpack
  scenario(
    'unpack-artifact-property',
    [
      { args: ['-o', UNPACK, '-Dartifact=zz.u:basic:1.0'] },
      { args: ['-o', UNPACK, '-Dartifact=zz.u:basic:1.0'] },
      {
        args: [
          '-o',
          UNPACK,
          '-Dartifact=zz.u:tgz:1.0:tar.gz',
          '-DoutputDirectory=out',
          '-DoutputAbsoluteArtifactFilename=true',
        ],
      },
      {
        args: [
          '-o',
          UNPACK,
          '-Dartifact=zz.u:basic:1.0:test-jar:tests',
          '-Dmdep.unpack.includes=**/*.h',
          '-DoutputDirectory=target/tests',
        ],
      },
      {
        args: [
          '-o',
          UNPACK,
          '-Dartifact=zz.u:basic:1.0:test-jar:tests',
          '-Dmdep.unpack.includes=**/*.h',
          '-DoutputDirectory=target/tests',
        ],
      },
    ],
    PROJECT,
    ['project/target', 'project/out'],
  ),
  scenario(
    'unpack-artifact-items',
    [
      { args: ['-o', UNPACK] },
      { args: ['-o', UNPACK] },
      { args: ['-o', UNPACK, '-Dmdep.overWriteSnapshots=true'] },
      { args: ['-o', UNPACK, '-Dmdep.overWriteReleases=true', '-Dsilent=true'] },
    ],
    configured(
      '<excludes>**/README.txt</excludes><markersDirectory>${project.build.directory}/um</markersDirectory><artifactItems>' +
        '<artifactItem><groupId>zz.u</groupId><artifactId>basic</artifactId><includes>include/**</includes><outputDirectory>${project.build.directory}/basic</outputDirectory></artifactItem>' +
        `<artifactItem><groupId>zz.u</groupId><artifactId>basic</artifactId><classifier>tests</classifier><type>test-jar</type><excludes>lib/**</excludes>${PREFIX_MAPPER}</artifactItem>` +
        '<artifactItem><groupId>zz.u</groupId><artifactId>other</artifactId><version>1.0</version><type>zip</type><encoding>UTF-8</encoding><destFileName>ignored.zip</destFileName></artifactItem>' +
        '<artifactItem><groupId>zz.u</groupId><artifactId>snap</artifactId><version>1.0-SNAPSHOT</version><outputDirectory>${project.build.directory}/snap</outputDirectory></artifactItem>' +
        '<artifactItem><groupId>zz.u</groupId><artifactId>prov</artifactId><overWrite>true</overWrite><outputDirectory>${project.build.directory}/prov</outputDirectory></artifactItem>' +
        '</artifactItems>',
    ),
  ),
  scenario('unpack-overwrite-if-newer', [
    { args: ['-o', UNPACK, '-Dartifact=zz.u:basic:1.0'] },
    { args: ['-o', UNPACK, '-Dartifact=zz.u:basic:1.0'], before: [{ path: BASIC_JAR, mtime: LATER }] },
    {
      args: ['-o', UNPACK, '-Dartifact=zz.u:basic:1.0', '-Dmdep.overIfNewer=false'],
      before: [{ path: BASIC_JAR, mtime: LATEST }],
    },
  ]),
  scenario('unpack-failures', [
    { args: ['-o', UNPACK] },
    { args: ['-o', UNPACK, '-Dartifact=zz.u:missing:1.0'] },
    { args: ['-o', UNPACK, '-Dartifact=zz.u:basic'] },
    { args: ['-o', UNPACK, '-Dartifact=zz.u:text:1.0'] },
  ]),
  scenario(
    'unpack-failures-configured',
    [{ args: ['-o', UNPACK] }],
    configured(
      '<artifactItems><artifactItem><groupId>zz.u</groupId><artifactId>basic</artifactId><version>1.0</version></artifactItem>' +
        '<artifactItem><groupId>zz.u</groupId><artifactId>unknown</artifactId></artifactItem></artifactItems>',
    ),
  ),
  scenario('unpack-skip', [{ args: ['-o', UNPACK, '-Dartifact=zz.u:basic:1.0', '-Dmdep.skip=true'] }]),
  // localRepositoryDirectory: the items are resolved into (and looked up in) that repository only.
  {
    name: 'unpack-local-repository-directory',
    remote: [...ARCHIVES, { gav: 'zz.u:uparent:1', packaging: 'pom' }],
    project: {
      gav: 'zz.p:unpacking:1',
      // Built with the build's local repository: its parent is not downloaded again into the goal's.
      parent: 'zz.u:uparent:1',
      relativePath: '',
      extra:
        '  <repositories><repository><id>fixture</id><url>{remote}</url></repository></repositories>\n' +
        '  <build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId><version>3.5.0</version>' +
        '<configuration><localRepositoryDirectory>${project.build.directory}/local-repo</localRepositoryDirectory><artifactItems>' +
        '<artifactItem><groupId>zz.u</groupId><artifactId>other</artifactId><version>1.0</version><type>zip</type></artifactItem>' +
        '<artifactItem><groupId>zz.u</groupId><artifactId>tgz</artifactId><version>1.0</version><type>tar.gz</type><outputDirectory>${project.build.directory}/tgz</outputDirectory></artifactItem>' +
        '</artifactItems></configuration></plugin></plugins></build>',
    },
    steps: [
      { args: [UNPACK] },
      { args: ['-o', UNPACK] },
      { args: [UNPACK, '-Dartifact=zz.u:basic:1.0', '-DoutputDirectory=target/basic'] },
    ],
    trees: ['project/target', 'repo/zz'],
  },
  {
    name: 'unpack-without-project',
    artifacts: ARCHIVES,
    steps: [{ args: ['-o', UNPACK, '-Dartifact=zz.u:other:1.0:zip', '-DoutputDirectory=out'] }],
    trees: ['project'],
  },
];
