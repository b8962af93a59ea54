import { z } from 'zod';
import { contractRegistry } from '../registry';
import { UuidSchema } from './common';
import { ClosureSchema, KindSchema, OpeningHoursSchema, VenueTypeSchema } from './establishment';
import { MAX_GROUP_RADIUS_KM } from './group';
import { MAP_LIST_MAX_LIMIT } from '../map-settings';

/** Zoom levels of the map feed: France whole at 5-6, a street at 16; past 13 every point is itself. */
export const MAP_MIN_ZOOM = 0;
export const MAP_MAX_ZOOM = 22;

/**
 * How establishments are clustered, by the site's map in the browser (MapLibre's `clusterRadius`, in px of a
 * 512 px tile, and `clusterMaxZoom`) and by the server's index (`GET /api/map/points`) alike: the map draws
 * the server's clusters until its feed has come, then its own in their place without one moving.
 */
export const MAP_CLUSTER_RADIUS = 48;
/** Past this zoom every establishment is drawn on its own. */
export const MAP_CLUSTER_MAX_ZOOM = 13;

const coordinate = (min: number, max: number, label: string) =>
  z.coerce
    .number({ error: `${label} : un nombre est attendu.` })
    .min(min, `${label} : au moins ${min}.`)
    .max(max, `${label} : au plus ${max}.`);

/** A box of the map (west, south, east, north in degrees; west > east across the antimeridian). */
const boxFields = {
  west: coordinate(-180, 180, 'Longitude ouest'),
  south: coordinate(-90, 90, 'Latitude sud'),
  east: coordinate(-180, 180, 'Longitude est'),
  north: coordinate(-90, 90, 'Latitude nord'),
};
const southBelowNorth = [
  (q: { south: number; north: number }) => q.south <= q.north,
  { message: 'La latitude sud doit être inférieure à la latitude nord.' },
] as const;

/** `GET /api/map/points`: the visible box and the zoom. */
export const MapPointsQuerySchema = z
  .object({
    ...boxFields,
    zoom: z.coerce
      .number({ error: 'Zoom : un nombre est attendu.' })
      .int('Zoom : un entier est attendu.')
      .min(MAP_MIN_ZOOM, `Zoom : au moins ${MAP_MIN_ZOOM}.`)
      .max(MAP_MAX_ZOOM, `Zoom : au plus ${MAP_MAX_ZOOM}.`),
  })
  .refine(...southBelowNorth);
export type MapPointsQuery = z.output<typeof MapPointsQuerySchema>;

