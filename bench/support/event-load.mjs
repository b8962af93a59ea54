// The visitors' side of bench/stats.mjs, in a process of its own: events posted at a fixed rate.
// Sending 2,000 requests a second takes most of a core; in the benchmark's own process it delayed the
// health checks measured beside it (their p99 read 841 ms while the server's event loop was never held more
// than 83 ms). Started with `fork`; takes its run as one message, answers what it counted, then exits.
//
// A paced loop over undici's pool rather than autocannon: autocannon paces each connection on its own timer
// at a whole number of requests a second and starts them one after the other, so that its first second sent
// 568 events and the minute averaged 1,949 a second for a target of 2,000 (bench/results/stats.json of
// 2026-12-04, goal missed although the server takes about 4,000 a second). Here a clock ticks every 5 ms and
// sends however many requests the schedule says should have left by then (`rate × elapsed`), so a late tick
// catches up instead of losing its share; the pool's connections (keep-alive, one request at a time each)
// carry them, and requests wait in the pool's queue if every connection is busy. The latency is measured from
// the time the schedule gave a request, not the time a connection took it: a server that falls behind shows
// in it (no coordinated omission). Every connection is opened before the clock starts: opening 100 at once
// under the first second's load had it answer 1,350 events instead of 2,000.
import { build } from 'hdr-histogram-js';
import { Pool } from 'undici';

const TICK_MS = 5;

process.once('message', async ({ url, userAgent, connections, rate, duration, bodies }) => {
  try {
    const target = new URL(url);
    const pool = new Pool(target.origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
    const latency = build({
      lowestDiscernibleValue: 1,
      highestTrackableValue: 60_000,
      numberOfSignificantValueDigits: 3,
    });
    const answeredBySecond = new Array(duration + 1).fill(0);
    const statuses = {};
    let sent = 0;
    let answered = 0;
    let answered204 = 0;
    let non2xx = 0;
    let errors = 0;
    const inFlight = new Set();
    // Every connection opened before the clock starts (a health check on each, at once).
    await Promise.all(
      Array.from({ length: connections }, () =>
        pool.request({ path: '/healthz', method: 'GET' }).then((response) => response.body.dump()),
      ),
    );
    const started = performance.now();

    const send = (scheduledAt) => {
      const body = bodies[sent % bodies.length];
      sent += 1;
      const request = pool
        .request({
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': userAgent },
          body,
        })
        .then(
          async (response) => {
            await response.body.dump();
            const now = performance.now();
            latency.recordValue(Math.max(1, Math.round(now - scheduledAt)));
            const second = Math.floor((now - started) / 1000);
            if (second < answeredBySecond.length) answeredBySecond[second] += 1;
            answered += 1;
            statuses[response.statusCode] = (statuses[response.statusCode] ?? 0) + 1;
            if (response.statusCode === 204) answered204 += 1;
            if (response.statusCode < 200 || response.statusCode >= 300) non2xx += 1;
          },
          () => {
            errors += 1;
          },
        )
        .finally(() => inFlight.delete(request));
      inFlight.add(request);
    };

    const total = rate * duration;
    await new Promise((resolve) => {
      const timer = setInterval(() => {
        const elapsed = performance.now() - started;
        const due = Math.min(total, Math.floor((rate * elapsed) / 1000));
        // Each request's due time: when the schedule meant it to leave.
        while (sent < due) send(started + ((sent + 1) * 1000) / rate);
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, TICK_MS);
    });
    const sendingMs = performance.now() - started;
    await Promise.all(inFlight);
    const finishedMs = performance.now() - started;
    await pool.close();
    process.send(
      {
        sent,
        sendingMs,
        finishedMs,
        answered,
        answered204,
        non2xx,
        errors,
        statuses,
        answeredBySecond,
        latency: {
          p50Ms: latency.getValueAtPercentile(50),
          p99Ms: latency.getValueAtPercentile(99),
          maxMs: latency.maxValue,
        },
      },
      () => process.exit(0),
    );
  } catch (error) {
    process.send({ error: String(error?.stack ?? error) }, () => process.exit(1));
  }
});
