// Preloaded into the measured server (`node --import bench/support/memory-probe.mjs`): every 100 ms, one
// JSON line of process.memoryUsage() and V8's space sizes, in MiB, appended to MEMORY_PROBE_FILE. The
// benchmark reads it per phase to say where the resident memory goes (heap, buffers, the rest). Reading
// these counters costs microseconds; nothing is kept in the server.
import { appendFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import v8 from 'node:v8';

const file = process.env.MEMORY_PROBE_FILE;
const MiB = 1024 * 1024;
if (file) {
  writeFileSync(file, '');
  // The longest the server's event loop was held in each 100 ms (`eventLoopMaxMs`): a stall shows there.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const timer = setInterval(() => {
    const usage = process.memoryUsage();
    const sample = { t: Date.now() };
    for (const [name, bytes] of Object.entries(usage)) sample[name] = Math.round(bytes / MiB);
    for (const space of v8.getHeapSpaceStatistics()) {
      const size = Math.round(space.space_size / MiB);
      if (size > 0) sample[space.space_name] = size;
    }
    sample.eventLoopMaxMs = Math.round(delay.max / 1e6);
    delay.reset();
    appendFileSync(file, `${JSON.stringify(sample)}\n`);
  }, 100);
  timer.unref();
}
