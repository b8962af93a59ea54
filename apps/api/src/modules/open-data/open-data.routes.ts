import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stringify } from 'csv-stringify/sync';
import { routes } from '@tables-voisines/contract/routes';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { schemaOf } from '../../plugins/contract-route';
import { sendResponse } from '../../lib/send-response';
import { PIECE_CHARS, type Pieces } from '../../lib/json-pieces';
import { establishmentsFingerprint } from '../establishments/establishments.queries';
import { neutraliseFormula } from '../exports/export-writers';
import {
  categoriesFingerprint,
  dishesFingerprint,
  openDishBatches,
  openEstablishmentBatches,
  type OpenDish,
  type OpenEstablishment,
} from './open-data.queries';
import { toOsmOpeningHours } from './osm-opening-hours';

/** Licence Ouverte 2.0 (Etalab), the licence of every open file (docs/api.md, "Open data"). */
export const OPEN_DATA_LICENCE = 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/';

/** Rows stringified at a time: each piece stays small (see `PIECE_CHARS`). */
const ROWS_PER_PIECE = 50;

type Cell = string | number | boolean | null;

/**
 * CSV as open data is read (RFC 4180): UTF-8 without byte-order mark, `,` between cells, `.` in numbers, a
 * header row of stable English names. Text written by people that starts like a formula gets an apostrophe
 * (`neutraliseFormula`), as in the back office's exports: a reuser's spreadsheet must never run it.
 */
async function* csvPieces<T>(
  header: readonly string[],
  batches: AsyncIterable<readonly T[]>,
  toRow: (item: T) => Cell[],
): AsyncGenerator<string> {
  const cell = (value: Cell) =>
    value === null ? '' : typeof value === 'string' ? neutraliseFormula(value) : String(value);
  yield stringify([header as string[]], { record_delimiter: 'windows' });
  for await (const batch of batches) {
    for (let start = 0; start < batch.length; start += ROWS_PER_PIECE) {
      const rows = batch.slice(start, start + ROWS_PER_PIECE).map((item) => toRow(item).map(cell));
      yield stringify(rows, { record_delimiter: 'windows', quoted_match: /^\s|\s$/ });
    }
  }
}

/** A GeoJSON FeatureCollection written feature by feature, in small pieces. */
async function* featureCollectionPieces<T>(
  batches: AsyncIterable<readonly T[]>,
  toFeature: (item: T) => unknown,
): AsyncGenerator<string> {
  let piece = '{"type":"FeatureCollection","features":[';
  let first = true;
  for await (const batch of batches) {
    for (const item of batch) {
      piece += (first ? '' : ',') + JSON.stringify(toFeature(item));
      first = false;
      if (piece.length >= PIECE_CHARS) {
        yield piece;
        piece = '';
      }
    }
  }
  yield `${piece}]}`;
}

/** `|` between the items of a list cell, as OpenStreetMap and data.gouv.fr's schemas write them. */
const list = (items: readonly string[] | null) => (items === null ? null : items.join('|'));

const ESTABLISHMENT_HEADER = [
  'id',
  'name',
  'kind',
  'venue_type',
  'url',
  'street',
  'postcode',
  'town',
  'latitude',
  'longitude',
  'phone',
  'email',
  'website',
  'price_range',
  'categories',
  'description',
  'opening_hours',
  'closures',
  'verified_at',
  'updated_at',
] as const;

/** Closures as `from/to` Paris days (`to` empty: until further notice), `|` between them. */
const closuresText = (e: OpenEstablishment) => list(e.closures.map((c) => `${c.from}/${c.to ?? ''}`)) || null;

function establishmentValues(e: OpenEstablishment, siteUrl: string): Cell[] {
  return [
    e.id,
    e.name,
    e.kind,
    e.venueType,
    `${siteUrl}${establishmentPath(e.kind, e.uri)}`,
    e.street,
    e.postcode,
    e.town,
    e.latitude,
    e.longitude,
    e.phone,
    e.email,
    e.website,
    e.priceRange,
    e.categories,
    e.description,
    toOsmOpeningHours(e.openingHours) || null,
    closuresText(e),
    e.verifiedAt?.toISOString() ?? null,
    e.updatedAt.toISOString(),
  ];
}

const DISH_HEADER = [
  'date',
  'establishment_id',
  'establishment_url',
  'establishment_name',
  'dish',
  'description',
  'price',
  'category',
  'allergens',
  'diets',
  'homemade',
  'course',
  'formulas',
] as const;

