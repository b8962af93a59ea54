import path from 'node:path';
import send from '@fastify/send';
import { layers, namedFlavor } from '@protomaps/basemaps';
import { AppError } from '@tables-voisines/contract/errors';
import type { FastifyInstance } from 'fastify';
import { SELF_HOSTED_STYLE_PATH, type Config } from '../../config';

/**
 * The base map for operators who want no third party (`MAP_TILES_FILE`): the PMTiles archive itself, served
 * with range requests (the browser reads its directory and tiles through the `pmtiles` protocol), and a
 * MapLibre style for it (Protomaps' basemap layers, the schema of the archives Protomaps builds from
 * OpenStreetMap). Its labels are drawn in the browser from the fonts this origin serves (`font-faces`), it
 * has no sprite (its few icons are left out): nothing comes from elsewhere.
 */

export const SELF_HOSTED_ARCHIVE_PATH = '/map/self-hosted/tiles.pmtiles';
/** The archive's name tells nothing about its content: revalidated daily, a new file shows within a day. */
const ARCHIVE_MAX_AGE = '1d';

/** The fonts Protomaps' layers name, as Open Sans files this origin serves (apps/web/scripts/build-base-map.mjs). */
function fontFaces(publicUrl: string) {
  const face = (weight: string) => [
    {
      url: `${publicUrl}/map/fonts/open-sans-latin-${weight}.woff2`,
      'unicode-range': ['U+0000-00FF', 'U+0152-0153'],
    },
    { url: `${publicUrl}/map/fonts/open-sans-latin-ext-${weight}.woff2`, 'unicode-range': ['U+0100-024F'] },
  ];
  return {
    'Noto Sans Regular': face('400-normal'),
    'Noto Sans Medium': face('600-normal'),
    'Noto Sans Italic': face('400-italic'),
  };
}

/** Layers without their icons (no sprite is served): a layer of icons only goes, a labelled one keeps its text. */
function withoutIcons(all: ReturnType<typeof layers>) {
  return all.flatMap((layer) => {
    if (layer.type !== 'symbol' || layer.layout?.['icon-image'] === undefined) return [layer];
    if (layer.layout['text-field'] === undefined) return [];
    const { 'icon-image': _icon, ...layout } = layer.layout;
    return [{ ...layer, layout }];
  });
}

/** The style of the self-hosted archive, in French, in Protomaps' light flavour. */
export function selfHostedStyle(publicUrl: string) {
  const flavor = { ...namedFlavor('light'), pois: undefined };
  return {
    version: 8,
    name: 'Tables Voisines — fond de carte auto-hébergé',
    'font-faces': fontFaces(publicUrl),
    sources: {
      protomaps: {
        type: 'vector',
        url: `pmtiles://${publicUrl}${SELF_HOSTED_ARCHIVE_PATH}`,
        attribution:
          '<a href="https://protomaps.com">Protomaps</a> © <a href="https://www.openstreetmap.org/copyright">contributeurs OpenStreetMap</a>',
      },
    },
    layers: withoutIcons(layers('protomaps', flavor, { lang: 'fr' })),
  };
}

export async function registerSelfHostedMap(app: FastifyInstance, config: Config): Promise<void> {
  const file = config.mapTilesFile;
  if (file === undefined) return;
  const style = JSON.stringify(selfHostedStyle(config.publicUrl));

  app.get(SELF_HOSTED_STYLE_PATH, async (_request, reply) => {
    reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=3600');
    return style;
  });

  // Range requests (206), `If-None-Match` and `If-Range` by the file's ETag, HEAD: what the pmtiles reader
  // needs, through the same library @fastify/static sends files with.
  app.route({
    method: ['GET', 'HEAD'],
    url: SELF_HOSTED_ARCHIVE_PATH,
    handler: async (request, reply) => {
      const result = await send(request.raw, path.basename(file), {
        root: path.dirname(file),
        acceptRanges: true,
        maxAge: ARCHIVE_MAX_AGE,
        dotfiles: 'allow',
      });
      if (result.type === 'error') {
        if (result.statusCode === 404) {
          throw new AppError('NotFound', 'L’archive du fond de carte est introuvable sur le serveur.');
        }
        // 416: a range past the end of the archive (send's headers say its size), 412 on a stale If-Match.
        if (result.statusCode < 500) return reply.code(result.statusCode).headers(result.headers).send();
        throw result.metadata.error;
      }
      reply.code(result.statusCode).headers(result.headers);
      reply.header('content-type', 'application/vnd.pmtiles');
      return reply.send(result.stream);
    },
  });
}
