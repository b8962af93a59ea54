import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subject } from '@tables-voisines/contract/permissions';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { authOf } from '../auth/auth-of';
import { actorOf } from '../history/history';
import { findEstablishmentReports, findReportEstablishmentId } from './reports.queries';
import { answerReport, createReport, listReports, patchReport } from './reports.service';

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(routes.createReport.path, { schema: schemaOf(routes.createReport) }, async (request, reply) => {
    // `request.ip` is the client's address as TRUST_PROXY allows X-Forwarded-For to tell it.
    const created = await createReport(ctx, request.params.id, request.body, request.ip);
    return reply.code(201).header('cache-control', 'no-store').send(created);
  });

  app.get(routes.listReports.path, { schema: schemaOf(routes.listReports) }, async (request, reply) => {
    const { reports, total } = await listReports(ctx, request.query);
    reply.header('x-total-count', String(total)).header('cache-control', 'private, no-store');
    return reports;
  });

  app.patch(
    routes.patchReport.path,
    {
      schema: schemaOf(routes.patchReport),
      config: {
        // The permission is on the establishment the report is about; `status` is not one of its fields.
        permissionSubject: async (request) => {
          const establishmentId = await findReportEstablishmentId(
            ctx.db,
            (request.params as { id: string }).id,
          );
          return establishmentId === null ? null : subject('establishment', { id: establishmentId });
        },
        permissionFields: [],
      },
    },
    async (request) => patchReport(ctx, actorOf(authOf(request)), request.params.id, request.body),
  );

  app.get(
    routes.listEstablishmentReports.path,
    { schema: schemaOf(routes.listEstablishmentReports) },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return findEstablishmentReports(ctx.db, request.params.id);
    },
  );

  app.put(
    routes.answerReport.path,
    {
      schema: schemaOf(routes.answerReport),
      config: {
        // Only the owner of the establishment the report is about; another's report is a 403 as any page.
        permissionSubject: async (request) => {
          const establishmentId = await findReportEstablishmentId(
            ctx.db,
            (request.params as { id: string }).id,
          );
          return establishmentId === null ? null : subject('establishment', { id: establishmentId });
        },
        permissionFields: [],
      },
    },
    async (request) => answerReport(ctx, request.params.id, request.body),
  );
};