/**
 * The board's formules in one cell, as JSON in the API's shape (`[{"name","price","courses","description"}]`,
 * prices in euros), on each of its dishes' rows; empty when it has none (decision 0089).
 */
function formulasCell(formulas: OpenDish['formulas'] | string): string | null {
  // A driver may hand `jsonb` over as its text.
  const list = (typeof formulas === 'string' ? JSON.parse(formulas) : formulas) as OpenDish['formulas'];
  if (list.length === 0) return null;
  return JSON.stringify(
    list.map((f) => ({
      name: f.name,
      price: f.priceCents / 100,
      courses: f.courses,
      description: f.description,
    })),
  );
}

function dishValues(d: OpenDish, siteUrl: string): Cell[] {
  return [
    d.date,
    d.establishmentId,
    `${siteUrl}${establishmentPath(d.establishmentKind, d.establishmentUri)}`,
    d.establishmentName,
    d.name,
    d.description,
    (d.priceCents / 100).toFixed(2),
    d.category,
    // Empty: the owner did not say; `none`: none of the 14 (docs/api.md, "Dishes").
    d.allergens === null ? null : d.allergens.length === 0 ? 'none' : list(d.allergens),
    list(d.diets),
    d.homemade,
    // Empty: the owner did not say.
    d.course,
    formulasCell(d.formulas),
  ];
}

/**
 * The open data files (docs/api.md, "Import and open data"): no sign-in, cross-origin, under the Licence
 * Ouverte 2.0. Each is made once per state of what it depends on (the establishments' fingerprint, and the
 * day's boards for the dishes), compressed once and kept by the response cache, its files on disk when large;
 * an unchanged file answers 304 to its ETag.
 */
export const openDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, responseCache, clock, config } = app.ctx;
  const siteUrl = config.publicUrl;

  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    file: { name: string; type: string; scope: string; produce: () => Pieces },
  ) => {
    const answer = await responseCache.getScoped(file.scope, `open-data|${file.name}`, file.produce, {
      heavy: true,
    });
    reply
      .header('link', `<${OPEN_DATA_LICENCE}>; rel="license"`)
      .header('content-disposition', `inline; filename="${file.name}"`);
    return sendResponse(request, reply, answer, {
      contentType: file.type,
      cacheControl: 'public, max-age=300',
    });
  };
  // The establishments and the names of their categories: a rename shows in the next file.
  const establishmentsScope = async () =>
    (
      await Promise.all([
        responseCache.perVersion('establishments', () => establishmentsFingerprint(db)),
        categoriesFingerprint(db),
      ])
    ).join('|');

  app.get(
    routes.openDataEstablishmentsGeojson.path,
    { schema: schemaOf(routes.openDataEstablishmentsGeojson) },
    async (request, reply) =>
      send(request, reply, {
        name: 'etablissements.geojson',
        type: 'application/geo+json',
        scope: await establishmentsScope(),
        produce: () =>
          featureCollectionPieces(openEstablishmentBatches(db), (e) => {
            const values = establishmentValues(e, siteUrl);
            const properties = Object.fromEntries(
              ESTABLISHMENT_HEADER.map((key, i) => [key, values[i]]).filter(
                ([key]) => key !== 'latitude' && key !== 'longitude',
              ),
            );
            return {
              type: 'Feature',
              id: e.id,
              geometry: { type: 'Point', coordinates: [e.longitude, e.latitude] },
              properties: { ...properties, categories: e.categories?.split('|') ?? [] },
            };
          }),
      }),
  );
  app.get(
    routes.openDataEstablishmentsCsv.path,
    { schema: schemaOf(routes.openDataEstablishmentsCsv) },
    async (request, reply) =>
      send(request, reply, {
        name: 'etablissements.csv',
        type: 'text/csv; charset=utf-8',
        scope: await establishmentsScope(),
        produce: () =>
          csvPieces(ESTABLISHMENT_HEADER, openEstablishmentBatches(db), (e) =>
            establishmentValues(e, siteUrl),
          ),
      }),
  );
  app.get(
    routes.openDataMenusCsv.path,
    { schema: schemaOf(routes.openDataMenusCsv) },
    async (request, reply) => {
      const day = parisDay(clock());
      const [places, dishes] = await Promise.all([establishmentsScope(), dishesFingerprint(db, day)]);
      return send(request, reply, {
        name: `ardoises-${day}.csv`,
        type: 'text/csv; charset=utf-8',
        scope: `${places}|${dishes}`,
        produce: () => csvPieces(DISH_HEADER, openDishBatches(db, day), (d) => dishValues(d, siteUrl)),
      });
    },
  );
};
