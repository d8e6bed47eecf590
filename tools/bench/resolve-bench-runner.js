'use strict';
/*
 * Runs the resolver's own benchmark, tools/bench/resolve-bench.js (its graph, its goalhost CLI
 * and mvn timings, its check that both list the same artifacts), and turns its report into
 * the figures of results.json. It is called rather than re-implemented so there is one
 * definition of that workload. The copy of resolve-bench.js that belongs to the goalhost being
 * measured is used (a snapshot made by snapshot.sh has its own).
 */
const fs = require('node:fs');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { median } = require('./measure');

/** resolve-bench.js next to the measured goalhost's tree, else ours; undefined when neither exists. */
function resolveBenchScript(goalhostBin) {
  const tree = path.resolve(path.dirname(fs.realpathSync(goalhostBin)), '..', '..', '..');
  for (const candidate of [
    path.join(tree, 'tools', 'bench', 'resolve-bench.js'),
    path.join(__dirname, 'resolve-bench.js'),
  ]) {
    if (fs.existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Seconds from "0.123 s" lists like "[0.101 s, 0.120 s]". */
function secondsList(text) {
  return (text.match(/[\d.]+(?= s)/g) ?? []).map(Number);
}

/** Figures for one tool from its list of wall times (and the CPU median when the report has one). */
function asFigures(runs, cpuMedian = NaN) {
  const wall = { median: median(runs), min: Math.min(...runs), max: Math.max(...runs) };
  const none = { median: NaN, min: NaN, max: NaN };
  const cpu = { median: cpuMedian, min: cpuMedian, max: cpuMedian };
  return {
    runs: runs.map((w) => ({ ok: true, wall: w })),
    summary: { runs: runs.length, failed: 0, wall, cpu, user: none, sys: none, rssMB: none },
  };
}

/**
 * One tool's line: "<label>: median 3.1 s [3.0 s, ...]", or with CPU time
 * "<label>: median 3.1 s wall, 2.0 s CPU [3.0 s, ...]" (both forms of resolve-bench.js).
 */
function toolLine(output, label) {
  const m = new RegExp(`${label}:\\s+median [\\d.]+ s([^\\[\\n]*)\\[([^\\]]*)\\]`).exec(output);
  if (!m) return undefined;
  const cpu = /([\d.]+) s CPU/.exec(m[1]);
  return asFigures(secondsList(m[2]), cpu ? Number(cpu[1]) : NaN);
}

/**
 * Runs it (`--artifacts`, `--runs` for goalhost and mvn, `--dir`, `--no-mvn`) and returns
 * { info, tools: { goalhost, mvn }, inProcessMedian, same, output } or { error, output }.
 */
function runResolveBench(script, { artifacts, runs, withMvn, dir, logFile }) {
  const args = [
    script,
    '--artifacts',
    String(artifacts),
    '--runs',
    String(runs),
    '--mvn-runs',
    String(runs),
    '--dir',
    dir,
  ];
  if (!withMvn) args.push('--no-mvn');
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout ?? ''}${r.stderr ?? ''}`;
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  fs.writeFileSync(logFile, output);
  const cli = toolLine(output, 'goalhost CLI dependency:list');
  if (!cli)
    return { error: `resolve-bench.js exited ${r.status} without a goalhost CLI figure (see ${logFile})`, output };
  const result = {
    info: {
      artifacts,
      source: script.startsWith(path.resolve(__dirname, '..', '..'))
        ? path.relative(path.resolve(__dirname, '..', '..'), script)
        : script,
    },
    tools: { goalhost: cli },
  };
  const cold = toolLine(output, 'goalhost CLI, cold \\(no cache\\)');
  if (cold) result.tools['goalhost (cold)'] = cold;
  const locked = toolLine(output, 'goalhost CLI, locked \\(goalhost\\.lock\\)');
  if (locked) result.tools['goalhost (locked)'] = locked;
  const mvn = toolLine(output, 'mvn dependency:list');
  if (mvn) result.tools.mvn = mvn;
  const inProcess = /in-process: .*median ([\d.]+) s/.exec(output);
  if (inProcess) result.inProcessMedian = Number(inProcess[1]);
  const graph = /graph: (\d+) resolved artifacts/.exec(output);
  const same = /same artifacts as Maven: (\w+)/.exec(output);
  const listed = graph ? `${graph[1]} artifacts resolved` : '';
  result.tools.goalhost.check = same ? `${listed}${same[1] === 'yes' ? '' : ' DIFFERS from mvn'}` : listed;
  if (inProcess) result.tools.goalhost.check += `; in-process ${inProcess[1]} s`;
  return result;
}

module.exports = { resolveBenchScript, runResolveBench };
