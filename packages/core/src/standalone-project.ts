import type { Project } from '@goalhost/model';

/** The stub project goals run in when there is no pom.xml (Maven's `standalone-pom`). */
export function standaloneProject(basedir: string): Project {
  // Maven 3.8 leaves the stub's build paths uninterpolated: `${project.basedir}/target` is a
  // folder of that literal name below the directory mvn runs in.
  const directory = `${basedir}/\${project.basedir}/target`;
  return {
    groupId: 'org.apache.maven',
    artifactId: 'standalone-pom',
    version: '1',
    standalone: true,
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
      sourceDirectory: `${basedir}/\${project.basedir}/src/main/java`,
      finalName: 'standalone-pom-1',
      plugins: [],
      pluginManagement: [],
    },
  };
}
