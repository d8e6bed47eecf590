'use strict';
/*
 * The figures table and the performance targets with PASS/MISS. Ratios are the median
 * of the ratios of runs made next to each other (goalhost run i against the other tool's run i),
 * which holds when a shared machine speeds up or slows down during the benchmark.
 */
const { median } = require('./measure');
const { formatFloor } = require('./tar-floor');

/** Median over i of a.runs[i].key / b.runs[i].key (successful pairs only). */
function pairedRatio(a, b, key = 'wall') {
  if (!a || !b) return NaN;
  const ratios = [];
  for (let i = 0; i < Math.min(a.runs.length, b.runs.length); i++) {
    if (a.runs[i].ok && b.runs[i].ok) ratios.push(a.runs[i][key] / b.runs[i][key]);
  }
  return median(ratios);
}

function target(name, figure, limit, format, pass, floor) {
  const t = {
    name,
    figure,
    limit,
    shown: Number.isFinite(figure) ? format(figure) : 'n/a',
    result: !Number.isFinite(figure) ? 'n/a' : pass ? 'PASS' : 'MISS',
  };
  // The least any unpacker could reach here (tar-floor.js), in the figure's own terms.
  if (Number.isFinite(floor)) Object.assign(t, { floor, floorShown: format(floor) });
  return t;
}

const times = (x) => `${x.toFixed(3)}x`;
const secs = (x) => `${x.toFixed(3)} s`;
const mb = (x) => `${x.toFixed(0)} MB`;

/** Wall-time targets against the unzip loop, by zip workload. */
const ZIP_LIMITS = { many: 0.5, huge: 0.42 };
/** Wall-time targets against the GNU tar loop, by tar workload (0.5x for the others). */
const TAR_LIMITS = { 'many-tar.gz': 0.4, 'huge-tar.gz': 0.65, 'many-tar.xz': 0.6, 'huge-tar.bz2': 0.55 };

