import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '@tables-voisines/contract/errors';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { findCategoriesPage, findCategory, searchCategories, toCategory } from './categories.queries';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get(routes.searchCategories.path, { schema: schemaOf(routes.searchCategories) }, async (request) => {
    const { searchTerm, locale, limit } = request.query;
    return { categories: await searchCategories(db, searchTerm, locale, limit) };
  });

  app.get(routes.listCategories.path, { schema: schemaOf(routes.listCategories) }, async (request, reply) => {
    const { q, locale, page, perPage } = request.query;
    const found = await findCategoriesPage(db, { q, locale, limit: perPage, offset: (page - 1) * perPage });
    reply.header('x-total-count', String(found.total));
    return found.categories;
  });

  app.get(routes.getCategory.path, { schema: schemaOf(routes.getCategory) }, async (request) => {
    const row = await findCategory(db, request.params.id);
    if (row === null) throw new AppError('NotFound', 'Cette catégorie n’existe pas.');
    return toCategory(row, request.query.locale);
  });
};
