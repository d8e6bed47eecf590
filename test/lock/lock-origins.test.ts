import { expect } from 'chai';
import * as fs from 'node:fs';
import { dep, expectSuccess, failureText, LockFixture, zip } from './lock-fixture';

/**
 * -Dgoalhost.lock.origins=locked: under a lock, files are downloaded only from the repositories
 * the lock files name (`from=`); any other origin is refused before a byte is asked of it.
 */
describe('lock: downloads only from the origins the lock names (CLI, loopback HTTP)', function () {
  this.timeout(120_000);
  let f: LockFixture;
  beforeEach(async () => {
    f = await LockFixture.start();
    f.deploy('f:zlib:1.0', zip('zlib.h', 'zlib 1.0\n'), dep('f:util:1.0'));
    f.deploy('f:util:1.0', zip('util.h', 'util 1.0\n'));
    f.project(dep('f:zlib:1.0'));
  });
  afterEach(() => f.stop());

  const freshLocalRepository = (): void => {
    fs.rmSync(f.sandbox.repo, { recursive: true });
    fs.mkdirSync(f.sandbox.repo);
  };

  it('a mirror the lock does not name is refused, naming it, the named origins and the fix; the locked origin passes', async () => {
    expectSuccess(await f.run('dependency:lock'));
    freshLocalRepository();
    expectSuccess(await f.run('-Dgoalhost.lock.origins=locked', 'dependency:list'));

    // Same bytes, another origin: a mirror of every repository, under an id no lock names.
    freshLocalRepository();
    fs.writeFileSync(
      f.settings,
      `<settings><mirrors><mirror><id>corp-mirror</id><url>${f.server.url}</url><mirrorOf>*</mirrorOf></mirror></mirrors></settings>\n`,
    );
    const requests = f.server.requests.length;
    const refused = await f.run('-Dgoalhost.lock.origins=locked', 'dependency:list');
    expect(failureText(refused)).to.equal(
      `Failed to execute goal on project p: Refused to download ${f.server.url}/f/zlib/1.0/zlib-1.0.pom from repository corp-mirror: ` +
        'under -Dgoalhost.lock.origins=locked files come only from the repositories the lock files of this build name (from=loopback), ' +
        'and corp-mirror is not one of them. If the repository is meant, lock it on purpose: build once without -Dgoalhost.lock.origins=locked ' +
        'and with -Dgoalhost.lock=update, and review the lock; otherwise fix the repository or mirror in the POM or settings.xml.',
    );
    expect(f.server.requests.length, 'nothing asked of the refused origin').to.equal(requests);
    // Without the option the digests alone decide: the same bytes pass.
    expectSuccess(await f.run('dependency:list'));
  });

  it('refuses an unknown value of -Dgoalhost.lock.origins', async () => {
    const r = await f.run('-Dgoalhost.lock.origins=some', 'dependency:list');
    expect(r.status).to.equal(1);
    expect(r.stdout).to.contain(
      '[ERROR] Invalid -Dgoalhost.lock.origins=some: use locked (download only from the repositories the lock files name) or any (the default)',
    );
  });
});