/** Targets from the results object (see run.js for its shape). */
function evaluateTargets(results) {
  const out = [];
  const w = results.workloads;
  for (const name of ['many', 'huge']) {
    const t = w[name]?.tools;
    if (!t) continue;
    const vsUnzip = pairedRatio(t.goalhost, t.unzip);
    const vsMvn = pairedRatio(t.goalhost, t.mvn);
    const limit = ZIP_LIMITS[name];
    out.push(target(`${name}: goalhost wall <= ${limit}x unzip`, vsUnzip, limit, times, vsUnzip <= limit));
    out.push(target(`${name}: goalhost wall <= 0.1x mvn`, vsMvn, 0.1, times, vsMvn <= 0.1));
  }
  // A fresh workspace placed from a warm store, against the C tool's loop (issue: store targets).
  for (const name of ['many', 'huge', 'many-tar.gz', 'huge-tar.gz']) {
    const t = w[name]?.tools;
    if (!t) continue;
    const c = t.unzip ?? t.tar;
    const cName = t.unzip ? 'unzip' : 'GNU tar loop';
    // Filling an empty store costs about what unpacking without it does.
    if (t['goalhost cold store']) {
      const ratio = pairedRatio(t['goalhost cold store'], t.goalhost);
      out.push(target(`${name}: goalhost cold store wall <= 1.3x goalhost`, ratio, 1.3, times, ratio <= 1.3));
    }
    // The floor: C copying (linking) the stored trees, in the same run.
    for (const [tool, limit, floorTool] of [
      ['goalhost warm copy', 0.1, 'cp -r store'],
      ['goalhost warm hardlink', 0.05, 'cp -al store'],
    ]) {
      if (!t[tool]) continue;
      const ratio = pairedRatio(t[tool], c);
      const floor = pairedRatio(t[floorTool], c);
      out.push(target(`${name}: ${tool} wall <= ${limit}x ${cName}`, ratio, limit, times, ratio <= limit, floor));
    }
  }
  // A version bump in sync mode costs no more than unpacking the new version over the old.
  const bump = w.bump?.tools;
  if (bump) {
    const ratio = pairedRatio(bump['goalhost sync bump'], bump['goalhost bump']);
    out.push(target('bump: goalhost sync bump wall <= 1.05x goalhost bump', ratio, 1.05, times, ratio <= 1.05));
  }
  const reactor = w.reactor?.tools;
  if (reactor) {
    const speedup = 1 / pairedRatio(reactor['goalhost -T 2C'], reactor['goalhost -T 1']);
    // A gain within run-to-run noise (a few percent) is no gain.
    out.push(
      target(
        'reactor: goalhost -T 2C at least 1.1x faster than -T 1',
        speedup,
        1.1,
        (x) => `${x.toFixed(2)}x`,
        speedup >= 1.1,
      ),
    );
    const vsMvn = pairedRatio(reactor['goalhost -T 2C'], reactor['mvn -T 2C']);
    out.push(target('reactor: goalhost -T 2C wall <= 0.1x mvn -T 2C', vsMvn, 0.1, times, vsMvn <= 0.1));
  }
  for (const name of ['many-tar.gz', 'huge-tar.gz', 'many-tar.bz2', 'huge-tar.bz2', 'many-tar.xz', 'huge-tar.xz']) {
    const t = w[name]?.tools;
    if (!t) continue;
    const vsTar = pairedRatio(t.goalhost, t.tar);
    const floor = w[name].floor ? w[name].floor.floor / t.tar.summary.wall.median : NaN;
    const limit = TAR_LIMITS[name] ?? 0.5;
    out.push(target(`${name}: goalhost wall <= ${limit}x GNU tar loop`, vsTar, limit, times, vsTar <= limit, floor));
  }
  const hugeTgz = w['huge-tar.gz']?.tools?.goalhost?.summary;
  if (hugeTgz)
    out.push(
      target('huge-tar.gz: goalhost peak RSS < 150 MB', hugeTgz.rssMB.median, 150, mb, hugeTgz.rssMB.median < 150),
    );
  const huge = w.huge?.tools?.goalhost?.summary;
  if (huge) out.push(target('huge: goalhost peak RSS < 150 MB', huge.rssMB.median, 150, mb, huge.rssMB.median < 150));
  const noop = w.wide?.noop?.goalhost?.summary;
  if (noop)
    out.push(target('wide no-op rerun: goalhost wall < 0.3 s', noop.wall.median, 0.3, secs, noop.wall.median < 0.3));
  for (const name of ['resolve', 'resolve-inherit']) {
    const r = w[name]?.tools;
    if (!r?.goalhost) continue;
    const gh = r.goalhost.summary.wall.median;
    out.push(target(`${name}: goalhost dependency:list < 0.5 s`, gh, 0.5, secs, gh < 0.5));
    // resolve-bench.js times goalhost's runs, then mvn's: medians, not pairs.
    const speedup = name === 'resolve' ? r.mvn?.summary.wall.median / gh : 1 / pairedRatio(r.goalhost, r.mvn);
    out.push(target(`${name}: goalhost >= 10x faster than mvn`, speedup, 10, (x) => `${x.toFixed(1)}x`, speedup >= 10));
    const cold = r['goalhost (cold)']?.summary.wall.median;
    if (cold !== undefined) {
      out.push(target(`${name}, cold (no cache): goalhost < 0.5 s`, cold, 0.5, secs, cold < 0.5));
      const coldSpeedup = r.mvn?.summary.wall.median / cold;
      out.push(
        target(
          `${name}, cold (no cache): goalhost >= 10x faster than mvn`,
          coldSpeedup,
          10,
          (x) => `${x.toFixed(1)}x`,
          coldSpeedup >= 10,
        ),
      );
    }
    const locked = r['goalhost (locked)']?.summary.wall.median;
    if (locked !== undefined) {
      // The lock's fast path: no resolution at all, so below the cached resolution.
      out.push(
        target(
          `${name}, locked (goalhost.lock): goalhost faster than with the resolution cache`,
          locked / gh,
          1,
          (x) => `${x.toFixed(2)}x`,
          locked < gh,
        ),
      );
    }
  }
  for (const [name, wl] of Object.entries(w)) {
    if (!name.startsWith('resolve-remote-') || !wl.tools?.goalhost) continue;
    const gh = wl.tools.goalhost.summary.wall.median;
    const vsMvn = pairedRatio(wl.tools.goalhost, wl.tools.mvn);
    const vsFloor = gh / wl.info.floor;
    out.push(target(`${name}: goalhost wall <= 0.1x mvn`, vsMvn, 0.1, times, vsMvn <= 0.1));
    out.push(target(`${name}: goalhost wall <= 1.5x the floor`, vsFloor, 1.5, times, vsFloor <= 1.5));
  }
  return out;
}

function pad(s, n, right = false) {
  s = String(s);
  return right ? s.padStart(n) : s.padEnd(n);
}

function row(cells, widths, rightFrom = 2) {
  return cells
    .map((c, i) => pad(c, widths[i], i >= rightFrom))
    .join('  ')
    .trimEnd();
}

