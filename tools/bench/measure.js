'use strict';
/*
 * One timed run of a command, as the operating system accounts for it: wall time from here,
 * user and system CPU time and peak resident set size from GNU time (the rusage of the whole
 * process tree, threads included: worker threads for goalhost, the JVM for mvn, every unzip of
 * the shell loop). Output goes to a log file so a failing run can be shown.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const GNU_TIME = '/usr/bin/time';

function checkGnuTime() {
  const r = spawnSync(GNU_TIME, ['-f', '%M', 'true'], { encoding: 'utf8' });
  if (r.error || r.status !== 0) {
    throw new Error(`${GNU_TIME} (GNU time) is needed for CPU time and peak RSS: apt-get install -y time`);
  }
}

/**
 * Runs `command args` in `cwd`; returns { ok, status, wall, user, sys, cpu, rssMB, log }.
 * `wall` is seconds measured around the process; the rest comes from GNU time.
 */
function measure(command, args, { cwd, env = process.env, logFile }) {
  const timeFile = path.join(os.tmpdir(), `goalhost-bench-time-${process.pid}`);
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const out = fs.openSync(logFile, 'w');
  let r;
  let wall;
  try {
    const t0 = process.hrtime.bigint();
    r = spawnSync(GNU_TIME, ['-f', '%U %S %M', '-o', timeFile, command, ...args], {
      cwd,
      env,
      stdio: ['ignore', out, out],
    });
    wall = Number(process.hrtime.bigint() - t0) / 1e9;
  } finally {
    fs.closeSync(out);
  }
  if (r.error) throw r.error;
  // GNU time puts "Command exited with non-zero status N" before the figures when it fails.
  const lines = fs.readFileSync(timeFile, 'utf8').trim().split('\n');
  fs.rmSync(timeFile, { force: true });
  const [user, sys, rssKB] = lines[lines.length - 1].split(' ').map(Number);
  return { ok: r.status === 0, status: r.status, wall, user, sys, cpu: user + sys, rssMB: rssKB / 1024, log: logFile };
}

/** The last lines of a log, for a failure report. */
function tail(file, lines = 15) {
  try {
    return fs
      .readFileSync(file, 'utf8')
      .replace(/\x1b\[[0-9;]*m/g, '')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .join('\n');
  } catch {
    return '(no log)';
  }
}

function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (v.length === 0) return NaN;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** Median, min and max of each figure over successful runs. */
function summarize(runs) {
  const ok = runs.filter((r) => r.ok);
  const out = { runs: ok.length, failed: runs.length - ok.length };
  for (const key of ['wall', 'user', 'sys', 'cpu', 'rssMB']) {
    const values = ok.map((r) => r[key]);
    out[key] = { median: median(values), min: Math.min(...values), max: Math.max(...values) };
  }
  return out;
}

/** Counts of what a run left in `dir`: files, directories, links, bytes. */
function treeStats(dir) {
  const stats = { files: 0, dirs: 0, links: 0, bytes: 0 };
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        stats.dirs++;
        walk(p);
      } else if (e.isSymbolicLink()) stats.links++;
      else {
        stats.files++;
        stats.bytes += fs.statSync(p).size;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return stats;
}

module.exports = { checkGnuTime, measure, median, summarize, tail, treeStats };
