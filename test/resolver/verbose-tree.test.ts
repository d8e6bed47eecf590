import { expect } from 'chai';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { runGoalhost } from '../support/run-goalhost';
import { FixtureRepo, pomXml } from './support/fixture-repo';
import { VERBOSE_SCENARIOS } from './support/verbose-tree-scenarios';

/**
 * The trees real Maven 3.8.7 with maven-dependency-plugin 3.5.0 wrote for each scenario
 * (`mvn -o dependency:tree -Dverbose -DoutputFile=...`, and without -Dverbose).
 */
const RECORDED: Record<string, { readonly verbose: readonly string[]; readonly plain: readonly string[] }> = {
  'duplicates-and-conflicts': {
    verbose: [
      'v1:root:jar:1.0',
      '+- v1:a:jar:1.0:compile',
      '|  +- v1:c:jar:1.0:compile',
      '|  \\- (v1:x:jar:2.0:compile - omitted for conflict with 1.0)',
      '+- v1:b:jar:1.0:compile',
      '|  +- (v1:c:jar:1.0:compile - omitted for duplicate)',
      '|  \\- v1:d:jar:1.0:compile',
      '|     +- (v1:c:jar:2.0:compile - omitted for conflict with 1.0)',
      '|     \\- (v1:y:jar:1.0:compile - omitted for conflict with 2.0)',
      '+- v1:x:jar:1.0:compile',
      '\\- v1:e:jar:1.0:compile',
      '   +- v1:y:jar:2.0:compile',
      '   \\- (v1:x:jar:1.0:compile - omitted for duplicate)',
    ],
    plain: [
      'v1:root:jar:1.0',
      '+- v1:a:jar:1.0:compile',
      '|  \\- v1:c:jar:1.0:compile',
      '+- v1:b:jar:1.0:compile',
      '|  \\- v1:d:jar:1.0:compile',
      '+- v1:x:jar:1.0:compile',
      '\\- v1:e:jar:1.0:compile',
      '   \\- v1:y:jar:2.0:compile',
    ],
  },
  'managed-versions-and-scopes': {
    verbose: [
      'v2:root:jar:1.0',
      '+- v2:a:jar:1.0:compile',
      '|  +- v2:c:jar:3.0:runtime (version managed from 1.0; scope managed from compile)',
      '|  +- v2:e:jar:2.0:compile (version managed from 1.0)',
      '|  \\- v2:s:jar:1.0:provided (version managed from 1.0; scope managed from runtime)',
      '\\- v2:b:jar:1.0:compile',
      '   +- (v2:c:jar:3.0:runtime - version managed from 2.0; scope managed from compile; omitted for duplicate)',
      '   +- (v2:e:jar:2.0:compile - version managed from 2.0; omitted for duplicate)',
      '   +- (v2:s:jar:1.0:provided - version managed from 1.0; scope managed from compile; omitted for duplicate)',
      '   \\- v2:m:jar:1.0:compile (version managed from 1.0; scope managed from compile)',
    ],
    plain: [
      'v2:root:jar:1.0',
      '+- v2:a:jar:1.0:compile',
      '|  +- v2:c:jar:3.0:runtime',
      '|  +- v2:e:jar:2.0:compile',
      '|  \\- v2:s:jar:1.0:provided',
      '\\- v2:b:jar:1.0:compile',
      '   \\- v2:m:jar:1.0:compile',
    ],
  },
  'scope-not-updated': {
    verbose: [
      'v3:root:jar:1.0',
      '+- v3:t:jar:1.0:test (scope not updated to compile)',
      '|  \\- v3:u:jar:1.0:test',
      '+- v3:a:jar:1.0:compile',
      '|  +- (v3:t:jar:1.0:compile - omitted for duplicate)',
      '|  +- (v3:p:jar:1.0:compile - omitted for duplicate)',
      '|  \\- (v3:r:jar:1.0:runtime - omitted for duplicate)',
      '+- v3:p:jar:1.0:provided (scope not updated to compile)',
      '\\- v3:r:jar:1.0:test (scope not updated to runtime)',
    ],
    plain: [
      'v3:root:jar:1.0',
      '+- v3:t:jar:1.0:test',
      '|  \\- v3:u:jar:1.0:test',
      '+- v3:a:jar:1.0:compile',
      '+- v3:p:jar:1.0:provided',
      '\\- v3:r:jar:1.0:test',
    ],
  },
  'written-scopes': {
    verbose: [
      'v4:root:jar:1.0',
      '+- v4:a:jar:1.0:compile',
      '|  +- v4:d:jar:3.0:runtime (version managed from 1.0; scope not updated to runtime)',
      '|  \\- v4:x:jar:1.0:compile (scope not updated to compile)',
      '+- v4:b:jar:1.0:test',
      '|  +- (v4:d:jar:3.0:test - version managed from 1.0; omitted for duplicate)',
      '|  \\- (v4:x:jar:1.0:test - omitted for duplicate)',
      '\\- v4:c:jar:1.0:runtime',
      '   \\- (v4:x:jar:1.0:runtime - omitted for duplicate)',
    ],
    plain: [
      'v4:root:jar:1.0',
      '+- v4:a:jar:1.0:compile',
      '|  +- v4:d:jar:3.0:runtime',
      '|  \\- v4:x:jar:1.0:compile',
      '+- v4:b:jar:1.0:test',
      '\\- v4:c:jar:1.0:runtime',
    ],
  },
  'optional-exclusions-system': {
    verbose: [
      'v5:root:jar:1.0',
      '+- v5:a:jar:1.0:compile',
      '|  +- (v5:c:jar:1.0:compile - omitted for duplicate)',
      '|  \\- v5:k:jar:1.0:compile',
      '+- v5:b:jar:1.0:provided',
      '|  +- (v5:c:jar:1.0:provided - omitted for duplicate)',
      '|  \\- v5:q:jar:1.0:provided',
      '|     \\- v5:o:jar:1.0:provided',
      '+- v5:s:jar:1.0:system',
      '\\- v5:c:jar:1.0:runtime (scope not updated to compile)',
    ],
    plain: [
      'v5:root:jar:1.0',
      '+- v5:a:jar:1.0:compile',
      '|  \\- v5:k:jar:1.0:compile',
      '+- v5:b:jar:1.0:provided',
      '|  \\- v5:q:jar:1.0:provided',
      '|     \\- v5:o:jar:1.0:provided',
      '+- v5:s:jar:1.0:system',
      '\\- v5:c:jar:1.0:runtime',
    ],
  },
  ranges: {
    verbose: [
      'v6:root:jar:1.0',
      '+- (v6:x:jar:1.0:compile - omitted for conflict with 2.5)',
      '+- v6:a:jar:1.0:compile',
      '|  +- v6:x:jar:2.5:compile',
      '|  \\- v6:y:jar:1.5:compile',
      '\\- v6:b:jar:1.0:compile',
      '   \\- (v6:y:jar:1.5:compile - omitted for duplicate)',
    ],
    plain: [
      'v6:root:jar:1.0',
      '+- v6:x:jar:2.5:compile',
      '+- v6:a:jar:1.0:compile',
      '|  \\- v6:y:jar:1.5:compile',
      '\\- v6:b:jar:1.0:compile',
    ],
  },
  'direct-ranges': {
    verbose: [
      'v7:root:jar:1.0',
      '+- v7:x:jar:2.0:compile',
      '|  \\- v7:z:jar:1.0:compile',
      '+- v7:a:jar:1.0:compile',
      '|  +- (v7:x:jar:2.0:compile - omitted for duplicate)',
      '|  +- (v7:y:jar:1.0:compile - omitted for conflict with 2.0)',
      '|  \\- v7:b:jar:1.0:compile',
      '|     \\- (v7:x:jar:2.5:compile - omitted for conflict with 2.0)',
      '\\- v7:y:jar:2.0:runtime (scope not updated to compile)',
    ],
    plain: [
      'v7:root:jar:1.0',
      '+- v7:x:jar:2.0:compile',
      '|  \\- v7:z:jar:1.0:compile',
      '+- v7:a:jar:1.0:compile',
      '|  \\- v7:b:jar:1.0:compile',
      '\\- v7:y:jar:2.0:runtime',
    ],
  },
  'interned-dependencies': {
    verbose: [
      'v8:root:jar:1.0',
      '+- v8:m:jar:1.0:test',
      '|  +- v8:bb:jar:1.0:compile (scope not updated to compile)',
      '|  \\- v8:cc:jar:1.0:compile',
      '\\- v8:i:jar:1.0:compile',
      '   +- (v8:bb:jar:1.0:compile - omitted for duplicate)',
      '   \\- (v8:cc:jar:1.0:compile - omitted for duplicate)',
    ],
    plain: [
      'v8:root:jar:1.0',
      '+- v8:m:jar:1.0:test',
      '|  +- v8:bb:jar:1.0:compile',
      '|  \\- v8:cc:jar:1.0:compile',
      '\\- v8:i:jar:1.0:compile',
    ],
  },
  'cycles-and-relocations': {
    verbose: [
      'v10:root:jar:1.0',
      '+- v10:a:jar:1.0:compile',
      '|  \\- v10:b:jar:1.0:compile',
      '|     \\- (v10:new:jar:2.0:compile - omitted for conflict with 1.0)',
      '+- v10:c:jar:1.0:compile',
      '|  \\- (v10:new:jar:1.0:runtime - omitted for duplicate)',
      '\\- v10:new:jar:1.0:test (scope not updated to compile)',
      '   \\- (v10:b:jar:1.0:test - omitted for duplicate)',
    ],
    plain: [
      'v10:root:jar:1.0',
      '+- v10:a:jar:1.0:compile',
      '|  \\- v10:b:jar:1.0:compile',
      '+- v10:c:jar:1.0:compile',
      '\\- v10:new:jar:1.0:test',
    ],
  },
};

