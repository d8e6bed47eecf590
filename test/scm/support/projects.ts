import type { Coordinates, Project, Scm } from '@goalhost/model';

/** The effective model of a dependency POM, as the repository would return it. */
export function dependencyPom(
  coordinates: Coordinates,
  options: { scm?: Scm; properties?: Record<string, string>; file?: string } = {},
): Project {
  const file =
    options.file ??
    `/repo/${coordinates.groupId.replace(/\./g, '/')}/${coordinates.artifactId}/${coordinates.version}/${coordinates.artifactId}-${coordinates.version}.pom`;
  const basedir = file.slice(0, file.lastIndexOf('/'));
  return {
    ...coordinates,
    file,
    basedir,
    packaging: 'pom',
    properties: options.properties ?? {},
    dependencies: [],
    dependencyManagement: [],
    build: {
      directory: `${basedir}/target`,
      outputDirectory: `${basedir}/target/classes`,
      testOutputDirectory: `${basedir}/target/test-classes`,
      sourceDirectory: `${basedir}/src/main/java`,
      finalName: `${coordinates.artifactId}-${coordinates.version}`,
      plugins: [],
      pluginManagement: [],
    },
    ...(options.scm ? { scm: options.scm } : {}),
    repositories: [],
    modules: [],
    activeProfiles: [],
  };
}

/** readProject over a fixed set of POMs; an unknown one fails like a missing POM would. */
export function projectReader(poms: readonly Project[]): (c: Coordinates) => Promise<Project> {
  return async (c) => {
    const found = poms.find((p) => p.groupId === c.groupId && p.artifactId === c.artifactId && p.version === c.version);
    if (!found) throw new Error(`POM ${c.groupId}:${c.artifactId}:${c.version} not found in the test repository`);
    return found;
  };
}
