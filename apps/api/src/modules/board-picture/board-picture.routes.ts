import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routes } from '@tables-voisines/contract/routes';
import { schemaOf } from '../../plugins/contract-route';
import { matchesEtag } from '../../lib/http-negotiation';
import { renderBoardPicture } from './board-picture-draw';
import { createBoardPictures } from './board-picture.service';

/**
 * The board's picture to share (decision 0090). Revalidated on every use, like the other public answers
 * (`public, no-cache`): an owner who corrects the board and shares again gets the new picture, a 304 costs
 * two small reads.
 */
export const boardPictureRoutes: FastifyPluginAsyncZod = async (app) => {
  const pictures = createBoardPictures(app.ctx, async (input, format) => {
    const { png } = await renderBoardPicture(input, format);
    return png;
  });

  app.get(
    routes.getEstablishmentMenuBoardPicture.path,
    { schema: schemaOf(routes.getEstablishmentMenuBoardPicture) },
    async (request, reply) => {
      const { date, format } = request.query;
      const picture = await pictures.find(request.params.id, date, format);
      // Other sites show it too (link previews, an owner's own site): not only this one's pages.
      reply
        .header('etag', picture.etag)
        .header('cache-control', 'public, no-cache')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matchesEtag(request.headers['if-none-match'], picture.etag)) return reply.code(304).send();
      const png = await picture.png();
      return reply
        .type('image/png')
        .header('content-length', png.length)
        .header('content-disposition', `inline; filename="ardoise-${format}.png"`)
        .send(png as never);
    },
  );
};
