import type { FastifyPluginAsync } from 'fastify';
import { MANIFEST_CONTENT_TYPE, MANIFEST_PATH, buildWebAppManifest } from './manifest';

/** `GET /manifest.webmanifest`, linked from every page; the configuration does not change while running. */
export const manifestRoutes: FastifyPluginAsync = async (app) => {
  const body = JSON.stringify(buildWebAppManifest(app.ctx.config.site));
  app.get(MANIFEST_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type(MANIFEST_CONTENT_TYPE).header('cache-control', 'public, max-age=3600').send(body),
  );
};
