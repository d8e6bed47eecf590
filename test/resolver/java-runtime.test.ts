import { expect } from 'chai';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';
import { FixtureRepo } from './support/fixture-repo';
import { writeJar } from './support/jar-writer';

const LIST = [
  'org.apache.maven.plugins:maven-dependency-plugin:3.5.0:list',
  '-DincludeScope=test',
  '-DoutputFile=dependency-list.txt',
];

/**
 * `${java.home}` and `java.version` are those of the Java runtime mvn would run on (JAVA_HOME,
 * else the first `java` on PATH, links resolved), as real POMs use them for system-scope paths
 * (`${java.home}/../lib/tools.jar`) and `<jdk>` activation. Expected outputs recorded with Maven
 * 3.8.7 + maven-dependency-plugin 3.5.0 on JDK 17.0.15 (real-POM cases system-00 and
 * system-01); here the runtime is a directory shaped like one (bin/java, lib/jrt-fs.jar, release).
 */
describe('resolver: the Java runtime (java.home, java.version)', () => {
  let f: FixtureRepo;
  let jdk: string;
  beforeEach(() => {
    f = new FixtureRepo();
    jdk = path.join(f.root, 'jvm', 'java-17-openjdk-amd64');
    mkdirSync(path.join(jdk, 'bin'), { recursive: true });
    mkdirSync(path.join(jdk, 'lib'), { recursive: true });
    writeFileSync(path.join(jdk, 'bin', 'java'), '#!/bin/sh\n', { mode: 0o755 });
    writeFileSync(
      path.join(jdk, 'release'),
      'IMPLEMENTOR="Debian"\nJAVA_RUNTIME_VERSION="17.0.15+6-Debian-1deb12u1"\nJAVA_VERSION="17.0.15"\n',
    );
    writeJar(path.join(jdk, 'lib', 'jrt-fs.jar'), [['jdk/internal/jrtfs/JrtFileSystem.class', 'class']]);
    f.artifact('jr:newer:1.0');
  });
  afterEach(() => f.cleanup());

  /** A project with a system dependency at `systemPath` and one activated by `<jdk>[17.0.15,)</jdk>`. */
  function project(systemPath: string, gav: string): void {
    f.projectPom('jr:root:1.0', {
      dependencies: [{ gav, scope: 'system', systemPath }],
      extra:
        '  <profiles><profile><id>jdk</id><activation><jdk>[17.0.15,)</jdk></activation>' +
        '<dependencies><dependency><groupId>jr</groupId><artifactId>newer</artifactId><version>1.0</version></dependency></dependencies></profile></profiles>',
    });
  }

  it("JAVA_HOME: ${java.home} is that directory, java.version its release file's", () => {
    project('${java.home}/lib/jrt-fs.jar', 'com.sun:jrtfs:17');
    const r = runGoalhost(['-o', '-B', `-Dmaven.repo.local=${f.repo}`, ...LIST], f.project, { JAVA_HOME: jdk });
    expect(r.status, r.stdout).to.equal(0);
    expect(readFileSync(path.join(f.project, 'dependency-list.txt'), 'utf8').split('\n')).to.deep.equal([
      '',
      'The following files have been resolved:',
      '   com.sun:jrtfs:jar:17:system -- module jrt.fs (auto)',
      '   jr:newer:jar:1.0:compile',
      '',
      '',
    ]);
  });

  it('no JAVA_HOME: the java on PATH, through its links; a missing system file is named with the path Maven prints', () => {
    const bin = path.join(f.root, 'bin');
    mkdirSync(bin);
    symlinkSync(path.join(jdk, 'bin', 'java'), path.join(bin, 'java'));
    project('${java.home}/../lib/tools.jar', 'com.sun:tools:1.8');
    const r = runGoalhost(['-o', '-B', `-Dmaven.repo.local=${f.repo}`, ...LIST], f.project, {
      PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    });
    expect(r.status).to.equal(1);
    expect(r.stdout.split('\n').find((l) => l.startsWith('[ERROR]'))).to.equal(
      '[ERROR] Failed to execute goal on project root: Could not resolve dependencies for project jr:root:jar:1.0: ' +
        `Could not find artifact com.sun:tools:jar:1.8 at specified path ${jdk}/../lib/tools.jar -> [Help 1]`,
    );
  });
});
