// Preloaded into a bench's server (`node --import`, through NODE_OPTIONS) to record its peak
// memory as the process itself sees it (issue 32: an import's peak must not grow with the file).
// VmHWM from /proc counts everything resident, PGlite's WebAssembly memory too, which grows with
// the database; the V8 heap is what the server's own JavaScript holds. Sampled every 20 ms, the
// peaks written as JSON to BENCH_MEMORY_FILE once a second (the bench reads it before stopping
// the server); a file `<BENCH_MEMORY_FILE>.reset` starts the peaks over. With BENCH_MEMORY_LIVE=1
// it also runs a full GC once a second and keeps the peak of the heap left after it (what is
// live, garbage not counted; V8 collects lazily, so the plain peak depends on when it does). The
// GC pauses the server a few tens of milliseconds a second: the probe's figures of such a run
// are not the bench's.
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
  const zero = () => ({ heapUsed: 0, rss: 0, external: 0, live: 0 });
  let gc = null;
  if (process.env.BENCH_MEMORY_LIVE === '1') {
    setFlagsFromString('--expose-gc');
    gc = runInNewContext('gc');
  }
  let peak = zero();
  let ticks = 0;
  setInterval(() => {
    if (existsSync(`${file}.reset`)) {
      rmSync(`${file}.reset`, { force: true });
      peak = zero();
    }
    const now = process.memoryUsage();
    peak = {
      heapUsed: Math.max(peak.heapUsed, now.heapUsed),
      rss: Math.max(peak.rss, now.rss),
      external: Math.max(peak.external, now.external),
      live: peak.live,
    };
    ticks += 1;
    if (gc && ticks % 50 === 0) {
      gc();
      peak.live = Math.max(peak.live, process.memoryUsage().heapUsed);
    }
    if (ticks % 50 === 0)
      writeFileSync(
        file,
        JSON.stringify({
          heapMb: mb(peak.heapUsed),
          rssMb: mb(peak.rss),
          externalMb: mb(peak.external),
          ...(gc ? { liveHeapMb: mb(peak.live) } : {}),
        }),
      );
  }, 20).unref();
}
