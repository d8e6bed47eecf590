import type { Project } from '@goalhost/model';

/** The stub project goals run in when there is no pom.xml (Maven's `standalone-pom`). */
export function standaloneProject(basedir: string): Project {
  const directory = `${basedir}/target`;
  return {
    groupId: 'org.apache.maven',
    artifactId: 'standalone-pom',
    version: '1',
    packaging: 'pom',
    name: 'Maven Stub Project (No POM)',
    file: `${basedir}/pom.xml`,
    basedir,
    properties: {},
    dependencies: [],
    dependencyManagement: [],
    repositories: [],
    modules: [],
    activeProfiles: [],
    build: {
      directory,
      outputDirectory: `${directory}/classes`,
      testOutputDirectory: `${directory}/test-classes`,
      sourceDirectory: `${basedir}/src/main/java`,
      finalName: 'standalone-pom-1',
      plugins: [],
      pluginManagement: [],
    },
  };
}
