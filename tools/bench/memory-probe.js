'use strict';
/*
 * Preloaded into goalhost (node --require) by profile.js --memory: samples the process's
 * memory every 10 ms and, at exit, writes the peaks of each figure to $BENCH_MEMORY_FILE.
 * rss is the whole process (worker threads included); heap figures are the main thread's.
 * With BENCH_HEAP_SNAPSHOT_MB=N it also writes one heap snapshot when the heap first holds N MB.
 */
const { isMainThread } = require('node:worker_threads');

if (isMainThread && process.env.BENCH_MEMORY_FILE) {
  const fs = require('node:fs');
  const v8 = require('node:v8');
  const t0 = Date.now();
  const peak = { rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 };
  const at = {};
  const timeline = [];
  let spacesAtRssPeak = {};
  // With BENCH_HEAP_SNAPSHOT_MB, one heap snapshot when the main heap first reaches that size.
  let snapshotAt = Number(process.env.BENCH_HEAP_SNAPSHOT_MB || 0) * 1048576;
  const sample = () => {
    const m = process.memoryUsage();
    if (snapshotAt > 0 && m.heapUsed >= snapshotAt) {
      snapshotAt = 0;
      v8.writeHeapSnapshot(`${process.env.BENCH_MEMORY_FILE}.heapsnapshot`);
    }
    // What the main thread's heap spaces held when the process's RSS peaked.
    if (m.rss > peak.rss)
      spacesAtRssPeak = Object.fromEntries(
        v8
          .getHeapSpaceStatistics()
          .filter((s) => s.space_size >= 1048576)
          .map((s) => [s.space_name, +(s.space_size / 1048576).toFixed(1)]),
      );
    for (const k of Object.keys(peak)) {
      if (m[k] > peak[k]) {
        peak[k] = m[k];
        at[k] = Date.now() - t0;
      }
    }
    if (timeline.length === 0 || Date.now() - t0 - timeline[timeline.length - 1].ms >= 100) {
      timeline.push({
        ms: Date.now() - t0,
        rssMB: +(m.rss / 1048576).toFixed(1),
        heapUsedMB: +(m.heapUsed / 1048576).toFixed(1),
        externalMB: +(m.external / 1048576).toFixed(1),
      });
    }
  };
  setInterval(sample, 10).unref();
  process.on('exit', () => {
    sample();
    const mb = Object.fromEntries(Object.entries(peak).map(([k, v]) => [k, +(v / 1048576).toFixed(1)]));
    const heap = v8.getHeapStatistics();
    fs.writeFileSync(
      process.env.BENCH_MEMORY_FILE,
      JSON.stringify(
        {
          peakMB: mb,
          peakAtMs: at,
          spacesAtRssPeakMB: spacesAtRssPeak,
          mallocedMB: +(heap.malloced_memory / 1048576).toFixed(1),
          timeline,
        },
        null,
        1,
      ),
    );
  });
}
