import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';

/**
 * A plugin installed on its own loads its own copy of @goalhost/api: its GoalExecutionError
 * and GoalFailureError are other classes than the host's. Here the plugin throws errors
 * made by a second copy of api's errors module, as such a plugin does.
 */
describe("cli: goal errors from a plugin's own copy of @goalhost/api", () => {
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-plugin-errors-'));
    fs.mkdirSync(path.join(dir, 'own-api'));
    fs.copyFileSync(require.resolve('@goalhost/api/dist/errors.js'), path.join(dir, 'own-api', 'errors.js'));
    fs.writeFileSync(
      path.join(dir, 'plugin.js'),
      `'use strict';
const api = require(${JSON.stringify(require.resolve('@goalhost/api'))});
const own = require('./own-api/errors.js');
class FailGoal {
  execute() {
    const kind = this.kind === 'failure' ? own.GoalFailureError : own.GoalExecutionError;
    throw new kind('Nothing to do here: set fail.kind');
  }
}
api.Goal({ name: 'fail', description: 'Fails.' })(FailGoal);
api.Parameter({ type: 'java.lang.String', description: 'Which error.', property: 'fail.kind' })(FailGoal.prototype, 'kind');
exports.plugin = { groupId: 'org.example', artifactId: 'fail-maven-plugin', version: '1.0', goalPrefix: 'fail', goals: [FailGoal] };
`,
    );
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      `<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>demo</artifactId>
  <version>1.0</version>
  <packaging>pom</packaging>
</project>
`,
    );
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const kind of ['execution', 'failure']) {
    it(`a Goal${kind === 'execution' ? 'Execution' : 'Failure'}Error fails the goal with its own message, as Maven reports a Mojo${kind === 'execution' ? 'Execution' : 'Failure'}Exception`, () => {
      const run = runGoalhost(['-B', '-Dgoalhost.plugins=./plugin.js', 'fail:fail', `-Dfail.kind=${kind}`], dir);
      expect(run.status).to.equal(1);
      expect(run.stdout.split('\n').filter((l) => l.startsWith('[ERROR]'))).to.deep.equal([
        '[ERROR] Failed to execute goal org.example:fail-maven-plugin:1.0:fail (default-cli) on project demo: Nothing to do here: set fail.kind -> [Help 1]',
        '[ERROR] ',
        '[ERROR] To see the full stack trace of the errors, re-run goalhost with the -e switch.',
        '[ERROR] Re-run goalhost using the -X switch to enable full debug logging.',
        '[ERROR] ',
        '[ERROR] For more information about the errors and possible solutions, please read the following articles:',
        `[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/Mojo${kind === 'execution' ? 'Execution' : 'Failure'}Exception`,
      ]);
    });
  }
});