/** One establishment on the map: only what a marker needs (its page is one click away). */
export const MapPointSchema = z
  .object({
    type: z.literal('point'),
    id: UuidSchema,
    kind: KindSchema,
    name: z.string(),
    uri: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .register(contractRegistry, { id: 'MapPoint' });
export type MapPoint = z.infer<typeof MapPointSchema>;

/**
 * Several establishments close together at this zoom: their count (of which `restaurants` restaurants, the
 * others Remplis vert), and the zoom at which they part.
 */
export const MapClusterSchema = z
  .object({
    type: z.literal('cluster'),
    id: z.number().int(),
    count: z.number().int(),
    restaurants: z.number().int(),
    latitude: z.number(),
    longitude: z.number(),
    expansionZoom: z.number().int(),
  })
  .register(contractRegistry, { id: 'MapCluster' });
export type MapCluster = z.infer<typeof MapClusterSchema>;

export const MapPointsAnswerSchema = z
  .object({
    zoom: z.number().int(),
    total: z.number().int(),
    features: z.array(z.discriminatedUnion('type', [MapPointSchema, MapClusterSchema])),
  })
  .register(contractRegistry, { id: 'MapPoints' });
export type MapPointsAnswer = z.infer<typeof MapPointsAnswerSchema>;

/**
 * `GET /api/map/feed`: every enabled establishment with only what the map, its list and its filters use, in
 * a compact form. One tuple per establishment; opening hours and category lists repeat a lot, so each
 * distinct value is written once in `openingHours` / `categorySets` and the tuples give its index. No id:
 * the uri is unique too and the map keys its places by it; random UUIDs, which do not compress, were more
 * than half of the compressed feed (decision 0010, addendum of session 15).
 *
 * The 10th element (issue 30) is the index of the establishment's closures in `closures`, whose index 0 is
 * always `[]` (no closure): only those in progress or to come, the map's « Ouvert maintenant » leaving out a
 * place inside one (`openingStatus` of the contract). It comes last so that a client reading the first nine
 * reads the same as before.
 *
 * The 11th (issue 49, point 14) is only there for a place whose name and town read the same as another
 * public one's (accents and case aside), when its street is known: the street that tells the two apart in
 * the lists. Every other tuple stops at the 10th, so the feed is no bigger for them.
 */
export const MapFeedEntrySchema = z
  .tuple([
    KindSchema.describe('kind'),
    z.string().describe('name'),
    z.string().describe('uri'),
    z.number().describe('latitude'),
    z.number().describe('longitude'),
    VenueTypeSchema.describe('venueType'),
    z.string().describe('town'),
    z.number().int().min(0).describe('index in openingHours'),
    z.number().int().min(0).describe('index in categorySets'),
    z.number().int().min(0).describe('index in closures'),
    z.string().optional().describe('street, only for a place of the same name and town as another'),
  ])
  .register(contractRegistry, { id: 'MapFeedEntry' });
export type MapFeedEntry = z.infer<typeof MapFeedEntrySchema>;

export const MapFeedSchema = z
  .object({
    establishments: z.array(MapFeedEntrySchema),
    openingHours: z.array(OpeningHoursSchema),
    categorySets: z.array(z.array(UuidSchema)),
    /** Distinct lists of closures; index 0 is `[]`. */
    closures: z.array(z.array(ClosureSchema)),
    count: z.number().int(),
  })
  .register(contractRegistry, { id: 'MapFeed' });
export type MapFeed = z.infer<typeof MapFeedSchema>;

export { MAP_LIST_MAX_LIMIT };

const listLimit = (fallback: number) =>
  z.coerce
    .number({ error: 'Nombre d’établissements : un nombre est attendu.' })
    .int('Nombre d’établissements : un entier est attendu.')
    .min(1, 'Nombre d’établissements : au moins 1.')
    .max(MAP_LIST_MAX_LIMIT, `Nombre d’établissements : au plus ${MAP_LIST_MAX_LIMIT}.`)
    .default(fallback);

/**
 * `GET /api/map/nearest`: the visible box (west, south, east, north in degrees; west > east for a box across
 * the antimeridian), the point the list is ranked from (the map's centre) and how many to give.
 */
export const MapNearestQuerySchema = z
  .object({
    ...boxFields,
    latitude: coordinate(-90, 90, 'Latitude du centre'),
    longitude: coordinate(-180, 180, 'Longitude du centre'),
    limit: listLimit(30),
  })
  .refine(...southBelowNorth);
export type MapNearestQuery = z.output<typeof MapNearestQuerySchema>;

/** `GET /api/map/around`: a circle (a group's centre and radius, in kilometres) and how many to give. */
export const MapAroundQuerySchema = z.object({
  latitude: coordinate(-90, 90, 'Latitude du centre'),
  longitude: coordinate(-180, 180, 'Longitude du centre'),
  radius: z.coerce
    .number({ error: 'Le rayon (en kilomètres) doit être un nombre.' })
    .positive('Le rayon doit être supérieur à 0 km.')
    .max(MAX_GROUP_RADIUS_KM, `Le rayon ne peut dépasser ${MAX_GROUP_RADIUS_KM} km.`),
  limit: listLimit(12),
});
export type MapAroundQuery = z.output<typeof MapAroundQuerySchema>;

/** One establishment of a list of the map: what its card shows and where it is. */
export const MapListEstablishmentSchema = z
  .object({
    kind: KindSchema,
    name: z.string(),
    uri: z.string(),
    venueType: VenueTypeSchema,
    town: z.string(),
    /** Only for a place whose name and town read the same as another's, when known: as in the feed. */
    street: z.string().optional(),
    latitude: z.number(),
    longitude: z.number(),
  })
  .register(contractRegistry, { id: 'MapListEstablishment' });
export type MapListEstablishment = z.infer<typeof MapListEstablishmentSchema>;

/**
 * A list of the map without its feed: how many public establishments there are in all (`total`) and in the
 * area asked (`count`), and the first `limit` of these, as the map's list orders them from the feed (nearest
 * the centre first for `nearest`, by French name for `around`; ties in the feed's order).
 */
export const MapListAnswerSchema = z
  .object({
    total: z.number().int(),
    count: z.number().int(),
    establishments: z.array(MapListEstablishmentSchema),
  })
  .register(contractRegistry, { id: 'MapList' });
export type MapListAnswer = z.infer<typeof MapListAnswerSchema>;
