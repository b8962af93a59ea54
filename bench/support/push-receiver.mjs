// A push service for bench/push.mjs, in a process of its own: it takes every `POST /push/<id>` (201, after
// `latencyMs` when asked, as a distant service would), counts the messages and the browsers they went to,
// and answers `GET /stats`; `POST /latency?ms=100` changes its delay, `POST /reset` its counts. It neither
// checks the VAPID token nor decrypts (the API's tests do: apps/api/test/push-receiver.ts): what it measures
// is how fast the server hands messages over.
import http from 'node:http';

const port = Number(process.argv[2] ?? 0);
let latencyMs = 0;
let stats;
const reset = () => {
  stats = { received: 0, bytes: 0, browsers: new Set(), firstAt: null, lastAt: null, bad: 0 };
};
reset();

const server = http.createServer((request, response) => {
  const url = new URL(request.url, 'http://receiver');
  if (request.method === 'GET' && url.pathname === '/stats') {
    const { browsers, ...rest } = stats;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ...rest, distinct: browsers.size, latencyMs }));
    return;
  }
  if (request.method === 'POST' && url.pathname === '/latency') {
    latencyMs = Number(url.searchParams.get('ms') ?? 0);
    response.writeHead(204).end();
    return;
  }
  if (request.method === 'POST' && url.pathname === '/reset') {
    reset();
    response.writeHead(204).end();
    return;
  }
  const id = /^\/push\/([\w-]+)$/.exec(url.pathname)?.[1];
  let bytes = 0;
  request.on('data', (chunk) => {
    bytes += chunk.length;
  });
  request.on('end', () => {
    const ok =
      request.method === 'POST' &&
      id !== undefined &&
      request.headers['content-encoding'] === 'aes128gcm' &&
      /^vapid t=/.test(request.headers.authorization ?? '') &&
      bytes > 86;
    const answer = () => {
      if (!ok) {
        stats.bad += 1;
        response.writeHead(400).end();
        return;
      }
      const now = Date.now();
      stats.received += 1;
      stats.bytes += bytes;
      stats.browsers.add(id);
      stats.firstAt ??= now;
      stats.lastAt = now;
      response.writeHead(201).end();
    };
    if (latencyMs > 0) setTimeout(answer, latencyMs);
    else answer();
  });
});
server.keepAliveTimeout = 60_000;
server.listen(port, '127.0.0.1', () => {
  process.send?.({ port: server.address().port });
});
process.on('disconnect', () => server.close(() => process.exit(0)));
