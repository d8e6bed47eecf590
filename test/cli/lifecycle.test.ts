import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';

const SAMPLE = path.resolve(__dirname, '..', 'fixtures', 'plugins', 'sample-plugin.js');
const COPY = path.resolve(__dirname, '..', 'fixtures', 'plugins', 'copy-plugin.js');

/** `[INFO] ...` lines that name executions or come from the sample goal. */
function executed(stdout: string): string[] {
  return stdout.split('\n').filter((l) => /^\[INFO\] (--- |generate |Deleting )/.test(l));
}

describe('cli: lifecycle, third-party plugins', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-life-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const pom = (plugins: string, properties = `<goalhost.plugins>${SAMPLE}</goalhost.plugins>`) =>
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      `<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>demo</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
  <properties>${properties}<greeting>hi</greeting></properties>
  <build><plugins>${plugins}</plugins></build>
</project>
`,
    );

  const sample = `<plugin>
      <groupId>org.example</groupId><artifactId>sample-maven-plugin</artifactId><version>1.0</version>
      <configuration><message>\${greeting} from plugin level</message></configuration>
      <executions>
        <execution><id>late</id><phase>process-sources</phase><goals><goal>generate</goal></goals>
          <configuration><message>late \${project.version}</message></configuration></execution>
        <execution><id>default-phase</id><goals><goal>generate</goal></goals></execution>
        <execution><id>never</id><phase>compile</phase><goals><goal>generate</goal></goals></execution>
      </executions>
    </plugin>`;

  it('runs clean, then every execution bound up to process-sources, in Maven order, with merged configuration', () => {
    pom(sample);
    fs.mkdirSync(path.join(dir, 'target', 'old'), { recursive: true });
    const run = runGoalhost(['-B', 'clean', 'process-sources'], dir);
    expect(run.status, run.stdout).to.equal(0);
    expect(executed(run.stdout)).to.deep.equal([
      '[INFO] --- maven-clean-plugin:3.2.0:clean (default-clean) @ demo ---',
      `[INFO] Deleting ${path.join(dir, 'target')}`,
      '[INFO] --- sample-maven-plugin:1.0:generate (default-phase) @ demo ---',
      '[INFO] generate hi from plugin level',
      '[INFO] --- sample-maven-plugin:1.0:generate (late) @ demo ---',
      '[INFO] generate late 1.0',
    ]);
    expect(fs.existsSync(path.join(dir, 'target'))).to.equal(false);
  });

  it('runs a goal directly as default-cli, and with @id using that execution', () => {
    pom(sample);
    const run = runGoalhost(['-B', 'sample:generate', 'sample:generate@late', '-Dgreeting=hey'], dir);
    expect(run.status, run.stdout).to.equal(0);
    expect(executed(run.stdout)).to.deep.equal([
      '[INFO] --- sample-maven-plugin:1.0:generate (default-cli) @ demo ---',
      '[INFO] generate hey from plugin level',
      '[INFO] --- sample-maven-plugin:1.0:generate (late) @ demo ---',
      '[INFO] generate late 1.0',
    ]);
  });

  it('refuses two plugins claiming the same prefix:goal, naming both', () => {
    pom('', `<goalhost.plugins>${SAMPLE},${COPY}</goalhost.plugins>`);
    const run = runGoalhost(['-B', 'validate'], dir);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.contain(
      `[ERROR] Goal 'sample:check' is provided twice: by ${SAMPLE} (org.example:sample-maven-plugin:1.0) and by ${COPY} ` +
        '(org.example:copy-maven-plugin:2.0); remove one of the plugins\n',
    );
  });

  it('fails clearly when a bound plugin is not available', () => {
    pom(`<plugin><groupId>org.other</groupId><artifactId>other-maven-plugin</artifactId><version>3</version>
      <executions><execution><id>x</id><phase>validate</phase><goals><goal>run</goal></goals></execution></executions></plugin>`);
    const run = runGoalhost(['-B', 'validate'], dir);
    expect(run.status).to.equal(1);
    expect(run.stdout).to.match(
      /\[ERROR\] Plugin org\.other:other-maven-plugin:3 \(execution 'x', phase validate\) is not available in goalhost\. Register it with the goalhost\.plugins property/,
    );
  });

  it('reports every missing required parameter at once', () => {
    pom('');
    const run = runGoalhost(['-B', 'sample:check'], dir);
    expect(run.status).to.equal(1);
    const errors = run.stdout.split('\n').filter((l) => l.startsWith('[ERROR]'));
    expect(errors).to.deep.equal([
      "[ERROR] Failed to execute goal org.example:sample-maven-plugin:1.0:check (default-cli) on project demo: The parameters 'other', 'thing' for goal org.example:sample-maven-plugin:1.0:check (default-cli) are missing or invalid -> [Help 1]",
      '[ERROR] ',
      "[ERROR] Inside the definition for plugin 'sample-maven-plugin', specify the following:",
      '[ERROR] ',
      '[ERROR] <configuration>',
      '[ERROR]   ...',
      '[ERROR]   <other>VALUE</other>',
      '[ERROR]   <thing>VALUE</thing>',
      '[ERROR] </configuration>',
      '[ERROR] ',
      '[ERROR] -or-',
      '[ERROR] ',
      "[ERROR] on the command line, specify: '-Dsample.thing=VALUE'",
      '[ERROR] ',
      '[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.',
      '[ERROR] Re-run goalhost using the -X switch to enable full debug logging.',
      '[ERROR] ',
      '[ERROR] For more information about the errors and possible solutions, please read the following articles:',
      '[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/PluginParameterException',
    ]);
  });
});
