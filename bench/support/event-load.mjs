// The visitors' side of bench/stats.mjs, in a process of its own: autocannon posting events at a fixed rate.
// Sending 2,000 requests a second takes most of a core; in the benchmark's own process it delayed the
// health checks measured beside it (their p99 read 841 ms while the server's event loop was never held more
// than 83 ms). Started with `fork`; takes its run as one message, answers autocannon's result and how many
// requests it built, then exits.
import autocannon from 'autocannon';

process.once('message', ({ url, userAgent, connections, rate, duration, bodies }) => {
  let sent = 0;
  autocannon(
    {
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      connections,
      overallRate: rate,
      duration,
      requests: [{ setupRequest: (request) => ({ ...request, body: bodies[sent++ % bodies.length] }) }],
    },
    (error, result) => {
      process.send(
        error ? { error: String(error) } : { result: JSON.parse(JSON.stringify(result)), sent },
        () => process.exit(0),
      );
    },
  );
});
