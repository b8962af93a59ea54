import { z } from 'zod';
import { contractRegistry } from '../registry';
import { IsoDateSchema, UuidSchema } from './common';

/*
 * Statistics (docs/api.md, « Statistics »; decision 0087): the public pages count what visitors do on a place's
 * page, and its owner and the team read the counts per day. Nothing about the visitor is kept: only how many
 * events of a type and source an establishment had on a Paris day.
 */

export const STAT_EVENT_TYPES = ['view', 'phone', 'directions', 'website', 'share'] as const;
export type StatEventType = (typeof STAT_EVENT_TYPES)[number];

/**
 * How the visitor came to the page: the poster's QR code (`qr`), the site's map or its lists (`map`), a search
 * engine (`search`), an address typed or a bookmark (`direct`), another site (`other`).
 */
export const STAT_SOURCES = ['qr', 'map', 'search', 'direct', 'other'] as const;
export type StatSource = (typeof STAT_SOURCES)[number];

/** `POST /api/events`: one thing a visitor did on a place's page. */
export const CreateEventBodySchema = z
  .object({
    establishment: UuidSchema,
    type: z.enum(STAT_EVENT_TYPES, {
      error:
        'Type d’évènement inconnu : « view », « phone », « directions », « website » ou « share » est attendu.',
    }),
    source: z
      .enum(STAT_SOURCES, {
        error: 'Provenance inconnue : « qr », « map », « search », « direct » ou « other » est attendu.',
      })
      .default('direct'),
  })
  .register(contractRegistry, { id: 'CreateEvent' });
export type CreateEventBody = z.output<typeof CreateEventBodySchema>;

/** The most days one statistics call covers (a year, a leap one included). */
export const STATS_MAX_DAYS = 366;
/** Days covered when the call gives no range: the last 30, today included. */
export const STATS_DEFAULT_DAYS = 30;

/** `GET /api/establishment/{id}/stats?from=&to=`: both optional, both Paris days. */
export const StatsQuerySchema = z.object({
  from: IsoDateSchema.optional(),
  to: IsoDateSchema.optional(),
});
export type StatsQuery = z.output<typeof StatsQuerySchema>;

const count = () => z.number().int().min(0);

/** The counts of a day or a range: `qr` counts the views whose source is the poster's QR code. */
export const StatCountsSchema = z
  .object({
    view: count(),
    phone: count(),
    directions: count(),
    website: count(),
    share: count(),
    qr: count(),
  })
  .register(contractRegistry, { id: 'StatCounts' });
export type StatCounts = z.infer<typeof StatCountsSchema>;
export const STAT_COUNT_KEYS = ['view', 'phone', 'directions', 'website', 'share', 'qr'] as const;
export type StatCountKey = (typeof STAT_COUNT_KEYS)[number];

export const StatDaySchema = StatCountsSchema.extend({ date: IsoDateSchema }).register(contractRegistry, {
  id: 'StatDay',
});
export type StatDay = z.infer<typeof StatDaySchema>;

export const EstablishmentStatsSchema = z
  .object({
    from: IsoDateSchema,
    to: IsoDateSchema,
    totals: StatCountsSchema,
    /** One entry per day of the range, in order, zeros included. */
    days: z.array(StatDaySchema),
  })
  .register(contractRegistry, { id: 'EstablishmentStats' });
export type EstablishmentStats = z.infer<typeof EstablishmentStatsSchema>;

/** `GET /api/stats/top?month=YYYY-MM`: the month in Paris; the current one when left out. */
export const TopEstablishmentsQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mois invalide : un mois au format AAAA-MM est attendu.')
    .refine((month) => !month.startsWith('0000-'), {
      message: 'Mois invalide : un mois au format AAAA-MM est attendu.',
    })
    .optional(),
  limit: z.coerce
    .number({ error: 'Le nombre d’établissements doit être un nombre.' })
    .int('Le nombre d’établissements doit être un entier.')
    .min(1, 'Le nombre d’établissements va de 1 à 50.')
    .max(50, 'Le nombre d’établissements va de 1 à 50.')
    .default(10),
});
export type TopEstablishmentsQuery = z.output<typeof TopEstablishmentsQuerySchema>;

export const TopEstablishmentsSchema = z
  .object({
    month: z.string(),
    establishments: z.array(
      StatCountsSchema.extend({
        id: UuidSchema,
        name: z.string(),
        town: z.string(),
        uri: z.string(),
      }),
    ),
  })
  .register(contractRegistry, { id: 'TopEstablishments' });
export type TopEstablishments = z.infer<typeof TopEstablishmentsSchema>;
