import { expect } from 'chai';
import { FixtureRepo } from './support/fixture-repo';

describe('resolver: Maven 3 mediation', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
  });
  afterEach(() => f.cleanup());

  it('derives transitive scopes with the scope table and drops test/provided dependencies of dependencies', async () => {
    const declared = ['compile', 'provided', 'runtime', 'test'];
    for (const parent of declared) {
      f.artifact(`m.${parent}:p:1.0`, {
        dependencies: [
          ...declared.map((s) => ({ gav: `m.${parent}:c-${s}:1.0`, scope: s })),
          { gav: `m.${parent}:c-system:1.0`, scope: 'system', systemPath: f.file('sys.jar') },
        ],
      });
      for (const s of declared) f.artifact(`m.${parent}:c-${s}:1.0`);
    }
    f.projectPom('m:root:1.0', { dependencies: declared.map((s) => ({ gav: `m.${s}:p:1.0`, scope: s })) });
    expect(await f.resolve()).to.deep.equal([
      'm.compile:p:jar:1.0:compile',
      'm.compile:c-compile:jar:1.0:compile',
      'm.compile:c-runtime:jar:1.0:runtime',
      'm.compile:c-system:jar:1.0:system',
      'm.provided:p:jar:1.0:provided',
      'm.provided:c-compile:jar:1.0:provided',
      'm.provided:c-runtime:jar:1.0:provided',
      'm.provided:c-system:jar:1.0:system',
      'm.runtime:p:jar:1.0:runtime',
      'm.runtime:c-compile:jar:1.0:runtime',
      'm.runtime:c-runtime:jar:1.0:runtime',
      'm.runtime:c-system:jar:1.0:system',
      'm.test:p:jar:1.0:test',
      'm.test:c-compile:jar:1.0:test',
      'm.test:c-runtime:jar:1.0:test',
      'm.test:c-system:jar:1.0:system',
    ]);
  });

  it('picks the nearest version, then the first declared at equal depth, and drops the loser subtree', async () => {
    f.artifact('n:a:1.0', { dependencies: ['n:b:1.0', 'n:x:2.0'] })
      .artifact('n:b:1.0', { dependencies: ['n:x:3.0'] })
      .artifact('n:c:1.0', { dependencies: ['n:y:1.0', 'n:p:2.0'] })
      .artifact('n:d:1.0', { dependencies: ['n:y:2.0', 'n:p:1.0'] })
      .artifact('n:p:1.0')
      .artifact('n:p:2.0', { dependencies: ['n:w:2.0'] })
      .artifact('n:x:1.0')
      .artifact('n:x:2.0')
      .artifact('n:y:1.0')
      .artifact('n:y:2.0')
      .artifact('n:e:1.0', { dependencies: ['n:f:1.0'] })
      .artifact('n:f:1.0', { dependencies: ['n:w:1.0'] })
      .artifact('n:w:1.0')
      .artifact('n:w:2.0');
    f.projectPom('n:root:1.0', { dependencies: ['n:a:1.0', 'n:x:1.0', 'n:d:1.0', 'n:c:1.0', 'n:e:1.0'] });
    // x: the direct 1.0 beats 2.0 (depth 2) and 3.0 (depth 3); y, p: d is declared before c;
    // w:2.0 under the losing p:2.0 disappears, so w:1.0 at depth 4 wins.
    expect(await f.resolve()).to.deep.equal([
      'n:a:jar:1.0:compile',
      'n:b:jar:1.0:compile',
      'n:x:jar:1.0:compile',
      'n:d:jar:1.0:compile',
      'n:y:jar:2.0:compile',
      'n:p:jar:1.0:compile',
      'n:c:jar:1.0:compile',
      'n:e:jar:1.0:compile',
      'n:f:jar:1.0:compile',
      'n:w:jar:1.0:compile',
    ]);
  });

  it('prefers the higher version between siblings of the same conflict key (test-jar = jar with classifier tests)', async () => {
    f.artifact('s:a:1.0', { files: ['tests:jar'] }).artifact('s:a:2.0', { files: ['tests:jar'] });
    f.projectPom('s:root:1.0', {
      dependencies: [
        { gav: 's:a:1.0', type: 'test-jar' },
        { gav: 's:a:2.0', classifier: 'tests' },
      ],
    });
    expect(await f.resolve()).to.deep.equal(['s:a:jar:tests:2.0:compile']);
  });

  it('widens the winner scope over every occurrence, except a direct declaration which keeps its own', async () => {
    f.artifact('w:t:1.0', { dependencies: ['w:x:1.0', 'w:z:2.0'] })
      .artifact('w:b:1.0', { dependencies: ['w:c:1.0', 'w:z:2.0'] })
      .artifact('w:c:1.0', { dependencies: ['w:x:2.0'] })
      .artifact('w:x:1.0', { dependencies: ['w:xchild:1.0'] })
      .artifact('w:x:2.0')
      .artifact('w:xchild:1.0')
      .artifact('w:z:1.0')
      .artifact('w:z:2.0');
    f.projectPom('w:root:1.0', {
      dependencies: [{ gav: 'w:t:1.0', scope: 'test' }, 'w:b:1.0', { gav: 'w:z:1.0', scope: 'test' }],
    });
    expect(await f.resolve()).to.deep.equal([
      'w:t:jar:1.0:test',
      'w:x:jar:1.0:compile',
      'w:xchild:jar:1.0:compile',
      'w:b:jar:1.0:compile',
      'w:c:jar:1.0:compile',
      'w:z:jar:1.0:test',
    ]);
  });

  it('applies exclusions (exact and wildcards) below the declaring dependency, before mediation', async () => {
    f.artifact('e:a:1.0', { dependencies: ['e:b:1.0', 'e.other:c:1.0', 'e:d:1.0'] })
      .artifact('e:b:1.0', { dependencies: ['e:deep:1.0'] })
      .artifact('e.other:c:1.0')
      .artifact('e:d:1.0')
      .artifact('e:deep:1.0')
      .artifact('e:deep:2.0')
      .artifact('e:g:1.0', { dependencies: ['e:h:1.0', 'e.other:i:1.0'] })
      .artifact('e:h:1.0', { dependencies: ['e:deep:2.0'] })
      .artifact('e.other:i:1.0');
    f.projectPom('e:root:1.0', {
      dependencies: [
        { gav: 'e:a:1.0', exclusions: ['e:deep', '*:c', 'e:d'] },
        { gav: 'e:g:1.0', exclusions: ['e.other:*'] },
      ],
    });
    expect(await f.resolve()).to.deep.equal([
      'e:a:jar:1.0:compile',
      'e:b:jar:1.0:compile',
      'e:g:jar:1.0:compile',
      'e:h:jar:1.0:compile',
      'e:deep:jar:2.0:compile',
    ]);
  });

  it('keeps a direct optional dependency (marking its subtree) and drops transitive optional ones', async () => {
    f.artifact('o:a:1.0', { dependencies: [{ gav: 'o:opt:1.0', optional: true }, 'o:b:1.0'] })
      .artifact('o:b:1.0')
      .artifact('o:opt:1.0')
      .artifact('o:c:1.0', { dependencies: ['o:cc:1.0', 'o:b:1.0'] })
      .artifact('o:cc:1.0');
    f.projectPom('o:root:1.0', { dependencies: [{ gav: 'o:c:1.0', optional: true }, 'o:a:1.0'] });
    expect(await f.resolve()).to.deep.equal([
      'o:c:jar:1.0:compile (optional)',
      'o:cc:jar:1.0:compile (optional)',
      'o:b:jar:1.0:compile',
      'o:a:jar:1.0:compile',
    ]);
  });

  it('tolerates dependency cycles (an artifact on the current path is not expanded again)', async () => {
    f.artifact('c:a:1.0', { dependencies: ['c:b:1.0'] })
      .artifact('c:b:1.0', { dependencies: ['c:a:2.0', 'c:d:1.0'] })
      .artifact('c:a:2.0', { dependencies: ['c:e:1.0'] })
      .artifact('c:d:1.0', { dependencies: ['c:b:1.0'] })
      .artifact('c:e:1.0');
    f.projectPom('c:root:1.0', { dependencies: ['c:a:1.0'] });
    expect(await f.resolve()).to.deep.equal(['c:a:jar:1.0:compile', 'c:b:jar:1.0:compile', 'c:d:jar:1.0:compile']);
  });

  it('maps types to extension and classifier, and does not traverse war dependencies', async () => {
    f.artifact('t:j:1.0', {
      files: ['tests:jar', 'client:jar', 'sources:jar', 'javadoc:jar', 'zip', 'tar.gz', 'jar', 'foo'],
    })
      .artifact('t:w:1.0', { packaging: 'war', files: ['war'], dependencies: ['t:inside:1.0'] })
      .artifact('t:inside:1.0')
      .artifact('t:p:1.0', { packaging: 'pom', dependencies: ['t:viapom:1.0'] })
      .artifact('t:viapom:1.0');
    f.projectPom('t:root:1.0', {
      dependencies: [
        { gav: 't:j:1.0', type: 'test-jar' },
        { gav: 't:j:1.0', type: 'ejb-client' },
        { gav: 't:j:1.0', type: 'java-source' },
        { gav: 't:j:1.0', type: 'javadoc' },
        { gav: 't:j:1.0', type: 'zip' },
        { gav: 't:j:1.0', type: 'tar.gz' },
        { gav: 't:j:1.0', type: 'maven-plugin' },
        { gav: 't:j:1.0', type: 'foo' },
        { gav: 't:w:1.0', type: 'war' },
        { gav: 't:p:1.0', type: 'pom' },
      ],
    });
    const system = f.system();
    const project = await system.buildProject(`${f.project}/pom.xml`);
    const artifacts = await system.resolveDependencies(project, 'test');
    expect(
      artifacts.map((a) => `${a.type}|${a.classifier ?? ''}|${a.extension}|${a.file.slice(f.repo.length + 1)}`),
    ).to.deep.equal([
      'test-jar|tests|jar|t/j/1.0/j-1.0-tests.jar',
      'ejb-client|client|jar|t/j/1.0/j-1.0-client.jar',
      'java-source|sources|jar|t/j/1.0/j-1.0-sources.jar',
      'javadoc|javadoc|jar|t/j/1.0/j-1.0-javadoc.jar',
      'zip||zip|t/j/1.0/j-1.0.zip',
      'tar.gz||tar.gz|t/j/1.0/j-1.0.tar.gz',
      'maven-plugin||jar|t/j/1.0/j-1.0.jar',
      'foo||foo|t/j/1.0/j-1.0.foo',
      'war||war|t/w/1.0/w-1.0.war',
      'pom||pom|t/p/1.0/p-1.0.pom',
      'jar||jar|t/viapom/1.0/viapom-1.0.jar',
    ]);
    expect(artifacts.map((a) => a.depth)).to.deep.equal([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2]);
  });
});