function figureRows(results) {
  const rows = [];
  const add = (workload, label, s, extra = '') => {
    if (!s) return;
    const fmt = (f, d) =>
      s.runs === 0
        ? 'failed'
        : !Number.isFinite(f.median)
          ? 'n/a'
          : `${f.median.toFixed(d)} (${f.min.toFixed(d)}-${f.max.toFixed(d)})`;
    rows.push([
      workload,
      label,
      fmt(s.wall, 2),
      fmt(s.cpu, 2),
      fmt(s.rssMB, 0),
      `${s.runs}${s.failed ? ` +${s.failed} failed` : ''}`,
      extra,
    ]);
  };
  for (const [name, w] of Object.entries(results.workloads)) {
    for (const [tool, m] of Object.entries(w.tools ?? {})) add(name, tool, m.summary, m.check ?? '');
    for (const [tool, m] of Object.entries(w.noop ?? {})) add(`${name} no-op`, tool, m.summary, 'markers present');
  }
  return rows;
}

/** The whole text report. */
function formatReport(results) {
  const lines = [];
  const m = results.machine;
  lines.push(
    `goalhost benchmark (${results.mode}): ${results.runs} runs after ${results.warmup} warm-up, median (min-max)`,
  );
  lines.push(`goalhost: ${results.goalhost.bin} at ${results.goalhost.commit}`);
  lines.push(
    `machine: ${m.cpus} x ${m.cpuModel}, node ${m.node}, load average ${m.loadBefore.join(' ')} before, ${m.loadAfter.join(' ')} after`,
  );
  if (m.decompressors)
    lines.push(
      `goalhost decompresses tar.bz2 with ${m.decompressors.bzip2}, tar.xz with ${m.decompressors.xz} (GNU tar: bzip2, xz)`,
    );
  for (const [name, w] of Object.entries(results.workloads)) {
    if (w.info?.archives) {
      lines.push(
        `  ${name}: ${w.info.archives.length} archives, ${w.info.entries} entries, ${(w.info.bytes / 1e6).toFixed(0)} MB unpacked, ${(w.info.compressed / 1e6).toFixed(0)} MB compressed`,
      );
    } else if (w.info?.source) {
      lines.push(
        `  ${name}: ${w.info.artifacts} artifacts generated by ${w.info.source} (its own timings, no peak RSS; goalhost warm, cold and locked, mvn with default JVM options)`,
      );
    } else if (w.info?.delayMs) {
      const i = w.info;
      lines.push(
        `  ${name}: ${i.artifacts} artifacts (${i.versions} versions) from a loopback repository answering after ${i.delayMs} ms, ${i.checksums ? 'a .sha1 beside each file' : 'no checksum files'}, cold; floor ${i.floor.toFixed(2)} s (${i.chain} POMs one after another, the rest of ${i.fewestRequests} requests at ${i.connections} connections)`,
      );
    } else if (w.info?.artifacts) {
      lines.push(`  ${name}: ${w.info.artifacts} artifacts (${w.info.versions} versions) in the local repository`);
    }
  }
  lines.push('');
  const header = ['workload', 'tool', 'wall s', 'cpu s', 'peak RSS MB', 'runs', 'output'];
  const body = figureRows(results);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => String(r[i]).length)));
  lines.push(row(header, widths));
  for (const r of body) lines.push(row(r, widths));
  lines.push('');
  const targets = results.targets;
  const tw = [Math.max(6, ...targets.map((t) => t.name.length)), 10, 6, 20];
  lines.push(row(['target', 'figure', 'result', 'floor on this machine'], tw, 1));
  for (const t of targets) lines.push(row([t.name, t.shown, t.result, t.floorShown ?? ''], tw, 1));
  if (Object.values(results.workloads).some((w) => w.tools?.['cp -r store'])) {
    lines.push('');
    lines.push(
      "warm rows' floor: cp -r store / cp -al store, one cp per stored tree into a fresh output (no start-up, no plan), as a ratio to the same C tool",
    );
  }
  const floors = Object.entries(results.workloads).filter(([, w]) => w.floor);
  if (floors.length > 0) {
    lines.push('');
    lines.push(
      "floors (tools/bench/tar-floor.js): goalhost's start-up plus the least any unpacker using the same decompressors needs on this machine",
    );
    for (const [name, w] of floors) lines.push(`  ${formatFloor(name, w.floor, w.tools.tar?.summary.wall.median)}`);
  }
  return lines.join('\n');
}

module.exports = { evaluateTargets, formatReport, pairedRatio };
