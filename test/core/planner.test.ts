import { expect } from 'chai';
import { descriptorFromGoals } from '@goalhost/api';
import { BuildError, Planner, PluginRegistry, executionKey } from '@goalhost/core';
import { plugin as sample } from '../fixtures/plugins/sample-plugin';
import { projectWith, xml } from '../support/project';

function planner(warnings: string[] = []) {
  const registry = new PluginRegistry();
  registry.register(sample, descriptorFromGoals(sample), 'sample-plugin');
  return new Planner(registry, (m) => warnings.push(m));
}

/** The BuildError `work` throws (fails the test when it throws none or another kind). */
function thrownBy(work: () => unknown): BuildError {
  try {
    work();
  } catch (e) {
    expect(e).to.be.instanceOf(BuildError);
    return e as BuildError;
  }
  throw new Error('nothing thrown');
}

const samplePlugin = (
  executions: { id: string; phase?: string; goals: string[]; configuration?: string }[],
  configuration?: string,
) => ({
  groupId: 'org.example',
  artifactId: 'sample-maven-plugin',
  version: '1.0',
  configuration: configuration ? xml(configuration) : undefined,
  executions: executions.map((e) => ({ ...e, configuration: e.configuration ? xml(e.configuration) : undefined })),
});

describe('core: planner', () => {
  it('orders executions by phase, then declaration order; no <phase> means the default phase', () => {
    const project = projectWith([
      samplePlugin([
        { id: 'late', phase: 'process-sources', goals: ['generate'] },
        { id: 'gen', goals: ['generate'] },
        { id: 'first', phase: 'validate', goals: ['generate'] },
        { id: 'too-late', phase: 'compile', goals: ['generate'] },
        { id: 'checked', goals: ['check'] },
      ]),
    ]);
    const plan = planner().plan(['process-sources'], project);
    expect(plan.executions.map(executionKey)).to.deep.equal([
      'sample:generate@first',
      'sample:check@checked',
      'sample:generate@gen',
      'sample:generate@late',
    ]);
  });

  it('runs several tasks in order and a goal given directly as default-cli', () => {
    const project = projectWith([samplePlugin([{ id: 'gen', goals: ['generate'] }])]);
    const plan = planner().plan(
      ['sample:check', 'generate-sources', 'org.example:sample-maven-plugin:generate@gen'],
      project,
    );
    expect(plan.executions.map(executionKey)).to.deep.equal([
      'sample:check@default-cli',
      'sample:generate@gen',
      'sample:generate@gen',
    ]);
  });

  it('merges execution configuration over plugin configuration, and applies pluginManagement', () => {
    const managed = samplePlugin(
      [{ id: 'gen', goals: ['generate'], configuration: '<configuration><count>7</count></configuration>' }],
      '<configuration><message>managed</message><skip>true</skip></configuration>',
    );
    const project = projectWith(
      [
        samplePlugin(
          [{ id: 'gen', goals: [], configuration: '<configuration><message>exec</message></configuration>' }],
          '<configuration><skip>false</skip></configuration>',
        ),
      ],
      {},
      [managed],
    );
    const [execution] = planner().plan(['generate-sources'], project).executions;
    expect(execution.configuration!.children.map((c) => `${c.name}=${c.text}`)).to.deep.equal([
      'message=exec',
      'count=7',
      'skip=false',
    ]);
  });

  it("rejects an unknown phase, listing phases in Maven's order (default, clean, site) and goals, as Maven's LifecyclePhaseNotFoundException", () => {
    const error = thrownBy(() => planner().validateTasks(['proces-sources']));
    expect(error.message).to.equal(
      'Unknown lifecycle phase "proces-sources". You must specify a valid lifecycle phase or a goal in the format ' +
        '<plugin-prefix>:<goal> or <plugin-group-id>:<plugin-artifact-id>[:<plugin-version>]:<goal>. Available lifecycle phases are: ' +
        'validate, initialize, generate-sources, process-sources, generate-resources, process-resources, ' +
        'compile, process-classes, generate-test-sources, process-test-sources, generate-test-resources, process-test-resources, ' +
        'test-compile, process-test-classes, test, prepare-package, package, pre-integration-test, integration-test, ' +
        'post-integration-test, verify, install, deploy, pre-clean, clean, post-clean, pre-site, site, post-site, site-deploy. Available goals are: sample:check, sample:generate.',
    );
    expect(error.mavenException).to.equal('LifecyclePhaseNotFoundException');
  });

  it("rejects an unknown goal of a known plugin, listing its goals, as Maven's MojoNotFoundException", () => {
    const error = thrownBy(() => planner().validateTasks(['sample:nope']));
    expect(error.message).to.equal(
      "Could not find goal 'nope' in plugin org.example:sample-maven-plugin:1.0 among available goals sample:check, sample:generate",
    );
    expect(error.mavenException).to.equal('MojoNotFoundException');
  });

  it("an unknown prefix is Maven's NoPluginFoundForPrefixException, an unknown groupId:artifactId its PluginResolutionException", () => {
    expect(thrownBy(() => planner().validateTasks(['nope:goal'])).mavenException).to.equal(
      'NoPluginFoundForPrefixException',
    );
    expect(thrownBy(() => planner().validateTasks(['org.example:nope-maven-plugin:1.0:goal'])).mavenException).to.equal(
      'PluginResolutionException',
    );
  });

  it('refuses a second plugin claiming the same prefix:goal, naming both sources', () => {
    const registry = new PluginRegistry();
    registry.register(sample, descriptorFromGoals(sample), 'sample-plugin');
    const copy = { ...sample, artifactId: 'copy-maven-plugin' };
    expect(() => registry.register(copy, descriptorFromGoals(copy), './local/copy.js')).to.throw(
      "Goal 'sample:check' is provided twice: by sample-plugin (org.example:sample-maven-plugin:1.0) and by ./local/copy.js " +
        '(org.example:copy-maven-plugin:1.0); remove one of the plugins',
    );
  });
});
