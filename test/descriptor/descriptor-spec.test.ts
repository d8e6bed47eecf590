import { expect } from 'chai';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readPluginDescriptor, userProperty, type PluginDescriptor } from '@goalhost/model';
import { hasShared, ROOT, skipWithoutShared } from '../support/paths';
import { defaultMatches, readSpecParameters, SPEC_RELATIVE } from './goals-spec-tables';

const GOALS = ['scm-dependencies', 'unpack-dependencies'];

/** The committed descriptor against the parameter tables of shared/spec/goals-spec.md. */
describe('descriptor: plugin-descriptor.xml matches the goals spec', () => {
  const file = path.join(ROOT, 'plugin-descriptor.xml');
  const descriptor: PluginDescriptor = readPluginDescriptor(fs.readFileSync(file, 'utf8'), file);
  const spec = hasShared(SPEC_RELATIVE) ? readSpecParameters() : [];

  it('describes org.codehaus.mojo:cxx-maven-plugin:0.0.6-SNAPSHOT, prefix cxx, with exactly the two goals', () => {
    expect([descriptor.groupId, descriptor.artifactId, descriptor.version, descriptor.goalPrefix]).to.deep.equal([
      'org.codehaus.mojo',
      'cxx-maven-plugin',
      '0.0.6-SNAPSHOT',
      'cxx',
    ]);
    expect(descriptor.mojos.map((m) => m.goal)).to.deep.equal(GOALS);
  });

  for (const goal of GOALS) {
    it(`${goal}: requires a project, resolution test, thread-safe, phase process-sources, since 0.0.6`, () => {
      const m = descriptor.mojos.find((x) => x.goal === goal)!;
      expect({
        requiresProject: m.requiresProject,
        requiresDependencyResolution: m.requiresDependencyResolution,
        threadSafe: m.threadSafe,
        phase: m.phase,
        since: m.since,
        aggregator: m.aggregator,
        requiresOnline: m.requiresOnline,
      }).to.deep.equal({
        requiresProject: true,
        requiresDependencyResolution: 'test',
        threadSafe: true,
        phase: 'process-sources',
        since: '0.0.6',
        aggregator: false,
        requiresOnline: false,
      });
    });
  }

  describe('the parameter tables of shared/spec/goals-spec.md', () => {
    before(function () {
      skipWithoutShared(this, SPEC_RELATIVE, 'the descriptor against the goals spec tables');
    });
    for (const goal of GOALS) {
      it(`${goal}: every parameter of the spec tables, with its type, since, default and user property`, () => {
        const m = descriptor.mojos.find((x) => x.goal === goal)!;
        const rows = spec.filter((r) => r.goal === goal);
        expect(rows.length).to.be.greaterThan(20);
        const problems: string[] = [];
        const names = m.parameters.filter((p) => p.editable).map((p) => p.name);
        const missing = rows.map((r) => r.name).filter((n) => !names.includes(n));
        if (missing.length) problems.push(`missing parameters: ${missing.join(', ')}`);
        // Parameters beyond the tables (from maven-dependency-plugin 3.5.0) are allowed, but fully described.
        for (const p of m.parameters.filter((x) => !rows.some((r) => r.name === x.name))) {
          if (!p.description || !p.since) problems.push(`${p.name} (not in the spec): needs a description and since`);
        }
        for (const row of rows) {
          const p = m.parameters.find((x) => x.name === row.name);
          if (!p) continue;
          const typeOk = row.type === 'SourceTarget[]' ? p.type.endsWith('.SourceTarget[]') : p.type === row.type;
          if (!typeOk) problems.push(`${row.name}: type ${p.type}, spec ${row.type}`);
          if (p.since !== row.since) problems.push(`${row.name}: since ${p.since}, spec ${row.since}`);
          if (!defaultMatches(row.defaultValue, p.defaultValue))
            problems.push(
              `${row.name}: default ${JSON.stringify(p.defaultValue)}, spec ${JSON.stringify(row.defaultValue)}`,
            );
          if (userProperty(p) !== row.property)
            problems.push(`${row.name}: user property ${userProperty(p)}, spec ${row.property}`);
          if (p.expression !== undefined && userProperty(p) === undefined)
            problems.push(`${row.name}: expression ${p.expression} is not \${property}`);
          if (goal === 'unpack-dependencies' && p.required) problems.push(`${row.name}: required, spec says optional`);
          if (!p.description) problems.push(`${row.name}: no description`);
        }
        expect(problems).to.deep.equal([]);
      });
    }
  });

  it('unpack-dependencies has a description', () => {
    expect(descriptor.mojos.find((m) => m.goal === 'unpack-dependencies')!.description).to.not.equal('');
  });
});
