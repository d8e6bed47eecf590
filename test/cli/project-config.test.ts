import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';

/**
 * `.mvn/maven.config`, `.mvn/jvm.config`, `MAVEN_ARGS` and `${maven.multiModuleProjectDirectory}`,
 * each checked against what real Maven 3.8.7 does with the same files (MAVEN_ARGS: Maven 3.9).
 */
describe('cli: project configuration (.mvn/maven.config, MAVEN_ARGS)', function () {
  this.timeout(60000);
  let root: string;
  let app: string;
  const RESOLVED = '\nThe following files have been resolved:\n   none\n\n';
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-mvnconfig-'));
    app = path.join(root, 'app');
    fs.mkdirSync(path.join(root, '.mvn'));
    fs.mkdirSync(app);
    fs.writeFileSync(path.join(root, '.mvn', 'maven.config'), '-o\n-Dx=fromconfig   -Pp1\n');
    // The output file names the multi-module directory, a -D property and a profile's property.
    fs.writeFileSync(
      path.join(app, 'pom.xml'),
      `<project><modelVersion>4.0.0</modelVersion><groupId>g</groupId><artifactId>app</artifactId><version>1</version>
<build><plugins><plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-dependency-plugin</artifactId><version>3.5.0</version>
<configuration><outputFile>\${maven.multiModuleProjectDirectory}/deps-\${x}-\${p}.txt</outputFile></configuration></plugin></plugins></build>
<profiles><profile><id>p1</id><properties><p>one</p></properties></profile></profiles></project>
`,
    );
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));
  const repo = () => `-Dmaven.repo.local=${path.join(root, 'repo')}`;
  const written = () => fs.readdirSync(root).filter((f) => f.startsWith('deps-'));

  it('reads the nearest .mvn/maven.config above the -f directory; the command line wins; maven.multiModuleProjectDirectory is its directory', () => {
    // mvn -B -q -f app/pom.xml dependency:list, from the directory above: deps-fromconfig-one.txt beside .mvn.
    const run = runGoalhost(['-B', '-q', repo(), '-f', path.join(app, 'pom.xml'), 'dependency:list'], os.tmpdir());
    expect(run.status).to.equal(0);
    expect(written()).to.deep.equal(['deps-fromconfig-one.txt']);
    expect(fs.readFileSync(path.join(root, 'deps-fromconfig-one.txt'), 'utf8')).to.equal(RESOLVED);
    const cli = runGoalhost(['-B', '-q', repo(), '-Dx=cli', 'dependency:list'], app);
    expect(cli.status).to.equal(0);
    expect(written()).to.deep.equal(['deps-cli-one.txt', 'deps-fromconfig-one.txt']);
  });

  it('MAVEN_ARGS come before the command line (Maven 3.9): they beat maven.config, the command line beats them', () => {
    expect(runGoalhost(['-B', '-q', repo(), 'dependency:list'], app, { MAVEN_ARGS: ' -Dx=env  -U ' }).status).to.equal(
      0,
    );
    expect(
      runGoalhost(['-B', '-q', repo(), '-Dx=cli', 'dependency:list'], app, { MAVEN_ARGS: '-Dx=env' }).status,
    ).to.equal(0);
    expect(written()).to.deep.equal(['deps-cli-one.txt', 'deps-env-one.txt']);
  });

  it('-X says which options came from where, and that .mvn/jvm.config does not apply', () => {
    fs.writeFileSync(path.join(root, '.mvn', 'jvm.config'), '-Xmx64m\n');
    const run = runGoalhost(['-B', '-X', repo(), 'dependency:list'], app, { MAVEN_ARGS: '-Dy=1' });
    expect(run.status).to.equal(0);
    // As Maven's -X: the version first, then what was read, then the stack traces turned on.
    expect(run.stdout.split('\n')[0]).to.match(/^goalhost \d+\.\d+\.\d+ \(Maven 3\.8\.7 semantics\)$/);
    expect(run.stdout.split('\n').slice(3, 7)).to.deep.equal([
      '[DEBUG] MAVEN_ARGS adds: -Dy=1',
      `[DEBUG] Options from ${path.join(root, '.mvn', 'maven.config')}: -o -Dx=fromconfig -Pp1`,
      `[DEBUG] ${path.join(root, '.mvn', 'jvm.config')} holds JVM options; goalhost runs no JVM, so they do not apply`,
      '[INFO] Error stacktraces are turned on.',
    ]);
  });

  it('goals or unknown options in maven.config fail before anything runs, naming the file (Maven: "Unable to parse maven.config")', () => {
    const config = path.join(root, '.mvn', 'maven.config');
    fs.writeFileSync(config, '-o clean\n');
    const goals = runGoalhost([repo(), 'dependency:list'], app);
    expect(goals.status).to.equal(1);
    expect(goals.stdout.split('\n').slice(0, 3)).to.deep.equal([
      `[ERROR] Unable to parse maven.config: Unrecognized maven.config entries: [clean] (in ${config}: it holds options only; put goals and phases on the command line)`,
      '',
      'usage: goalhost [options] [<goal(s)>] [<phase(s)>]',
    ]);
    fs.writeFileSync(config, '-o --bogus\n');
    const unknown = runGoalhost([repo(), 'dependency:list'], app);
    expect(unknown.status).to.equal(1);
    expect(unknown.stdout.split('\n')[0]).to.equal(
      `[ERROR] Unable to parse maven.config: Unrecognized option: --bogus (in ${config})`,
    );
    expect(written()).to.deep.equal([]);
  });
});
