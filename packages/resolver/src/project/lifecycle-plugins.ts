import { ownValue, type XmlNode } from '@goalhost/model';

/**
 * What Maven 3.8.7 adds to every effective model that goalhost does not use itself: the super
 * POM's pluginManagement and resource directories, and the plugins its lifecycle mappings bind
 * for a packaging (recorded from Maven 3.8.7's project builder, test/support/help-oracle).
 */
export interface DefaultExecution {
  readonly id: string;
  readonly phase: string;
  readonly goal: string;
}

export interface DefaultPlugin {
  readonly artifactId: string;
  readonly version: string;
  readonly executions: readonly DefaultExecution[];
  /** The site plugin's configuration, from the reporting section. */
  readonly site?: boolean;
}

/** The super POM's pluginManagement (groupId org.apache.maven.plugins). */
export const SUPER_POM_MANAGED_PLUGINS: ReadonlyArray<readonly [string, string]> = [
  ['maven-antrun-plugin', '1.3'],
  ['maven-assembly-plugin', '2.2-beta-5'],
  ['maven-dependency-plugin', '2.8'],
  ['maven-release-plugin', '2.5.3'],
];

const CLEAN: DefaultPlugin = {
  artifactId: 'maven-clean-plugin',
  version: '2.5',
  executions: [{ id: 'default-clean', phase: 'clean', goal: 'clean' }],
};
const INSTALL: DefaultPlugin = {
  artifactId: 'maven-install-plugin',
  version: '2.4',
  executions: [{ id: 'default-install', phase: 'install', goal: 'install' }],
};
const DEPLOY: DefaultPlugin = {
  artifactId: 'maven-deploy-plugin',
  version: '2.7',
  executions: [{ id: 'default-deploy', phase: 'deploy', goal: 'deploy' }],
};
const SITE: DefaultPlugin = {
  artifactId: 'maven-site-plugin',
  version: '3.3',
  executions: [
    { id: 'default-site', phase: 'site', goal: 'site' },
    { id: 'default-deploy', phase: 'site-deploy', goal: 'deploy' },
  ],
  site: true,
};

const RESOURCES: DefaultPlugin = {
  artifactId: 'maven-resources-plugin',
  version: '2.6',
  executions: [
    { id: 'default-testResources', phase: 'process-test-resources', goal: 'testResources' },
    { id: 'default-resources', phase: 'process-resources', goal: 'resources' },
  ],
};
const COMPILER: DefaultPlugin = {
  artifactId: 'maven-compiler-plugin',
  version: '3.1',
  executions: [
    { id: 'default-compile', phase: 'compile', goal: 'compile' },
    { id: 'default-testCompile', phase: 'test-compile', goal: 'testCompile' },
  ],
};
const SUREFIRE: DefaultPlugin = {
  artifactId: 'maven-surefire-plugin',
  version: '2.12.4',
  executions: [{ id: 'default-test', phase: 'test', goal: 'test' }],
};
const JAR: DefaultPlugin = {
  artifactId: 'maven-jar-plugin',
  version: '2.4',
  executions: [{ id: 'default-jar', phase: 'package', goal: 'jar' }],
};

/** A packaging that builds from sources: `archiver` makes the package. */
function compiled(...archivers: DefaultPlugin[]): readonly DefaultPlugin[] {
  return [CLEAN, RESOURCES, ...archivers, COMPILER, SUREFIRE, INSTALL, DEPLOY, SITE];
}

/** Maven 3.8.7's lifecycle plugins by packaging, in the order its effective models list them. */
const BY_PACKAGING: Readonly<Record<string, readonly DefaultPlugin[]>> = {
  pom: [CLEAN, INSTALL, DEPLOY, SITE],
  jar: compiled(JAR),
  war: compiled({
    artifactId: 'maven-war-plugin',
    version: '2.2',
    executions: [{ id: 'default-war', phase: 'package', goal: 'war' }],
  }),
  ejb: compiled({
    artifactId: 'maven-ejb-plugin',
    version: '2.3',
    executions: [{ id: 'default-ejb', phase: 'package', goal: 'ejb' }],
  }),
  rar: compiled({
    artifactId: 'maven-rar-plugin',
    version: '2.2',
    executions: [{ id: 'default-rar', phase: 'package', goal: 'rar' }],
  }),
  'maven-plugin': compiled(JAR, {
    artifactId: 'maven-plugin-plugin',
    version: '3.2',
    executions: [
      { id: 'default-addPluginArtifactMetadata', phase: 'package', goal: 'addPluginArtifactMetadata' },
      { id: 'default-descriptor', phase: 'process-classes', goal: 'descriptor' },
    ],
  }),
  ear: [
    CLEAN,
    {
      artifactId: 'maven-ear-plugin',
      version: '2.8',
      executions: [
        { id: 'default-generate-application-xml', phase: 'generate-resources', goal: 'generate-application-xml' },
        { id: 'default-ear', phase: 'package', goal: 'ear' },
      ],
    },
    INSTALL,
    {
      artifactId: 'maven-resources-plugin',
      version: '2.6',
      executions: [{ id: 'default-resources', phase: 'process-resources', goal: 'resources' }],
    },
    DEPLOY,
    SITE,
  ],
};

/** The packaging's lifecycle plugins; for a packaging goalhost has no mapping of, the clean and site lifecycles' only. */
export function lifecyclePlugins(packaging: string): readonly DefaultPlugin[] {
  return ownValue(BY_PACKAGING, packaging) ?? [CLEAN, SITE];
}

/** The configuration Maven gives the site plugin from `<reporting>` (only its defaults are modelled). */
export function siteConfiguration(reportingOutputDirectory: string): XmlNode {
  return {
    name: 'configuration',
    children: [
      { name: 'outputDirectory', text: reportingOutputDirectory },
      {
        name: 'reportPlugins',
        children: [
          {
            name: 'reportPlugin',
            children: [
              { name: 'groupId', text: 'org.apache.maven.plugins' },
              { name: 'artifactId', text: 'maven-project-info-reports-plugin' },
            ],
          },
        ],
      },
    ],
  };
}
