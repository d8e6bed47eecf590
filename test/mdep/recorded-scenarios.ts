import { expect } from 'chai';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { RepoServer } from '../resolver/support/repo-server';
import { spawn } from 'node:child_process';
import { GOALHOST_BIN, ROOT } from '../support/paths';
import {
  applyChanges,
  layOut,
  outcomeOf,
  recordTree,
  stepArgs,
  type Recording,
  type Scenario,
} from './support/scenario';
import { SCENARIOS } from './support/scenarios';

const RECORDINGS = path.join(ROOT, 'test', 'fixtures', 'mdep-goals');

/**
 * Defines one test per recorded scenario whose name starts with `prefix`: goalhost runs every
 * step on the scenario's layout (its remote repository served over loopback HTTP) and must print
 * the goal lines and the failure Maven printed, and leave the same trees.
 */
export function replayRecordedScenarios(prefix: string): void {
  for (const scenario of SCENARIOS.filter((s) => s.name.startsWith(prefix))) {
    it(`${scenario.name}: as recorded from Maven 3.8.7 with maven-dependency-plugin 3.5.0`, async function () {
      this.timeout(120_000);
      const recorded = JSON.parse(fs.readFileSync(path.join(RECORDINGS, `${scenario.name}.json`), 'utf8')) as Recording;
      expect(await replay(scenario)).to.deep.equal({ steps: recorded.steps, trees: recorded.trees });
    });
  }
}

/** What goalhost does in the scenario, in the recording's form. */
export async function replay(scenario: Scenario): Promise<Recording> {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'goalhost-mdep-')));
  const server = new RepoServer(path.join(root, 'remote'));
  await server.start();
  try {
    const layout = layOut(scenario, root, server.url);
    const started = Date.now();
    const steps = [];
    for (const step of scenario.steps) {
      applyChanges(root, step.before);
      const args = [
        '-B',
        `-Dmaven.repo.local=${layout.repo}`,
        '-s',
        layout.settings,
        ...stepArgs(step, root, server.url),
      ];
      const run = await runAsync(args, layout.project);
      steps.push(outcomeOf(run.status, run.stdout, root, server.url));
    }
    const trees: Record<string, string[]> = {};
    for (const dir of scenario.trees) trees[dir] = recordTree(path.join(root, dir), started, root, scenario.modes);
    return { steps, trees };
  } finally {
    await server.stop();
    if (process.env.GOALHOST_KEEP_FIXTURES) console.log(`kept ${root}`);
    else fs.rmSync(root, { recursive: true, force: true });
  }
}

/** The CLI as runGoalhost runs it, without blocking this process: the loopback server must answer meanwhile. */
function runAsync(args: readonly string[], cwd: string): Promise<{ status: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [GOALHOST_BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/root', TZ: 'UTC', LANG: 'C.UTF-8' },
    });
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? -1, stdout }));
  });
}
