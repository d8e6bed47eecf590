import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { descriptorFromGoals, type Log, type Session } from '@goalhost/api';
import { build, type BuildEvent, type BuildRequest, type ProjectSource } from '@goalhost/core';
import { createRepositorySystem, readSettings, upstreamProjects } from '@goalhost/resolver';
import { plugin as rendezvous } from '../fixtures/plugins/rendezvous-plugin';

/**
 * core's build without the CLI: a reactor read by the real resolver, goals run by the real
 * executor, and what the build tells its listener, in order. The console output those events
 * give is pinned by the CLI tests.
 */
describe('core: build (events of a reactor build)', function () {
  this.timeout(60000);
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-core-build-'));
    fs.mkdirSync(path.join(dir, 'marks'));
    const pom = (body: string) => `<project><modelVersion>4.0.0</modelVersion>${body}</project>\n`;
    fs.writeFileSync(
      path.join(dir, 'pom.xml'),
      pom(
        '<groupId>g</groupId><artifactId>r</artifactId><version>1</version><packaging>pom</packaging><modules><module>a</module><module>b</module><module>c</module></modules>',
      ),
    );
    const module = (name: string, extra = '') => {
      fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(
        path.join(dir, name, 'pom.xml'),
        pom(
          `<parent><groupId>g</groupId><artifactId>r</artifactId><version>1</version></parent><artifactId>${name}</artifactId><packaging>pom</packaging>${extra}`,
        ),
      );
    };
    // a waits for a project that never starts: it fails; c needs a, b does not.
    module(
      'a',
      '<properties><rendezvous.waitFor>nobody</rendezvous.waitFor><rendezvous.timeout>50</rendezvous.timeout></properties>',
    );
    module('b');
    module(
      'c',
      '<dependencies><dependency><groupId>g</groupId><artifactId>a</artifactId><version>1</version><type>pom</type></dependency></dependencies>',
    );
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const run = async (request: Partial<BuildRequest>) => {
    const lines: string[] = [];
    const log: Log = {
      debug: () => {},
      info: (m) => lines.push(`[INFO] ${m}`),
      warn: (m) => lines.push(`[WARNING] ${m}`),
      error: (m) => lines.push(`[ERROR] ${m}`),
      isDebugEnabled: () => false,
      progress: () => {},
      progressDone: () => {},
    };
    const session: Session = {
      offline: true,
      debug: false,
      quiet: false,
      batchMode: true,
      showErrors: false,
      userProperties: { 'rendezvous.dir': path.join(dir, 'marks') },
      settings: readSettings(undefined, undefined),
      localRepository: path.join(dir, 'repository'),
      workingDirectory: dir,
      startTime: new Date(),
      env: {},
      settingsSecurityFile: path.join(dir, 'settings-security.xml'),
    };
    const system = createRepositorySystem({
      localRepository: session.localRepository,
      offline: true,
      updateSnapshots: false,
      settings: session.settings,
      userProperties: { ...session.userProperties },
      env: {},
      activeProfiles: [],
      inactiveProfiles: [],
      log,
    });
    const projects: ProjectSource = {
      buildProject: (pom) => system.buildProject(pom),
      buildReactor: (pom) => system.buildReactor(pom),
      setWorkspace: (all) => system.setWorkspace(all),
      applyBuildExtensions: (all) => system.applyBuildExtensions(all),
      resolveMissingPluginVersions: (project, runsOwn) => system.resolveMissingPluginVersions(project, runsOwn),
      upstreamProjects: (all) => upstreamProjects(all),
      servicesFor: () => ({
        resolveDependencies: (project, scope) => system.resolveDependencies(project, scope),
        resolveArtifact: (artifact, project) => system.resolveArtifact(artifact, project),
        readProject: (coordinates, project) => system.readProject(coordinates, project),
      }),
    };
    const events: string[] = [];
    const result = await build(
      {
        tasks: ['rendezvous:meet'],
        baseDirectory: dir,
        nonRecursive: false,
        selectedProjects: [],
        excludedProjects: [],
        failureBehavior: 'fail-fast',
        threads: 1,
        ...request,
      },
      session,
      {
        log,
        projects,
        listener: (e) => events.push(eventLine(e)),
        plugins: {
          registerBuiltIn: (registry) => registry.register(rendezvous, descriptorFromGoals(rendezvous), 'rendezvous'),
          registerNamed: () => {},
        },
      },
    );
    return { result, events, lines };
  };

  it('fail-at-end: events in build order, the project needing the failed one skipped, the failure and its project returned', async () => {
    const { result, events, lines } = await run({ failureBehavior: 'fail-at-end' });
    expect(events).to.deep.equal([
      'ProjectDiscoveryStarted',
      'SessionStarted r,a,b,c',
      'ProjectStarted r 1/4',
      'MojoStarted r meet@default-cli',
      'MojoSucceeded r',
      'ProjectSucceeded r SUCCESS',
      'ProjectStarted a 2/4',
      'MojoStarted a meet@default-cli',
      'MojoFailed a',
      'ProjectFailed a FAILURE',
      'ProjectStarted b 3/4',
      'MojoStarted b meet@default-cli',
      'MojoSucceeded b',
      'ProjectSucceeded b SUCCESS',
      'ProjectSkipped c',
      'SessionEnded false r:SUCCESS,a:FAILURE,b:SUCCESS,c:SKIPPED',
    ]);
    expect(result.projects.map((p) => p.artifactId)).to.deep.equal(['r', 'a', 'b', 'c']);
    expect(result.failures.map((f) => f.project?.artifactId)).to.deep.equal(['a']);
    expect((result.failures[0].error as Error).message).to.equal(
      'Failed to execute goal org.example:rendezvous-maven-plugin:1.0:meet (default-cli) on project a: ' +
        'Execution default-cli of goal org.example:rendezvous-maven-plugin:1.0:meet failed: a waited 50 ms for nobody to start',
    );
    // The console's lines are the listener's: the build itself logs only what goals say.
    expect(lines).to.deep.equal([
      '[INFO] r started',
      '[INFO] r done',
      '[INFO] a started',
      '[INFO] b started',
      '[INFO] b done',
    ]);
  });

  it('fail-fast: nothing starts after the failure; a failure before the projects are read ends without a session', async () => {
    const { events } = await run({});
    expect(events.slice(-2)).to.deep.equal([
      'ProjectFailed a FAILURE',
      'SessionEnded false r:SUCCESS,a:FAILURE,b:SKIPPED,c:SKIPPED',
    ]);
    // As Maven: a -f naming no file is a project that cannot be read.
    const missing = await run({ file: 'nothing.xml' });
    const pom = path.join(dir, 'nothing.xml');
    expect(missing.events).to.deep.equal(['ProjectDiscoveryStarted']);
    expect(missing.result.projects).to.deep.equal([]);
    expect(missing.result.failures.map((f) => (f.error as Error).message)).to.deep.equal([
      `The project  (${pom}) has 1 error\n    Non-readable POM ${pom}: ${pom} (No such file or directory)`,
    ]);
  });
});

function eventLine(e: BuildEvent): string {
  switch (e.type) {
    case 'SessionStarted':
      return `${e.type} ${e.projects.map((p) => p.artifactId).join(',')}`;
    case 'ProjectStarted':
      return `${e.type} ${e.project.artifactId} ${e.index}/${e.total}`;
    case 'ProjectSucceeded':
    case 'ProjectFailed':
      return `${e.type} ${e.outcome.project.artifactId} ${e.outcome.status}`;
    case 'ProjectSkipped':
      return `${e.type} ${e.project.artifactId}`;
    case 'MojoStarted':
      return `${e.type} ${e.project.artifactId} ${e.execution.mojo.goal}@${e.execution.executionId}`;
    case 'MojoSucceeded':
    case 'MojoFailed':
      return `${e.type} ${e.project.artifactId}`;
    case 'SessionEnded':
      return `${e.type} ${e.success} ${e.outcomes.map((o) => `${o.project.artifactId}:${o.status}`).join(',')}`;
    default:
      return e.type;
  }
}