describe('dependency:tree -Dverbose (maven-dependency-plugin 3.5.0 with maven-dependency-tree 3.2.1)', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
  });
  afterEach(() => f.cleanup());

  const tree = (...args: string[]): string => {
    const r = runGoalhost(
      ['-o', '-B', `-Dmaven.repo.local=${f.repo}`, 'dependency:tree', '-DoutputFile=tree.txt', ...args],
      f.project,
    );
    expect(r.status, r.stdout).to.equal(0);
    return readFileSync(path.join(f.project, 'tree.txt'), 'utf8');
  };

  for (const [name, recorded] of Object.entries(RECORDED)) {
    it(`prints what Maven prints: ${name}`, () => {
      VERBOSE_SCENARIOS[name](f);
      expect(tree('-Dverbose')).to.equal(`${recorded.verbose.join('\n')}\n`);
      expect(tree()).to.equal(`${recorded.plain.join('\n')}\n`);
    });
  }

  it('shares scope strings between the modules of a reactor, as Maven interns dependencies for the whole session', () => {
    VERBOSE_SCENARIOS['interned-dependencies'](f);
    f.projectPom('v9:parent:1.0', {
      packaging: 'pom',
      extra: '  <modules><module>ma</module><module>mb</module></modules>',
    });
    const modules = { ma: ['v8:i:1.0'], mb: [{ gav: 'v8:m:1.0', scope: 'test' }, 'v8:i:1.0'] };
    for (const [name, dependencies] of Object.entries(modules)) {
      mkdirSync(path.join(f.project, name));
      writeFileSync(path.join(f.project, name, 'pom.xml'), pomXml(`v9:${name}:1.0`, { dependencies }));
    }
    tree('-Dverbose');
    // Recorded with Maven: ma's collection comes first, so mb's bb carries the default scope
    // string and cc the one m's POM writes (the other way round from mb built alone).
    expect(readFileSync(path.join(f.project, 'ma', 'tree.txt'), 'utf8')).to.equal(
      [
        'v9:ma:jar:1.0',
        '\\- v8:i:jar:1.0:compile',
        '   +- v8:bb:jar:1.0:compile',
        '   \\- v8:cc:jar:1.0:compile',
        '',
      ].join('\n'),
    );
    expect(readFileSync(path.join(f.project, 'mb', 'tree.txt'), 'utf8')).to.equal(
      [
        'v9:mb:jar:1.0',
        '+- v8:m:jar:1.0:test',
        '|  +- v8:bb:jar:1.0:compile',
        '|  \\- v8:cc:jar:1.0:compile (scope not updated to compile)',
        '\\- v8:i:jar:1.0:compile',
        '   +- (v8:bb:jar:1.0:compile - omitted for duplicate)',
        '   \\- (v8:cc:jar:1.0:compile - omitted for duplicate)',
        '',
      ].join('\n'),
    );
  });

  it('fails before the goal starts when the dependencies cannot be collected, as Maven collects them first', () => {
    f.artifact('v11:a:1.0', { parent: 'v11:gone:1.0' });
    f.projectPom('v11:root:1.0', { dependencies: ['v11:a:1.0'] });
    for (const args of [[], ['-Dverbose']]) {
      const r = runGoalhost(['-o', '-B', `-Dmaven.repo.local=${f.repo}`, 'dependency:tree', ...args], f.project);
      expect(r.status).to.equal(1);
      // Recorded with Maven (which adds its "-> [Help 1]" link).
      expect(r.stdout.split('\n').filter((l) => l.startsWith('[ERROR] Failed') || l.includes(':tree ('))).to.deep.equal(
        [
          '[ERROR] Failed to execute goal on project root: Could not resolve dependencies for project v11:root:jar:1.0: ' +
            'Failed to collect dependencies at v11:a:jar:1.0: Failed to read artifact descriptor for v11:a:jar:1.0: ' +
            'Cannot access central (https://repo.maven.apache.org/maven2) in offline mode and the artifact v11:gone:pom:1.0 has not been downloaded from it before. -> [Help 1]',
        ],
      );
    }
  });

  it('covers every scenario', () => {
    expect(Object.keys(RECORDED)).to.have.members(Object.keys(VERBOSE_SCENARIOS));
  });

  it('filters a verbose tree by scope and patterns like a plain one, and prints its notes in DOT too', () => {
    VERBOSE_SCENARIOS['managed-versions-and-scopes'](f);
    expect(tree('-Dverbose', '-Dscope=runtime')).to.equal(
      [
        'v2:root:jar:1.0',
        '+- v2:a:jar:1.0:compile',
        '|  +- v2:c:jar:3.0:runtime (version managed from 1.0; scope managed from compile)',
        '|  \\- v2:e:jar:2.0:compile (version managed from 1.0)',
        '\\- v2:b:jar:1.0:compile',
        '   +- (v2:c:jar:3.0:runtime - version managed from 2.0; scope managed from compile; omitted for duplicate)',
        '   +- (v2:e:jar:2.0:compile - version managed from 2.0; omitted for duplicate)',
        '   \\- v2:m:jar:1.0:compile (version managed from 1.0; scope managed from compile)',
        '',
      ].join('\n'),
    );
    expect(tree('-Dverbose', '-Dincludes=v2:e')).to.equal(
      [
        'v2:root:jar:1.0',
        '+- v2:a:jar:1.0:compile',
        '|  \\- v2:e:jar:2.0:compile (version managed from 1.0)',
        '\\- v2:b:jar:1.0:compile',
        '   \\- (v2:e:jar:2.0:compile - version managed from 2.0; omitted for duplicate)',
        '',
      ].join('\n'),
    );
    expect(tree('-Dverbose', '-DoutputType=dot', '-Dincludes=v2:s')).to.equal(
      'digraph "v2:root:jar:1.0" { \n' +
        '\t"v2:root:jar:1.0" -> "v2:a:jar:1.0:compile" ; \n' +
        '\t"v2:root:jar:1.0" -> "v2:b:jar:1.0:compile" ; \n' +
        '\t"v2:a:jar:1.0:compile" -> "v2:s:jar:1.0:provided (version managed from 1.0; scope managed from runtime)" ; \n' +
        '\t"v2:b:jar:1.0:compile" -> "(v2:s:jar:1.0:provided - version managed from 1.0; scope managed from compile; omitted for duplicate)" ; \n' +
        ' } ',
    );
  });
});
