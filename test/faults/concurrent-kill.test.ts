import { expect } from 'chai';
import { Sandbox, STACK_FRAME, type Run } from '../hostile/sandbox';
import { installWorkload, markerCount, outcome, outputFileCount } from './workload';

/**
 * Two runs on one project, one SIGKILLed part-way. Without a lock, the
 * killed run could truncate (O_TRUNC) a file the other was writing, or had written and marked:
 * the survivor's later writes left zeros before their offset, or the file stayed cut short,
 * under a marker. So one run at a time unpacks into an output directory; the survivor waits,
 * skips what the killed run marked, redoes the rest, and the output is exactly an
 * uninterrupted run's.
 */

const ARTIFACTS = 8;
/** Files of 1 MiB: several writes each (tar.gz chunks), so a truncation can land mid-file. */
const install = (s: Sandbox): unknown => installWorkload(s, ARTIFACTS, 4, 1024 * 1024);

function succeeded(r: Run): void {
  expect(r.stdout).not.to.match(STACK_FRAME);
  expect(r.stderr).to.equal('');
  expect(r.status, r.stdout).to.equal(0);
  expect(r.stdout).to.include('[INFO] BUILD SUCCESS');
}

async function until(probe: () => boolean, timeoutMs = 60_000): Promise<boolean> {
  for (const started = Date.now(); !probe();) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((r) => setTimeout(r, 2));
  }
  return true;
}

/** Paths whose content differs from the reference (a zeroed hole, a short file, a missing one). */
function damaged(expected: Map<string, string>, actual: Map<string, string>): string[] {
  const paths = new Set([...expected.keys(), ...actual.keys()]);
  return [...paths].filter((p) => expected.get(p) !== actual.get(p)).sort();
}

describe('faults: two runs at once, one killed part-way (CLI)', function () {
  this.timeout(600_000);
  let expected: ReturnType<typeof outcome>;

  before(async () => {
    const s = Sandbox.create('faults-reference');
    try {
      install(s);
      succeeded(await s.run(s.unpackArgs()));
      expected = outcome(s.proj);
    } finally {
      s.dispose();
    }
    expect(expected.markers).to.have.length(ARTIFACTS);
  });

  // Kill points: after so many files of the output exist, or so many artifacts are marked; the
  // victim is the run started first (ahead) or second (behind, rewriting what the other did).
  const points = [
    ...[2, 12, 30].map((n) => ({
      when: `${n} output files exist`,
      ready: (proj: string) => outputFileCount(proj) >= n,
    })),
    ...[1, 3, 5, 7].map((n) => ({
      when: `${n} artifacts are marked`,
      ready: (proj: string) => markerCount(proj) >= n,
    })),
  ];
  for (const victimIndex of [1, 0]) {
    for (const k of points) {
      it(`the run started ${victimIndex === 0 ? 'first' : 'second'} SIGKILLed once ${k.when}: the other succeeds, nothing marked is damaged`, async () => {
        const s = Sandbox.create('faults-two-kill');
        try {
          install(s);
          const pids: number[] = [];
          const runs = [0, 1].map(() => s.run(s.unpackArgs(), { started: (p) => pids.push(p) }));
          if (await until(() => k.ready(s.proj))) {
            try {
              process.kill(pids[victimIndex], 'SIGKILL');
            } catch {
              // Already finished: nothing left to interrupt.
            }
          }
          await runs[victimIndex];
          succeeded(await runs[1 - victimIndex]);
          const now = outcome(s.proj);
          expect(damaged(expected.output, now.output), 'files that differ from an uninterrupted run').to.deep.equal([]);
          expect(now.markers).to.deep.equal(expected.markers);
        } finally {
          s.dispose();
        }
      });
    }
  }
});
