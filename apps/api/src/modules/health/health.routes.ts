import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, ErrorBodySchema } from '@tables-voisines/contract/errors';

const StatusSchema = z.object({ status: z.literal('ok') });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        summary: 'Le processus répond',
        tags: ['Exploitation'],
        response: { 200: StatusSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        summary: 'La base de données répond : le service peut recevoir du trafic',
        tags: ['Exploitation'],
        response: { 200: StatusSchema, 503: ErrorBodySchema },
      },
    },
    async () => {
      try {
        await app.ctx.database.ping();
      } catch {
        throw new AppError('ServiceUnavailable', 'La base de données ne répond pas.');
      }
      return { status: 'ok' as const };
    },
  );
};
