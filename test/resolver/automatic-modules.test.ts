import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';
import { FixtureRepo } from './support/fixture-repo';
import { writeJar } from './support/jar-writer';

type Entries = ReadonlyArray<readonly [string, string]>;

const P: readonly [string, string] = ['org/p/P.class', 'class'];
const manifest = (extra = ''): readonly [string, string] => [
  'META-INF/MANIFEST.MF',
  `Manifest-Version: 1.0\r\n${extra}\r\n`,
];
const MULTI_RELEASE = 'Multi-Release: true\r\n';

/**
 * Jars without module-info.class and what the JDK (17) makes of them as automatic modules, recorded
 * with Maven 3.8.7 + maven-dependency-plugin 3.5.0 (`mvn -o dependency:list` on the same jars): the
 * JDK's message for each jar it refuses, and no module column for it.
 */
const JARS: ReadonlyArray<readonly [string, Entries]> = [
  ['svcmissingpkg', [manifest(), P, ['META-INF/services/org.p.Svc', '# c\norg.q.Impl\n']]],
  ['svcmissingclass', [manifest(), P, ['META-INF/services/org.p.Svc', 'org.p.Missing # comment\n\n']]],
  ['svcamn', [manifest('Automatic-Module-Name: com.amn\r\n'), P, ['META-INF/services/org.p.Svc', 'org.q.Impl\n']]],
  ['svcunnamed', [manifest(), P, ['META-INF/services/Svc', 'org.p.P\n']]],
  ['svcbadname', [manifest(), P, ['META-INF/services/org.p-x.Svc', 'org.q.Impl\n']]],
  ['svcsub', [manifest(), P, ['META-INF/services/sub/org.p.Svc', 'org.q.Impl\n']]],
  ['svcemptyprov', [manifest(), P, ['META-INF/services/org.p.Svc', '  # only\n']]],
  ['svcprovunnamed', [manifest(), P, ['META-INF/services/org.p.Svc', 'Impl\n']]],
  ['svcclassinsvc', [manifest(), P, ['META-INF/services/org/x/Y.class', 'class']]],
  ['mrtop', [manifest(MULTI_RELEASE), P, ['META-INF/versions/11/Top.class', 'class']]],
  ['mrtop21', [manifest(MULTI_RELEASE), P, ['META-INF/versions/21/Top.class', 'class']]],
  ['nomrtop', [manifest(), P, ['META-INF/versions/11/Top.class', 'class']]],
  [
    'mrsvc',
    [
      manifest(MULTI_RELEASE),
      ['META-INF/versions/11/org/q/Impl.class', 'class'],
      ['META-INF/services/org.p.Svc', 'org.q.Impl\n'],
      P,
    ],
  ],
  ['badpkg', [manifest(), ['org/p-x/P.class', 'class'], ['META-INF/services/org.p.Svc', 'org.p-x.P\n']]],
  ['amnbad', [manifest('Automatic-Module-Name: com.1bad\r\n'), P]],
  ['uni', [manifest(), ['org/\u00fc/P.class', 'class'], ['META-INF/services/org.p.Svc', 'org.\u00fc.P\n']]],
  ['provbadchars', [manifest(), P, ['META-INF/services/org.p.Svc', 'org.p.P$Inner\norg.p.1x\n']]],
];

describe("dependency:list module names: the JDK's automatic-module rules (recorded with Maven 3.8.7 on JDK 17)", () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
    for (const [a, entries] of JARS) {
      f.artifact(`zz.mod:${a}:1.0`, { files: [] });
      writeJar(path.join(f.repo, 'zz', 'mod', a, '1.0', `${a}-1.0.jar`), entries);
    }
    f.projectPom('zz.mod:root:1.0', { dependencies: JARS.map(([a]) => `zz.mod:${a}:1.0`) });
  });
  afterEach(() => f.cleanup());

  it('refuses the jars the JDK refuses, with its messages, and names the others', () => {
    const r = runGoalhost(
      ['-o', '-B', `-Dmaven.repo.local=${f.repo}`, 'dependency:list', '-DoutputFile=deps.txt'],
      f.project,
    );
    expect(r.status, r.stdout).to.equal(0);
    expect(r.stdout.split('\n').filter((l) => l.includes("Can't extract module name"))).to.deep.equal([
      "[INFO] Can't extract module name from svcmissingpkg-1.0.jar: Provider class org.q.Impl not in module",
      "[INFO] Can't extract module name from svcamn-1.0.jar: Provider class org.q.Impl not in module",
      "[INFO] Can't extract module name from svcunnamed-1.0.jar: Svc: is not a qualified name of a Java class in a named package",
      "[INFO] Can't extract module name from svcprovunnamed-1.0.jar: Provider class Impl not in module",
      "[INFO] Can't extract module name from mrtop-1.0.jar: Top.class found in top-level directory (unnamed package not allowed in module)",
      "[INFO] Can't extract module name from badpkg-1.0.jar: Provider class org.p-x.P not in module",
      "[INFO] Can't extract module name from amnbad-1.0.jar: Automatic-Module-Name: com.1bad: Invalid module name: '1bad' is not a Java identifier",
      "[INFO] Can't extract module name from provbadchars-1.0.jar: org.p.1x: Invalid service provider name: '1x' is not a Java identifier",
    ]);
    expect(readFileSync(path.join(f.project, 'deps.txt'), 'utf8')).to.equal(
      [
        '',
        'The following files have been resolved:',
        '   zz.mod:svcmissingpkg:jar:1.0:compile',
        '   zz.mod:svcmissingclass:jar:1.0:compile -- module svcmissingclass (auto)',
        '   zz.mod:svcamn:jar:1.0:compile',
        '   zz.mod:svcunnamed:jar:1.0:compile',
        '   zz.mod:svcbadname:jar:1.0:compile -- module svcbadname (auto)',
        '   zz.mod:svcsub:jar:1.0:compile -- module svcsub (auto)',
        '   zz.mod:svcemptyprov:jar:1.0:compile -- module svcemptyprov (auto)',
        '   zz.mod:svcprovunnamed:jar:1.0:compile',
        '   zz.mod:svcclassinsvc:jar:1.0:compile -- module svcclassinsvc (auto)',
        '   zz.mod:mrtop:jar:1.0:compile',
        '   zz.mod:mrtop21:jar:1.0:compile -- module mrtop21 (auto)',
        '   zz.mod:nomrtop:jar:1.0:compile -- module nomrtop (auto)',
        '   zz.mod:mrsvc:jar:1.0:compile -- module mrsvc (auto)',
        '   zz.mod:badpkg:jar:1.0:compile',
        '   zz.mod:amnbad:jar:1.0:compile',
        '   zz.mod:uni:jar:1.0:compile -- module uni (auto)',
        '   zz.mod:provbadchars:jar:1.0:compile',
        '',
        '',
      ].join('\n'),
    );
  });
});
