import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';

/** What admins see of the job queue: the count of jobs kept failed (the dashboard's « Envois en échec »). */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(routes.getJobsStatus.path, { schema: schemaOf(routes.getJobsStatus) }, async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { failed: await ctx.jobs.failedCount() };
  });
};
