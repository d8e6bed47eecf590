import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';
import { FixtureRepo, type Dep } from './support/fixture-repo';

describe('resolver: dependencyManagement', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
  });
  afterEach(() => f.cleanup());

  it('sets version, scope and exclusions of transitive dependencies; the managed version is the only one considered', async () => {
    f.artifact('dm:a:1.0', { dependencies: ['dm:z:1.0', 'dm:s:1.0', 'dm:x:1.0'] })
      .artifact('dm:b:1.0', { dependencies: ['dm:z:2.0'] })
      .artifact('dm:z:3.0')
      .artifact('dm:s:1.0')
      .artifact('dm:x:1.0', { dependencies: ['dm:gone:1.0', 'dm:kept:1.0'] })
      .artifact('dm:kept:1.0');
    f.projectPom('dm:root:1.0', {
      managed: [{ gav: 'dm:z:3.0' }, { gav: 'dm:s:1.0', scope: 'test' }, { gav: 'dm:x:1.0', exclusions: ['dm:gone'] }],
      dependencies: ['dm:a:1.0', 'dm:b:1.0'],
    });
    expect(await f.resolve()).to.deep.equal([
      'dm:a:jar:1.0:compile',
      'dm:z:jar:3.0:compile',
      'dm:s:jar:1.0:test',
      'dm:x:jar:1.0:compile',
      'dm:kept:jar:1.0:compile',
      'dm:b:jar:1.0:compile',
    ]);
  });

  it('only fills in what a direct dependency leaves out', async () => {
    f.artifact('dd:a:1.0').artifact('dd:a:2.0').artifact('dd:b:1.0').artifact('dd:c:1.0');
    f.projectPom('dd:root:1.0', {
      managed: [
        { gav: 'dd:a:2.0', scope: 'test' },
        { gav: 'dd:b:1.0', scope: 'runtime' },
        { gav: 'dd:c:1.0', scope: 'provided' },
      ],
      dependencies: [{ gav: 'dd:a:1.0' }, { gav: 'dd:b:x', noVersion: true }, { gav: 'dd:c:1.0', scope: 'compile' }],
    });
    expect(await f.resolve()).to.deep.equal(['dd:a:jar:1.0:test', 'dd:b:jar:1.0:runtime', 'dd:c:jar:1.0:compile']);
  });

  it('uses a managed scope as is below test and provided dependencies; the drop filter sees the declared scope', async () => {
    f.artifact('sc:t:1.0', { dependencies: ['sc:m:1.0', 'sc:r:1.0', { gav: 'sc:declared-test:1.0', scope: 'test' }] })
      .artifact('sc:m:1.0', { dependencies: ['sc:mchild:1.0'] })
      .artifact('sc:mchild:1.0')
      .artifact('sc:r:1.0')
      .artifact('sc:declared-test:1.0');
    f.projectPom('sc:root:1.0', {
      managed: [
        { gav: 'sc:m:1.0', scope: 'compile' },
        { gav: 'sc:r:1.0', scope: 'runtime' },
        { gav: 'sc:declared-test:1.0', scope: 'compile' },
      ],
      dependencies: [{ gav: 'sc:t:1.0', scope: 'test' }],
    });
    expect(await f.resolve()).to.deep.equal([
      'sc:t:jar:1.0:test',
      'sc:m:jar:1.0:compile',
      'sc:mchild:jar:1.0:compile',
      'sc:r:jar:1.0:runtime',
    ]);
  });

  it("applies a dependency POM's own management to its own dependencies only", async () => {
    f.artifact('own:a:1.0', {
      managed: [{ gav: 'own:y:1.0', scope: 'test' }, { gav: 'own:v:2.0' }, { gav: 'own:deep:2.0' }],
      dependencies: ['own:y:1.0', { gav: 'own:v:x', noVersion: true }, 'own:b:1.0'],
    })
      .artifact('own:b:1.0', { dependencies: ['own:deep:1.0'] })
      .artifact('own:y:1.0')
      .artifact('own:v:2.0')
      .artifact('own:deep:1.0')
      .artifact('own:deep:2.0');
    f.projectPom('own:root:1.0', { dependencies: ['own:a:1.0'] });
    expect(await f.resolve()).to.deep.equal([
      'own:a:jar:1.0:compile',
      'own:v:jar:2.0:compile',
      'own:b:jar:1.0:compile',
      'own:deep:jar:1.0:compile',
    ]);
  });

  it('imports BOMs: own entries beat the first BOM, which beats later ones; BOMs may import BOMs', async () => {
    f.artifact('bom:first:1.0', {
      packaging: 'pom',
      managed: ['bom:x:2.0', 'bom:y:2.0', { gav: 'bom:nested:1.0', type: 'pom', scope: 'import' }],
    })
      .artifact('bom:second:1.0', { packaging: 'pom', managed: ['bom:x:3.0', 'bom:y:3.0', 'bom:w:3.0'] })
      .artifact('bom:nested:1.0', { packaging: 'pom', managed: ['bom:n:4.0'] })
      .artifact('bom:lib:1.0', { dependencies: ['bom:x:1.0', 'bom:y:1.0', 'bom:w:1.0', 'bom:n:1.0', 'bom:own:1.0'] });
    for (const v of ['1.0', '2.0', '3.0', '4.0'])
      for (const a of ['x', 'y', 'w', 'n', 'own']) f.artifact(`bom:${a}:${v}`);
    f.projectPom('bom:root:1.0', {
      managed: [
        'bom:own:4.0',
        'bom:x:4.0',
        { gav: 'bom:first:1.0', type: 'pom', scope: 'import' },
        { gav: 'bom:second:1.0', type: 'pom', scope: 'import' },
      ],
      dependencies: ['bom:lib:1.0'],
    });
    expect(await f.resolve()).to.deep.equal([
      'bom:lib:jar:1.0:compile',
      'bom:x:jar:4.0:compile',
      'bom:y:jar:2.0:compile',
      'bom:w:jar:3.0:compile',
      'bom:n:jar:4.0:compile',
      'bom:own:jar:4.0:compile',
    ]);
  });

  it('keys management by groupId:artifactId:type:classifier (the classified and zip artifacts are separate)', async () => {
    f.artifact('k:a:1.0', { files: ['jar', 'linux:jar', 'zip'] }).artifact('k:a:2.0', {
      files: ['jar', 'linux:jar', 'zip'],
    });
    f.artifact('k:lib:1.0', {
      dependencies: ['k:a:1.0', { gav: 'k:a:1.0', classifier: 'linux' }, { gav: 'k:a:1.0', type: 'zip' }],
    });
    f.projectPom('k:root:1.0', { managed: [{ gav: 'k:a:2.0', classifier: 'linux' }], dependencies: ['k:lib:1.0'] });
    expect(await f.resolve()).to.deep.equal([
      'k:lib:jar:1.0:compile',
      'k:a:jar:1.0:compile',
      'k:a:jar:linux:2.0:compile',
      'k:a:zip:1.0:compile',
    ]);
  });

  /**
   * Recorded with Maven 3.8.7 + maven-dependency-plugin 3.5.0 (`mvn -o dependency:list` on the same
   * POMs): a parent manages zz.dm:a twice (1, then 2) and b, d as optional. Duplicates stay as
   * written unless a grandparent's management is merged in (then the last wins), and the first
   * of them applies; a managed <optional> never reaches a POM's own dependencies (not the
   * project's, not q's, which inherits the same parent) but marks transitive ones (d below c).
   */
  for (const [grandparent, a] of [
    ['g-empty', '1'],
    ['g-dm', '2'],
  ] as const) {
    it(`keeps the first of duplicate managed entries and manages <optional> only below the project (grandparent ${grandparent})`, () => {
      const optional = (gav: string): Dep => ({ gav, optional: true });
      f.artifact('zz.dm:g-empty:1', { packaging: 'pom' })
        .artifact('zz.dm:g-dm:1', { packaging: 'pom', managed: ['zz.dm:e:1'] })
        .artifact('zz.dm:p:1', {
          packaging: 'pom',
          parent: `zz.dm:${grandparent}:1`,
          managed: ['zz.dm:a:1', 'zz.dm:a:2', optional('zz.dm:b:1'), optional('zz.dm:d:1')],
        })
        .artifact('zz.dm:a:1')
        .artifact('zz.dm:a:2')
        .artifact('zz.dm:b:1')
        .artifact('zz.dm:d:1')
        .artifact('zz.dm:e:1')
        .artifact('zz.dm:c:1', { dependencies: ['zz.dm:d:1'] })
        .artifact('zz.dm:q:1', {
          parent: 'zz.dm:p:1',
          dependencies: [
            { gav: 'zz.dm:b:x', noVersion: true },
            { gav: 'zz.dm:a:x', noVersion: true },
          ],
        });
      f.projectPom('zz.dm:proj:1', {
        parent: 'zz.dm:p:1',
        dependencies: [
          { gav: 'zz.dm:a:x', noVersion: true },
          { gav: 'zz.dm:b:x', noVersion: true },
          'zz.dm:c:1',
          'zz.dm:q:1',
        ],
      });
      const r = runGoalhost(
        ['-o', '-B', `-Dmaven.repo.local=${f.repo}`, 'dependency:list', '-DoutputFile=deps.txt'],
        f.project,
      );
      expect(r.status, r.stdout).to.equal(0);
      expect(readFileSync(path.join(f.project, 'deps.txt'), 'utf8')).to.equal(
        [
          '',
          'The following files have been resolved:',
          `   zz.dm:a:jar:${a}:compile`,
          '   zz.dm:b:jar:1:compile',
          '   zz.dm:c:jar:1:compile',
          '   zz.dm:d:jar:1:compile (optional)',
          '   zz.dm:q:jar:1:compile',
          '',
          '',
        ].join('\n'),
      );
    });
  }
});
