import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost, stableLog } from '../support/run-goalhost';

describe('cli: command line and build output', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-cli-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const pom = (body = '') =>
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      `<?xml version="1.0"?>
<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>demo</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
${body}</project>
`,
    );

  it('prints its version', () => {
    const run = runGoalhost(['--version'], dir);
    expect(run.status).to.equal(0);
    expect(run.stdout).to.match(/^goalhost \d+\.\d+\.\d+ \(Maven 3\.8\.7 semantics\)\nNode\.js version: v\d+/);
  });

  it('rejects an unknown option with exit code 1 and the usage', () => {
    const run = runGoalhost(['--frobnicate'], dir);
    expect(run.status).to.equal(1);
    expect(run.stdout.split('\n').slice(0, 3)).to.deep.equal([
      '[ERROR] Unable to parse command line options: Unrecognized option: --frobnicate',
      '',
      'usage: goalhost [options] [<goal(s)>] [<phase(s)>]',
    ]);
  });

  it('runs a phase with nothing bound: BUILD SUCCESS', () => {
    pom();
    const run = runGoalhost(['-B', 'validate'], dir);
    expect(run.status).to.equal(0);
    expect(stableLog(run.stdout)).to.equal(`[INFO] Scanning for projects...
[INFO] 
[INFO] --------------------------< org.example:demo >--------------------------
[INFO] Building demo 1.0
[INFO] --------------------------------[ pom ]---------------------------------
[INFO] ------------------------------------------------------------------------
[INFO] BUILD SUCCESS
[INFO] ------------------------------------------------------------------------
[INFO] Total time: <time>
[INFO] Finished at: <date>
[INFO] ------------------------------------------------------------------------
`);
  });

  it("prints a reactor build in Maven 3.8.7's columns; a failed resolution comes before the goal's header", () => {
    const modules: Record<string, string> = {
      a: '<name>A module whose name is much much longer than the whole line of seventy-two chars</name>',
      b: '<dependencies><dependency><groupId>org.example</groupId><artifactId>missing</artifactId><version>9</version></dependency></dependencies>',
      c: '<name>c-module-exactly-fifty-one-characters-long-name-xyz</name>',
    };
    pom(
      `  <modules>${Object.keys(modules)
        .map((m) => `<module>${m}</module>`)
        .join('')}</modules>\n`,
    );
    for (const [m, body] of Object.entries(modules)) {
      fs.mkdirSync(path.join(dir, m));
      fs.writeFileSync(
        path.join(dir, m, 'pom.xml'),
        `<project><modelVersion>4.0.0</modelVersion>
  <parent><groupId>org.example</groupId><artifactId>demo</artifactId><version>1.0</version></parent>
  <artifactId>${m}</artifactId>${body}</project>`,
      );
    }
    const run = runGoalhost(['-o', '-B', `-Dmaven.repo.local=${path.join(dir, 'repo')}`, 'dependency:list'], dir);
    expect(run.status).to.equal(1);
    const log = stableLog(run.stdout).replace(/\[ {1,2}\d+\.\d{3} s\]/g, '[  <time>]');
    /** From the line starting with `from` up to (without) the next line containing `to`. */
    const section = (from: string, to: string): string => {
      const start = log.indexOf(from);
      return log.slice(start, log.lastIndexOf('\n', log.indexOf(to, start)) + 1);
    };
    // Recorded with mvn 3.8.7 and maven-dependency-plugin 3.5.0 on the same projects.
    expect(section('[INFO] Reactor Build Order:', '< org.example:demo >')).to.equal(`[INFO] Reactor Build Order:
[INFO] 
[INFO] demo                                                               [pom]
[INFO] A module whose name is much much longer than the whole line of seventy-two chars [jar]
[INFO] b                                                                  [jar]
[INFO] c-module-exactly-fifty-one-characters-long-name-xyz                [jar]
[INFO] 
`);
    expect(section('[INFO] ---------------------------< org.example:b >', 'BUILD FAILURE')).to
      .equal(`[INFO] ---------------------------< org.example:b >----------------------------
[INFO] Building b 1.0                                                     [3/4]
[INFO] --------------------------------[ jar ]---------------------------------
[WARNING] The POM for org.example:missing:jar:9 is missing, no dependency information available
[INFO] ------------------------------------------------------------------------
[INFO] Reactor Summary for demo 1.0:
[INFO] 
[INFO] demo ............................................... SUCCESS [  <time>]
[INFO] A module whose name is much much longer than the whole line of seventy-two chars SUCCESS [  <time>]
[INFO] b .................................................. FAILURE [  <time>]
[INFO] c-module-exactly-fifty-one-characters-long-name-xyz  SKIPPED
[INFO] ------------------------------------------------------------------------
`);
    // Maven's closing lines with its link to the Maven wiki and the resume hint; the hints name goalhost.
    expect(log.slice(log.indexOf('[ERROR]'))).to
      .equal(`[ERROR] Failed to execute goal on project b: Could not resolve dependencies for project org.example:b:jar:1.0: \
Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact org.example:missing:jar:9 has not been downloaded from it before. -> [Help 1]
[ERROR] 
[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.
[ERROR] Re-run goalhost using the -X switch to enable full debug logging.
[ERROR] 
[ERROR] For more information about the errors and possible solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException
[ERROR] 
[ERROR] After correcting the problems, you can resume the build with the command
[ERROR]   goalhost <args> -rf :b
`);
  });

  it("fails a pom.xml that is not well-formed with Maven 3.8.7's Non-parseable POM line (MXParser message and place), and runs nothing", () => {
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      '<project>\n  <dependencies>\n    <dependency>\n  </dependencies>\n</project>\n',
    );
    const run = runGoalhost(['-B', 'validate'], dir);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.contain(
      `[ERROR]     Non-parseable POM ${path.join(dir, 'pom.xml')}: end tag name </dependencies> must match start tag name <dependency> ` +
        'from line 3 (position: TEXT seen ...<dependency>\\n  </dependencies>... @4:18)  @ line 4, column 18 -> [Help 2]',
    );
    expect(run.stdout).not.to.contain('BUILD SUCCESS');
    expect(run.stdout).not.to.match(/\n\s+at /);
  });

  it('fails on a value that does not fit the parameter type, naming parameter, value and allowed form', () => {
    pom();
    const run = runGoalhost(['-B', 'cxx:unpack-dependencies', '-Dmdep.skip=maybe'], dir);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.contain(
      '[ERROR] Failed to execute goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (default-cli) on project demo: ' +
        'Invalid parameter values for goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:unpack-dependencies (default-cli): ' +
        "parameter 'skip' has value 'maybe' (from ${mdep.skip}) but must be a boolean: true or false -> [Help 1]\n",
    );
  });

  it('without a POM, a goal that needs a project fails and says so', () => {
    const run = runGoalhost(['-B', 'cxx:unpack-dependencies'], dir);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.contain(
      `[ERROR] The goal you specified requires a project to execute but there is no POM in this directory (${dir}). ` +
        'Please verify you invoked goalhost from the correct directory.',
    );
  });

  it('refuses a local repository below a file or on /proc before writing anything, without a crash', () => {
    pom(
      '<dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId><version>1</version></dependency></dependencies>',
    );
    const belowFile = runGoalhost(['-B', '-Dmaven.repo.local=/etc/passwd/x', 'dependency:list'], dir);
    expect(belowFile.status).to.equal(1);
    expect(belowFile.stdout.split('\n')[1]).to.equal(
      '[ERROR] Cannot use /etc/passwd/x as the local repository: /etc/passwd is not a directory; set -Dmaven.repo.local or <localRepository> to a directory',
    );
    const proc = runGoalhost(['-B', '-Dmaven.repo.local=/proc/goalhost-repo', 'dependency:list'], dir);
    expect(proc.status).to.equal(1);
    expect(proc.stdout.split('\n')[1]).to.equal(
      '[ERROR] Cannot use /proc/goalhost-repo as the local repository: /proc is on the virtual proc file system; set -Dmaven.repo.local or <localRepository> to a directory on disk',
    );
    expect(belowFile.stderr + proc.stderr).to.equal('');
  });
});
