import { z } from 'zod';
import { contractRegistry } from '../registry';
import { intQuery } from './common';

export const MAX_PLACE_QUERY_LENGTH = 100;
export const DEFAULT_PLACE_SEARCH_LIMIT = 8;
export const MAX_PLACE_SEARCH_LIMIT = 20;

/**
 * `GET /api/places/search`: a town's name or a postcode (its start will do), ignoring case, accents, hyphens
 * and « Saint »/« St ».
 */
export const PlaceSearchQuerySchema = z.object({
  q: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'Saisissez le nom d’une ville ou un code postal.'
          : 'La recherche doit être du texte.',
    })
    .trim()
    .min(1, 'Saisissez le nom d’une ville ou un code postal.')
    .max(MAX_PLACE_QUERY_LENGTH, `La recherche ne peut dépasser ${MAX_PLACE_QUERY_LENGTH} caractères.`),
  limit: intQuery(1, MAX_PLACE_SEARCH_LIMIT).default(DEFAULT_PLACE_SEARCH_LIMIT),
});
export type PlaceSearchQuery = z.output<typeof PlaceSearchQuerySchema>;

/**
 * A French commune (or a municipal arrondissement of Lyon or Marseille): its INSEE code, official name, every
 * postcode it has, its department, a point in it (GeoNames) and its population (INSEE).
 */
export const PlaceSchema = z
  .object({
    code: z.string(),
    name: z.string(),
    postcodes: z.array(z.string()),
    department: z.object({ code: z.string(), name: z.string() }),
    latitude: z.number(),
    longitude: z.number(),
    population: z.number().int(),
  })
  .register(contractRegistry, { id: 'Place' });
export type Place = z.infer<typeof PlaceSchema>;
