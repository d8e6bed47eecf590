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

let cached: RawModel | undefined;

export function superModel(): RawModel {
  cached ??= parsePom(SUPER_POM, 'super-pom');
  return cached;
}
