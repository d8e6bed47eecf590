import { expect } from 'chai';
import * as path from 'node:path';
import { FixtureRepo } from '../resolver/support/fixture-repo';
import { runGoalhost } from '../support/run-goalhost';
import { treeOf } from '../support/tree';

describe('dependency:copy-dependencies with hostile names', () => {
  let f: FixtureRepo;
  beforeEach(() => {
    f = new FixtureRepo();
    f.artifact('zz.a:lib:1.0');
  });
  afterEach(() => f.cleanup());

  it('refuses a scope that would place the copy outside the output directory, and writes nothing', () => {
    f.projectPom('zz.p:proj:1', { dependencies: [{ gav: 'zz.a:lib:1.0', scope: '../../escaped' }] });
    const r = runGoalhost(
      [
        '-o',
        '-B',
        `-Dmaven.repo.local=${f.repo}`,
        'dependency:copy-dependencies',
        '-Dmdep.useSubDirectoryPerScope=true',
      ],
      f.project,
    );
    const output = path.join(f.project, 'target', 'dependency');
    expect(r.status, r.stdout).to.equal(1);
    expect(r.stdout).to.contain(
      `on project proj: Refusing to copy zz.a:lib:jar:1.0 to ${path.join(f.project, 'escaped', 'lib-1.0.jar')}: the path its scope, type or coordinates make leaves the output directory ${output}. Check that dependency's declaration.`,
    );
    expect(treeOf(f.project).filter((l) => !l.includes('pom.xml'))).to.deep.equal([]);
  });
});
