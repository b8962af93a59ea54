import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { AppError } from '@tables-voisines/contract/errors';
import { webBuildDir } from '../paths';

const ONE_YEAR = 31_536_000;

/** Fastify request -> Fetch Request, as React Router's handler expects. */
function toFetchRequest(request: FastifyRequest, signal: AbortSignal): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  return new Request(url, { method: request.method, headers, signal });
}

async function sendFetchResponse(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  // Whole documents, not streams: pages are small and a complete body can be cached.
  return reply.send(response.body === null ? null : Buffer.from(await response.arrayBuffer()));
}

/**
 * Serves the React Router build: hashed assets with long cache headers, every other GET rendered on
 * the server. API paths never fall through to the site: an unknown `/api/...` is a JSON 404.
 */
export async function registerWeb(app: FastifyInstance): Promise<void> {
  const serverEntry = path.join(webBuildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) {
    app.log.warn({ serverEntry }, 'web build not found: run `npm run build`; serving the API only');
    return;
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handleRequest = createRequestHandler(build, 'production');

  await app.register(fastifyStatic, {
    root: path.join(webBuildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header(
        'cache-control',
        immutable ? `public, max-age=${ONE_YEAR}, immutable` : 'public, max-age=3600',
      );
    },
  });

  app.all('/api/*', async (request) => {
    throw new AppError(
      'NotFound',
      `Aucune ressource ne correspond à ${request.method} ${request.url.split('?')[0]}.`,
    );
  });

  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    const controller = new AbortController();
    // The client went away before the page was sent: stop rendering it.
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) controller.abort();
    });
    const response = await handleRequest(toFetchRequest(request, controller.signal));
    return sendFetchResponse(reply, response);
  });
}
