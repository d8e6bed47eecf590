import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Sandbox } from '../hostile/sandbox';
import { wrapperDir } from '../secrets/watch';

/**
 * A dependency POM's `<scm><connection>` whose ssh destination would reach ssh as an option
 * (`-oProxyCommand=CMD` runs CMD): a user, a bracketed host, a port, or the same %-escaped.
 * git and svn refuse these themselves ("strange hostname", "Invalid host"), but goalhost
 * refuses them before either runs: the wrappers first on PATH record every git and svn started,
 * and the ProxyCommand's canary file must never appear.
 */

const CANARY = 'canary';
const CMD = `touch ${CANARY}`;
const ESCAPED = CMD.replace(' ', '%20');

/** Connection, and why it is refused (the part of the ssh destination, or the whole reason). */
const FORMS: readonly (readonly [string, string])[] = [
  [`scm:git:ssh://-oProxyCommand=${ESCAPED}@host/r.git`, 'user'],
  [`scm:git:ssh://[-oProxyCommand=${ESCAPED}]/r.git`, 'host'],
  [`scm:git:ssh://git@[-oProxyCommand=${ESCAPED}]/r.git`, 'host'],
  [`scm:git:ssh://[-oProxyCommand=${ESCAPED}@host]/r.git`, 'user'],
  [`scm:git:ssh://host:-oProxyCommand=${ESCAPED}/r.git`, 'port'],
  [`scm:git:ssh://%2DoProxyCommand=${ESCAPED}@host/r.git`, 'user once decoded'],
  [`scm:git:ssh://%2doProxyCommand=${ESCAPED}/r.git`, 'host once decoded'],
  [
    `scm:git:-oProxyCommand=${CMD}@host:r.git`,
    `'-oProxyCommand=${CMD}@host:r.git' starts with '-', which git would read as an option`,
  ],
  [`scm:git:[-oProxyCommand=${CMD}]:r.git`, 'host'],
  [`scm:git:[-oProxyCommand=${CMD}@host]:r.git`, 'user'],
  [`scm:git:git@[-oProxyCommand=${CMD}]:r.git`, 'host'],
  [`scm:git:[fetch=]ssh://-oProxyCommand=${ESCAPED}@host/r.git[push=]ssh://host/r.git`, 'user'],
  [`scm:svn:svn+ssh://-oProxyCommand=${ESCAPED}@host/repo`, 'user'],
  [`scm:svn:svn+ssh://[-oProxyCommand=${ESCAPED}]/repo`, 'host'],
  [`scm:svn:svn+ssh://host:-oProxyCommand=${ESCAPED}/repo`, 'port'],
  [`scm:svn:svn+ssh://%2DoProxyCommand=${ESCAPED}@host/repo`, 'user once decoded'],
];

/** The URL the message names: the fetch URL of a `[fetch=]...[push=]...` connection. */
function urlOf(connection: string): string {
  const url = connection.replace(/^scm:(git|svn):/, '');
  return /^\[fetch=\](.*?)\[push=\]/.exec(url)?.[1] ?? url;
}

describe('scm: ssh destinations that start with - are refused before git or svn runs (CLI)', function () {
  this.timeout(120_000);
  let sandbox: Sandbox;
  let bin: string;
  beforeEach(() => {
    sandbox = Sandbox.create('ssh-options');
    bin = wrapperDir(path.join(sandbox.root, 'bin'));
  });
  afterEach(() => sandbox.dispose());

  const reason = (connection: string, why: string): string => {
    const [part, decoded] = why.split(' once ');
    if (!['user', 'host', 'port'].includes(part)) return why;
    return `the ${part} of '${urlOf(connection)}' starts with '-'${decoded ? ' once its %-escapes are decoded' : ''}, which ssh would read as an option`;
  };

  for (const [connection, why] of FORMS) {
    it(connection, async () => {
      const pomFile = sandbox.install(
        { groupId: 'h', artifactId: 's', version: '1', type: 'pom' },
        Buffer.from(
          '<project><modelVersion>4.0.0</modelVersion><groupId>h</groupId><artifactId>s</artifactId><version>1</version>' +
            `<packaging>pom</packaging><scm><connection>${connection.replace(/&/g, '&amp;')}</connection></scm></project>`,
        ),
      );
      sandbox.pom([{ groupId: 'h', artifactId: 's', version: '1', type: 'pom' }]);
      const log = path.join(sandbox.root, 'argv.log');
      const run = await sandbox.run(['-o', '-B', `-Dmaven.repo.local=${sandbox.repo}`, 'cxx:scm-dependencies'], {
        env: { PATH: `${bin}:${process.env.PATH ?? ''}`, GOALHOST_TEST_ARGV_LOG: log },
      });
      expect(run.status, run.stdout.slice(0, 3000)).to.equal(1);
      expect(run.stdout).to.include(
        '[ERROR] Failed to execute goal org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT:scm-dependencies (default-cli) on project p: ' +
          `SCM Uri content invalide : ${connection} (artifact h:s:1:pom, <scm><connection> of ${pomFile}): ` +
          `${reason(connection, why)}. ` +
          'Expected scm:svn:<absolute svn URL> or scm:git:<git URL>. -> [Help 1]\n',
      );
      expect(fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : '', 'git and svn never started').to.equal('');
      expect(fs.existsSync(path.join(sandbox.proj, CANARY)), 'the ProxyCommand never ran').to.equal(false);
    });
  }
});
