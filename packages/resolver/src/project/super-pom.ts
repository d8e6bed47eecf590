import { parsePom, type RawModel } from '@goalhost/model';

/**
 * Maven 3.8.7's super POM: the implicit parent of every model. It gives central as repository
 * and the default build directories (relative to `${project.basedir}`).
 */
const SUPER_POM = `<project>
  <modelVersion>4.0.0</modelVersion>
  <repositories>
    <repository>
      <id>central</id>
      <name>Central Repository</name>
      <url>https://repo.maven.apache.org/maven2</url>
      <layout>default</layout>
      <snapshots><enabled>false</enabled></snapshots>
    </repository>
  </repositories>
  <pluginRepositories>
    <pluginRepository>
      <id>central</id>
      <name>Central Repository</name>
      <url>https://repo.maven.apache.org/maven2</url>
      <layout>default</layout>
      <snapshots><enabled>false</enabled></snapshots>
      <releases><updatePolicy>never</updatePolicy></releases>
    </pluginRepository>
  </pluginRepositories>
  <build>
    <directory>\${project.basedir}/target</directory>
    <outputDirectory>\${project.build.directory}/classes</outputDirectory>
    <finalName>\${project.artifactId}-\${project.version}</finalName>
    <testOutputDirectory>\${project.build.directory}/test-classes</testOutputDirectory>
    <sourceDirectory>\${project.basedir}/src/main/java</sourceDirectory>
    <scriptSourceDirectory>\${project.basedir}/src/main/scripts</scriptSourceDirectory>
    <testSourceDirectory>\${project.basedir}/src/test/java</testSourceDirectory>
  </build>
  <profiles>
    <profile>
      <id>release-profile</id>
      <activation>
        <property><name>performRelease</name><value>true</value></property>
      </activation>
    </profile>
  </profiles>
</project>`;

/**
 * The plugins Maven 3.8.7's super POM gives a version in its pluginManagement (left out of the model
 * above: goalhost runs its own plugin versions); a plugin among them needs no version in a POM.
 */
export const SUPER_POM_MANAGED_PLUGINS: ReadonlySet<string> = new Set(
  ['maven-antrun-plugin', 'maven-assembly-plugin', 'maven-dependency-plugin', 'maven-release-plugin'].map(
    (a) => `org.apache.maven.plugins:${a}`,
  ),
);

let cached: RawModel | undefined;

export function superModel(): RawModel {
  cached ??= parsePom(SUPER_POM, 'super-pom');
  return cached;
}
